import { randomBytes } from "node:crypto";
import type { Client } from "@libsql/client";
import { TEST_ADDRESS } from "../../tooling/accounts";

/** One size and colour of a product, as a Buy Now line names it. */
export interface BuyNowItem {
  product: { _id: string };
  size: string;
  color: string;
}

/** The body of a Buy Now order paid cash on delivery: `quantity` pieces of `item` for `buyer`, with `coupon` when given. */
export const codBuyNowBody = (item: BuyNowItem, buyer: { name: string; email: string }, quantity: number, coupon?: string | null) => ({
  shippingInfo: { ...TEST_ADDRESS, fullName: buyer.name, emailAddress: buyer.email },
  paymentMethod: "cashOnDelivery",
  buyNow: true,
  items: [{ product: item.product._id, size: item.size, color: item.color, quantity }],
  ...(coupon ? { coupon_code: coupon } : {}),
});

/** Adds a 10% coupon, usable 1000 times, with this code (a file's own, so its use count is the file's). */
export const addTenPercentCoupon = (db: Client, code: string) =>
  db.execute({
    sql: "insert into coupons (code, discount_type, discount_value, usage_limit) values (?, 'percentage', 10, 1000)",
    args: [code],
  });

/** A coupon code of the file's own (`prefix` and six random letters), so no other file's orders count against it. */
export const couponCode = (prefix: string) => `${prefix}${randomBytes(3).toString("hex").toUpperCase()}`;

/** Shipment details a courier could not act on (no courier, no tracking number, a blank one, a control character): each a 400. */
export const UNUSABLE_SHIPMENTS = [
  {},
  { courier: "Delhivery" },
  { courier: "Delhivery", trackingNumber: "  " },
  { courier: "D\u0000x", trackingNumber: "AB1234" },
] as const;
