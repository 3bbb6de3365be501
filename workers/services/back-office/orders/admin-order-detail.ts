import { sql } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import type { PAYMENT_METHODS } from "../../../../db/schema";
import { ORDER_NOT_FOUND, type OrderView, orderViewQuery, parseOrderNumber, toOrderViews } from "../../orders/order-views";
import type { ServiceContext } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { readAll } from "../../platform/read-batch";
import { auditHistoryQuery, type HistoryEntry, type HistoryRow, toHistory } from "../audit-history";
import { requireStaff } from "../staff";
import type { OrderStatus, PaymentStatus } from "./admin-orders-list";

// One order as the back office reads it: the shopper's view of it, its payment ids, its times and its history.

export interface StateRow {
  id: number;
  userId: number | null;
  accountEmail: string | null;
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  paymentStatus: PaymentStatus;
  orderStatus: OrderStatus;
  refundDue: number;
  stockHeld: number;
  couponId: number | null;
  courier: string | null;
  trackingNumber: string | null;
  providerOrderId: string | null;
  providerPaymentId: string | null;
  paidAt: number | null;
  confirmedAt: number | null;
  shippedAt: number | null;
  deliveredAt: number | null;
  cancelledAt: number | null;
  refundedAt: number | null;
  refundReference: string | null;
  claim: string | null;
}

export const stateQuery = (db: Db, orderNumber: number) =>
  db.all<StateRow>(sql`select o.id, o.user_id as userId, u.email as accountEmail, o.payment_method as paymentMethod,
      o.payment_status as paymentStatus, o.order_status as orderStatus, o.refund_due as refundDue, o.stock_held as stockHeld,
      o.coupon_id as couponId, o.courier, o.tracking_number as trackingNumber, o.provider_order_id as providerOrderId,
      o.provider_payment_id as providerPaymentId, o.paid_at as paidAt, o.confirmed_at as confirmedAt, o.shipped_at as shippedAt,
      o.delivered_at as deliveredAt, o.cancelled_at as cancelledAt, o.refunded_at as refundedAt, o.refund_reference as refundReference,
      o.claim
    from orders o left join users u on u.id = o.user_id where o.order_number = ${orderNumber}`);

export type { HistoryRow };

const historyQuery = (db: Db, orderNumber: number) =>
  auditHistoryQuery(db, "order", sql`(select cast(id as text) from orders where order_number = ${orderNumber})`);

export type OrderHistoryEntry = HistoryEntry;

export interface AdminOrder extends OrderView {
  /** The shopper's account e-mail (null for a guest order). */
  accountEmail: string | null;
  providerOrderId: string | null;
  providerPaymentId: string | null;
  paidAt: string | null;
  confirmedAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  refundedAt: string | null;
  refundReference: string | null;
  history: OrderHistoryEntry[];
}

const iso = (ms: number | null) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

/** The three statements one order's page reads (for `ctx.read` or the end of a move's batch). */
export const detailQueries = (db: Db, orderNumber: number) =>
  [
    orderViewQuery(db, sql`o.order_number = ${orderNumber}`, { limit: 1 }),
    stateQuery(db, orderNumber),
    historyQuery(db, orderNumber),
  ] as const;

export function toDetail(view: unknown, state: StateRow[], history: HistoryRow[]): AdminOrder | null {
  const [order] = toOrderViews(view);
  const [st] = state;
  if (!order || !st) return null;
  return {
    ...order,
    accountEmail: st.accountEmail,
    providerOrderId: st.providerOrderId,
    providerPaymentId: st.providerPaymentId,
    paidAt: iso(st.paidAt),
    confirmedAt: iso(st.confirmedAt),
    shippedAt: iso(st.shippedAt),
    deliveredAt: iso(st.deliveredAt),
    cancelledAt: iso(st.cancelledAt),
    refundedAt: iso(st.refundedAt),
    refundReference: st.refundReference,
    history: toHistory(history),
  };
}

/** An enquiry that names the order (a shopper's "Order Cancellation Query"), as its page lists it. */
export interface OrderEnquiry {
  id: number;
  name: string;
  email: string;
  preview: string;
  handled: boolean;
  createdAt: string;
}

const enquiriesQuery = (db: Db, orderNumber: number) =>
  db.all<{ id: number; name: string; email: string; preview: string; handledAt: number | null; createdAt: number }>(sql`select e.id,
      e.full_name as name, e.email, substr(e.message, 1, 140) as preview, e.handled_at as handledAt, e.created_at as createdAt
    from enquiries e where e.order_number = ${orderNumber} order by e.created_at desc, e.id desc limit 20`);

/**
 * One order for the back office: lines, address, totals, coupon, payment ids, gift, fulfilment, its
 * history (oldest first) and the enquiries about it (newest first), in one read.
 */
export async function orderDetail(ctx: ServiceContext, numberInput: unknown): Promise<AdminOrder & { enquiries: OrderEnquiry[] }> {
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  const orderNumber = parseOrderNumber(numberInput);
  const [, [view, state, history, enquiries]] = await Promise.all([
    staff,
    readAll(ctx, [...detailQueries(ctx.db, orderNumber), enquiriesQuery(ctx.db, orderNumber)]),
  ]);
  const order = toDetail(view, state, history);
  if (!order) throw new AppError(404, ORDER_NOT_FOUND);
  return {
    ...order,
    enquiries: enquiries.map((e) => ({
      id: Number(e.id),
      name: e.name,
      email: e.email,
      preview: e.preview,
      handled: e.handledAt !== null,
      createdAt: new Date(Number(e.createdAt)).toISOString(),
    })),
  };
}
