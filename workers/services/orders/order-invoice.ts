import { z } from "zod";
import { type Invoice, invoiceOf, readInvoice } from "../back-office/orders/admin-invoice";
import { requireStaff } from "../back-office/staff";
import type { ServiceContext } from "../platform/context";
import { sha256Hex } from "../platform/crypto";
import { AppError, notFound } from "../platform/errors";
import { type CreditNote, creditNotesOf, type OrderRefund } from "./credit-notes";
import { invoiceMessages } from "./order-invoice.rules";
import { mayViewOrder, ORDER_NOT_FOUND, parseOrderAccess, parseOrderNumber, toOrderViews } from "./order-views";

/**
 * Her tax invoice and credit notes (docs/product/after-the-purchase.md, "Her tax invoice"): the same
 * invoice the back office prints (issued once, at confirmation, and kept on the order), shown to the
 * order's owner signed in or to whoever holds a guest order's link key. Anyone else gets the same 404
 * as for an order that does not exist, so no order number is given away; a visitor who may see the
 * order but whose order has no invoice yet gets 409 with the reason. The visitor's check and every
 * read travel in one round trip.
 */

export interface OrderDocuments {
  invoice: Invoice;
  /** One per refund made after the invoice was issued, oldest first. */
  creditNotes: CreditNote[];
  refunds: OrderRefund[];
}

/**
 * The documents once `may` says the visitor may see the order. The reads start at once, beside the
 * visitor's check, so both travel in the request's one round trip.
 */
async function documentsFor(
  ctx: ServiceContext,
  orderNumber: number,
  may: (row: Parameters<typeof mayViewOrder>[0]) => boolean | Promise<boolean>,
): Promise<OrderDocuments> {
  const read = await readInvoice(ctx, orderNumber);
  const row = read.rows[0];
  if (!row || !(await may(row))) throw notFound(invoiceMessages.notFound);
  const [order] = toOrderViews(read.rows);
  const invoice = invoiceOf(order!, read);
  return { invoice, creditNotes: creditNotesOf(invoice, order!.refunds), refunds: order!.refunds };
}

/** Her order's invoice and credit notes: `order` is its number, `key` a guest link's key (or nothing when signed in). */
export async function herOrderDocuments(ctx: ServiceContext, input: { order: unknown; key: unknown }): Promise<OrderDocuments> {
  let parsed: { order: number; key: string | null };
  try {
    parsed = parseOrderAccess(input);
  } catch {
    // A malformed number or key names no order she can see: the same answer as anyone else's.
    throw notFound(invoiceMessages.notFound);
  }
  const { order, key } = parsed;
  // Started before anything is awaited: the session check and the order's reads share one batch.
  const who = Promise.all([ctx.user(), key === null ? null : sha256Hex(key)]);
  who.catch(() => {});
  return documentsFor(ctx, order, async (row) => {
    const [user, keyHash] = await who;
    return mayViewOrder(row, user, keyHash);
  });
}

/** The n-th credit note (from 1) among the documents, or 404. */
export function creditNoteAt(documents: OrderDocuments, positionInput: unknown): CreditNote {
  const position = z.coerce.number().int().min(1).max(10_000).safeParse(positionInput);
  const note = position.success ? documents.creditNotes.find((c) => c.position === position.data) : undefined;
  if (!note) throw notFound(invoiceMessages.creditNoteNotFound);
  return note;
}

/** An order's invoice and credit notes for the back office (anyone but staff: 404). */
export async function adminOrderDocuments(ctx: ServiceContext, numberInput: unknown): Promise<OrderDocuments> {
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  const orderNumber = parseOrderNumber(numberInput);
  const documents = documentsFor(ctx, orderNumber, () => true).catch((error) => {
    if (error instanceof AppError && error.status === 404) throw new AppError(404, ORDER_NOT_FOUND);
    throw error;
  });
  documents.catch(() => {});
  // Staff first: anyone else learns nothing, not even whether the order has an invoice.
  await staff;
  return documents;
}
