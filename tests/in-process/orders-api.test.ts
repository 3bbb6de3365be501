import { describe, expect, it } from "vitest";
import { TEST_ADDRESS } from "../../tooling/accounts";
import type { ApiProduct } from "../../tooling/cart";
import { useInProcessApp } from "../support/in-process";

/**
 * A shop deployed without Razorpay keys (no RAZORPAY_* secrets): online payment is refused before
 * any order is made, and cash on delivery still works. (The Worker tests run with the stand-in's keys.)
 */
const app = useInProcessApp("orders-api");

/** A guest's order of one piece: cash on delivery, or online (`/api/payment/create-order`). */
async function guestOrder(online: boolean) {
  const list = (await (await app.request("/api/products?limit=100")).json()) as { data: ApiProduct[] };
  const product = list.data.find((p) => p.colors.length > 0 && p.sizes.some((z) => z.stock > 0))!;
  const size = product.sizes.find((z) => z.stock > 0)!;
  const res = await app.request(online ? "/api/payment/create-order" : "/api/orders/guest-place-order", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      shippingInfo: { ...TEST_ADDRESS, emailAddress: "guest-no-keys@example.com" },
      guest: true,
      items: [{ product: product._id, size: size.size, color: product.colors[0]!.name, quantity: 1 }],
    }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

describe("a shop without Razorpay keys", () => {
  it("refuses Bank / UPI / Wallets with a 503 that points to cash on delivery, and places nothing", async () => {
    const refused = await guestOrder(true);
    expect(refused.status, JSON.stringify(refused.json)).toBe(503);
    expect(refused.json).toMatchObject({
      message: "Online payment is not available right now. Please choose Cash on Delivery.",
      field: "paymentMethod",
    });
    const placed = await guestOrder(false);
    expect(placed.status).toBe(201);
    // Numbers start at 1001: the refused attempt took no number.
    expect(placed.json.order.orderNumber).toBe(1001);
  });
});
