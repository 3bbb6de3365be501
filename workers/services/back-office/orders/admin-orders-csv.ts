import { sql } from "drizzle-orm";
import { formatRupees } from "../../catalog/pricing";
import type { ServiceContext } from "../../platform/context";
import { CSV_AMOUNT, csvFile } from "../../platform/csv";
import { AppError } from "../../platform/errors";
import { indiaSortable } from "../../platform/india-time.rules";
import { readAll } from "../../platform/read-batch";
import { parseInput } from "../../platform/validate";
import { requireStaff } from "../staff";
import { countQuery, listQuery, listQuerySchema, listWhere, toListItem } from "./admin-orders-list";

/**
 * The most orders one CSV export carries: more than that match and the export is refused with the
 * count and a way to narrow it (a period), rather than cut short without a word.
 */
export const ORDERS_CSV_MAX = 50_000;
/** The export reads the list in pages of this many rows (one round trip each). */
const ORDERS_CSV_PAGE = 2_000;

/** Why `count` matching orders cannot be exported at once, or null when they can (the API and the list page both ask). */
export const csvRefusal = (count: number): string | null =>
  count > ORDERS_CSV_MAX
    ? `${count.toLocaleString("en-IN")} orders match: an export carries at most ${ORDERS_CSV_MAX.toLocaleString("en-IN")}. Choose a shorter period (From and To) and export each.`
    : null;

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
    .map((o) => [
      o.orderNumber,
      indiaSortable(o.createdAt),
      o.fullName,
      o.email,
      o.phone,
      o.itemsCount,
      formatRupees(o.totalPaise, CSV_AMOUNT),
      o.paymentMethod,
      o.refundDue ? `${o.paymentStatus} (refund due)` : o.paymentStatus,
      o.orderStatus,
    ]);
  return csvFile(header, lines);
}
