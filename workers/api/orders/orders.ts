import { type Context, Hono } from "hono";
import { paiseToRupees } from "../../services/catalog/pricing";
import { confirmPayment, paymentWebhook, startPayment } from "../../services/orders/order-payments";
import { type PlacedOrder, placeOrder } from "../../services/orders/order-placing";
import { applyCoupon, type CheckoutInput } from "../../services/orders/order-quote";
import { readBody } from "../body";
import type { ApiEnv } from "../types";
import { orderJson } from "./orders-read";

/**
 * Checkout over the API (docs/product/orders.md): cash-on-delivery orders, signed in and guest, coupons and the
 * Razorpay payment calls, all through the order service (workers/services/orders/order-quote.ts, order-placing.ts, order-payments.ts), which the
 * checkout page's action calls too. The payload's `shippingCost` and `totalAmount`, and any price or
 * name in `items`, are never read: the server computes every figure.
 */

/** The API's order payload as the order service takes it; `Idempotency-Key` may name the checkout. */
function checkoutInput(c: Context<ApiEnv>, body: Record<string, unknown>, extra: Partial<CheckoutInput>): CheckoutInput {
  return {
    shippingInfo: body.shippingInfo,
    paymentMethod: body.paymentMethod,
    couponCode: body.coupon_code,
    checkoutKey: body.checkoutKey ?? c.req.header("Idempotency-Key"),
    items: body.items,
    buyNow: body.buyNow === true,
    saveAddress: body.saveAddress === true,
    ...extra,
  };
}

const placedJson = (placed: PlacedOrder) => ({ order: { ...orderJson(placed.order), accessKey: placed.accessKey ?? undefined } });

const paymentJson = (placed: PlacedOrder) => {
  const p = placed.payment;
  return {
    id: p?.id ?? null,
    amount: p?.amount ?? placed.order.totalPaise,
    currency: p?.currency ?? "INR",
    key: p?.key ?? null,
    orderNumber: placed.order.orderNumber,
    ...placedJson(placed),
  };
};

export const ordersApi = new Hono<ApiEnv>()
  .post("/orders/place", async (c) => {
    const placed = await placeOrder(c.var.ctx, checkoutInput(c, await readBody(c), { paymentMethod: "cashOnDelivery" }));
    return c.json(placedJson(placed), 201);
  })
  .post("/orders/guest-place-order", async (c) => {
    const placed = await placeOrder(
      c.var.ctx,
      checkoutInput(c, await readBody(c), { paymentMethod: "cashOnDelivery", guest: true, buyNow: false }),
    );
    return c.json(placedJson(placed), 201);
  })
  .post("/coupons/apply", async (c) => {
    const body = await readBody(c);
    const { coupon, totals } = await applyCoupon(c.var.ctx, {
      couponCode: body.coupon_code,
      items: body.items,
      buyNow: body.buyNow === true,
      guest: body.guest === true,
    });
    return c.json({
      success: true,
      message: `Coupon ${coupon.code} applied.`,
      coupon: {
        code: coupon.code,
        discount_type: coupon.discountType,
        // A percentage in whole percent, a flat value in rupees (docs/product/orders.md).
        discount_value: coupon.discountType === "percentage" ? coupon.discountValue : paiseToRupees(coupon.discountValue),
        discount: paiseToRupees(coupon.discountPaise),
      },
      totals: {
        subtotal: paiseToRupees(totals.subtotalPaise),
        discount: paiseToRupees(totals.discountPaise),
        shippingCost: paiseToRupees(totals.shippingPaise),
        totalAmount: paiseToRupees(totals.totalPaise),
      },
    });
  })
  .post("/payment/create-order", async (c) => {
    const body = await readBody(c);
    // Paying an order already made and still waiting for its payment: `{ orderNumber, key? }` (a guest's link key).
    if (body.orderNumber !== undefined) {
      const { order, payment } = await startPayment(c.var.ctx, { order: body.orderNumber, key: body.key });
      return c.json(paymentJson({ order, payment, accessKey: null }), 200);
    }
    const placed = await placeOrder(c.var.ctx, checkoutInput(c, body, { paymentMethod: "bank", guest: body.guest === true }));
    return c.json(paymentJson(placed), 201);
  })
  .post("/payment/verify-payment", async (c) => {
    const { order, accessKey } = await confirmPayment(c.var.ctx, await readBody(c));
    return c.json({ success: true, order: { ...orderJson(order), accessKey: accessKey ?? undefined } });
  })
  .post("/payment/webhook", async (c) => {
    const raw = await c.req.text();
    const result = await paymentWebhook(c.var.ctx, raw, {
      signature: c.req.header("X-Razorpay-Signature"),
      eventId: c.req.header("X-Razorpay-Event-Id"),
    });
    return c.json({ ok: true, ...result });
  });
