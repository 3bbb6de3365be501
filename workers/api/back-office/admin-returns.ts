import { Hono } from "hono";
import { moveReturn } from "../../services/back-office/returns/admin-return-moves";
import { listReturns, type ReturnDetail, returnDetail } from "../../services/back-office/returns/admin-returns";
import { RETURN_ACTIONS } from "../../services/back-office/returns/admin-returns.rules";
import { paiseToRupees } from "../../services/catalog/pricing";
import type { RefundRow } from "../../services/orders/refunds";
import { AppError } from "../../services/platform/errors";
import { readBody } from "../body";
import type { ApiEnv } from "../types";

/**
 * `/api/admin/returns*`: the returns queue for tools and scripts, on the services its pages use.
 * Rupees at this edge only; the gate in admin.ts has already answered 404 to anyone who is not staff
 * (and every service checks again).
 */
const refundJson = ({ amountPaise, ...f }: RefundRow) => ({ ...f, amount: paiseToRupees(amountPaise) });

export function returnJson(r: ReturnDetail) {
  const { lines, paidPaise, refundablePaise, refunds, order, ...rest } = r;
  return {
    ...rest,
    order: { ...order, totalAmount: paiseToRupees(order.totalPaise), discountAmount: paiseToRupees(order.discountPaise) },
    lines: lines.map(({ unitPricePaise, paidPaise: paid, ...l }) => ({
      ...l,
      unitPrice: paiseToRupees(unitPricePaise),
      paid: paiseToRupees(paid),
    })),
    paidAmount: paiseToRupees(paidPaise),
    refundableAmount: paiseToRupees(refundablePaise),
    refunds: refunds.map(refundJson),
  };
}

const NO_STORE = { "Cache-Control": "private, no-store" };

export const adminReturnsApi = new Hono<ApiEnv>()
  .get("/admin/returns", async (c) => {
    const { returns, total, page, limit } = await listReturns(c.var.ctx, c.req.query());
    return c.json({ returns, total, page, limit, pages: Math.max(1, Math.ceil(total / limit)) }, 200, NO_STORE);
  })
  .get("/admin/returns/:id", async (c) => c.json({ return: returnJson(await returnDetail(c.var.ctx, c.req.param("id"))) }, 200, NO_STORE))
  .post("/admin/returns/:id/:action", async (c) => {
    // An unknown move is an unknown address, whatever its body.
    if (!(RETURN_ACTIONS as readonly string[]).includes(c.req.param("action"))) throw new AppError(404, "Not found");
    const body = await readBody(c);
    return c.json({ return: returnJson(await moveReturn(c.var.ctx, c.req.param("id"), c.req.param("action"), body)) });
  });
