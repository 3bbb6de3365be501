import { CANCELLATION_QUERY } from "../content/enquiry-types.rules";
import { canCancel } from "./after-sale.rules";
import type { OrderView } from "./order-views";
import { awaitingPayment, paymentNotCompleted } from "./order-views.rules";

/**
 * Whether the shopper sees "Cancel order" on an order now (the pages decide it on the server, so the
 * first paint and the script agree); the cancel itself checks the same in the statement that writes.
 */
export const shopperMayCancel = (order: Pick<OrderView, "orderStatus" | "paymentMethod" | "paymentStatus" | "createdAt">, now: number) =>
  canCancel({ orderStatus: order.orderStatus, paymentDue: awaitingPayment(order), placedAt: Date.parse(order.createdAt) }, now);

/**
 * An order she cannot cancel here (any more) but may want to ask about: past the window, shipped, or
 * cancelled. The page points her to the shop instead. A payment still due, or one that never came, is no order to ask about.
 */
export const pastCancelling = (order: Pick<OrderView, "orderStatus" | "paymentMethod" | "paymentStatus" | "refundDue">) =>
  !awaitingPayment(order) && !paymentNotCompleted(order) && ["placed", "confirmed", "shipped", "cancelled"].includes(order.orderStatus);

/** The enquiry form with "Order Cancellation Query" chosen and the order's number filled in. */
export const cancelEnquiryPath = (orderNumber: number) => `/enquiry-us?type=${encodeURIComponent(CANCELLATION_QUERY)}&order=${orderNumber}`;
