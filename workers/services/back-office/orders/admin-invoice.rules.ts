/**
 * When an order has a tax invoice, in words the pages and the service share. Client-safe:
 * the order page links the invoice only for these statuses.
 */
export const INVOICE_NOT_YET = "An invoice is issued once the order is confirmed.";
export const invoiceCancelled = (orderNumber: number) => `Order #${orderNumber} was cancelled: it has no invoice.`;

export { hasInvoice, INVOICED_STATUSES } from "../../orders/order-invoice.rules";
