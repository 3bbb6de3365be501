import { settings } from "../content/settings";

/**
 * What a shopper may do with an order after placing it, by herself, and the words the shop answers
 * with (docs/product/orders.md, "After the purchase"). Plain data and arithmetic: the pages show the
 * windows and the reasons without loading the services, and the services check the same figures in
 * the statement that writes.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const { cancelWithinHours, returnWithinDays, refundBusinessDays } = settings.policies;

/** Why she sends a piece back. The two size reasons may ask for another size instead of a refund. */
export const RETURN_REASONS = [
  { id: "too-small", label: "Too small", size: true },
  { id: "too-large", label: "Too large", size: true },
  { id: "damaged", label: "Damaged or defective", size: false },
  { id: "wrong-item", label: "Wrong item sent", size: false },
  { id: "not-wanted", label: "No longer wanted", size: false },
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number]["id"];
export const RETURN_REASON_IDS = RETURN_REASONS.map((reason) => reason.id) as [ReturnReason, ...ReturnReason[]];
export const isSizeReason = (reason: ReturnReason) => RETURN_REASONS.some((r) => r.id === reason && r.size);

/** The statuses an order may be cancelled from by its shopper (as by the back office). */
export const CANCELLABLE_STATUSES = ["placed", "confirmed"] as const;

/** The last moment she may cancel an order placed at `placedAt` (ms). */
export const cancelUntil = (placedAt: number) => placedAt + cancelWithinHours * HOUR_MS;

/** The last moment she may ask to return a piece of an order delivered at `deliveredAt` (ms). */
export const returnUntil = (deliveredAt: number) => deliveredAt + returnWithinDays * DAY_MS;

export interface CancelFacts {
  orderStatus: string;
  /** An online payment still due is not an order yet: it lapses by itself (docs/payments.md). */
  paymentDue: boolean;
  placedAt: number;
}

/** Whether she may cancel the order now; the server checks the same in the statement that cancels. */
export const canCancel = (order: CancelFacts, now: number) =>
  !order.paymentDue && (CANCELLABLE_STATUSES as readonly string[]).includes(order.orderStatus) && now < cancelUntil(order.placedAt);

export interface ReturnFacts {
  orderStatus: string;
  deliveredAt: number | null;
}

/** Whether she may ask to return pieces of the order now. */
export const canAskReturn = (order: ReturnFacts, now: number) =>
  order.orderStatus === "delivered" && order.deliveredAt !== null && now < returnUntil(order.deliveredAt);

/**
 * The words her order pages show (the client's share: the refusals, which only the server sends, are
 * in after-sale-messages.rules.ts, so the order pages do not carry them in their script).
 */
export const afterSaleNotices = {
  cancelled: (n: number) => `Order #${n} is cancelled.`,
  cancelConfirm: (n: number) => `Cancel order #${n}? Its pieces go back on sale, and this cannot be undone.`,
  cancelHint: `An order can be cancelled here within ${cancelWithinHours} hours of placing it, until it ships: choose Cancel order on it.`,
  cancelHelp: (n: number) =>
    `Order #${n} can no longer be cancelled here. To ask about it, call or write to us, or send us an enquiry about this order.`,
  cancelledRefundDue: `Your payment will be refunded in full to the way you paid, within ${refundBusinessDays.min}-${refundBusinessDays.max} business days; we will write to you when it is on its way.`,
  returnRequested: (n: number) =>
    `Your return request for order #${n} is with us. We will write to you once we have looked at it, with the pickup details.`,
} as const;

/** A return request's status as she reads it on her order. */
export const RETURN_STATUS_LABELS = {
  requested: "Requested",
  approved: "Approved: pickup arranged",
  declined: "Declined",
  received: "Received",
  refunded: "Refunded",
  exchanged: "Exchanged",
} as const;

export const returnReasonLabel = (id: string) => RETURN_REASONS.find((r) => r.id === id)?.label ?? id;
