import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "../../db/schema";
import { purgePages } from "../edge-cache";
import { issueInvoice, lineGoodsQuery } from "./admin-invoice";
import type { ServiceContext } from "./context";
import { AppError } from "./errors";
import { deliverAfterResponse, outboxMail, queueMail } from "./mail";
import { orderMail } from "./mail-orders";
import type { MailParams, MailTemplate } from "./mail-templates";
import { moveCouponUses, moveStock, newClaim } from "./order-claims";
import { ORDER_NOT_FOUND, type OrderView, orderViewQuery, parseOrderNumber, toOrderViews } from "./order-views";
import { orderStatusLabel } from "./order-views.rules";
import { readAll } from "./read-batch";
import { shopSettings } from "./shop-settings";
import { auditStatement, requireStaff } from "./staff";
import { parseInput } from "./validate";

/**
 * The back office's orders (issue 13 item 3): the list, one order with its history, the moves it
 * makes from placed to delivered (or cancelled, refunded), and the CSV of a filtered list. The
 * /admin pages and `/api/admin/orders*` call these and nothing else.
 *
 * Every move is one `db.batch`: an UPDATE whose WHERE holds the move's rule (the status it may come
 * from, exactly the one read just before, so the audit entry's "before" is true), which sets a fresh
 * `claim` on the order; the audit entry, the shopper's mail and whatever else the move does act only
 * on the order carrying that claim. A refused move (the rule does not hold, or another staff member
 * moved the order meanwhile) writes nothing: no audit entry, no mail, and answers 409.
 */

type OrderStatus = (typeof ORDER_STATUSES)[number];
type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ADMIN_ORDERS_PAGE_SIZE = 25;
/**
 * The most orders one CSV export carries: more than that match and the export is refused with the
 * count and a way to narrow it (a period), rather than cut short without a word.
 */
export const ORDERS_CSV_MAX = 50_000;
/** The export reads the list in pages of this many rows (one round trip each). */
const ORDERS_CSV_PAGE = 2_000;
const IST_OFFSET_MS = 330 * 60_000;

// ---------------------------------------------------------------------------------------------
// The list

/** An absent or empty query field (or "all") is no filter. */
const blank = (v: unknown) => (v === undefined || v === null || v === "" || v === "all" ? undefined : v);

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blank, z.enum(values, { error: message }).optional());

const daySchema = (message: string) =>
  z.preprocess(
    blank,
    z
      .string({ error: message })
      .regex(/^\d{4}-\d{2}-\d{2}$/, message)
      .refine((d) => {
        const t = new Date(`${d}T00:00:00Z`);
        return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(d);
      }, message)
      .optional(),
  );

const listQuerySchema = z
  .object({
    page: z.preprocess(
      blank,
      z.coerce
        .number({ error: "Page must be a whole number" })
        .int("Page must be a whole number")
        .min(1, "Page must be 1 or more")
        .max(100_000)
        .default(1),
    ),
    limit: z.preprocess(
      blank,
      z.coerce
        .number({ error: "Limit must be a whole number" })
        .int("Limit must be a whole number")
        .min(1, "Limit must be 1 to 100")
        .max(100, "Limit must be 1 to 100")
        .default(ADMIN_ORDERS_PAGE_SIZE),
    ),
    status: optionalEnum(ORDER_STATUSES, `Order status must be one of ${ORDER_STATUSES.join(", ")}`),
    payment: optionalEnum(PAYMENT_STATUSES, `Payment status must be one of ${PAYMENT_STATUSES.join(", ")}`),
    method: optionalEnum(PAYMENT_METHODS, `Payment method must be one of ${PAYMENT_METHODS.join(", ")}`),
    from: daySchema("From must be a date (YYYY-MM-DD)"),
    to: daySchema("To must be a date (YYYY-MM-DD)"),
    q: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() || undefined : v),
      z.string({ error: "Search must be text" }).max(100, "Search is at most 100 characters").optional(),
    ),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "From must not be after To", path: ["to"] });

export type OrdersQuery = z.output<typeof listQuerySchema>;

/** The first moment of an India day (YYYY-MM-DD), as epoch milliseconds. */
const indiaDayStart = (day: string) => new Date(`${day}T00:00:00Z`).getTime() - IST_OFFSET_MS;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's filters as one condition on `o` (orders) and `u` (its account, left-joined). */
function listWhere(f: OrdersQuery): SQL {
  const parts: SQL[] = [sql`1`];
  if (f.status) parts.push(sql`o.order_status = ${f.status}`);
  // "Placed" are the orders to confirm: an online order still waiting for its payment is not one yet.
  if (f.status === "placed") parts.push(sql`not (o.payment_method = 'bank' and o.payment_status = 'pending')`);
  if (f.payment) parts.push(sql`o.payment_status = ${f.payment}`);
  if (f.method) parts.push(sql`o.payment_method = ${f.method}`);
  if (f.from) parts.push(sql`o.created_at >= ${indiaDayStart(f.from)}`);
  if (f.to) parts.push(sql`o.created_at < ${indiaDayStart(f.to) + 86_400_000}`);
  if (f.q) {
    const q = f.q.replace(/^#/, "");
    const like = `%${likeEscape(q.toLowerCase())}%`;
    const digits = q.replace(/[\s+-]/g, "");
    const alts: SQL[] = [
      sql`lower(o.ship_email_address) like ${like} escape '\\'`,
      sql`lower(coalesce(o.guest_email, '')) like ${like} escape '\\'`,
      sql`lower(coalesce(u.email, '')) like ${like} escape '\\'`,
      sql`lower(o.ship_full_name) like ${like} escape '\\'`,
    ];
    if (/^\d{1,15}$/.test(q)) alts.push(sql`o.order_number = ${Number(q)}`);
    if (/^\d{3,15}$/.test(digits)) alts.push(sql`replace(o.ship_phone_number, ' ', '') like ${`%${digits.slice(-10)}%`}`);
    parts.push(sql`(${sql.join(alts, sql` or `)})`);
  }
  return sql.join(parts, sql` and `);
}

export interface OrderListItem {
  orderNumber: number;
  createdAt: string;
  fullName: string;
  email: string;
  phone: string;
  itemsCount: number;
  totalPaise: number;
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  paymentStatus: PaymentStatus;
  orderStatus: OrderStatus;
  refundDue: boolean;
}

/** A row of the list as the database answers it: time in ms, flags as 0 or 1 (and the row's id, for paging). */
type ListRow = Omit<OrderListItem, "createdAt" | "refundDue"> & { id: number; createdAt: number; refundDue: number };

const listQuery = (db: Db, where: SQL, limit: number, offset: number) =>
  db.all<ListRow>(sql`select o.id as id, o.order_number as orderNumber, o.created_at as createdAt, o.ship_full_name as fullName,
      coalesce(u.email, o.guest_email, o.ship_email_address) as email, o.ship_phone_number as phone,
      (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = o.id) as itemsCount,
      o.total_paise as totalPaise, o.payment_method as paymentMethod, o.payment_status as paymentStatus,
      o.order_status as orderStatus, o.refund_due as refundDue
    from orders o left join users u on u.id = o.user_id
    where ${where} order by o.created_at desc, o.id desc limit ${limit} offset ${offset}`);

export const toListItem = (r: ListRow): OrderListItem => ({
  orderNumber: Number(r.orderNumber),
  createdAt: new Date(Number(r.createdAt)).toISOString(),
  fullName: r.fullName,
  email: r.email,
  phone: r.phone,
  itemsCount: Number(r.itemsCount),
  totalPaise: Number(r.totalPaise),
  paymentMethod: r.paymentMethod,
  paymentStatus: r.paymentStatus,
  orderStatus: r.orderStatus,
  refundDue: Number(r.refundDue) === 1,
});

/**
 * The newest orders, as the dashboard lists them: an online checkout whose payment failed never
 * became one, and one still waiting for its payment is a payment due (its own figure). A read for a
 * batch; its rows go through toListItem.
 */
export const newestOrdersRead = (db: Db, limit: number) =>
  listQuery(db, sql`o.payment_status <> 'failed' and not (o.payment_method = 'bank' and o.payment_status = 'pending')`, limit, 0);

const countQuery = (db: Db, where: SQL) =>
  db.all<{ n: number }>(sql`select count(*) as n from orders o left join users u on u.id = o.user_id where ${where}`);

/** Why `count` matching orders cannot be exported at once, or null when they can (the API and the list page both ask). */
export const csvRefusal = (count: number): string | null =>
  count > ORDERS_CSV_MAX
    ? `${count.toLocaleString("en-IN")} orders match: an export carries at most ${ORDERS_CSV_MAX.toLocaleString("en-IN")}. Choose a shorter period (From and To) and export each.`
    : null;

/** The back office's order list: a page of it, newest first, and how many match (one round trip with the staff check). */
export async function listOrders(
  ctx: ServiceContext,
  query: unknown,
): Promise<{ orders: OrderListItem[]; total: number; page: number; limit: number; filters: OrdersQuery }> {
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  const filters = parseInput(listQuerySchema, query ?? {});
  const where = listWhere(filters);
  const [, [rows, counts]] = await Promise.all([
    staff,
    readAll(ctx, [listQuery(ctx.db, where, filters.limit, (filters.page - 1) * filters.limit), countQuery(ctx.db, where)]),
  ]);
  return { orders: rows.map(toListItem), total: Number(counts[0]?.n ?? 0), page: filters.page, limit: filters.limit, filters };
}

// ---------------------------------------------------------------------------------------------
// CSV

/** One CSV cell: quoted when it must be, and never read as a formula by a spreadsheet. */
export function csvCell(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** India time, to the minute: "2026-11-26 14:05". */
const indiaDateTime = (iso: string) => new Date(new Date(iso).getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");

const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * The filtered list, every page of it, newest first, as CSV; more than ORDERS_CSV_MAX matching
 * orders are refused (400) with the count. Read in pages of ORDERS_CSV_PAGE after the last row read
 * (by time, then id), so an order placed during the export neither repeats a row nor hides one.
 */
export async function ordersCsv(ctx: ServiceContext, query: unknown): Promise<string> {
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  const { page: _page, limit: _limit, ...rest } = (query ?? {}) as Record<string, unknown>;
  const filters = parseInput(listQuerySchema, rest);
  const where = listWhere(filters);
  const [, [first, counts]] = await Promise.all([
    staff,
    readAll(ctx, [listQuery(ctx.db, where, ORDERS_CSV_PAGE, 0), countQuery(ctx.db, where)]),
  ]);
  const refused = csvRefusal(Number(counts[0]?.n ?? 0));
  if (refused) throw new AppError(400, refused);
  const rows = [...first];
  for (let page = first; page.length === ORDERS_CSV_PAGE; ) {
    const last = page.at(-1)!;
    const after = sql`(o.created_at < ${last.createdAt} or (o.created_at = ${last.createdAt} and o.id < ${last.id}))`;
    page = await ctx.read(listQuery(ctx.db, sql`${where} and ${after}`, ORDERS_CSV_PAGE, 0));
    rows.push(...page);
  }
  const header = [
    "Order number",
    "Date (India time)",
    "Name",
    "Email",
    "Phone",
    "Items",
    "Total (INR)",
    "Payment method",
    "Payment status",
    "Order status",
  ];
  const lines = rows
    .map(toListItem)
    .map((o) =>
      [
        o.orderNumber,
        indiaDateTime(o.createdAt),
        o.fullName,
        o.email,
        o.phone,
        o.itemsCount,
        rupees(o.totalPaise),
        o.paymentMethod,
        o.refundDue ? `${o.paymentStatus} (refund due)` : o.paymentStatus,
        o.orderStatus,
      ]
        .map(csvCell)
        .join(","),
    );
  return `${[header.map(csvCell).join(","), ...lines].join("\r\n")}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// One order

interface StateRow {
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

const stateQuery = (db: Db, orderNumber: number) =>
  db.all<StateRow>(sql`select o.id, o.user_id as userId, u.email as accountEmail, o.payment_method as paymentMethod,
      o.payment_status as paymentStatus, o.order_status as orderStatus, o.refund_due as refundDue, o.stock_held as stockHeld,
      o.coupon_id as couponId, o.courier, o.tracking_number as trackingNumber, o.provider_order_id as providerOrderId,
      o.provider_payment_id as providerPaymentId, o.paid_at as paidAt, o.confirmed_at as confirmedAt, o.shipped_at as shippedAt,
      o.delivered_at as deliveredAt, o.cancelled_at as cancelledAt, o.refunded_at as refundedAt, o.refund_reference as refundReference,
      o.claim
    from orders o left join users u on u.id = o.user_id where o.order_number = ${orderNumber}`);

interface HistoryRow {
  id: number;
  action: string;
  actorEmail: string | null;
  before: string | null;
  after: string | null;
  createdAt: number;
}

const historyQuery = (db: Db, orderNumber: number) =>
  db.all<HistoryRow>(sql`select a.id, a.action, u.email as actorEmail, a.before, a.after, a.created_at as createdAt
    from audit_log a left join users u on u.id = a.actor_id
    where a.entity = 'order' and a.entity_id = (select cast(id as text) from orders where order_number = ${orderNumber})
    order by a.created_at, a.id`);

export interface OrderHistoryEntry {
  id: number;
  action: string;
  actorEmail: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

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
const json = (s: string | null) => (s === null ? null : JSON.parse(s));

/** The three statements one order's page reads (for `ctx.read` or the end of a move's batch). */
const detailQueries = (db: Db, orderNumber: number) =>
  [
    orderViewQuery(db, sql`o.order_number = ${orderNumber}`, { limit: 1 }),
    stateQuery(db, orderNumber),
    historyQuery(db, orderNumber),
  ] as const;

function toDetail(view: unknown, state: StateRow[], history: HistoryRow[]): AdminOrder | null {
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
    history: history.map((h) => ({
      id: Number(h.id),
      action: h.action,
      actorEmail: h.actorEmail,
      before: json(h.before),
      after: json(h.after),
      createdAt: new Date(Number(h.createdAt)).toISOString(),
    })),
  };
}

/** One order for the back office: lines, address, totals, coupon, payment ids, gift, fulfilment and its history (oldest first). */
export async function orderDetail(ctx: ServiceContext, numberInput: unknown): Promise<AdminOrder> {
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  const orderNumber = parseOrderNumber(numberInput);
  const [, [view, state, history]] = await Promise.all([staff, readAll(ctx, detailQueries(ctx.db, orderNumber))]);
  const order = toDetail(view, state, history);
  if (!order) throw new AppError(404, ORDER_NOT_FOUND);
  return order;
}

// ---------------------------------------------------------------------------------------------
// Moves

const noControl = (s: string) => !/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(s);

const trimmed = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ error: `Enter the ${label}` })
      .min(1, `Enter the ${label}`)
      .min(min, `The ${label} is at least ${min} characters`)
      .max(max, `The ${label} is at most ${max} characters`)
      .refine(noControl, `The ${label} has characters that are not allowed`),
  );

const shipSchema = z.object({
  courier: trimmed("courier", 2, 60),
  trackingNumber: trimmed("tracking number", 4, 40).refine(
    (t) => /^[A-Za-z0-9][A-Za-z0-9 ./_-]*$/.test(t),
    "The tracking number has letters, digits, spaces and - / . _ only",
  ),
});

const refundSchema = z.object({ refundReference: trimmed("refund reference", 3, 100) });

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
  mail?: Extract<MailTemplate, "order-shipped" | "order-delivered" | "order-cancelled">;
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
    after: (_, __, i) => ({ paymentStatus: "refunded", refundDue: false, refundReference: i.refundReference }),
  },
};

function moveInput(action: OrderAction, body: unknown): Record<string, string> {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  if (action === "ship") return parseInput(shipSchema, { courier: b.courier, trackingNumber: b.trackingNumber ?? b.tracking_number });
  if (action === "refund") return parseInput(refundSchema, { refundReference: b.refundReference ?? b.refund_reference ?? b.reference });
  return {};
}

/** The shopper's mail for a move: to the order's address's e-mail, with a link to My Orders when she has an account. */
async function mailFor(ctx: ServiceContext, move: Move, view: OrderView, input: Record<string, string>) {
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

  const claim = newClaim();
  const now = ctx.now().getTime();
  const mine = sql`exists (select 1 from orders c where c.claim = ${claim})`;
  const mail = await mailFor(ctx, move, order, input);
  // Exactly the state read above, and the move's own rule: a change meanwhile refuses this one.
  const invoice = goods && shop ? sql`, invoice = ${issueInvoice(order, goods, shop)}` : sql``;
  const update = ctx.db.run(sql`update orders set claim = ${claim}, ${move.set(now, input)}${invoice}
    where id = ${st.id} and order_status = ${st.orderStatus} and payment_status = ${st.paymentStatus} and refund_due = ${st.refundDue}
      and ${move.rule}`);
  const extra = [
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
    actorId: actor.id,
    action: `order.${action}`,
    entity: "order",
    entityId: st.id,
    before: move.before(st),
    after: move.after(st, now, input),
    at: ctx.now(),
    when: mine,
  });
  const queued = mail ? [queueMail(ctx, mail, mine)] : [];
  const [v, s, h] = detailQueries(ctx.db, orderNumber);
  const results = await ctx.db.batch([update, audit, ...extra, ...queued, v, s, h]);
  const changed = (results[0] as { rowsAffected: number }).rowsAffected === 1;
  const detail = toDetail(results.at(-3), results.at(-2) as StateRow[], results.at(-1) as HistoryRow[]);
  if (!detail) throw new AppError(404, ORDER_NOT_FOUND);
  if (!changed) {
    const fresh = (results.at(-2) as StateRow[])[0]!;
    throw new AppError(409, move.refusal(fresh, orderNumber) ?? `Order #${orderNumber} changed meanwhile: reload it and try again.`);
  }
  if (mail) deliverAfterResponse(ctx, results[2 + extra.length] as { rowsAffected: number; lastInsertRowid?: bigint | number });
  // What signed-out shoppers see changed: a cancel's stock came back, a delivery's reviews became
  // verified purchases. Their pieces' cached pages go (the rest age out).
  if (action === "cancel" || action === "deliver") await purgePages(ctx.origin, productPagesOf(detail));
  return detail;
}

/** The product pages (and their `.data` twins) of an order's pieces still on sale. */
function productPagesOf(order: OrderView): string[] {
  const paths = [...new Set(order.lines.flatMap((l) => (l.href ? [l.href] : [])))];
  return paths.flatMap((p) => [p, `${p}.data`]);
}
