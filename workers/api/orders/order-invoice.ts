import { Hono } from "hono";
import { paiseToRupees } from "../../services/catalog/pricing";
import type { CreditNote, OrderRefund } from "../../services/orders/credit-notes";
import { herOrderDocuments } from "../../services/orders/order-invoice";
import { invoiceJson } from "../back-office/admin-invoice";
import type { ApiEnv } from "../types";
import { orderNumberFor } from "./order-path";

/**
 * `GET /api/orders/{number}/invoice` (`?key=` for a guest's order): her tax invoice, the same one the
 * back office prints, with its credit notes. 404 for anyone but the order's owner or the holder of
 * its key, 409 before the order is confirmed. Rupees at this edge only.
 */
const rupees = <T extends object>(o: T): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) =>
      k.endsWith("Paise") && typeof v === "number" ? [`${k.slice(0, -"Paise".length)}Amount`, paiseToRupees(v)] : [k, v],
    ),
  );

export const creditNoteJson = (note: CreditNote) => ({
  ...note,
  refund: rupees(note.refund),
  rows: note.rows.map(rupees),
  totals: rupees(note.totals),
});

/** A refund as the API shows it: its amount in rupees. */
export const refundJson = (refund: OrderRefund) => rupees(refund);

export const orderInvoiceApi = new Hono<ApiEnv>().get("/orders/*", async (c) => {
  const number = orderNumberFor(c.req.path, "invoice");
  if (number === undefined) return c.json({ message: "Not found" }, 404);
  const documents = await herOrderDocuments(c.var.ctx, { order: number, key: c.req.query("key") });
  return c.json({ invoice: invoiceJson(documents.invoice), creditNotes: documents.creditNotes.map(creditNoteJson) }, 200, {
    "Cache-Control": "private, no-store",
  });
});
