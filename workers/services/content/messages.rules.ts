/**
 * Contact and enquiry forms (docs/product/content.md): limits,
 * choices and messages as plain values (no zod, no database), so the pages import them and
 * `messages.schema.ts` builds the server's checks from the same words.
 */

export const MESSAGE_LIMITS = {
  name: 100,
  email: 254,
  message: 5000,
  preferredTime: 100,
  /** Digits of an order number. */
  orderNumber: 12,
} as const;

import { CANCELLATION_QUERY } from "./enquiry-types.rules";

export { CANCELLATION_QUERY, ENQUIRY_TYPE_OPTIONS, STORED_ENQUIRY_TYPES, type StoredEnquiryType } from "./enquiry-types.rules";

/**
 * How the back office names a message: an enquiry that names an order is the shopper's
 * "Order Cancellation Query" (stored as General with its order number), not a general enquiry.
 */
export function messageKindLabel(
  m: { kind: "contact" | "enquiry"; enquiryType: string | null; orderNumber: number | null },
  contact = "Contact",
) {
  if (m.kind === "contact") return contact;
  if (m.orderNumber !== null) return CANCELLATION_QUERY;
  return `Enquiry${m.enquiryType ? `: ${m.enquiryType}` : ""}`;
}

export const CONTACT_METHODS = ["Email", "Phone"] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

/**
 * The honeypot: a visually hidden field that people leave empty (its label says so) and form-filling
 * robots do not. A filled one is refused with a 400 and nothing is stored or sent.
 */
export const HONEYPOT_FIELD = "website";

const n = (v: number) => v.toLocaleString("en-IN");

export const CONTACT_MESSAGES = {
  nameRequired: "Please enter your name",
  nameTooLong: `Name must be at most ${n(MESSAGE_LIMITS.name)} characters`,
  emailInvalid: "Enter a valid email",
  messageRequired: "Please write your message",
  messageTooLong: `Your message must be at most ${n(MESSAGE_LIMITS.message)} characters`,
  lineBreak: "Please keep this on one line",
  sent: "Message sent successfully",
  failed: "Failed to send message",
  honeypot: "Your message could not be sent: please leave the last field empty.",
} as const;

export const ENQUIRY_MESSAGES = {
  fullNameRequired: "Please enter your full name",
  typeRequired: "Please choose an enquiry type",
  phoneInvalid: "Enter a valid 10-digit mobile number",
  methodInvalid: "Choose Email or Phone",
  preferredTimeTooLong: `Preferred time must be at most ${n(MESSAGE_LIMITS.preferredTime)} characters`,
  orderNumberRequired: "Please enter the order number you want to cancel",
  orderNumberInvalid: "Enter the order number as digits, e.g. 1024",
  sent: "Enquiry sent successfully!",
  failed: "Failed to send enquiry. Please try again.",
} as const;
