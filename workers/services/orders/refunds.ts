import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { REFUND_METHODS, REFUND_SOURCES } from "../../../db/schema/orders";
import { settings } from "../content/settings";
import { financialYear } from "./gst";

/**
 * Money the shop gives back, written as one row of `refunds` per refund (docs/product/orders.md,
 * "After the purchase"): from a cancellation, a return, or a payment that came after its order
 * lapsed. Every refund the shopper is owed is made by a statement built here, inside the batch of
 * the move that makes it, so her order and her mail always show the same refunds as the books.
 *
 * A refund of an order whose tax invoice was issued gets a credit note, numbered in a series of its
 * own per financial year (`CN/2026-27/1`, then 2, ...), so the invoices less the credit notes add up
 * to what the shop kept.
 */

export type RefundSource = (typeof REFUND_SOURCES)[number];
export type RefundMethod = (typeof REFUND_METHODS)[number];

export interface RefundEntry {
  /** The order, as an SQL expression for its id (for example `(select id from orders where claim = ...)`). */
  orderId: SQL | number;
  source: RefundSource;
  amountPaise: number;
  method: RefundMethod;
  reference: string;
  returnRequestId?: SQL | number | null;
  at: Date;
  /** The row is written only when this holds (the move's own claim, as the audit entry). */
  when?: SQL;
}

/** The credit notes' prefix: the invoices' prefix with "CN" (AAN/CN/2026-27/1). */
export const creditNotePrefix = (at: Date) => `${settings.tax.invoicePrefix}/CN/${financialYear(at)}/`;

/**
 * The statement that records one refund. The credit note's number is the next in its financial
 * year's series, computed in the same statement (writes are serialised, and a unique index keeps
 * two from ever sharing one); an order with no invoice issued gets none.
 */
export function refundStatement(db: Db, entry: RefundEntry) {
  if (!Number.isSafeInteger(entry.amountPaise) || entry.amountPaise <= 0) throw new Error("A refund is a positive number of paise");
  const prefix = creditNotePrefix(entry.at);
  const orderId = typeof entry.orderId === "number" ? sql`${entry.orderId}` : entry.orderId;
  const requestId =
    entry.returnRequestId == null
      ? sql`null`
      : typeof entry.returnRequestId === "number"
        ? sql`${entry.returnRequestId}`
        : entry.returnRequestId;
  return db.run(sql`insert into refunds (order_id, return_request_id, source, amount_paise, method, reference, credit_note_number, created_at)
    select o.id, ${requestId}, ${entry.source}, ${entry.amountPaise}, ${entry.method}, ${entry.reference},
      case when o.invoice is null then null else ${prefix} || (
        select count(*) + 1 from refunds r where r.credit_note_number like ${`${prefix}%`}
      ) end,
      ${entry.at.getTime()}
    from orders o where o.id = ${orderId} and ${entry.when ?? sql`1`}`);
}

export interface RefundRow {
  id: number;
  orderId: number;
  returnRequestId: number | null;
  source: RefundSource;
  amountPaise: number;
  method: RefundMethod;
  reference: string;
  creditNoteNumber: string | null;
  /** ISO time. */
  createdAt: string;
}

/** The refunds of the orders `where` picks (on `orders o`), oldest first, for a read batch. */
export const refundsQuery = (db: Db, where: SQL) =>
  db.all<Omit<RefundRow, "createdAt"> & { createdAt: number }>(sql`select r.id, r.order_id as orderId,
      r.return_request_id as returnRequestId, r.source, r.amount_paise as amountPaise, r.method, r.reference,
      r.credit_note_number as creditNoteNumber, r.created_at as createdAt
    from refunds r join orders o on o.id = r.order_id where ${where} order by r.id`);

export const toRefundRows = (rows: readonly (Omit<RefundRow, "createdAt"> & { createdAt: number })[]): RefundRow[] =>
  rows.map((r) => ({ ...r, createdAt: new Date(Number(r.createdAt)).toISOString() }));
