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
