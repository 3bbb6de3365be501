import { Hono } from "hono";
import { type AdminOrder, orderDetail } from "../../services/back-office/orders/admin-order-detail";
import { moveOrder } from "../../services/back-office/orders/admin-order-moves";
import { ordersCsv } from "../../services/back-office/orders/admin-orders-csv";
import { listOrders, type OrderListItem } from "../../services/back-office/orders/admin-orders-list";
import { paiseToRupees } from "../../services/catalog/pricing";
import { readBody } from "../body";
import { orderJson } from "../orders/orders-read";
import type { ApiEnv } from "../types";

/**
 * `/api/admin/orders*`: the back office's orders for tools and scripts, on the services
 * its pages use. Rupees at this edge only; the gate in admin.ts has already answered 404 to anyone
 * who is not staff (and every service checks again).
 */
export function adminOrderJson(order: AdminOrder) {
  return {
    ...orderJson(order),
    refundDue: order.refundDue,
    guest: order.guest,
    accountEmail: order.accountEmail,
    providerOrderId: order.providerOrderId,
    providerPaymentId: order.providerPaymentId,
    paidAt: order.paidAt,
    confirmedAt: order.confirmedAt,
    shippedAt: order.shippedAt,
    deliveredAt: order.deliveredAt,
    cancelledAt: order.cancelledAt,
    refundedAt: order.refundedAt,
    refundReference: order.refundReference,
    history: order.history,
  };
}

/** A row of an order list in the API's unit (rupees): the list's and the dashboard's. */
export const orderListJson = ({ totalPaise, ...o }: OrderListItem) => ({ ...o, totalAmount: paiseToRupees(totalPaise) });

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The moves that take fields (courier and tracking number, the refund's reference); the others need no body. */
const WITH_BODY = new Set(["ship", "refund"]);

export const adminOrdersApi = new Hono<ApiEnv>()
  .get("/admin/orders", async (c) => {
    const { orders, total, page, limit } = await listOrders(c.var.ctx, c.req.query());
    return c.json(
      {
        orders: orders.map(orderListJson),
        total,
        page,
        limit,
        pages: Math.max(1, Math.ceil(total / limit)),
      },
      200,
      NO_STORE,
    );
  })
  .get("/admin/orders.csv", async (c) => {
    const csv = await ordersCsv(c.var.ctx, c.req.query());
    const day = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
    });
  })
  .get("/admin/orders/:number", async (c) =>
    c.json({ order: adminOrderJson(await orderDetail(c.var.ctx, c.req.param("number"))) }, 200, NO_STORE),
  )
  .post("/admin/orders/:number/:action", async (c) => {
    const action = c.req.param("action");
    const body = WITH_BODY.has(action) ? await readBody(c) : {};
    return c.json({ order: adminOrderJson(await moveOrder(c.var.ctx, c.req.param("number"), action, body)) });
  });
