import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { REFUND_METHODS } from "../../../../db/schema/orders";
import { purgePages } from "../../../edge-cache";
import { shopSettings } from "../../content/shop-settings";
import { moveCouponUses, moveStock, newClaim } from "../../orders/order-claims";
import { ORDER_NOT_FOUND, type OrderView, orderViewQuery, parseOrderNumber, toOrderViews } from "../../orders/order-views";
import { orderStatusLabel } from "../../orders/order-views.rules";
import { type RefundMethod, refundStatement } from "../../orders/refunds";
import type { ServiceContext } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { deliverAfterResponse, outboxMail, queueMail } from "../../platform/mail";
import { orderMail } from "../../platform/mail-orders";
import type { MailParams, MailTemplate } from "../../platform/mail-templates";
import { readAll } from "../../platform/read-batch";
import { parseInput } from "../../platform/validate";
import { auditStatement, requireStaff } from "../staff";
import { issueInvoice, lineGoodsQuery } from "./admin-invoice";
import { type AdminOrder, detailQueries, type HistoryRow, type StateRow, stateQuery, toDetail } from "./admin-order-detail";
import type { OrderStatus } from "./admin-orders-list";

/**
 * The moves an order makes in the back office: from placed to delivered, or
 * cancelled, refunded; the /admin pages and `/api/admin/orders*` call moveOrder and nothing else.
 *
 * Every move is one `db.batch`: an UPDATE whose WHERE holds the move's rule (the status it may come
 * from, exactly the one read just before, so the audit entry's "before" is true), which sets a fresh
 * `claim` on the order; the audit entry, the shopper's mail and whatever else the move does act only
 * on the order carrying that claim. A refused move (the rule does not hold, or another staff member
 * moved the order meanwhile) writes nothing: no audit entry, no mail, and answers 409.
 */

const noControl = (s: string) => !/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(s);

export const trimmed = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ error: `Enter the ${label}` })
      .min(1, `Enter the ${label}`)
      .min(min, `The ${label} is at least ${min} characters`)
      .max(max, `The ${label} is at most ${max} characters`)
      .refine(noControl, `The ${label} has characters that are not allowed`),
  );

export const shipSchema = z.object({
  courier: trimmed("courier", 2, 60),
  trackingNumber: trimmed("tracking number", 4, 40).refine(
    (t) => /^[A-Za-z0-9][A-Za-z0-9 ./_-]*$/.test(t),
    "The tracking number has letters, digits, spaces and - / . _ only",
  ),
});

const refundSchema = z.object({
  refundReference: trimmed("refund reference", 3, 100),
  // How the money went back: to the way she paid unless the form says otherwise.
  refundMethod: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? "original" : v),
    z.enum(REFUND_METHODS, { error: "Choose how the refund was made" }),
  ),
});

export const ORDER_ACTIONS = ["confirm", "ship", "deliver", "cancel", "mark-paid", "refund"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

interface Move {
  /** Why the move is refused for an order in this state, or null when it may go ahead. */
  refusal(st: StateRow, n: number): string | null;
  /** The move's rule, in SQL on `orders` (besides "the state read just before"). */
  rule: SQL;
  /** The columns it sets (besides the claim). */
  set(now: number, input: Record<string, string>): SQL;
  before(st: StateRow): Record<string, unknown>;
  after(st: StateRow, now: number, input: Record<string, string>): Record<string, unknown>;
  mail?: Extract<MailTemplate, "order-shipped" | "order-delivered" | "order-cancelled" | "order-refunded">;
}

const label = (s: string) => orderStatusLabel(s).toLowerCase();
const statusRefusal = (st: StateRow, n: number, from: OrderStatus[], target: OrderStatus, verb: string) => {
  if (st.orderStatus === target) return `Order #${n} is already ${label(target)}.`;
  if (from.includes(st.orderStatus)) return null;
  return `Order #${n} is ${label(st.orderStatus)}: only ${from.map((f) => `a ${label(f)}`).join(" or ")} order can be ${verb}.`;
};

/**
 * An online order whose payment has not arrived is neither confirmed nor cancelled by hand: it holds
 * its stock for the payment window and cancels itself after it (orders.ts expirePendingOrders), and a
 * payment arriving late must find it as that job left it.
 */
const awaitingPayment = (st: StateRow, n: number) =>
  st.paymentMethod === "bank" && st.paymentStatus === "pending"
    ? `Order #${n} is awaiting its online payment: it is confirmed once paid, and cancels itself if the payment does not arrive.`
    : null;
const PAYMENT_ARRIVED = sql`not (payment_method = 'bank' and payment_status = 'pending')`;

const MOVES: Record<OrderAction, Move> = {
  confirm: {
    refusal: (st, n) => statusRefusal(st, n, ["placed"], "confirmed", "confirmed") ?? awaitingPayment(st, n),
    rule: sql`order_status = 'placed' and ${PAYMENT_ARRIVED}`,
    set: (now) => sql`order_status = 'confirmed', confirmed_at = ${now}`,
    before: (st) => ({ orderStatus: st.orderStatus }),
    after: () => ({ orderStatus: "confirmed" }),
  },
  ship: {
    refusal: (st, n) => statusRefusal(st, n, ["confirmed"], "shipped", "shipped"),
    rule: sql`order_status = 'confirmed'`,
    set: (now, i) => sql`order_status = 'shipped', shipped_at = ${now}, courier = ${i.courier}, tracking_number = ${i.trackingNumber}`,
    before: (st) => ({ orderStatus: st.orderStatus, courier: st.courier, trackingNumber: st.trackingNumber }),
    after: (_, __, i) => ({ orderStatus: "shipped", courier: i.courier, trackingNumber: i.trackingNumber }),
    mail: "order-shipped",
  },
  deliver: {
    refusal: (st, n) => statusRefusal(st, n, ["shipped"], "delivered", "marked delivered"),
    rule: sql`order_status = 'shipped'`,
    set: (now) => sql`order_status = 'delivered', delivered_at = ${now}`,
    before: (st) => ({ orderStatus: st.orderStatus }),
    after: () => ({ orderStatus: "delivered" }),
    mail: "order-delivered",
  },
  cancel: {
    refusal: (st, n) =>
      statusRefusal(st, n, ["placed", "confirmed"], "cancelled", "cancelled") ??
      awaitingPayment(st, n) ??
      (Number(st.stockHeld) === 1 ? null : `Order #${n} holds no stock to give back; it cannot be cancelled here.`),
    // The stock is given back only by the statement that turns stock_held from 1 to 0: exactly once.
    rule: sql`order_status in ('placed', 'confirmed') and stock_held = 1 and ${PAYMENT_ARRIVED}`,
    set: (now) =>
      sql`order_status = 'cancelled', cancelled_at = ${now}, stock_held = 0,
        refund_due = case when payment_status = 'paid' then 1 else refund_due end`,
    before: (st) => ({ orderStatus: st.orderStatus, paymentStatus: st.paymentStatus, refundDue: Number(st.refundDue) === 1 }),
    after: (st) => ({
      orderStatus: "cancelled",
      paymentStatus: st.paymentStatus,
      refundDue: st.paymentStatus === "paid" || Number(st.refundDue) === 1,
      stockGivenBack: true,
    }),
    mail: "order-cancelled",
  },
  // Cash on delivery is marked paid once the parcel has left: when shipped (the courier collects it) or delivered.
  "mark-paid": {
    refusal: (st, n) => {
      if (st.paymentMethod !== "cashOnDelivery") return `Order #${n} was paid online: only cash on delivery is marked paid here.`;
      if (st.paymentStatus === "paid") return `Order #${n} is already paid.`;
      if (st.paymentStatus !== "pending") return `Order #${n}'s payment is ${st.paymentStatus}: it cannot be marked paid.`;
      if (st.orderStatus !== "shipped" && st.orderStatus !== "delivered")
        return `Order #${n} is ${label(st.orderStatus)}: cash is marked paid once the order has shipped or been delivered.`;
      return null;
    },
    rule: sql`payment_method = 'cashOnDelivery' and payment_status = 'pending' and order_status in ('shipped', 'delivered')`,
    set: (now) => sql`payment_status = 'paid', paid_at = ${now}`,
    before: (st) => ({ paymentStatus: st.paymentStatus }),
    after: () => ({ paymentStatus: "paid" }),
  },
  refund: {
    refusal: (st, n) => {
      if (st.paymentStatus === "refunded") return `Order #${n} is already refunded.`;
      if (Number(st.refundDue) !== 1 || st.paymentStatus !== "paid") return `Order #${n} has no refund due.`;
      return null;
    },
    rule: sql`refund_due = 1 and payment_status = 'paid'`,
    set: (now, i) => sql`payment_status = 'refunded', refund_due = 0, refunded_at = ${now}, refund_reference = ${i.refundReference}`,
    before: (st) => ({ paymentStatus: st.paymentStatus, refundDue: true }),
    after: (_, __, i) => ({
      paymentStatus: "refunded",
      refundDue: false,
      refundReference: i.refundReference,
      refundMethod: i.refundMethod,
    }),
    mail: "order-refunded",
  },
};

function moveInput(action: OrderAction, body: unknown): Record<string, string> {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  if (action === "ship") return parseInput(shipSchema, { courier: b.courier, trackingNumber: b.trackingNumber ?? b.tracking_number });
  if (action === "refund") {
    return parseInput(refundSchema, {
      refundReference: b.refundReference ?? b.refund_reference ?? b.reference,
      refundMethod: b.refundMethod ?? b.refund_method ?? b.method,
    });
  }
  return {};
}

/** The shopper's mail for a move: to the order's address's e-mail, with a link to My Orders when she has an account. */
async function mailFor(ctx: ServiceContext, move: Move, view: OrderView, input: Record<string, string>) {
  if (move.mail === "order-refunded") {
    const params = {
      name: view.shipping.fullName,
      orderNumber: view.orderNumber,
      amountPaise: view.totalPaise,
      at: ctx.now().toISOString(),
      reference: input.refundReference!,
      method: input.refundMethod as RefundMethod,
      link: view.guest ? null : `${ctx.origin}/my-orders`,
    } satisfies MailParams<"order-refunded">;
    return outboxMail(ctx, { to: view.shipping.emailAddress, template: move.mail, params });
  }
  if (!move.mail) return null;
  const order = orderMail(view);
  const name = view.shipping.fullName;
  const link = view.guest ? null : `${ctx.origin}/my-orders`;
  const params =
    move.mail === "order-shipped"
      ? ({ name, order, courier: input.courier!, trackingNumber: input.trackingNumber!, link } satisfies MailParams<"order-shipped">)
      : move.mail === "order-delivered"
        ? ({ name, order, link } satisfies MailParams<"order-delivered">)
        : ({
            name,
            order,
            link,
            refundDue: view.paymentStatus === "paid",
          } satisfies MailParams<"order-cancelled">);
  return outboxMail(ctx, { to: view.shipping.emailAddress, template: move.mail, params } as never);
}

/**
 * Moves an order on (confirm, ship, deliver, cancel, mark-paid, refund), checked in the writing
 * statement; one audit entry and the shopper's mail in the same batch. Answers the order as it is now.
 */
export async function moveOrder(ctx: ServiceContext, numberInput: unknown, actionInput: string, body: unknown): Promise<AdminOrder> {
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  if (!(ORDER_ACTIONS as readonly string[]).includes(actionInput)) throw new AppError(404, "Not found");
  const action = actionInput as OrderAction;
  const move = MOVES[action];
  const orderNumber = parseOrderNumber(numberInput);
  // Confirming issues the tax invoice: what it is built from travels in the same read.
  const issuing = action === "confirm";
  const [actor, [view, state], goods, shop] = await Promise.all([
    staff,
    readAll(ctx, [orderViewQuery(ctx.db, sql`o.order_number = ${orderNumber}`, { limit: 1 }), stateQuery(ctx.db, orderNumber)]),
    issuing ? ctx.read(lineGoodsQuery(ctx.db, orderNumber)) : null,
    issuing ? shopSettings(ctx) : null,
  ]);
  const [order] = toOrderViews(view);
  const [st] = state;
  if (!order || !st) throw new AppError(404, ORDER_NOT_FOUND);
  const input = moveInput(action, body);
  const refused = move.refusal(st, orderNumber);
  if (refused) throw new AppError(409, refused);

  const invoice = goods && shop ? issueInvoice(order, goods, shop) : undefined;
  return commitMove(ctx, { action, orderNumber, order, st, input, actorId: actor.id, refusal: move.refusal, invoice });
}

/** Who else a move concerns and what else it is held to, when it is not the back office's own (the shopper's cancel: order-cancel.ts). */
export interface MoveTerms {
  action: OrderAction;
  orderNumber: number;
  /** The order and its state, as read just before. */
  order: OrderView;
  st: StateRow;
  input: Record<string, string>;
  /** The audit entry's actor: a staff member, the shopper, or null for a guest. */
  actorId: number | null;
  /** The words for a refused move, from the order's state as the batch left it. */
  refusal(st: StateRow, n: number): string | null;
  /** More of the move's rule, in SQL on `orders` (her ownership, the cancellation window). */
  rule?: SQL;
  /** Added to the audit entry's "after" (who asked for it). */
  note?: Record<string, unknown>;
  /** The tax invoice a confirmation issues (read with the order). */
  invoice?: ReturnType<typeof issueInvoice>;
  /** Mails sent with the move besides the shopper's (the shop's). */
  mails?: Awaited<ReturnType<typeof outboxMail>>[];
}

/**
 * One move in one batch, whoever asks for it: the UPDATE (the state read before, the move's rule and
 * `terms.rule`) sets a fresh claim, and the audit entry, the stock, the coupon uses and the mails act
 * only on the order carrying it. Answers the order as it is now, or 409 when the UPDATE changed nothing.
 */
export async function commitMove(ctx: ServiceContext, terms: MoveTerms): Promise<AdminOrder> {
  const { action, orderNumber, order, st, input } = terms;
  const move = MOVES[action];
  const claim = newClaim();
  const now = ctx.now().getTime();
  const mine = sql`exists (select 1 from orders c where c.claim = ${claim})`;
  const mail = await mailFor(ctx, move, order, input);
  const mails = [...(mail ? [mail] : []), ...(terms.mails ?? [])];
  // Exactly the state read above, and the move's own rule: a change meanwhile refuses this one.
  const invoice = terms.invoice === undefined ? sql`` : sql`, invoice = ${terms.invoice}`;
  const update = ctx.db.run(sql`update orders set claim = ${claim}, ${move.set(now, input)}${invoice}
    where id = ${st.id} and order_status = ${st.orderStatus} and payment_status = ${st.paymentStatus} and refund_due = ${st.refundDue}
      and ${move.rule} and ${terms.rule ?? sql`1`}`);
  const extra = [
    ...(action === "refund" ? [refundOf(ctx, st, order, input, claim, mine)] : []),
    ...(action === "cancel" ? [moveStock(ctx.db, claim, "give"), moveCouponUses(ctx.db, claim, "give")] : []),
    ...(action === "deliver"
      ? [
          ctx.db.run(sql`update reviews set verified = 1
            where verified = 0 and user_id = (select user_id from orders where claim = ${claim})
              and product_id in (select l.product_id from order_lines l join orders o on o.id = l.order_id where o.claim = ${claim})`),
        ]
      : []),
  ];
  const audit = auditStatement(ctx.db, {
    actorId: terms.actorId,
    action: `order.${action}`,
    entity: "order",
    entityId: st.id,
    before: move.before(st),
    after: { ...move.after(st, now, input), ...terms.note },
    at: ctx.now(),
    when: mine,
  });
  const queued = mails.map((m) => queueMail(ctx, m, mine));
  const [v, s, h] = detailQueries(ctx.db, orderNumber);
  const results = await ctx.db.batch([update, audit, ...extra, ...queued, v, s, h]);
  const changed = (results[0] as { rowsAffected: number }).rowsAffected === 1;
  const detail = toDetail(results.at(-3), results.at(-2) as StateRow[], results.at(-1) as HistoryRow[]);
  if (!detail) throw new AppError(404, ORDER_NOT_FOUND);
  if (!changed) {
    const fresh = (results.at(-2) as StateRow[])[0]!;
    throw new AppError(409, terms.refusal(fresh, orderNumber) ?? `Order #${orderNumber} changed meanwhile: reload it and try again.`);
  }
  for (const [i] of queued.entries())
    deliverAfterResponse(ctx, results[2 + extra.length + i] as { rowsAffected: number; lastInsertRowid?: bigint | number });
  // What signed-out shoppers see changed: a cancel's stock came back, a delivery's reviews became
  // verified purchases. Their pieces' cached pages go (the rest age out).
  if (action === "cancel" || action === "deliver") await purgePages(ctx.origin, productPagesOf(detail));
  return detail;
}

/**
 * The refund's row, written by the refund move's batch for the order carrying its claim: what she
 * paid, from a cancellation (the shop or she cancelled it) or from a payment that arrived after the
 * order had lapsed (such an order was never cancelled by anyone, so it has no cancellation time).
 */
function refundOf(ctx: ServiceContext, st: StateRow, order: OrderView, input: Record<string, string>, claim: string, mine: SQL) {
  return refundStatement(ctx.db, {
    orderId: sql`(select id from orders where claim = ${claim})`,
    source: st.cancelledAt === null ? "late-payment" : "cancellation",
    amountPaise: order.totalPaise,
    method: input.refundMethod as RefundMethod,
    reference: input.refundReference!,
    at: ctx.now(),
    when: mine,
  });
}

/** The product pages (and their `.data` twins) of an order's pieces still on sale. */
function productPagesOf(order: OrderView): string[] {
  const paths = [...new Set(order.lines.flatMap((l) => (l.href ? [l.href] : [])))];
  return paths.flatMap((p) => [p, `${p}.data`]);
}
