import { settings } from "../content/settings";

/**
 * What a shopper may do with an order after placing it, by herself, and the words the shop answers
 * with (docs/product/orders.md, "After the purchase"). Plain data and arithmetic: the pages show the
 * windows and the reasons without loading the services, and the services check the same figures in
 * the statement that writes.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const { cancelWithinHours, returnWithinDays } = settings.policies;

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

export const afterSaleMessages = {
  cancelled: (n: number) => `Order #${n} is cancelled.`,
  cancelClosed: (n: number) =>
    `Order #${n} can no longer be cancelled here: an order can be cancelled within ${cancelWithinHours} hours of placing it, before it ships. Write to us or call us and we will help.`,
  cancelPaymentDue: (n: number) =>
    `Order #${n} is waiting for its payment: it is not an order until it is paid, and it lapses by itself if you do not pay.`,
  returnClosed: (n: number) =>
    `Order #${n} can no longer be returned: a return must be asked for within ${returnWithinDays} days of delivery.`,
  returnNotDelivered: (n: number) => `Order #${n} has not been delivered yet: a return can be asked for once it arrives.`,
  notReturnable: (name: string) =>
    `${name} cannot be returned: pieces bought in a clearance or final sale, and items that cannot be resold for hygiene reasons, are not taken back.`,
  tooMany: (name: string, most: number) =>
    most === 0 ? `${name} has no pieces left to return.` : `You can return at most ${most} of ${name}.`,
  alreadyOpen: (name: string) => `A return for ${name} is already open.`,
  noLines: "Choose at least one piece to return.",
  exchangeSizeless: "An exchange is for another size: choose Too small or Too large as the reason.",
  exchangeSameSize: "Choose a size other than the one you have.",
  exchangeOutOfStock: (size: string) => `Size ${size} is out of stock, so we can refund this piece instead.`,
  returnRequested: (n: number) =>
    `Your return request for order #${n} is with us. We will write to you once we have looked at it, with the pickup details.`,
  chooseReason: "Choose why you are sending it back.",
  chooseKind: "Choose a refund or an exchange.",
  chooseSize: "Choose the size you would like instead.",
  exchangeNoSuchSize: (size: string) => `This piece is not made in size ${size}.`,
  exchangeProductGone: (name: string) => `${name} is no longer made, so it can be refunded but not exchanged.`,
  refundTakesNoSize: "A refund takes no size: choose an exchange to ask for another size.",
  notOfOrder: "That piece is not part of this order.",
  quantity: "Enter how many pieces to send back (1 or more).",
  lineTwice: "Each piece can be chosen once.",
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
