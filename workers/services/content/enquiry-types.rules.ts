/**
 * The enquiry form's types, in a module of their own: an order's page links the form with
 * "Order Cancellation Query" chosen, and carries these few words rather than all the forms' rules.
 */

/** What the database keeps (db/schema/messages.ts ENQUIRY_TYPES). */
export const STORED_ENQUIRY_TYPES = ["Product", "Bulk", "Custom", "General"] as const;
export type StoredEnquiryType = (typeof STORED_ENQUIRY_TYPES)[number];

/** The form's choice that is sent as General with the order number (docs/product/content.md). */
export const CANCELLATION_QUERY = "Order Cancellation Query";
export const ENQUIRY_TYPE_OPTIONS = [...STORED_ENQUIRY_TYPES, CANCELLATION_QUERY] as const;
