/**
 * When an order has a tax invoice, in words the pages and the service share. Client-safe:
 * the order page links the invoice only for these statuses.
 */
export const INVOICE_NOT_YET = "An invoice is issued once the order is confirmed.";
export const invoiceCancelled = (orderNumber: number) => `Order #${orderNumber} was cancelled: it has no invoice.`;

/** The order statuses that have an invoice: from confirmation on (the goods are being supplied). */
export const INVOICED_STATUSES: readonly string[] = ["confirmed", "shipped", "delivered"];

export const hasInvoice = (orderStatus: string) => INVOICED_STATUSES.includes(orderStatus);
