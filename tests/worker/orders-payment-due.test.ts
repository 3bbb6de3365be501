import { createHmac, randomBytes } from "node:crypto";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, TEST_ADDRESS, type TestUser, uniqueEmail } from "../../tooling/accounts";
import { type ApiProduct, buyableProducts, cartCall, setStock } from "../../tooling/cart";
import { productPath } from "../../workers/services/platform/paths";
import { pageForms } from "../support/page-forms";
import { ownerToken as signInOwner } from "../support/staff";

/**
 * An online payment that fails or is left is a payment still due, not an order (docs/payments.md):
 * paying again from a reloaded checkout takes up the same waiting order (one order, one Razorpay
 * order, stock taken once, the address of the last try), the dashboard counts it as a payment due
 * and not as revenue until it is paid, its address is saved to her profile only once paid, and an
 * order whose time ran out reads "Payment not completed" with no Pay now.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const scheduledUrl = inject("scheduledUrl");
const KEY_SECRET = "aanchal_local_key_secret";

const db = createClient({ url: dbUrl });
const restore: (() => Promise<void>)[] = [];
let products: ApiProduct[];
let ownerToken: string;

beforeAll(async () => {
  products = await buyableProducts(base);
  ownerToken = await signInOwner(base);
});
afterAll(async () => {
  for (const undo of restore.splice(0)) await undo();
  db.close();
});

const { post, get } = pageForms(base);
const rows = async <T>(sql: string, args: (string | number)[] = []) => (await db.execute({ sql, args })).rows as unknown as T[];
const readable = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');
const sign = (text: string) => createHmac("sha256", KEY_SECRET).update(text).digest("hex");

async function stocked(index: number, stock: number) {
  const product = products.at(index)!;
  const size = product.sizes.find((z) => z.stock > 0)!;
  restore.push(await setStock(dbUrl, product._id, size.size, stock));
  return { product, size: size.size, color: product.colors[0]!.name };
}
type Piece = Awaited<ReturnType<typeof stocked>>;

const stockOf = async (p: Piece) =>
  Number(
    (
      await rows<{ stock: number }>("select stock from product_sizes where product_id = ? and size = ?", [Number(p.product._id), p.size])
    )[0]!.stock,
  );

interface OrderRow {
  order_number: number;
  payment_status: string;
  order_status: string;
  stock_held: number;
  provider_order_id: string | null;
  total_paise: number;
  ship_street_address: string;
}
const ordersOf = (user: TestUser) =>
  rows<OrderRow>(
    `select order_number, payment_status, order_status, stock_held, provider_order_id, total_paise, ship_street_address
      from orders where user_id = ? order by id`,
    [Number(user.id)],
  );
const addressesOf = (user: TestUser) =>
  rows<{ street_address: string }>("select street_address from addresses where user_id = ?", [Number(user.id)]);

async function dashboard() {
  const res = await fetch(new URL("/api/admin/dashboard", base), { headers: { Authorization: `Bearer ${ownerToken}` } });
  expect(res.status).toBe(200);
  const { dashboard } = (await res.json()) as {
    dashboard: {
      today: { orders: number; revenue: number };
      waiting: { confirmation: number };
      pendingPayments: { orders: number; amount: number };
    };
  };
  return dashboard;
}

/** Checkout as the page posts it with JavaScript running: the page's own checkout key, drawn afresh on each load. */
async function placeFromCheckout(user: TestUser, street: string, extra: Record<string, string> = {}) {
  const page = await get("/checkout", user);
  expect(page.status).toBe(200);
  const html = await page.text();
  const checkoutKey = /name="checkoutKey" value="([^"]+)"/.exec(html)![1]!;
  return post(
    "/checkout",
    {
      intent: "place",
      paymentMethod: "bank",
      js: "1",
      checkoutKey,
      lines: "cart",
      addressId: "new",
      ...TEST_ADDRESS,
      streetAddress: street,
      emailAddress: user.email,
      saveAddress: "on",
      ...extra,
    },
    user,
  );
}

const ownerGet = (path: string) => fetch(new URL(path, base), { headers: { Cookie: `aanchal_session=${ownerToken}` }, redirect: "manual" });

async function fillCart(user: TestUser, p: Piece, quantity: number) {
  await cartCall(base, user.token, "DELETE", "/api/cart");
  const added = await cartCall(base, user.token, "POST", "/api/cart", {
    items: [{ product: p.product._id, size: p.size, color: p.color, quantity }],
  });
  expect(added.status).toBe(200);
}

describe("a failed online payment, then paying again from a reloaded checkout", () => {
  it("is one order, paid once, its stock taken once; the dashboard counts it as due, then as revenue once paid", async () => {
    const nisha = await createUser(base, "pay-again-nisha", "Nisha Rao");
    const piece = await stocked(-3, 6);
    await fillCart(nisha, piece, 2);
    const before = await dashboard();

    // First try: Razorpay's window opens, the payment fails (nothing is verified).
    const first = await placeFromCheckout(nisha, "12 MG Road");
    expect(first.status).toBe(200);
    const [waiting] = await ordersOf(nisha);
    expect(waiting).toMatchObject({ payment_status: "pending", order_status: "placed", stock_held: 1 });
    expect(await stockOf(piece)).toBe(4);
    // Not saved yet: the order is not one until it is paid.
    expect(await addressesOf(nisha)).toEqual([]);

    const due = await dashboard();
    expect(due.today.revenue).toBeCloseTo(before.today.revenue, 2);
    expect(due.today.orders).toBe(before.today.orders);
    expect(due.waiting.confirmation).toBe(before.waiting.confirmation);
    expect(due.pendingPayments.orders).toBe(before.pendingPayments.orders + 1);
    expect(due.pendingPayments.amount).toBeCloseTo(before.pendingPayments.amount + waiting!.total_paise / 100, 2);

    // My Orders and the thank-you page: "Payment pending" with Pay now, never "Placed".
    const mine = readable(await (await get("/my-orders", nisha)).text());
    expect(mine).toContain("Payment pending");
    expect(mine).toContain("Pay now");
    expect(mine).not.toMatch(/order-badge--placed/);

    // She reloads checkout (a new checkout key) and pays again, with another street this time.
    const second = await placeFromCheckout(nisha, "14 Nehru Nagar");
    expect(second.status).toBe(200);
    const again = await ordersOf(nisha);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({
      order_number: waiting!.order_number,
      provider_order_id: waiting!.provider_order_id,
      ship_street_address: "14 Nehru Nagar",
    });
    expect(await stockOf(piece)).toBe(4);
    const held = await rows<{ n: number }>(
      "select count(*) as n from mail_outbox where status = 'held' and json_extract(params, '$.order.orderNumber') = ?",
      [waiting!.order_number],
    );
    expect(Number(held[0]!.n)).toBe(2);
    // Her held confirmation says where the order goes now.
    const heldMail = await rows<{ street: string }>(
      `select json_extract(params, '$.order.shipping.streetAddress') as street from mail_outbox
        where status = 'held' and template = 'order-confirmation' and json_extract(params, '$.order.orderNumber') = ?`,
      [waiting!.order_number],
    );
    expect(heldMail.map((m) => m.street)).toEqual(["14 Nehru Nagar"]);

    // The back office: not an order to confirm, "Payment pending" on its page, no move offered.
    const adminPage = readable(await (await ownerGet(`/admin/orders/${waiting!.order_number}`)).text());
    expect(adminPage).toContain("Payment pending");
    expect(adminPage).not.toMatch(/name="intent" value="(confirm|ship|cancel)"/);
    const toConfirm = readable(await (await ownerGet("/admin/orders?status=placed&limit=100")).text());
    expect(toConfirm).not.toContain(`href="/admin/orders/${waiting!.order_number}"`);
    // In the list of every order it is a payment due, not "Placed".
    const all = readable(await (await ownerGet("/admin/orders?limit=100")).text());
    const row = new RegExp(`href="/admin/orders/${waiting!.order_number}"[\\s\\S]*?</tr>`).exec(all)?.[0] ?? "";
    expect(row).toContain("Payment pending");
    expect(row).not.toContain(">Placed<");

    // This time the payment goes through and is verified as checkout does.
    const paymentId = `pay_${randomBytes(7).toString("hex")}`;
    const verified = await post(
      "/checkout",
      {
        intent: "verify",
        razorpay_order_id: waiting!.provider_order_id!,
        razorpay_payment_id: paymentId,
        razorpay_signature: sign(`${waiting!.provider_order_id}|${paymentId}`),
      },
      nisha,
    );
    expect(verified.status).toBe(303);
    expect(verified.headers.get("location")).toBe(`/thankyou?order=${waiting!.order_number}`);

    const paid = await ordersOf(nisha);
    console.log(
      `failed payment, reload, pay again: ${paid.length} order, payment ${paid[0]!.payment_status}, stock 6 -> ${await stockOf(piece)}`,
    );
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ payment_status: "paid", order_status: "placed", stock_held: 1 });
    expect(await stockOf(piece)).toBe(4);
    expect((await addressesOf(nisha)).map((a) => a.street_address)).toEqual(["14 Nehru Nagar"]);
    const sent = await rows<{ n: number }>(
      "select count(*) as n from mail_outbox where status <> 'held' and template = 'order-confirmation' and json_extract(params, '$.order.orderNumber') = ?",
      [waiting!.order_number],
    );
    expect(Number(sent[0]!.n)).toBe(1);

    const after = await dashboard();
    const total = paid[0]!.total_paise / 100;
    console.log(
      `dashboard: revenue today ${before.today.revenue} -> ${due.today.revenue} (due) -> ${after.today.revenue} (paid); payments due ${before.pendingPayments.orders} -> ${due.pendingPayments.orders} -> ${after.pendingPayments.orders}`,
    );
    expect(after.today.revenue).toBeCloseTo(before.today.revenue + total, 2);
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.pendingPayments.orders).toBe(before.pendingPayments.orders);
    expect(after.pendingPayments.amount).toBeCloseTo(before.pendingPayments.amount, 2);
    expect(after.waiting.confirmation).toBe(before.waiting.confirmation + 1);

    const thanks = readable(await (await get(`/thankyou?order=${waiting!.order_number}`, nisha)).text());
    expect(thanks).toContain("Thank you for your order!");
    expect(thanks).not.toContain("Pay now");
  });

  it("cancels the waiting order and gives its stock back when she pays again for other quantities", async () => {
    const ira = await createUser(base, "pay-other-ira", "Ira Sen");
    const piece = await stocked(-4, 5);
    await fillCart(ira, piece, 2);
    expect((await placeFromCheckout(ira, "12 MG Road")).status).toBe(200);
    expect(await stockOf(piece)).toBe(3);
    await fillCart(ira, piece, 1);
    expect((await placeFromCheckout(ira, "12 MG Road")).status).toBe(200);
    const orders = await ordersOf(ira);
    expect(orders.map((o) => [o.order_status, o.payment_status, o.stock_held])).toEqual([
      ["cancelled", "failed", 0],
      ["placed", "pending", 1],
    ]);
    expect(await stockOf(piece)).toBe(4);
  });

  it("cancels the waiting order when she chooses cash on delivery instead: one order, stock taken once", async () => {
    const jaya = await createUser(base, "pay-then-cash-jaya", "Jaya Pillai");
    const piece = await stocked(-8, 4);
    await fillCart(jaya, piece, 1);
    expect((await placeFromCheckout(jaya, "12 MG Road")).status).toBe(200);
    expect(await stockOf(piece)).toBe(3);
    const cash = await placeFromCheckout(jaya, "12 MG Road", { paymentMethod: "cashOnDelivery" });
    expect(cash.status).toBe(303);
    const orders = await ordersOf(jaya);
    expect(orders.map((o) => [o.order_status, o.payment_status])).toEqual([
      ["cancelled", "failed"],
      ["placed", "pending"],
    ]);
    expect(await stockOf(piece)).toBe(3);
  });

  it("takes up one waiting order for tries sent at once", async () => {
    const tara = await createUser(base, "pay-race-tara", "Tara Das");
    const piece = await stocked(-5, 10);
    await fillCart(tara, piece, 1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => placeFromCheckout(tara, "12 MG Road")));
    for (const a of answers) expect(a.status).toBe(200);
    const waiting = (await ordersOf(tara)).filter((o) => o.payment_status === "pending" && o.stock_held === 1);
    const all = await ordersOf(tara);
    console.log(`6 tries at once: ${waiting.length} waiting order, ${all.length} made, stock 10 -> ${await stockOf(piece)}`);
    expect(waiting).toHaveLength(1);
    expect(await stockOf(piece)).toBe(9);
  });
});

describe("a guest paying again", () => {
  it("takes up the order her browser is waiting to pay, from a reloaded checkout", async () => {
    const piece = await stocked(-9, 5);
    const chosen = await post(
      productPath(piece.product.category.name, piece.product.slug),
      { intent: "buy-now", color: piece.color, size: piece.size, quantity: "1" },
      null,
    );
    expect(chosen.status).toBe(302);
    const buyNow = /aanchal_buy_now=[^;]+/.exec(chosen.headers.getSetCookie().join("\n"))![0];
    const email = uniqueEmail("pay-again-guest");
    const tryToPay = async (cookie: string, street: string) => {
      const page = await (await get("/checkout?guest=1", null, cookie)).text();
      const checkoutKey = /name="checkoutKey" value="([^"]+)"/.exec(page)![1]!;
      const fields = { intent: "place", paymentMethod: "bank", js: "1", checkoutKey, lines: "buy-now", ...TEST_ADDRESS };
      return post("/checkout?guest=1", { ...fields, streetAddress: street, emailAddress: email }, null, cookie);
    };
    const first = await tryToPay(buyNow, "12 MG Road");
    expect(first.status).toBe(200);
    const kept = /aanchal_waiting_order=[^;]+/.exec(first.headers.getSetCookie().join("\n"))?.[0];
    expect(kept).toBeTruthy();
    expect(first.headers.getSetCookie().join("\n")).toMatch(/aanchal_waiting_order=[^;]+;.*HttpOnly/);
    const second = await tryToPay(`${buyNow}; ${kept}`, "14 Nehru Nagar");
    expect(second.status).toBe(200);
    const orders = await rows<OrderRow>(
      `select order_number, payment_status, order_status, stock_held, provider_order_id, total_paise, ship_street_address
        from orders where guest_email = ? order by id`,
      [email],
    );
    expect(orders.map((o) => [o.payment_status, o.stock_held, o.ship_street_address])).toEqual([["pending", 1, "14 Nehru Nagar"]]);
    expect(await stockOf(piece)).toBe(4);
  });
});

describe("Pay now", () => {
  it("answers the waiting order's payment on her link (a guest too), and without JavaScript says it needs it", async () => {
    const piece = await stocked(-6, 5);
    const email = uniqueEmail("pay-now-guest");
    const res = await fetch(new URL("/api/payment/create-order", base), {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.61" },
      body: JSON.stringify({
        guest: true,
        paymentMethod: "bank",
        shippingInfo: { ...TEST_ADDRESS, emailAddress: email },
        items: [{ product: piece.product._id, size: piece.size, color: piece.color, quantity: 1 }],
      }),
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as { id: string; orderNumber: number; order: { accessKey: string } };
    const link = `/thankyou?order=${made.orderNumber}&key=${made.order.accessKey}`;
    const page = readable(await (await get(link, null)).text());
    expect(page).toContain("Payment pending");
    expect(page).toContain("Pay now");

    const noScript = await post(link, { intent: "pay", order: String(made.orderNumber), key: made.order.accessKey }, null);
    expect(noScript.status).toBe(400);
    expect(readable(await noScript.text())).toContain("Paying online needs JavaScript");

    const api = await fetch(new URL("/api/payment/create-order", base), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ orderNumber: made.orderNumber, key: made.order.accessKey }),
    });
    expect(api.status).toBe(200);
    expect(((await api.json()) as { id: string }).id).toBe(made.id);
    // Without her key it is a missing order.
    const stranger = await fetch(new URL("/api/payment/create-order", base), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ orderNumber: made.orderNumber }),
    });
    expect(stranger.status).toBe(404);
    expect(await stockOf(piece)).toBe(4);
  });
});

describe("an online order whose time ran out", () => {
  it("reads 'Payment not completed', offers no Pay now, and its stock is back", async () => {
    const uma = await createUser(base, "pay-expired-uma", "Uma Iyer");
    const piece = await stocked(-7, 3);
    await fillCart(uma, piece, 1);
    expect((await placeFromCheckout(uma, "12 MG Road")).status).toBe(200);
    const [order] = await ordersOf(uma);
    expect(await stockOf(piece)).toBe(2);
    const cron = await fetch(`${scheduledUrl}?time=${Date.now() + 31 * 60_000}`, { method: "POST" });
    expect(cron.status).toBe(200);
    expect(await stockOf(piece)).toBe(3);
    const thanks = readable(await (await get(`/thankyou?order=${order!.order_number}`, uma)).text());
    expect(thanks).toContain("Payment not completed");
    expect(thanks).not.toContain("Pay now");
    const mine = readable(await (await get("/my-orders", uma)).text());
    expect(mine).toContain("Payment not completed");
    expect(mine).not.toContain("Pay now");
    expect(mine).not.toContain("Payment pending");
    expect(await addressesOf(uma)).toEqual([]);
    const late = await post(`/thankyou?order=${order!.order_number}`, { intent: "pay", js: "1", order: String(order!.order_number) }, uma);
    expect(late.status).toBe(409);
  });
});
