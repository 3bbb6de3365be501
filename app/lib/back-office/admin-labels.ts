/**
 * The back office's words for an order's statuses and times. Its own small module (not
 * order-views.rules) so the storefront's chunks are not split to share them with the
 * /admin routes: the shop's pages keep their JavaScript exactly as it was.
 */
const ORDER_STATUS: Record<string, string> = {
  placed: "Placed",
  confirmed: "Confirmed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};
const PAYMENT_STATUS: Record<string, string> = { pending: "Pending", paid: "Paid", failed: "Failed", refunded: "Refunded" };
const METHOD: Record<string, string> = { cashOnDelivery: "Cash on Delivery", bank: "Bank / UPI / Wallets" };

export const orderStatusLabel = (s: string) => ORDER_STATUS[s] ?? s;
export const paymentStatusLabel = (s: string) => PAYMENT_STATUS[s] ?? s;
export const paymentMethodLabel = (m: string) => METHOD[m] ?? m;
