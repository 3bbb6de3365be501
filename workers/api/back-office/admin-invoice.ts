import { Hono } from "hono";
import { type Invoice, orderInvoice } from "../../services/back-office/orders/admin-invoice";
import { paiseToRupees } from "../../services/catalog/pricing";
import type { ApiEnv } from "../types";

/**
 * `GET /api/admin/orders/:number/invoice`: an order's tax invoice for tools and scripts,
 * on the service the invoice page uses. Rupees at this edge only (each `...Paise` figure becomes an
 * `...Amount` in rupees); 409 for an order that has no invoice (not confirmed yet, or cancelled).
 */
const rupees = <T extends object>(o: T): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) =>
      k.endsWith("Paise") && typeof v === "number" ? [`${k.slice(0, -"Paise".length)}Amount`, paiseToRupees(v)] : [k, v],
    ),
  );

export function invoiceJson(invoice: Invoice) {
  return {
    ...invoice,
    lines: invoice.lines.map(rupees),
    delivery: invoice.delivery && rupees(invoice.delivery),
    totals: rupees(invoice.totals),
    rule: rupees(invoice.rule),
  };
}

export const adminInvoiceApi = new Hono<ApiEnv>().get("/admin/orders/:number/invoice", async (c) =>
  c.json({ invoice: invoiceJson(await orderInvoice(c.var.ctx, c.req.param("number"))) }, 200, { "Cache-Control": "private, no-store" }),
);
