import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../../db/client";
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "../../../../db/schema";
import type { ServiceContext } from "../../platform/context";
import { DAY_MS, indiaDayStart } from "../../platform/india-time.rules";
import { readAll } from "../../platform/read-batch";
import { likeContains } from "../../platform/sql-like";
import { parseInput } from "../../platform/validate";
import { requireStaff } from "../staff";

/**
 * The back office's order list: filtered by status, payment, method, period and a
 * search, newest first, a page at a time. The /admin/orders page, `/api/admin/orders`, the CSV export
 * (admin-orders-csv.ts) and the dashboard's newest orders read it through these.
 */

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ADMIN_ORDERS_PAGE_SIZE = 25;

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

export const listQuerySchema = z
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

/** The list's filters as one condition on `o` (orders) and `u` (its account, left-joined). */
export function listWhere(f: OrdersQuery): SQL {
  const parts: SQL[] = [sql`1`];
  if (f.status) parts.push(sql`o.order_status = ${f.status}`);
  // "Placed" are the orders to confirm: an online order still waiting for its payment is not one yet.
  if (f.status === "placed") parts.push(sql`not (o.payment_method = 'bank' and o.payment_status = 'pending')`);
  if (f.payment) parts.push(sql`o.payment_status = ${f.payment}`);
  if (f.method) parts.push(sql`o.payment_method = ${f.method}`);
  if (f.from) parts.push(sql`o.created_at >= ${indiaDayStart(f.from)}`);
  if (f.to) parts.push(sql`o.created_at < ${indiaDayStart(f.to) + DAY_MS}`);
  if (f.q) {
    const q = f.q.replace(/^#/, "");
    const like = likeContains(q.toLowerCase());
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
export type ListRow = Omit<OrderListItem, "createdAt" | "refundDue"> & { id: number; createdAt: number; refundDue: number };

export const listQuery = (db: Db, where: SQL, limit: number, offset: number) =>
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

export const countQuery = (db: Db, where: SQL) =>
  db.all<{ n: number }>(sql`select count(*) as n from orders o left join users u on u.id = o.user_id where ${where}`);

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
