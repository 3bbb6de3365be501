import { settings } from "../content/settings";

/**
 * Her tax invoice and credit notes in words and addresses the pages share (client-safe): the shop's
 * order pages link them without loading the services.
 */

/** The order statuses that have an invoice: from confirmation on (the goods are being supplied). */
export const INVOICED_STATUSES: readonly string[] = ["confirmed", "shipped", "delivered"];

export const hasInvoice = (orderStatus: string) => INVOICED_STATUSES.includes(orderStatus);

/** The path of an order's n-th credit note: hers (with the guest's key) or the back office's. */
export const creditNotePath = (orderNumber: number, position: number, opts: { admin?: boolean; key?: string | null } = {}) =>
  opts.admin
    ? `/admin/orders/${orderNumber}/credit-notes/${position}`
    : `/my-orders/${orderNumber}/credit-notes/${position}${opts.key ? `?key=${encodeURIComponent(opts.key)}` : ""}`;

/** The path of her tax invoice (with the guest's key). */
export const invoicePath = (orderNumber: number, key?: string | null) =>
  `/my-orders/${orderNumber}/invoice${key ? `?key=${encodeURIComponent(key)}` : ""}`;

/** What a refund was made by, as she reads it. */
export const refundMethodLabel = (method: string) =>
  method === "bank-transfer" ? "Bank transfer" : method === "upi" ? "UPI" : "To the original payment method";

/** The back office's choice of how a refund was made (the form's select). */
export const REFUND_METHOD_OPTIONS = [
  { value: "original", label: "Original payment method" },
  { value: "bank-transfer", label: "Bank transfer" },
  { value: "upi", label: "UPI" },
] as const;

export const invoiceMessages = {
  /** Her invoice and credit notes are hers alone: anyone else gets the shop's 404. */
  notFound: "Order not found",
  creditNoteNotFound: "Credit note not found",
  documentTitle: (kind: string, orderNumber: number) => `${kind}, order #${orderNumber} | ${settings.brand.name}`,
} as const;
