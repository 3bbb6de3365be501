import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, type TestUser } from "../support/accounts";
import { insertOrder, newOrderKey, removeOrders, SHIPPING, type TestOrder } from "../support/orders";

/**
 * Orders as shoppers see them (issue 11 items 6 and 8): `GET /api/orders/my-orders`, the thank-you
 * page and My Orders, over orders written straight into the test database.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const url = (path: string) => new URL(path, base);
const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

interface ProductJson {
  _id: string;
  productName: string;
  slug: string;
  category: { name: string };
  media: { type: string; url: string }[];
}

interface OrderJson {
  orderId: string;
  orderNumber: number;
  items: { product: string | null; image: string; productName: string; quantity: number; color: string; size: string; price: number }[];
  shippingInfo: typeof SHIPPING;
  subtotal: number;
  discount: number;
  shippingCost: number;
  totalAmount: number;
  paymentMethod: string;
  createdAt: string;
  paymentStatus: string;
  orderStatus: string;
  couponCode: string | null;
  giftEligible: boolean;
}

let products: ProductJson[];
let asha: TestUser;
let meera: TestUser;
const made: number[] = [];

async function order(o: TestOrder) {
  const placed = await insertOrder(dbUrl, o);
  made.push(placed.id);
  return placed;
}

const line = (p: ProductJson, overrides: Partial<TestOrder["lines"][number]> = {}) => ({
  productId: Number(p._id),
  name: p.productName,
  color: "Rani Pink",
  size: "M",
  quantity: 1,
  unitPricePaise: 1299_00,
  ...overrides,
});

async function myOrdersOf(user: TestUser): Promise<OrderJson[]> {
  const res = await fetch(url("/api/orders/my-orders"), { headers: bearer(user) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { orders: OrderJson[] }).orders;
}

beforeAll(async () => {
  products = ((await (await fetch(url("/api/products?limit=3"))).json()) as { data: ProductJson[] }).data;
  [asha, meera] = await Promise.all([createUser(base, "orders-asha", "Asha Verma"), createUser(base, "orders-meera", "Meera Sharma")]);
});

afterAll(async () => {
  await removeOrders(dbUrl, made);
});

describe("GET /api/orders/my-orders", () => {
  it("answers 401 signed out and for a broken token", async () => {
    expect((await fetch(url("/api/orders/my-orders"))).status).toBe(401);
    expect((await fetch(url("/api/orders/my-orders"), { headers: { Authorization: "Bearer nope" } })).status).toBe(401);
  });

  it("is an empty list for a shopper with no orders", async () => {
    const fresh = await createUser(base, "orders-none");
    expect(await myOrdersOf(fresh)).toEqual([]);
  });

  it("lists only her own orders, newest first, in SPEC §3 'Order, as read' shape with rupees", async () => {
    const [p1, p2] = products as [ProductJson, ProductJson];
    const older = await order({
      userId: Number(asha.id),
      lines: [line(p1, { quantity: 2, unitPricePaise: 999_50 })],
      createdAt: new Date("2026-11-20T10:00:00Z"),
    });
    const newer = await order({
      userId: Number(asha.id),
      paymentMethod: "bank",
      paymentStatus: "paid",
      orderStatus: "confirmed",
      couponCode: "WELCOME10",
      discountPaise: 259_80,
      giftEligible: true,
      lines: [line(p1, { size: "L" }), line(p2, { color: "Indigo", size: "S", unitPricePaise: 1299_00 })],
      createdAt: new Date("2026-11-25T10:00:00Z"),
    });
    await order({ userId: Number(meera.id), lines: [line(p2)] });

    const orders = await myOrdersOf(asha);
    expect(orders.map((o) => o.orderNumber)).toEqual([newer.orderNumber, older.orderNumber]);
    const [latest, first] = orders as [OrderJson, OrderJson];
    expect(latest).toEqual({
      orderId: String(newer.orderNumber),
      orderNumber: newer.orderNumber,
      items: [
        {
          product: p1._id,
          image: p1.media.find((m) => m.type === "image")?.url ?? "",
          productName: p1.productName,
          quantity: 1,
          color: "Rani Pink",
          size: "L",
          price: 1299,
        },
        {
          product: p2._id,
          image: p2.media.find((m) => m.type === "image")?.url ?? "",
          productName: p2.productName,
          quantity: 1,
          color: "Indigo",
          size: "S",
          price: 1299,
        },
      ],
      shippingInfo: SHIPPING,
      subtotal: 2598,
      discount: 259.8,
      shippingCost: 100,
      totalAmount: 2438.2,
      paymentMethod: "bank",
      createdAt: "2026-11-25T10:00:00.000Z",
      paymentStatus: "paid",
      orderStatus: "confirmed",
      couponCode: "WELCOME10",
      giftEligible: true,
    });
    expect(latest.items[0]!.image).not.toBe("");
    expect(first).toMatchObject({
      paymentMethod: "cashOnDelivery",
      paymentStatus: "pending",
      orderStatus: "placed",
      subtotal: 1999,
      totalAmount: 2099,
    });
    expect(first.items).toMatchObject([{ quantity: 2, price: 999.5 }]);

    // Meera sees only hers.
    const hers = await myOrdersOf(meera);
    expect(hers).toHaveLength(1);
    expect(hers[0]!.orderNumber).not.toBe(newer.orderNumber);
  });

  it("keeps a line whose product was deleted: its stored name and picture, no product", async () => {
    const user = await createUser(base, "orders-gone");
    await order({
      userId: Number(user.id),
      lines: [
        {
          productId: null,
          name: "Old Leheriya Kurti",
          color: "Teal",
          size: "XL",
          quantity: 3,
          unitPricePaise: 500_00,
          image: "/media/old.webp",
        },
      ],
    });
    const [o] = await myOrdersOf(user);
    expect(o!.items).toEqual([
      { product: null, image: "/media/old.webp", productName: "Old Leheriya Kurti", quantity: 3, color: "Teal", size: "XL", price: 500 },
    ]);
  });

  it("is never stored by a cache", async () => {
    const res = await fetch(url("/api/orders/my-orders"), { headers: bearer(asha) });
    expect(res.headers.get("Cache-Control")).toContain("no-store");
  });
});
