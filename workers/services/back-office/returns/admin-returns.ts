import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../../db/client";
import { RETURN_KINDS, RETURN_STATUSES } from "../../../../db/schema/orders";
import { type RefundRow, refundsQuery, toRefundRows } from "../../orders/refunds";
import type { ReturnRequestFacts } from "../../orders/return-views";
import type { ServiceContext } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { DAY_MS, indiaDayStart } from "../../platform/india-time.rules";
import { productPath } from "../../platform/paths";
import { readAll } from "../../platform/read-batch";
import { likeContains } from "../../platform/sql-like";
import { parseId, parseInput } from "../../platform/validate";
import { auditHistoryQuery, type HistoryEntry, type HistoryRow, toHistory } from "../audit-history";
import { ADMIN_ORDERS_PAGE_SIZE, listQuerySchema } from "../orders/admin-orders-list";
import { requireStaff } from "../staff";
import { type ReturnKind, type ReturnStatus, returnMessages } from "./admin-returns.rules";

/**
 * The back office's returns queue: the list (newest first, filtered, a page at a time) and one
 * request as the owner reads it. The /admin/returns pages and `/api/admin/returns*` call these; the
 * moves are in admin-return-moves.ts.
 */

const blank = (v: unknown) => (v === undefined || v === null || v === "" || v === "all" ? undefined : v);

// The order list's page, limit, dates and search rules, with a return's status and kind.
const { page, limit, from, to, q } = listQuerySchema.shape;
export const returnsQuerySchema = z
  .object({
    page,
    limit,
    from,
    to,
    q,
    status: z.preprocess(blank, z.enum(RETURN_STATUSES, { error: `Status must be one of ${RETURN_STATUSES.join(", ")}` }).optional()),
    kind: z.preprocess(blank, z.enum(RETURN_KINDS, { error: `Kind must be one of ${RETURN_KINDS.join(", ")}` }).optional()),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "From must not be after To", path: ["to"] });
export type ReturnsQuery = z.output<typeof returnsQuerySchema>;

/** The filters as one condition on `r` (return_requests), `o` (its order) and `u` (her account, left-joined). */
function returnsWhere(f: ReturnsQuery): SQL {
  const parts: SQL[] = [sql`1`];
  if (f.status) parts.push(sql`r.status = ${f.status}`);
  if (f.kind) parts.push(sql`r.kind = ${f.kind}`);
  if (f.from) parts.push(sql`r.created_at >= ${indiaDayStart(f.from)}`);
  if (f.to) parts.push(sql`r.created_at < ${indiaDayStart(f.to) + DAY_MS}`);
  if (f.q) {
    const q = f.q.replace(/^#/, "");
    const like = likeContains(q.toLowerCase());
    const alts: SQL[] = [
      sql`lower(o.ship_email_address) like ${like} escape '\\'`,
      sql`lower(coalesce(o.guest_email, '')) like ${like} escape '\\'`,
      sql`lower(coalesce(u.email, '')) like ${like} escape '\\'`,
    ];
    if (/^\d{1,15}$/.test(q)) alts.push(sql`o.order_number = ${Number(q)}`);
    parts.push(sql`(${sql.join(alts, sql` or `)})`);
  }
  return sql.join(parts, sql` and `);
}

export interface ReturnListItem {
  id: number;
  createdAt: string;
  orderNumber: number;
  fullName: string;
  email: string;
  kind: ReturnKind;
  status: ReturnStatus;
  reason: string;
  pieces: number;
}

type ListRow = Omit<ReturnListItem, "createdAt"> & { createdAt: number };

const FROM = sql`return_requests r join orders o on o.id = r.order_id left join users u on u.id = o.user_id`;

const listQuery = (db: Db, where: SQL, limit: number, offset: number) =>
  db.all<ListRow>(sql`select r.id, r.created_at as createdAt, o.order_number as orderNumber, o.ship_full_name as fullName,
      coalesce(u.email, o.guest_email, o.ship_email_address) as email, r.kind, r.status, r.reason,
      (select coalesce(sum(rl.quantity), 0) from return_lines rl where rl.request_id = r.id) as pieces
    from ${FROM} where ${where} order by r.created_at desc, r.id desc limit ${limit} offset ${offset}`);

const countQuery = (db: Db, where: SQL) => db.all<{ n: number }>(sql`select count(*) as n from ${FROM} where ${where}`);

const toItem = (r: ListRow): ReturnListItem => ({
  ...r,
  id: Number(r.id),
  orderNumber: Number(r.orderNumber),
  pieces: Number(r.pieces),
  createdAt: new Date(Number(r.createdAt)).toISOString(),
});

/** A page of the queue, newest first, and how many match (one round trip with the staff check). */
export async function listReturns(
  ctx: ServiceContext,
  query: unknown,
): Promise<{ returns: ReturnListItem[]; total: number; page: number; limit: number; filters: ReturnsQuery }> {
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  const filters = parseInput(returnsQuerySchema, query ?? {});
  const where = returnsWhere(filters);
  const [, [rows, counts]] = await Promise.all([
    staff,
    readAll(ctx, [listQuery(ctx.db, where, filters.limit, (filters.page - 1) * filters.limit), countQuery(ctx.db, where)]),
  ]);
  return { returns: rows.map(toItem), total: Number(counts[0]?.n ?? 0), page: filters.page, limit: filters.limit, filters };
}

export const RETURNS_PAGE_SIZE = ADMIN_ORDERS_PAGE_SIZE;

/** The request's row with its order's figures: what the moves check and the page shows. */
export interface ReturnStateRow extends ReturnRequestFacts {
  id: number;
  orderId: number;
  orderNumber: number;
  createdAt: number;
  approvedAt: number | null;
  declinedAt: number | null;
  receivedAt: number | null;
  closedAt: number | null;
  fullName: string;
  shipEmail: string;
  accountEmail: string | null;
  guest: number;
  paymentMethod: string;
  paymentStatus: string;
  subtotalPaise: number;
  discountPaise: number;
  totalPaise: number;
  invoiced: number;
  /** Every refund the order has had so far, from any source. */
  refundedPaise: number;
}

const stateQuery = (db: Db, id: number) =>
  db.all<ReturnStateRow>(sql`select r.id, r.order_id as orderId, o.order_number as orderNumber, r.kind, r.reason, r.status,
      r.pickup_courier as pickupCourier, r.pickup_tracking as pickupTracking, r.decline_reason as declineReason,
      r.exchange_courier as exchangeCourier, r.exchange_tracking as exchangeTracking, r.created_at as createdAt,
      r.approved_at as approvedAt, r.declined_at as declinedAt, r.received_at as receivedAt, r.closed_at as closedAt,
      o.ship_full_name as fullName, o.ship_email_address as shipEmail, u.email as accountEmail, (o.user_id is null) as guest,
      o.payment_method as paymentMethod, o.payment_status as paymentStatus, o.subtotal_paise as subtotalPaise,
      o.discount_paise as discountPaise, o.total_paise as totalPaise, (o.invoice is not null) as invoiced,
      (select coalesce(sum(f.amount_paise), 0) from refunds f where f.order_id = o.id) as refundedPaise
    from ${FROM} where r.id = ${id}`);

export interface ReturnLineRow {
  id: number;
  orderLineId: number;
  productId: number | null;
  /** The size taken back (the order line's), null when that size no longer exists. */
  sizeId: number | null;
  name: string;
  color: string;
  size: string;
  orderedQuantity: number;
  quantity: number;
  unitPricePaise: number;
  exchangeSizeId: number | null;
  exchangeSize: string | null;
  open: number;
  restocked: number;
  writtenOff: number;
  categoryName: string | null;
  slug: string | null;
  active: number | null;
}

const linesQuery = (db: Db, id: number) =>
  db.all<ReturnLineRow>(sql`select rl.id, rl.order_line_id as orderLineId, ol.product_id as productId, ol.size_id as sizeId,
      ol.product_name as name, ol.color, ol.size, ol.quantity as orderedQuantity, rl.quantity, ol.unit_price_paise as unitPricePaise,
      rl.exchange_size_id as exchangeSizeId, rl.exchange_size as exchangeSize, rl.open, rl.restocked, rl.written_off as writtenOff,
      c.name as categoryName, p.slug, p.is_active as active
    from return_lines rl join order_lines ol on ol.id = rl.order_line_id
      left join products p on p.id = ol.product_id left join categories c on c.id = p.category_id
    where rl.request_id = ${id} order by rl.id`);

const historyQuery = (db: Db, id: number) => auditHistoryQuery(db, "return", sql`${String(id)}`);

/** The statements one request's page reads (for `ctx.read`, or the end of a move's batch). */
export const returnQueries = (db: Db, id: number) =>
  [stateQuery(db, id), linesQuery(db, id), historyQuery(db, id), refundsQuery(db, sql`r.return_request_id = ${id}`)] as const;

export interface ReturnLine {
  id: number;
  orderLineId: number;
  productId: number | null;
  /** The product's page, or null when the product is gone or off sale. */
  href: string | null;
  name: string;
  color: string;
  size: string;
  quantity: number;
  unitPricePaise: number;
  /** What she paid for these pieces: their price less their share of the order's discount. */
  paidPaise: number;
  exchangeSize: string | null;
  /** Whether a size is held for her exchange (taken from stock when she asked). */
  heldExchange: boolean;
  open: boolean;
  restocked: number;
  writtenOff: number;
}

export interface ReturnDetail extends ReturnRequestFacts {
  id: number;
  orderNumber: number;
  createdAt: string;
  approvedAt: string | null;
  declinedAt: string | null;
  receivedAt: string | null;
  closedAt: string | null;
  shopper: { name: string; email: string; accountEmail: string | null; guest: boolean };
  order: { paymentMethod: string; paymentStatus: string; totalPaise: number; discountPaise: number; invoiced: boolean };
  lines: ReturnLine[];
  /** The lines' paid value: the refund's default. */
  paidPaise: number;
  /** What is left to refund on the whole order after its earlier refunds. */
  refundablePaise: number;
  refunds: RefundRow[];
  history: HistoryEntry[];
}

const iso = (ms: number | null) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

/** A line's share of the order's discount, in proportion to its value (rounded to the paisa). */
export const linePaidPaise = (value: number, subtotal: number, discount: number) =>
  subtotal > 0 && discount > 0 ? value - Math.round((discount * value) / subtotal) : value;

export function toReturnDetail(
  state: readonly ReturnStateRow[],
  lines: readonly ReturnLineRow[],
  history: readonly HistoryRow[],
  refunds: Parameters<typeof toRefundRows>[0],
): ReturnDetail | null {
  const [s] = state;
  if (!s) return null;
  const subtotal = Number(s.subtotalPaise);
  const discount = Number(s.discountPaise);
  const out: ReturnLine[] = lines.map((l) => ({
    id: Number(l.id),
    orderLineId: Number(l.orderLineId),
    productId: l.productId === null ? null : Number(l.productId),
    href: l.categoryName !== null && l.slug !== null && Number(l.active) === 1 ? productPath(l.categoryName, l.slug) : null,
    name: l.name,
    color: l.color,
    size: l.size,
    quantity: Number(l.quantity),
    unitPricePaise: Number(l.unitPricePaise),
    paidPaise: linePaidPaise(Number(l.unitPricePaise) * Number(l.quantity), subtotal, discount),
    exchangeSize: l.exchangeSize,
    heldExchange: l.exchangeSizeId !== null && Number(l.open) === 1,
    open: Number(l.open) === 1,
    restocked: Number(l.restocked),
    writtenOff: Number(l.writtenOff),
  }));
  return {
    id: Number(s.id),
    orderNumber: Number(s.orderNumber),
    kind: s.kind,
    reason: s.reason,
    status: s.status,
    pickupCourier: s.pickupCourier,
    pickupTracking: s.pickupTracking,
    declineReason: s.declineReason,
    exchangeCourier: s.exchangeCourier,
    exchangeTracking: s.exchangeTracking,
    createdAt: iso(s.createdAt)!,
    approvedAt: iso(s.approvedAt),
    declinedAt: iso(s.declinedAt),
    receivedAt: iso(s.receivedAt),
    closedAt: iso(s.closedAt),
    shopper: { name: s.fullName, email: s.shipEmail, accountEmail: s.accountEmail, guest: Number(s.guest) === 1 },
    order: {
      paymentMethod: s.paymentMethod,
      paymentStatus: s.paymentStatus,
      totalPaise: Number(s.totalPaise),
      discountPaise: discount,
      invoiced: Number(s.invoiced) === 1,
    },
    lines: out,
    paidPaise: out.reduce((sum, l) => sum + l.paidPaise, 0),
    refundablePaise: Math.max(0, Number(s.totalPaise) - Number(s.refundedPaise)),
    refunds: toRefundRows(refunds),
    history: toHistory(history),
  };
}

/** A request's id from a path: anything but one is a request that does not exist (404), as an order's number. */
export function parseReturnId(input: unknown): number {
  try {
    return parseId(input, returnMessages.notFound);
  } catch {
    throw new AppError(404, returnMessages.notFound);
  }
}

/** One request for the back office: order, shopper, lines, figures, refunds and history (one round trip). */
export async function returnDetail(ctx: ServiceContext, idInput: unknown): Promise<ReturnDetail> {
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  const id = parseReturnId(idInput);
  const [, [state, lines, history, refunds]] = await Promise.all([staff, readAll(ctx, returnQueries(ctx.db, id))]);
  const detail = toReturnDetail(state, lines, history, refunds);
  if (!detail) throw new AppError(404, returnMessages.notFound);
  return detail;
}

export interface OrderReturn {
  id: number;
  kind: ReturnKind;
  status: ReturnStatus;
  createdAt: string;
  pieces: number;
}

/** The return requests of one order, newest first, for its back-office page (a read that joins the page's batch). */
export async function returnsOfOrder(ctx: ServiceContext, orderNumberInput: unknown): Promise<OrderReturn[]> {
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  const n = typeof orderNumberInput === "string" && /^\d{1,15}$/.test(orderNumberInput) ? Number(orderNumberInput) : Number.NaN;
  if (!Number.isSafeInteger(n)) return [];
  const [, rows] = await Promise.all([
    staff,
    ctx.read(
      ctx.db.all<{ id: number; kind: ReturnKind; status: ReturnStatus; createdAt: number; pieces: number }>(sql`select r.id, r.kind,
          r.status, r.created_at as createdAt, (select coalesce(sum(rl.quantity), 0) from return_lines rl where rl.request_id = r.id) as pieces
        from return_requests r join orders o on o.id = r.order_id where o.order_number = ${n} order by r.created_at desc, r.id desc`),
    ),
  ]);
  return rows.map((r) => ({ ...r, id: Number(r.id), pieces: Number(r.pieces), createdAt: new Date(Number(r.createdAt)).toISOString() }));
}
