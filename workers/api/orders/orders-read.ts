import { Hono } from "hono";
import { paiseToRupees } from "../../services/catalog/pricing";
import { myOrders, type OrderView } from "../../services/orders/order-views";
import type { ApiEnv } from "../types";
import { refundJson } from "./order-invoice";

/**
 * An order as the API reads it (docs/product/orders.md, "The API"), in rupees at this edge only:
 * `orderId` is the shopper's order number (the row id is never shown), the payment method and statuses are the raw values (`bank`,
 * `cashOnDelivery`, `pending`...). Each item's `lineId` is what a return request names; `returns` are the
 * order's return requests (`POST /api/orders/{number}/returns`). The place and verify endpoints answer `{ order }` with it too.
 */
export function orderJson(order: OrderView) {
  return {
    orderId: String(order.orderNumber),
    orderNumber: order.orderNumber,
    items: order.lines.map((line) => ({
      lineId: line.id,
      product: line.productId === null ? null : String(line.productId),
      image: line.image?.url ?? "",
      productName: line.name,
      quantity: line.quantity,
      color: line.color,
      size: line.size,
      price: paiseToRupees(line.unitPricePaise),
    })),
    shippingInfo: { ...order.shipping },
    subtotal: paiseToRupees(order.subtotalPaise),
    discount: paiseToRupees(order.discountPaise),
    shippingCost: paiseToRupees(order.shippingPaise),
    totalAmount: paiseToRupees(order.totalPaise),
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt,
    paymentStatus: order.paymentStatus,
    orderStatus: order.orderStatus,
    couponCode: order.couponCode,
    giftEligible: order.giftEligible,
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    deliveredAt: order.deliveredAt,
    returns: order.returns,
    refunds: order.refunds.map(refundJson),
  };
}

/** `GET /api/orders/my-orders` -> `{ orders }`: the signed-in shopper's orders, newest first (401 signed out). */
export const ordersReadApi = new Hono<ApiEnv>().get("/orders/my-orders", async (c) =>
  c.json({ orders: (await myOrders(c.var.ctx)).map(orderJson) }, 200, { "Cache-Control": "private, no-store" }),
);
