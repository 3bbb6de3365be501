/**
 * Orders in the shopper's words (docs/product/orders.md): labels
 * and messages the thank-you page, My Orders and the order mails share. Client-safe: no zod, no
 * database. The API keeps the raw values (`bank`, `cashOnDelivery`, `pending`...).
 */
import type { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "../../../db/schema";
import { indiaDate } from "../platform/india-time.rules";

type PaymentMethod = (typeof PAYMENT_METHODS)[number];
type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderMessages = {
  notFound: "Order not found",
  invalidNumber: "Invalid order number",
  invalidKey: "Invalid order link",
  none: "No orders found.",
  fetchFailed: "Failed to fetch orders",
  /** The thank-you page's error title when it cannot be loaded. */
  loadFailed: "Failed to load your order",
  gift: "Your order is among our first 100: a complimentary gift comes with it.",
} as const;

/** Checkout's own words for the two choices (docs/product/orders.md). */
export function paymentMethodLabel(method: PaymentMethod | string): string {
  if (method === "cashOnDelivery") return "Cash on Delivery";
  if (method === "bank") return "Bank / UPI / Wallets";
  return method;
}

type Standing = { paymentMethod: string; paymentStatus: PaymentStatus | string; orderStatus: OrderStatus | string; refundDue?: boolean };

/**
 * An online order whose payment has not reached us yet, its pieces still kept for her: a payment
 * due, not yet an order (docs/payments.md). She can pay it (Pay now) until it expires.
 */
export const awaitingPayment = (o: Standing) => o.paymentMethod === "bank" && o.paymentStatus === "pending" && o.orderStatus === "placed";

/** An online order whose payment never came and whose time ran out (or that a later checkout replaced): never an order. */
export const paymentNotCompleted = (o: Standing) =>
  o.paymentMethod === "bank" && o.paymentStatus === "failed" && o.orderStatus === "cancelled" && !o.refundDue;

/** The payment's state as a shopper reads it; a cash order is paid at the door. */
export function paymentStatusLabel(order: {
  paymentMethod: string;
  paymentStatus: PaymentStatus | string;
  orderStatus?: OrderStatus | string;
  refundDue?: boolean;
}): string {
  if (order.refundDue) return "Paid, refund due";
  switch (order.paymentStatus) {
    case "pending":
      return order.paymentMethod === "cashOnDelivery" ? "Pay on delivery" : "Payment pending";
    case "paid":
      return "Paid";
    case "failed":
      return order.paymentMethod === "bank" ? "Payment not completed" : "Payment failed";
    case "refunded":
      return "Refunded";
    default:
      return order.paymentStatus;
  }
}

const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: "Placed",
  confirmed: "Confirmed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

export function orderStatusLabel(status: OrderStatus | string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
}

/**
 * Where an order stands as she reads it, with the badge it wears: an online order waiting for its
 * payment is "Payment pending" and one whose payment never came "Payment not completed", never
 * "Placed" or "Cancelled".
 */
export function orderStanding(order: Standing): { label: string; badge: string } {
  if (awaitingPayment(order)) return { label: "Payment pending", badge: "payment-pending" };
  if (paymentNotCompleted(order)) return { label: "Payment not completed", badge: "payment-not-completed" };
  return { label: orderStatusLabel(order.orderStatus), badge: order.orderStatus };
}

/**
 * An order's date as shoppers in India read it ("25 Nov 2026"), in India's time, the same on the
 * server and in every browser (no locale data involved, so the page hydrates without a mismatch).
 */
export function formatOrderDate(iso: string): string {
  return indiaDate(iso, "short");
}

/**
 * What the items and delivery come to beyond the total: the discount line shows when it is above 0
 * (docs/product/orders.md, "The figures").
 */
export function discountShown(order: {
  lines: readonly { unitPricePaise: number; quantity: number }[];
  shippingPaise: number;
  totalPaise: number;
}): number {
  const items = order.lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  return Math.max(0, items + order.shippingPaise - order.totalPaise);
}

/**
 * The thank-you page of an order: `/thankyou?order=N` for its signed-in owner, with `&key=K` for a
 * guest (the key her placing answered; only its hash is stored). Checkout goes here after placing,
 * and the confirmation mail links here (with the shop's origin in front).
 */
export function orderPagePath(orderNumber: number, key?: string | null): string {
  return `/thankyou?order=${orderNumber}${key ? `&key=${encodeURIComponent(key)}` : ""}`;
}
