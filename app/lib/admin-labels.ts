/**
 * The back office's words for an order's statuses and times. Its own small module (not
 * order-views.rules / dates.rules) so the storefront's chunks are not split to share them with the
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

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A time in India's time, to the minute: "26 Nov 2026, 14:05". No locale data involved, so the
 * server and every browser write it alike (the page hydrates without a mismatch).
 */
export function indiaDateTime(iso: string): string {
  const t = new Date(new Date(iso).getTime() + 330 * 60_000);
  if (Number.isNaN(t.getTime())) return "";
  const two = (n: number) => String(n).padStart(2, "0");
  return `${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}, ${two(t.getUTCHours())}:${two(t.getUTCMinutes())}`;
}
