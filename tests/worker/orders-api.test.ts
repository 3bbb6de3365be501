import { createHmac, randomBytes } from "node:crypto";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, mailsTo, TEST_ADDRESS, type TestUser, uniqueEmail } from "../../tooling/accounts";
import { type ApiProduct, buyableProducts, cartCall, setStock } from "../../tooling/cart";
import { formatRupees } from "../../workers/services/catalog/pricing";

/**
 * Checkout over the API against the built Worker in workerd, the local libSQL server and
 * the Razorpay stand-in: the server's figures whatever the client sends, stock and coupon limits
 * that hold under a crowd, one paid order however often the payment is confirmed, and unpaid orders
 * that give their stock back. Counts are printed, as the issue asks.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const scheduledUrl = inject("scheduledUrl");

const KEY_SECRET = "aanchal_local_key_secret";
const WEBHOOK_SECRET = "aanchal_local_webhook_secret";

const db = createClient({ url: dbUrl });
afterAll(() => db.close());

const one = async <T>(sql: string, args: (string | number | null)[] = []) => (await db.execute({ sql, args })).rows[0] as T;

let products: ApiProduct[];
let asha: TestUser;
let meera: TestUser;
const restore: (() => Promise<void>)[] = [];

beforeAll(async () => {
  products = await buyableProducts(base);
  [asha, meera] = await Promise.all([createUser(base, "order-asha", "Asha Verma"), createUser(base, "order-meera", "Meera Sharma")]);
});
afterAll(async () => {
  for (const undo of restore.splice(0)) await undo();
});

/** A size of product `index` with exactly `stock` units for this test (put back after the file). */
async function stockedSize(index: number, stock: number) {
  const product = products[index]!;
  const size = product.sizes.find((z) => z.stock > 0)!;
  restore.push(await setStock(dbUrl, product._id, size.size, stock));
  return { product, size, color: product.colors[0]!.name, unitPaise: Math.round(size.discountPrice * 100) };
}

const stockOf = async (productId: string, size: string) =>
  Number(
    (await one<{ stock: number }>("select stock from product_sizes where product_id = ? and size = ?", [Number(productId), size])).stock,
  );

async function call(path: string, body: unknown, opts: { token?: string; ip?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json", ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  // Cloudflare sets CF-Connecting-IP; locally a test may say which address a guest orders from.
  headers["CF-Connecting-IP"] = opts.ip ?? "203.0.113.7";
  const res = await fetch(new URL(path, base), { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
  const json = (await res.json()) as Record<string, any>;
  return { status: res.status, json };
}

const address = (email = uniqueEmail("guest")) => ({ ...TEST_ADDRESS, emailAddress: email });
const item = (s: { product: ApiProduct; size: { size: string }; color: string }, quantity = 1, extra: Record<string, unknown> = {}) => ({
  product: s.product._id,
  size: s.size.size,
  color: s.color,
  quantity,
  ...extra,
});
const guestOrder = (items: unknown[], extra: Record<string, unknown> = {}, ip?: string) =>
  call("/api/orders/guest-place-order", { shippingInfo: address(), paymentMethod: "cashOnDelivery", items, ...extra }, { ip });

const DELIVERY = 100_00;

describe("cash on delivery", () => {
  it("places the signed-in shopper's cart at the server's figures, takes the stock, empties the cart and mails her and the shop", async () => {
    const s = await stockedSize(0, 6);
    await cartCall(base, asha.token, "DELETE", "/api/cart");
    expect((await cartCall(base, asha.token, "POST", "/api/cart", { items: [item(s, 2)] })).status).toBe(200);
    const res = await call(
      "/api/orders/place",
      { shippingInfo: address(asha.email), paymentMethod: "cashOnDelivery", items: [], shippingCost: 0, totalAmount: 1, coupon_code: null },
      { token: asha.token },
    );
    expect(res.status).toBe(201);
    const order = res.json.order;
    expect(order.totalAmount).toBe((2 * s.unitPaise + DELIVERY) / 100);
    expect(order.shippingCost).toBe(DELIVERY / 100);
    expect(order.paymentMethod).toBe("cashOnDelivery");
    expect(order.paymentStatus).toBe("pending");
    expect(order.orderStatus).toBe("placed");
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({ productName: s.product.productName, size: s.size.size, quantity: 2 });
    expect(await stockOf(s.product._id, s.size.size)).toBe(4);
    expect((await cartCall(base, asha.token, "GET", "/api/cart")).items).toEqual([]);
    const mails = await mailsTo(base, asha.email);
    expect(mails.some((m) => m.subject.includes(String(order.orderNumber)))).toBe(true);
  });

  it("stores the server's figures whatever total, shipping, price, discount or name the client sends", async () => {
    const s = await stockedSize(1, 10);
    const res = await guestOrder([item(s, 1, { price: 1, discountPrice: 1, productName: "Free saree" })], {
      shippingCost: 0,
      totalAmount: 1,
      discount: 99999,
      subtotal: 1,
    });
    expect(res.status).toBe(201);
    const row = await one<Record<string, number>>(
      "select subtotal_paise, discount_paise, shipping_paise, total_paise from orders where order_number = ?",
      [res.json.order.orderNumber],
    );
    expect(row).toMatchObject({
      subtotal_paise: s.unitPaise,
      discount_paise: 0,
      shipping_paise: DELIVERY,
      total_paise: s.unitPaise + DELIVERY,
    });
    const line = await one<Record<string, unknown>>(
      "select product_name, unit_price_paise from order_lines where order_id = (select id from orders where order_number = ?)",
      [res.json.order.orderNumber],
    );
    expect(line).toMatchObject({ product_name: s.product.productName, unit_price_paise: s.unitPaise });
  });

  it("refuses a quantity that is not a whole number, and changes nothing", async () => {
    const s = await stockedSize(1, 10);
    const before = Number((await one<{ n: number }>("select count(*) as n from orders")).n);
    for (const quantity of ["2.5", "abc", -1, 0, { n: 1 }, 1.5]) {
      const res = await guestOrder([item(s, 1, { quantity })]);
      expect(res.status, `quantity ${JSON.stringify(quantity)}`).toBe(400);
    }
    expect(Number((await one<{ n: number }>("select count(*) as n from orders")).n)).toBe(before);
    expect(await stockOf(s.product._id, s.size.size)).toBe(10);
  });

  it("refuses another shopper's saved address like a missing one", async () => {
    const s = await stockedSize(2, 5);
    const saved = await fetch(new URL("/api/addresses/save", base), {
      method: "POST",
      headers: { Authorization: `Bearer ${meera.token}`, "Content-Type": "application/json" },
      body: JSON.stringify(address(meera.email)),
    });
    const meeraAddress = ((await saved.json()) as { addresses: { _id: string }[] }).addresses[0]!._id;
    const res = await call(
      "/api/orders/place",
      { shippingInfo: { addressId: meeraAddress }, paymentMethod: "cashOnDelivery", buyNow: true, items: [item(s)] },
      { token: asha.token },
    );
    expect(res.status).toBe(404);
    expect(await stockOf(s.product._id, s.size.size)).toBe(5);
    const ok = await call(
      "/api/orders/place",
      { shippingInfo: { addressId: meeraAddress }, paymentMethod: "cashOnDelivery", buyNow: true, items: [item(s)] },
      { token: meera.token },
    );
    expect(ok.status).toBe(201);
    expect(ok.json.order.shippingInfo.fullName).toBe(TEST_ADDRESS.fullName);
  });

  it("asks for a delivery address, and gives the form's message for a bad one", async () => {
    const s = await stockedSize(2, 5);
    const none = await call(
      "/api/orders/place",
      { paymentMethod: "cashOnDelivery", buyNow: true, items: [item(s)] },
      { token: asha.token },
    );
    expect(none.status).toBe(400);
    expect(none.json.message).toBe("Please provide a delivery address.");
    const bad = await guestOrder([item(s)], { shippingInfo: { ...address(), zipcode: "12345" } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("Enter a valid 6-digit PIN Code");
  });

  it("places one order for a checkout sent twice at once (a double click, a retried request)", async () => {
    const s = await stockedSize(3, 5);
    const key = randomBytes(16).toString("hex");
    const body = {
      shippingInfo: address(asha.email),
      paymentMethod: "cashOnDelivery",
      buyNow: true,
      items: [item(s, 2)],
      checkoutKey: key,
    };
    const [a, b] = await Promise.all([
      call("/api/orders/place", body, { token: asha.token }),
      call("/api/orders/place", body, { token: asha.token }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json.order.orderNumber).toBe(b.json.order.orderNumber);
    expect(await stockOf(s.product._id, s.size.size)).toBe(3);
    // The same key from another shopper is her own checkout, not Asha's order.
    const other = await call("/api/orders/place", body, { token: meera.token });
    expect(other.status).toBe(201);
    expect(other.json.order.orderNumber).not.toBe(a.json.order.orderNumber);
  });
  it("answers the same order when her cart's checkout is sent again after the first answered, though the cart is empty now", async () => {
    const s = await stockedSize(5, 4);
    await cartCall(base, meera.token, "DELETE", "/api/cart");
    expect((await cartCall(base, meera.token, "POST", "/api/cart", { items: [item(s, 1)] })).status).toBe(200);
    const body = { shippingInfo: address(meera.email), paymentMethod: "cashOnDelivery", checkoutKey: randomBytes(16).toString("hex") };
    const first = await call("/api/orders/place", body, { token: meera.token });
    expect(first.status).toBe(201);
    expect((await cartCall(base, meera.token, "GET", "/api/cart")).items).toEqual([]);
    const again = await call("/api/orders/place", body, { token: meera.token });
    expect(again.status, JSON.stringify(again.json)).toBe(201);
    expect(again.json.order.orderNumber).toBe(first.json.order.orderNumber);
    expect(await stockOf(s.product._id, s.size.size)).toBe(3);
    // Without the key, an empty cart is refused as checkout refuses it.
    const fresh = await call("/api/orders/place", { ...body, checkoutKey: undefined }, { token: meera.token });
    expect(fresh.status).toBe(400);
    expect(fresh.json.message).toMatch(/cart is empty/i);
  });
});

describe("under a crowd", () => {
  it("sells exactly the 5 left of a size to 200 concurrent orders, and never goes below 0", async () => {
    const s = await stockedSize(4, 5);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => guestOrder([item(s)], {}, `198.51.100.${i % 250}`).then((r) => r)),
    );
    const placed = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    const stock = await stockOf(s.product._id, s.size.size);
    console.log(`200 concurrent orders for 5 left: ${placed.length} placed, ${refused.length} refused as sold out, stock now ${stock}`);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(195);
    for (const r of refused) expect(r.json.message).toMatch(/has sold out|Only \d+ left of/);
    expect(stock).toBe(0);
    expect(new Set(placed.map((r) => r.json.order.orderNumber)).size).toBe(5);
  });

  it("lets a coupon with a total limit of 1 through once for 20 concurrent orders", async () => {
    const s = await stockedSize(5, 50);
    const code = `ONCE${randomBytes(3).toString("hex").toUpperCase()}`;
    await db.execute({
      sql: "insert into coupons (code, discount_type, discount_value, usage_limit) values (?, 'percentage', 10, 1)",
      args: [code],
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => guestOrder([item(s)], { coupon_code: ` ${code.toLowerCase()} ` }, `192.0.2.${i}`)),
    );
    const placed = results.filter((r) => r.status === 201);
    const used = Number((await one<{ n: number }>("select used_count as n from coupons where code = ?", [code])).n);
    console.log(
      `20 concurrent orders for a coupon limited to 1: ${placed.length} placed with it, ${results.length - placed.length} refused; used_count ${used}`,
    );
    expect(placed).toHaveLength(1);
    expect(placed[0]!.json.order.totalAmount).toBe((s.unitPaise - Math.ceil(s.unitPaise / 10 / 100) * 100 + DELIVERY) / 100);
    for (const r of results.filter((x) => x.status !== 201)) expect(r.json.message).toBe("This coupon has been fully used.");
    expect(used).toBe(1);
    expect(await stockOf(s.product._id, s.size.size)).toBe(49);
  });
});

describe("coupons", () => {
  it("applies WELCOME10 and FLAT200 to the cart, refuses the expired MONSOON25 and an empty code, each saying why", async () => {
    const s = await stockedSize(6, 10);
    await cartCall(base, meera.token, "DELETE", "/api/cart");
    await cartCall(base, meera.token, "POST", "/api/cart", { items: [item(s, 1)] });
    const apply = (coupon_code: unknown) => call("/api/coupons/apply", { coupon_code }, { token: meera.token });
    const welcome = await apply(" welcome10 ");
    expect(welcome.status).toBe(200);
    expect(welcome.json).toMatchObject({ success: true, coupon: { code: "WELCOME10", discount_type: "percentage", discount_value: 10 } });
    expect(welcome.json.coupon.discount).toBe(Math.ceil(s.unitPaise / 10 / 100)); // whole rupees, rounded up
    const flat = await apply("FLAT200");
    if (s.unitPaise >= 999_00) expect(flat.json.coupon.discount).toBe(200);
    else expect(flat.json.message).toBe(`Add ${formatRupees(999_00 - s.unitPaise)} more to use this coupon.`);
    expect((await apply("MONSOON25")).json.message).toBe("This coupon has expired.");
    const empty = await apply("   ");
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe("Please enter a coupon code.");
    expect((await apply("NOSUCHCODE")).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------

const sign = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");

async function createPayment(s: Awaited<ReturnType<typeof stockedSize>>, quantity = 1, who = asha) {
  const res = await call(
    "/api/payment/create-order",
    { shippingInfo: address(who.email), paymentMethod: "bank", buyNow: true, items: [item(s, quantity)], totalAmount: 1, amount: 100 },
    { token: who.token },
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: string; amount: number; currency: string; key: string; orderNumber: number };
}

function webhook(event: string, orderId: string, paymentId: string, amount: number, eventId = `evt_${randomBytes(7).toString("hex")}`) {
  const body = JSON.stringify({
    entity: "event",
    account_id: "acc_local",
    event,
    contains: ["payment"],
    payload: { payment: { entity: { id: paymentId, entity: "payment", amount, currency: "INR", status: "captured", order_id: orderId } } },
    created_at: Math.floor(Date.now() / 1000),
  });
  return {
    body,
    eventId,
    send: (sig = sign(WEBHOOK_SECRET, body), raw = body) =>
      call("/api/payment/webhook", raw, { headers: { "X-Razorpay-Signature": sig, "X-Razorpay-Event-Id": eventId } }),
  };
}

const orderRow = (orderNumber: number) =>
  one<{ payment_status: string; order_status: string; stock_held: number; refund_due: number; id: number }>(
    "select id, payment_status, order_status, stock_held, refund_due from orders where order_number = ?",
    [orderNumber],
  );
const confirmationMails = async (orderNumber: number) =>
  Number(
    (
      await one<{ n: number }>(
        "select count(*) as n from mail_outbox where template = 'order-confirmation' and status <> 'held' and json_extract(params, '$.order.orderNumber') = ?",
        [orderNumber],
      )
    ).n,
  );

describe("online payment", () => {
  it("creates Razorpay's order for the server's total in paise, whatever amount the client sends", async () => {
    const s = await stockedSize(7, 5);
    const payment = await createPayment(s, 2);
    expect(payment).toMatchObject({ amount: 2 * s.unitPaise + DELIVERY, currency: "INR", key: "rzp_test_aanchal_local" });
    expect(payment.id).toMatch(/^order_/);
    expect(await stockOf(s.product._id, s.size.size)).toBe(3);
    expect((await orderRow(payment.orderNumber)).payment_status).toBe("pending");
    expect(await confirmationMails(payment.orderNumber)).toBe(0);
  });

  it("confirms one payment once for 10 verify calls and 10 webhooks at once: 1 paid order, stock taken once, 1 mail", async () => {
    const s = await stockedSize(8, 5);
    const payment = await createPayment(s);
    const paymentId = `pay_${randomBytes(7).toString("hex")}`;
    const signature = sign(KEY_SECRET, `${payment.id}|${paymentId}`);
    const verify = () =>
      call(
        "/api/payment/verify-payment",
        { razorpay_order_id: payment.id, razorpay_payment_id: paymentId, razorpay_signature: signature },
        { token: asha.token },
      );
    const results = await Promise.all([
      ...Array.from({ length: 10 }, verify),
      ...Array.from({ length: 10 }, (_, i) =>
        webhook(i % 2 ? "order.paid" : "payment.captured", payment.id, paymentId, payment.amount).send(),
      ),
    ]);
    const row = await orderRow(payment.orderNumber);
    const stock = await stockOf(s.product._id, s.size.size);
    const mails = await confirmationMails(payment.orderNumber);
    const paidOrders = Number(
      (await one<{ n: number }>("select count(*) as n from orders where provider_order_id = ? and payment_status = 'paid'", [payment.id]))
        .n,
    );
    console.log(`10 verify + 10 webhooks for one payment: ${paidOrders} paid order, stock 5 -> ${stock}, ${mails} confirmation mail`);
    for (const r of results) expect(r.status).toBe(200);
    expect(paidOrders).toBe(1);
    expect(row.payment_status).toBe("paid");
    expect(stock).toBe(4);
    expect(mails).toBe(1);
  });

  it("refuses a wrong signature, a signature made for another order, a changed webhook body and a replayed event, changing nothing", async () => {
    const s = await stockedSize(9, 5);
    // One shopper has one online order waiting at a time: the other is Meera's.
    const [mine, other] = [await createPayment(s), await createPayment(s, 1, meera)];
    const paymentId = `pay_${randomBytes(7).toString("hex")}`;
    const verify = (body: Record<string, unknown>, token = asha.token) => call("/api/payment/verify-payment", body, { token });
    const wrong = await verify({ razorpay_order_id: mine.id, razorpay_payment_id: paymentId, razorpay_signature: "0".repeat(64) });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe("Payment verification failed.");
    const forOther = await verify({
      razorpay_order_id: mine.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(KEY_SECRET, `${other.id}|${paymentId}`),
    });
    expect(forOther.status).toBe(400);
    // A good signature, but for Asha's order, sent by Meera.
    const notHers = await verify(
      { razorpay_order_id: mine.id, razorpay_payment_id: paymentId, razorpay_signature: sign(KEY_SECRET, `${mine.id}|${paymentId}`) },
      meera.token,
    );
    expect(notHers.status).toBe(400);
    const changed = webhook("payment.captured", mine.id, paymentId, mine.amount);
    const tampered = changed.body.replace(`"amount":${mine.amount}`, `"amount":${mine.amount + 1}`);
    expect((await changed.send(sign(WEBHOOK_SECRET, changed.body), tampered)).status).toBe(400);
    expect((await changed.send("f".repeat(64))).status).toBe(400);
    expect((await orderRow(mine.orderNumber)).payment_status).toBe("pending");
    // A payment.failed event, then the same event id again carrying a capture: the replay changes nothing.
    const failed = webhook("payment.failed", mine.id, paymentId, mine.amount);
    expect((await failed.send()).status).toBe(200);
    const replay = webhook("payment.captured", mine.id, paymentId, mine.amount, failed.eventId);
    expect((await replay.send()).status).toBe(200);
    expect((await orderRow(mine.orderNumber)).payment_status).toBe("pending");
    expect(await stockOf(s.product._id, s.size.size)).toBe(3);
  });

  it("gives an unpaid order's stock back after 30 minutes, and keeps a late payment: revived while the stock is there, else flagged for a refund", async () => {
    const s = await stockedSize(10, 3);
    const [late, gone] = [await createPayment(s), await createPayment(s, 1, meera)];
    expect(await stockOf(s.product._id, s.size.size)).toBe(1);
    const cron = await fetch(`${scheduledUrl}?time=${Date.now() + 31 * 60_000}`, { method: "POST" });
    expect(cron.status).toBe(200);
    expect(await stockOf(s.product._id, s.size.size)).toBe(3);
    expect(await orderRow(late.orderNumber)).toMatchObject({ order_status: "cancelled", stock_held: 0 });

    const pay = async (p: typeof late, who = asha) => {
      const paymentId = `pay_${randomBytes(7).toString("hex")}`;
      return call(
        "/api/payment/verify-payment",
        { razorpay_order_id: p.id, razorpay_payment_id: paymentId, razorpay_signature: sign(KEY_SECRET, `${p.id}|${paymentId}`) },
        { token: who.token },
      );
    };
    expect((await pay(late)).status).toBe(200);
    expect(await orderRow(late.orderNumber)).toMatchObject({
      payment_status: "paid",
      order_status: "placed",
      stock_held: 1,
      refund_due: 0,
    });
    expect(await stockOf(s.product._id, s.size.size)).toBe(2);

    // The rest sells meanwhile: the late payment for `gone` is kept as paid and flagged for a refund.
    await db.execute({
      sql: "update product_sizes set stock = 0 where product_id = ? and size = ?",
      args: [Number(s.product._id), s.size.size],
    });
    expect((await pay(gone, meera)).status).toBe(200);
    expect(await orderRow(gone.orderNumber)).toMatchObject({ payment_status: "paid", order_status: "cancelled", refund_due: 1 });
    const notices = Number(
      (
        await one<{ n: number }>(
          "select count(*) as n from mail_outbox where template = 'refund-due' and json_extract(params, '$.order.orderNumber') = ?",
          [gone.orderNumber],
        )
      ).n,
    );
    console.log(
      `late payments after expiry: order ${late.orderNumber} revived, order ${gone.orderNumber} flagged for refund (${notices} notice to the shop)`,
    );
    expect(notices).toBe(1);
    expect(await stockOf(s.product._id, s.size.size)).toBe(0);
  });
});
