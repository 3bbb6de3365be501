import { createHash, randomBytes } from "node:crypto";
import { createClient } from "@libsql/client";

/**
 * Orders written straight into the test database (the order service has its own tests): what the
 * thank-you page, My Orders and the order API read. Each gets the next order number; `removeOrders`
 * takes them out again, so the shared database's numbering and gift count are as they were.
 */
export interface TestOrderLine {
  productId: number | null;
  name: string;
  color: string;
  size: string;
  quantity: number;
  unitPricePaise: number;
  originalUnitPricePaise?: number;
  image?: string;
}

export interface TestOrder {
  userId?: number | null;
  /** A guest order's link key: its SHA-256 is stored as the access hash. */
  key?: string | null;
  paymentMethod?: "bank" | "cashOnDelivery";
  paymentStatus?: "pending" | "paid" | "failed" | "refunded";
  orderStatus?: "placed" | "confirmed" | "shipped" | "delivered" | "cancelled";
  discountPaise?: number;
  shippingPaise?: number;
  couponCode?: string | null;
  giftEligible?: boolean;
  /** Paid after it expired with its stock gone: the shop owes a refund. */
  refundDue?: boolean;
  createdAt?: Date;
  shipping?: Partial<typeof SHIPPING>;
  lines: TestOrderLine[];
}

export const SHIPPING = {
  fullName: "Asha Verma",
  streetAddress: "Near Shiv Mandir",
  apartment: "Flat 4B, Kavi Nagar",
  townCity: "Ghaziabad",
  state: "Uttar Pradesh",
  zipcode: "201002",
  phoneNumber: "9810012345",
  emailAddress: "asha@example.com",
};

/** A key as the order service makes them (32 random bytes, base64url). */
export const newOrderKey = () => randomBytes(32).toString("base64url");

export async function insertOrder(dbUrl: string, order: TestOrder): Promise<{ id: number; orderNumber: number }> {
  const db = createClient({ url: dbUrl });
  const subtotal = order.lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
  const shipping = order.shippingPaise ?? (subtotal > 0 ? 100_00 : 0);
  const discount = order.discountPaise ?? 0;
  const ship = { ...SHIPPING, ...order.shipping };
  // One batch (one transaction): the lines find their order by its checkout key.
  const checkoutKey = `test-${randomBytes(12).toString("hex")}`;
  try {
    const [inserted] = await db.batch(
      [
        {
          sql: `INSERT INTO orders (order_number, user_id, guest_email, payment_method, payment_status, order_status,
          subtotal_paise, discount_paise, shipping_paise, total_paise, coupon_code, gift_eligible,
          ship_full_name, ship_street_address, ship_apartment, ship_town_city, ship_state, ship_zipcode, ship_phone_number,
          ship_email_address, access_hash, checkout_key, refund_due, created_at)
          VALUES ((SELECT coalesce(max(order_number), 0) + 1 FROM orders), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          RETURNING id, order_number`,
          args: [
            order.userId ?? null,
            order.userId ? null : ship.emailAddress,
            order.paymentMethod ?? "cashOnDelivery",
            order.paymentStatus ?? "pending",
            order.orderStatus ?? "placed",
            subtotal,
            discount,
            shipping,
            Math.max(0, subtotal - discount) + shipping,
            order.couponCode ?? null,
            order.giftEligible ? 1 : 0,
            ship.fullName,
            ship.streetAddress,
            ship.apartment,
            ship.townCity,
            ship.state,
            ship.zipcode,
            ship.phoneNumber,
            ship.emailAddress,
            order.key ? createHash("sha256").update(order.key).digest("hex") : null,
            checkoutKey,
            order.refundDue ? 1 : 0,
            (order.createdAt ?? new Date()).getTime(),
          ],
        },
        ...order.lines.map((l) => ({
          sql: `INSERT INTO order_lines (order_id, product_id, product_name, image, color, size, quantity, unit_price_paise, original_unit_price_paise)
            SELECT id, ?, ?, ?, ?, ?, ?, ?, ? FROM orders WHERE checkout_key = ?`,
          args: [
            l.productId,
            l.name,
            l.image ?? "",
            l.color,
            l.size,
            l.quantity,
            l.unitPricePaise,
            l.originalUnitPricePaise ?? l.unitPricePaise,
            checkoutKey,
          ],
        })),
      ],
      "write",
    );
    return { id: Number(inserted!.rows[0]!.id), orderNumber: Number(inserted!.rows[0]!.order_number) };
  } finally {
    db.close();
  }
}

export async function removeOrders(dbUrl: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const db = createClient({ url: dbUrl });
  try {
    await db.execute({ sql: `DELETE FROM orders WHERE id IN (${ids.map(() => "?").join(",")})`, args: ids });
  } finally {
    db.close();
  }
}
