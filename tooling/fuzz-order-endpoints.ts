/** The shop's order endpoints as the fuzz spoils them: her orders, cancelling and returns, placing and paying. */
import { TEST_ADDRESS } from "./accounts";
import { type Endpoint, segment, token43 } from "./fuzz-model";

/**
 * Her orders, cancelling and returns, placing an order, payments and the order's page; the fuzz
 * takes them after SHOP_ENDPOINT_LIST (fuzz-shop-endpoints.ts), in this order, so a seed gives the
 * same requests as when the two lists were one.
 */
export const ORDER_ENDPOINT_LIST: Endpoint[] = [
  { method: "GET", path: "/api/orders/my-orders" },
  // Returns: the lines are always broken (and the fuzzer has no delivered order), so nothing is asked for.
  {
    method: "POST",
    path: "/api/orders/:number/returns",
    fill: (r) => `/api/orders/${segment(r, r.pick(["1", "2", "999999999"]))}/returns`,
    fields: {
      lines: () => [{ orderLineId: 1, quantity: 1, exchangeSize: "M" }],
      reason: (r) => r.pick(["too-small", "too-large", "damaged"]),
      kind: (r) => r.pick(["refund", "exchange"]),
      key: (r) => token43(r),
    },
    mustBreak: ["lines"],
  },
  {
    method: "POST",
    path: "/my-orders/:number/return",
    page: true,
    fill: (r) => `/my-orders/${segment(r, r.pick(["1", "2", "999999999"]))}/return`,
    fields: {
      line: () => "1",
      "quantity-1": () => "1",
      reason: (r) => r.pick(["too-small", "damaged"]),
      "choice-1": (r) => r.pick(["refund", "exchange"]),
      "size-1": () => "M",
    },
    mustBreak: ["line"],
  },
  // Cancelling: numbers no order has (the fuzzer's own orders stay as they are), keys of nobody.
  {
    method: "POST",
    path: "/api/orders/:number/cancel",
    fill: (r) => `/api/orders/${segment(r, r.pick(["999999999", "0", "123456789012"]))}/cancel`,
    fields: { key: token43 },
  },
  {
    method: "POST",
    path: "/my-orders",
    page: true,
    fields: { intent: () => "cancel", order: () => "999999999", key: token43 },
    mustBreak: ["order"],
  },
  // Orders: the address or the lines are always broken, so nothing is placed (and the fuzzer's cart is
  // empty, so a placing without a Buy Now line finds nothing to buy).
  ...["/api/orders/place", "/api/orders/guest-place-order", "/api/payment/create-order"].map(
    (path): Endpoint => ({
      method: "POST",
      path,
      fields: {
        shippingInfo: () => TEST_ADDRESS,
        paymentMethod: (r) => r.pick(["cashOnDelivery", "bank", "upi"]),
        buyNow: (r) => r.chance(0.7),
        guest: (r) => r.chance(0.5),
        items: (_r, t) => [t.buyableItem],
        coupon_code: (r) => r.pick(["WELCOME10", "FLAT200", "MONSOON25", ""]),
        checkoutKey: token43,
        saveAddress: (r) => r.chance(0.5),
      },
      mustBreak: ["shippingInfo", "items"],
    }),
  ),
  {
    method: "POST",
    path: "/api/coupons/apply",
    fields: { coupon_code: (r) => r.pick(["WELCOME10", "FLAT200", "MONSOON25", " welcome10 "]), items: (_r, t) => [t.buyableItem] },
  },
  // Made-up payments and webhooks: no signature the fuzzer sends can be right.
  {
    method: "POST",
    path: "/api/payment/verify-payment",
    fields: {
      razorpay_order_id: (r) => `order_${token43(r).slice(0, 14)}`,
      razorpay_payment_id: (r) => `pay_${token43(r).slice(0, 14)}`,
      razorpay_signature: () => "a".repeat(64),
    },
  },
  {
    method: "POST",
    path: "/api/payment/webhook",
    fields: {
      event: (r) => r.pick(["payment.captured", "order.paid", "payment.failed"]),
      payload: (r) => ({ payment: { entity: { id: `pay_${token43(r).slice(0, 14)}`, order_id: "order_x", amount: 100 } } }),
    },
  },
  // Another shopper's order, a wrong or odd key, an odd number: all the same 404 (or sign-in first).
  { method: "GET", path: "/thankyou", query: ["order", "key"] },
];
