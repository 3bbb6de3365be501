import type { RETURN_KINDS, RETURN_STATUSES } from "../../../../db/schema/orders";

/**
 * The back office's returns queue as plain data: the statuses and moves a page shows, and the words
 * the owner reads when a move is refused (docs/product/after-the-purchase.md, "The returns queue (back office)").
 * Client-safe; the moves (admin-return-moves.ts) check the same rules in the statements that write.
 */

export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export type ReturnKind = (typeof RETURN_KINDS)[number];

// The database's values, listed here because db/schema is server-only; the types keep them in step.
export const RETURN_STATUS_LIST = [
  "requested",
  "approved",
  "declined",
  "received",
  "refunded",
  "exchanged",
] as const satisfies readonly ReturnStatus[];
export const RETURN_KIND_LIST = ["refund", "exchange"] as const satisfies readonly ReturnKind[];
export const REFUND_METHOD_LIST = ["original", "bank-transfer", "upi"] as const;
export type RefundMethodId = (typeof REFUND_METHOD_LIST)[number];

export const RETURN_ACTIONS = ["approve", "decline", "receive", "refund", "ship-exchange"] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

const STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Awaiting pickup",
  declined: "Declined",
  received: "Received",
  refunded: "Refunded",
  exchanged: "Exchanged",
};
export const returnStatusLabel = (s: string) => STATUS_LABELS[s as ReturnStatus] ?? s;
export const returnKindLabel = (k: string) => (k === "exchange" ? "Size exchange" : k === "refund" ? "Refund" : k);
export const refundMethodLabel = (m: string) =>
  ({ original: "To the way she paid", "bank-transfer": "Bank transfer", upi: "UPI" })[m as RefundMethodId] ?? m;

export const DECLINE_REASON_MIN = 5;
export const DECLINE_REASON_MAX = 500;

/** What each move is called on its button and in the history. */
export const RETURN_ACTION_LABELS: Record<ReturnAction, string> = {
  approve: "Approve and book the pickup",
  decline: "Decline",
  receive: "Mark received",
  refund: "Refund",
  "ship-exchange": "Ship the exchange",
};

/** The moves a request in this state allows (the server checks again, in the statement). */
export function allowedReturnMoves(r: { status: string; kind: string }): ReturnAction[] {
  if (r.status === "requested") return ["approve", "decline"];
  if (r.status === "approved") return ["receive"];
  // An exchange the shop cannot ship (the size is gone after all) may be refunded instead.
  if (r.status === "received") return r.kind === "exchange" ? ["ship-exchange", "refund"] : ["refund"];
  return [];
}

const FROM: Record<ReturnAction, { from: ReturnStatus; verb: string; target: ReturnStatus | null }> = {
  approve: { from: "requested", verb: "approved", target: "approved" },
  decline: { from: "requested", verb: "declined", target: "declined" },
  receive: { from: "approved", verb: "marked received", target: "received" },
  refund: { from: "received", verb: "refunded", target: "refunded" },
  "ship-exchange": { from: "received", verb: "shipped as an exchange", target: "exchanged" },
};

export const returnMessages = {
  notFound: "Return request not found",
  refusal(action: ReturnAction, r: { id: number; status: string; kind: string }): string | null {
    const rule = FROM[action];
    if (action === "ship-exchange" && r.kind !== "exchange") return `Return #${r.id} is a refund request: there is no exchange to ship.`;
    if (r.status === rule.target) return `Return #${r.id} is already ${returnStatusLabel(r.status).toLowerCase()}.`;
    if (r.status === rule.from) return null;
    return `Return #${r.id} is ${returnStatusLabel(r.status).toLowerCase()}: only a return that is ${returnStatusLabel(rule.from).toLowerCase()} can be ${rule.verb}.`;
  },
  changedMeanwhile: (id: number) => `Return #${id} changed meanwhile: reload it and try again.`,
  tooMuch: (most: string) => `At most ${most} is left to refund on this order.`,
  nothingLeft: "Nothing is left to refund on this order.",
  receiveSplit: (name: string, quantity: number) =>
    `${name}: the pieces back on the shelf and those written off must add up to the ${quantity} returned.`,
  receiveLines: "Give the count for every piece of this return.",
  /** Cash cannot go back the way it came: a cash-on-delivery order is refunded to her bank or UPI. */
  cashRefund: "This order was paid in cash on delivery: refund it by bank transfer or UPI.",
  done: {
    approve: "Return approved; she has been mailed the pickup's courier and tracking number.",
    decline: "Return declined; she has been mailed the reason.",
    receive: "Pieces received; the stock has been updated.",
    refund: "Refund recorded; she has been mailed it.",
    "ship-exchange": "Exchange shipped; she has been mailed the tracking number.",
  } satisfies Record<ReturnAction, string>,
} as const;
