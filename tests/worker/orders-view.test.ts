import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, type TestUser } from "../../tooling/accounts";
import { insertOrder, newOrderKey, removeOrders, SHIPPING, type TestOrder } from "../../tooling/orders";
import { roundTripsOf } from "../support/round-trips";

/**
 * Orders as shoppers see them: `GET /api/orders/my-orders`, the thank-you
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
  items: {
    lineId: number;
    product: string | null;
    image: string;
    productName: string;
    quantity: number;
    color: string;
    size: string;
    price: number;
  }[];
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
  courier: string | null;
  trackingNumber: string | null;
  deliveredAt: string | null;
  returns: unknown[];
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

  it("lists only her own orders, newest first, in the API's order shape with rupees", async () => {
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
          lineId: expect.any(Number),
          product: p1._id,
          image: p1.media.find((m) => m.type === "image")?.url ?? "",
          productName: p1.productName,
          quantity: 1,
          color: "Rani Pink",
          size: "L",
          price: 1299,
        },
        {
          lineId: expect.any(Number),
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
      // Not shipped yet: no courier, no tracking number.
      courier: null,
      trackingNumber: null,
      // Not delivered: no returns window yet, no return requests.
      deliveredAt: null,
      returns: [],
      // Nothing given back on it.
      refunds: [],
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
      {
        lineId: expect.any(Number),
        product: null,
        image: "/media/old.webp",
        productName: "Old Leheriya Kurti",
        quantity: 3,
        color: "Teal",
        size: "XL",
        price: 500,
      },
    ]);
  });

  it("is never stored by a cache", async () => {
    const res = await fetch(url("/api/orders/my-orders"), { headers: bearer(asha) });
    expect(res.headers.get("Cache-Control")).toContain("no-store");
  });
});

const cookieOf = (user: TestUser) => ({ Cookie: `aanchal_session=${user.token}` });
const get = (path: string, headers: Record<string, string> = {}) => fetch(url(path), { redirect: "manual", headers });
/** The page's text as a shopper reads it (React writes an apostrophe as &#x27;). */
const textOf = async (res: Response) => (await res.text()).replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("<!-- -->", "");
const NOT_FOUND = "Order not found.";
const GIFT = "Your order is among our first 100: a complimentary gift comes with it.";

describe("the thank-you page", () => {
  let mine: { id: number; orderNumber: number };
  let guest: { id: number; orderNumber: number };
  let otherGuest: { id: number; orderNumber: number };
  const key = newOrderKey();
  const otherKey = newOrderKey();

  beforeAll(async () => {
    const [p1, p2] = products as [ProductJson, ProductJson];
    mine = await order({
      userId: Number(asha.id),
      couponCode: "WELCOME10",
      discountPaise: 359_80,
      giftEligible: true,
      lines: [line(p1, { quantity: 2, unitPricePaise: 1299_00 }), line(p2, { color: "Indigo", size: "XL", unitPricePaise: 1000_00 })],
    });
    guest = await order({
      key,
      paymentMethod: "bank",
      paymentStatus: "paid",
      shipping: { fullName: "Guest Gauri", emailAddress: "gauri@example.com" },
      lines: [line(p2, { size: "S", unitPricePaise: 899_00 })],
    });
    otherGuest = await order({ key: otherKey, lines: [line(p1)] });
  });

  it("shows her order: step 3, number, lines, address, delivery, discount, total, payment method, gift note, My Orders", async () => {
    const res = await get(`/thankyou?order=${mine.orderNumber}`, cookieOf(asha));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await textOf(res);
    expect(html).toMatch(/<li class="is-current" aria-current="step">.*Order complete/);
    expect(html).toContain(`#${mine.orderNumber}`);
    expect(html).toContain("Thank you for your order!");
    const [p1, p2] = products as [ProductJson, ProductJson];
    for (const p of [p1, p2]) expect(html).toContain(p.productName);
    expect(html).toContain("Rani Pink");
    expect(html).toContain("Indigo");
    expect(html).toContain("XL");
    expect(html).toContain("₹2,598"); // 2 x 1,299
    expect(html).toContain("₹3,598"); // items
    expect(html).toContain("Discount (WELCOME10)");
    expect(html).toContain("−₹359.80");
    expect(html).toContain("₹100"); // delivery
    expect(html).toContain("₹3,338.20"); // total
    expect(html).toContain("Cash on Delivery");
    expect(html).toContain("Pay on delivery");
    expect(html).toContain(GIFT);
    for (const part of Object.values(SHIPPING)) expect(html).toContain(part);
    expect(html).toContain('href="/my-orders"');
    expect(html).toContain('href="/all-products"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("shows no discount line and no gift note when there was neither", async () => {
    const html = await textOf(await get(`/thankyou?order=${guest.orderNumber}&key=${key}`));
    expect(html).toContain(`#${guest.orderNumber}`);
    expect(html).not.toContain("Discount");
    expect(html).not.toContain(GIFT);
    expect(html).toContain("Bank / UPI / Wallets");
    expect(html).toContain("Paid");
    expect(html).toContain("Guest Gauri");
    // Signed out: no My Orders link in the page's actions, a way back to the shop.
    expect(html).not.toContain('class="button button--primary" href="/my-orders"');
    expect(html).toContain("Continue shopping");
  });

  it("costs one database round trip, the session check included", async () => {
    expect(await roundTripsOf(`/thankyou?order=${mine.orderNumber}`, cookieOf(asha))).toMatchObject({ status: 200, trips: 1 });
    expect(await roundTripsOf(`/thankyou?order=${guest.orderNumber}&key=${key}`)).toMatchObject({ status: 200, trips: 1 });
  });

  it("answers another shopper's order exactly like a missing one", async () => {
    const other = await get(`/thankyou?order=${mine.orderNumber}`, cookieOf(meera));
    const missing = await get("/thankyou?order=987654321", cookieOf(meera));
    expect(other.status).toBe(404);
    expect(missing.status).toBe(404);
    const [a, b] = [await textOf(other), await textOf(missing)];
    expect(a).toContain(NOT_FOUND);
    expect(b).toContain(NOT_FOUND);
    expect(a).not.toContain("Asha Verma");
    expect(a).not.toContain(SHIPPING.phoneNumber);
    // The very same page: nothing in it says the order exists.
    const plain = (html: string) => html.replace(/nonce="[^"]*"/g, "");
    expect(plain(a)).toBe(plain(b));
  });

  it("opens a guest's order with its key, signed out or signed in as anyone", async () => {
    expect((await get(`/thankyou?order=${guest.orderNumber}&key=${key}`)).status).toBe(200);
    expect((await get(`/thankyou?order=${guest.orderNumber}&key=${key}`, cookieOf(meera))).status).toBe(200);
  });

  it.each([
    ["a wrong key", (g: number) => `/thankyou?order=${g}&key=${"A".repeat(43)}`],
    ["another order's key", (g: number) => `/thankyou?order=${g}&key=${otherKey}`],
    ["a key too long", (g: number) => `/thankyou?order=${g}&key=${"A".repeat(65)}`],
    ["a key with odd characters", (g: number) => `/thankyou?order=${g}&key=${encodeURIComponent("abc$%^&*()")}`],
    ["no order number", () => "/thankyou"],
    ["an order number that is not digits", () => `/thankyou?order=1e3&key=${key}`],
    ["an order number too long", () => `/thankyou?order=${"9".repeat(40)}&key=${key}`],
  ])("is the same 404 with %s", async (_case, path) => {
    const res = await get(path(guest.orderNumber));
    expect(res.status).toBe(404);
    const html = await textOf(res);
    expect(html).toContain(NOT_FOUND);
    expect(html).not.toContain("Guest Gauri");
  });

  it("is a 404 for a guest's order without its key, even signed in", async () => {
    const res = await get(`/thankyou?order=${guest.orderNumber}`, cookieOf(asha));
    expect(res.status).toBe(404);
    expect(await textOf(res)).not.toContain("Guest Gauri");
    expect((await get(`/thankyou?order=${otherGuest.orderNumber}&key=${key}`)).status).toBe(404);
  });

  it("sends a signed-out visitor without a key to sign in, and back", async () => {
    const res = await get(`/thankyou?order=${mine.orderNumber}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/signin?redirect=${encodeURIComponent(`/thankyou?order=${mine.orderNumber}`)}`);
  });

  it("says when the payment must be refunded, or the order was cancelled, without the gift note", async () => {
    const refund = await order({
      userId: Number(asha.id),
      paymentMethod: "bank",
      paymentStatus: "paid",
      refundDue: true,
      giftEligible: true,
      lines: [line(products[0]!)],
    });
    const refundPage = await textOf(await get(`/thankyou?order=${refund.orderNumber}`, cookieOf(asha)));
    expect(refundPage).toContain("We are refunding your payment");
    expect(refundPage).toContain("Paid, refund due");
    expect(refundPage).not.toContain(GIFT);
    expect(refundPage).not.toContain("Thank you for your order!");
    const cancelled = await order({ userId: Number(asha.id), orderStatus: "cancelled", giftEligible: true, lines: [line(products[0]!)] });
    const cancelledPage = await textOf(await get(`/thankyou?order=${cancelled.orderNumber}`, cookieOf(asha)));
    expect(cancelledPage).toContain("This order was cancelled");
    expect(cancelledPage).not.toContain(GIFT);
  });

  it("says when a bank order still awaits its payment", async () => {
    const pending = await order({ userId: Number(asha.id), paymentMethod: "bank", lines: [line(products[0]!)] });
    const html = await textOf(await get(`/thankyou?order=${pending.orderNumber}`, cookieOf(asha)));
    expect(html).toContain("Payment pending");
    expect(html).toContain("Pay now");
    expect(html).not.toContain("Thank you for your order!");
  });
});

describe("the My Orders page", () => {
  it("sends a signed-out shopper to sign in and back", async () => {
    const res = await get("/my-orders");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/signin?redirect=%2Fmy-orders");
  });

  it("says 'No orders found.' with nothing placed, and how cancelling works", async () => {
    const fresh = await createUser(base, "orders-page-empty");
    const html = await textOf(await get("/my-orders", cookieOf(fresh)));
    expect(html).toContain("<h1");
    expect(html).toContain("My Orders");
    expect(html).toContain("No orders found.");
    expect(html).toContain("An order can be cancelled here within 24 hours of placing it");
  });

  it("lists her orders newest first with their pieces, address, total, method, date and statuses, in one round trip", async () => {
    const user = await createUser(base, "orders-page", "Kavya Iyer");
    const [p1, p2] = products as [ProductJson, ProductJson];
    const older = await order({
      userId: Number(user.id),
      lines: [line(p1, { quantity: 1, color: "Saffron", size: "S", unitPricePaise: 799_00 })],
      createdAt: new Date("2026-11-20T20:00:00Z"), // 21 Nov in India
    });
    const newer = await order({
      userId: Number(user.id),
      paymentMethod: "bank",
      paymentStatus: "paid",
      orderStatus: "shipped",
      lines: [line(p2, { quantity: 3, color: "Indigo", size: "XXL", unitPricePaise: 1000_00 })],
      shipping: {
        fullName: "Kavya Iyer",
        streetAddress: "Opp. Clock Tower",
        apartment: "House 9, Sector 5",
        townCity: "Noida",
        phoneNumber: "9899012345",
      },
      createdAt: new Date("2026-11-25T06:00:00Z"),
    });
    await order({ userId: Number(meera.id), lines: [line(p1, { color: "Not Hers" })] });

    const res = await get("/my-orders", cookieOf(user));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await textOf(res);
    const at = (text: string) => html.indexOf(text);
    expect(at(`Order #${newer.orderNumber}`)).toBeGreaterThan(-1);
    expect(at(`Order #${newer.orderNumber}`)).toBeLessThan(at(`Order #${older.orderNumber}`));
    expect(html).not.toContain("Not Hers");
    expect(html).not.toContain("No orders found.");
    // Both are past cancelling here (one shipped, one placed days ago): each offers the enquiry about it instead.
    expect(html).not.toContain("Yes, cancel this order");
    for (const o of [newer, older])
      expect(html).toMatch(new RegExp(`/enquiry-us\\?type=Order%20Cancellation%20Query&(amp;)?order=${o.orderNumber}"`));
    for (const p of [p1, p2]) expect(html).toContain(p.productName);
    for (const text of ["Indigo", "XXL", "Saffron", "Kavya Iyer", "Opp. Clock Tower", "House 9, Sector 5", "Noida", "9899012345"]) {
      expect(html, text).toContain(text);
    }
    // Quantity shows only when above 1.
    expect(html.match(/<dt>Qty<\/dt>/g)).toHaveLength(1);
    expect(html).toContain("<dd>3</dd>");
    expect(html).toContain("₹3,100"); // 3 x 1,000 + 100
    expect(html).toContain("₹899"); // 799 + 100
    expect(html).toContain("Bank / UPI / Wallets");
    expect(html).toContain("Cash on Delivery");
    expect(html).toContain("25 Nov 2026");
    expect(html).toContain("21 Nov 2026");
    expect(html).toContain("Shipped");
    expect(html).toContain("Paid");
    expect(html).toContain("Placed");
    expect(html).toContain("Pay on delivery");
    expect(html).toContain(`href="/thankyou?order=${newer.orderNumber}"`);
    expect(await roundTripsOf("/my-orders", cookieOf(user))).toMatchObject({ status: 200, trips: 1 });
  });

  it("says 'Failed to fetch orders' when the orders cannot be read", async () => {
    const control = inject("dbLinkControlUrl");
    await fetch(control, { method: "PUT", body: "refuse" });
    try {
      const res = await get("/my-orders", cookieOf(asha));
      expect(res.status).toBe(503);
      expect(await textOf(res)).toContain("Failed to fetch orders");
    } finally {
      await fetch(control, { method: "PUT", body: "pass" });
    }
  });
});
