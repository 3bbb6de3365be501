import { createHmac, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, mailsTo, TEST_ADDRESS, type TestUser } from "../../tooling/accounts";
import { type ApiProduct, buyableProducts } from "../../tooling/cart";
import { insertOrder } from "../../tooling/orders";
import { addTenPercentCoupon, codBuyNowBody, couponCode, UNUSABLE_SHIPMENTS } from "../support/buy-now";
import { useFileCleanup } from "../support/file-cleanup";
import { sqlReader } from "../support/sql";
import { jsonCaller, ownerToken as signInOwner } from "../support/staff";

/**
 * The back office's orders over `/api/admin/orders*`, against the built Worker:
 * placed -> confirmed -> shipped -> delivered, each one audit entry and the shopper's mails, her My
 * Orders following; every illegal move refused with 409 and nothing changed; ten cancels at once give
 * the stock and the coupon's use back once; a paid order cancelled is refund due until refunded; the
 * list's filters, search and pages; the CSV; and a 404 for everyone who is not staff.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const KEY_SECRET = "aanchal_local_key_secret";

const { db, one, count } = sqlReader(dbUrl);
const cleanup = useFileCleanup(dbUrl, db);
const { inserted } = cleanup;

let ownerToken: string;
let priya: TestUser;
let products: ApiProduct[];
const COUPON = couponCode("STAFF");

beforeAll(async () => {
  ownerToken = await signInOwner(base);
  priya = await createUser(base, "admin-orders", "Priya Nair");
  products = await buyableProducts(base);
  await addTenPercentCoupon(db, COUPON);
});

const api = jsonCaller(base, () => ownerToken);
const move = (n: number, action: string, body: unknown = {}, token?: string | null) =>
  api(`/api/admin/orders/${n}/${action}`, { body, token });

/** A size of product `index` with exactly `stock` units for this file (put back after it). */
const stockedSize = (index: number, stock: number) => cleanup.stockedSize(products[index]!, stock);
type Stocked = Awaited<ReturnType<typeof stockedSize>>;

const stockOf = async (s: Stocked) =>
  count("select stock as n from product_sizes where product_id = ? and size = ?", [Number(s.product._id), s.size]);
const couponUses = () => count("select used_count as n from coupons where code = ?", [COUPON]);

/** Priya buys `quantity` of `s` now (Buy Now, cash on delivery), with the file's coupon if asked. */
async function placeCod(s: Stocked, quantity = 1, coupon = false): Promise<number> {
  const res = await api("/api/orders/place", {
    token: priya.token,
    body: codBuyNowBody(s, { name: "Priya Nair", email: priya.email }, quantity, coupon ? COUPON : null),
  });
  expect(res.status, res.text).toBe(201);
  return res.json.order.orderNumber as number;
}

const myOrderStatus = async (n: number) => {
  const res = await api("/api/orders/my-orders", { token: priya.token });
  expect(res.status).toBe(200);
  return (res.json.orders as { orderNumber: number; orderStatus: string; paymentStatus: string }[]).find((o) => o.orderNumber === n);
};
const auditOf = (n: number, action?: string) =>
  count(
    `select count(*) as n from audit_log where entity = 'order' and entity_id = (select cast(id as text) from orders where order_number = ?)${
      action ? " and action = ?" : ""
    }`,
    action ? [n, action] : [n],
  );
const mailsAbout = async (n: number, word: RegExp) =>
  (await mailsTo(base, priya.email)).filter((m) => m.subject.includes(`#${n} `) && word.test(m.subject));

/** Everything a refused move must leave as it was. */
async function snapshot(n: number, s: Stocked) {
  return {
    order: await one<Record<string, unknown>>("select * from orders where order_number = ?", [n]),
    stock: await stockOf(s),
    couponUses: await couponUses(),
    audit: await count("select count(*) as n from audit_log"),
    outbox: await count("select count(*) as n from mail_outbox"),
  };
}

describe("an order's way from placed to delivered", () => {
  it("confirms, ships (courier and tracking required), delivers and marks cash paid: one audit entry each, her mails, her My Orders and her review verified", async () => {
    const s = await stockedSize(0, 8);
    const n = await placeCod(s, 2, true);
    const review = await api(`/api/products/${s.product._id}/reviews`, {
      token: priya.token,
      body: { rating: 5, comment: "Beautiful colour and the fabric is soft." },
    });
    expect(review.status, review.text).toBeLessThan(300);
    const verified = () =>
      count("select verified as n from reviews where product_id = ? and user_id = ?", [Number(s.product._id), Number(priya.id)]);
    expect(await verified()).toBe(0);
    expect((await myOrderStatus(n))?.orderStatus).toBe("placed");

    const confirmed = await move(n, "confirm");
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json.order).toMatchObject({ orderNumber: n, orderStatus: "confirmed", couponCode: COUPON });
    expect(confirmed.json.order.confirmedAt).toMatch(/^\d{4}-/);
    expect(await auditOf(n)).toBe(1);
    expect((await myOrderStatus(n))?.orderStatus).toBe("confirmed");

    // Shipping needs a courier and a tracking number: without them nothing changes.
    for (const body of UNUSABLE_SHIPMENTS) {
      const refused = await move(n, "ship", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.message).toMatch(/courier|tracking/i);
    }
    expect(await auditOf(n)).toBe(1);
    expect((await myOrderStatus(n))?.orderStatus).toBe("confirmed");

    const shipped = await move(n, "ship", { courier: "  Delhivery ", trackingNumber: "DL-99887766 " });
    expect(shipped.status, shipped.text).toBe(200);
    expect(shipped.json.order).toMatchObject({ orderStatus: "shipped", courier: "Delhivery", trackingNumber: "DL-99887766" });
    expect(await auditOf(n)).toBe(2);
    expect((await myOrderStatus(n))?.orderStatus).toBe("shipped");
    const [shipMail] = await mailsAbout(n, /shipped/);
    expect(shipMail?.text).toContain("Delhivery");
    expect(shipMail?.text).toContain("DL-99887766");

    const delivered = await move(n, "deliver");
    expect(delivered.status, delivered.text).toBe(200);
    expect(delivered.json.order.orderStatus).toBe("delivered");
    expect(await auditOf(n)).toBe(3);
    expect((await myOrderStatus(n))?.orderStatus).toBe("delivered");
    expect(await mailsAbout(n, /delivered/)).toHaveLength(1);
    expect(await verified()).toBe(1);
    // The product page's reviews show hers as a verified purchase now.
    const page = await api(`/api/products/slug/${s.product.slug}`);
    const shown = page.json.reviews as { name: string; verified: boolean }[];
    expect(shown.find((r) => r.name === "Priya Nair")?.verified).toBe(true);

    const paid = await move(n, "mark-paid");
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json.order.paymentStatus).toBe("paid");
    expect((await myOrderStatus(n))?.paymentStatus).toBe("paid");

    const detail = await api(`/api/admin/orders/${n}`);
    expect(detail.status).toBe(200);
    const history = detail.json.order.history as { action: string; actorEmail: string; before: unknown; after: unknown }[];
    expect(history.map((h) => h.action)).toEqual(["order.confirm", "order.ship", "order.deliver", "order.mark-paid"]);
    expect(history.every((h) => h.actorEmail === DEMO_OWNER.email)).toBe(true);
    expect(history[1]).toMatchObject({
      before: { orderStatus: "confirmed" },
      after: { orderStatus: "shipped", trackingNumber: "DL-99887766" },
    });
    expect(detail.json.order).toMatchObject({
      shippingInfo: { fullName: "Priya Nair", emailAddress: priya.email },
      accountEmail: priya.email,
      giftEligible: expect.any(Boolean),
      discount: expect.any(Number),
    });
    expect(detail.json.order.items[0]).toMatchObject({ quantity: 2, size: s.size });
    // No mail for confirmed or paid: just shipped and delivered (and her order confirmation).
    expect(await mailsAbout(n, /confirmed|paid/i)).toHaveLength(1);
  });
});

describe("illegal moves", () => {
  it("refuses each with 409 and a clear message, changing nothing: no audit entry, no mail, same stock and coupon", async () => {
    const s = await stockedSize(1, 10);
    const placed = await placeCod(s, 1, true);
    const confirmed = await placeCod(s, 1, true);
    expect((await move(confirmed, "confirm")).status).toBe(200);
    const shipped = await placeCod(s, 1, true);
    expect((await move(shipped, "confirm")).status).toBe(200);
    expect((await move(shipped, "ship", { courier: "Blue Dart", trackingNumber: "BD123456" })).status).toBe(200);
    const delivered = await placeCod(s, 1, true);
    expect((await move(delivered, "confirm")).status).toBe(200);
    expect((await move(delivered, "ship", { courier: "Blue Dart", trackingNumber: "BD123457" })).status).toBe(200);
    expect((await move(delivered, "deliver")).status).toBe(200);
    const cancelled = await placeCod(s, 1, true);
    expect((await move(cancelled, "cancel")).status).toBe(200);
    const ship = { courier: "Blue Dart", trackingNumber: "BD000001" };
    // An online order still awaiting its payment (it cancels itself when the window closes).
    const unpaid = await api("/api/payment/create-order", {
      token: priya.token,
      body: {
        shippingInfo: { ...TEST_ADDRESS, fullName: "Priya Nair", emailAddress: priya.email },
        paymentMethod: "bank",
        buyNow: true,
        items: [{ product: s.product._id, size: s.size, color: s.color, quantity: 1 }],
      },
    });
    expect(unpaid.status, unpaid.text).toBe(201);
    const awaiting = unpaid.json.orderNumber as number;

    const cases: [number, string, RegExp][] = [
      [placed, "ship", /placed: only a confirmed order can be shipped/],
      [placed, "deliver", /only a shipped order/],
      [placed, "mark-paid", /once the order has shipped or been delivered/],
      [placed, "refund", /no refund due/],
      [confirmed, "confirm", /already confirmed/],
      [confirmed, "deliver", /only a shipped order/],
      [shipped, "cancel", /shipped: only a placed or a confirmed order can be cancelled/],
      [shipped, "confirm", /only a placed order/],
      [shipped, "ship", /already shipped/],
      [delivered, "confirm", /delivered: only a placed order can be confirmed/],
      [delivered, "ship", /only a confirmed order/],
      [delivered, "deliver", /already delivered/],
      [delivered, "cancel", /only a placed or a confirmed order/],
      [cancelled, "cancel", /already cancelled/],
      [cancelled, "confirm", /cancelled: only a placed order/],
      [cancelled, "ship", /only a confirmed order/],
      [awaiting, "confirm", /awaiting its online payment/],
      [awaiting, "cancel", /awaiting its online payment/],
      [awaiting, "mark-paid", /paid online: only cash on delivery/],
    ];
    for (const [n, action, message] of cases) {
      const before = await snapshot(n, s);
      const res = await move(n, action, { ...ship, refundReference: "RF-1" });
      expect({ n, action, status: res.status }).toEqual({ n, action, status: 409 });
      expect(res.json.message).toMatch(message);
      expect(await snapshot(n, s)).toEqual(before);
    }
    // An unknown order or move is a 404; a move the back office does not have (back to placed) too.
    expect((await move(999_999_999, "confirm")).status).toBe(404);
    expect((await move(placed, "place")).status).toBe(404);
    expect((await move(delivered, "placed")).status).toBe(404);
    expect((await api("/api/admin/orders/abc")).status).toBe(404);
    expect((await api("/api/admin/orders/999999999")).status).toBe(404);
  });
});

describe("cancelling", () => {
  it("gives the stock and the coupon's use back once for 10 cancels at once, with one audit entry and one mail", async () => {
    const s = await stockedSize(2, 9);
    const n = await placeCod(s, 3, true);
    const stockBefore = await stockOf(s);
    const usesBefore = await couponUses();
    const results = await Promise.all(Array.from({ length: 10 }, () => move(n, "cancel")));
    const ok = results.filter((r) => r.status === 200).length;
    const conflicts = results.filter((r) => r.status === 409).length;
    const stockAfter = await stockOf(s);
    const usesAfter = await couponUses();
    const audits = await auditOf(n, "order.cancel");
    const mails = (await mailsAbout(n, /cancelled/)).length;
    console.log(
      `10 concurrent cancels of order #${n}: ${ok} cancelled, ${conflicts} refused (409); stock ${stockBefore} -> ${stockAfter} (3 given back once); coupon uses ${usesBefore} -> ${usesAfter}; ${audits} audit entry, ${mails} cancellation mail`,
    );
    expect(ok).toBe(1);
    expect(conflicts).toBe(9);
    for (const r of results.filter((x) => x.status === 409)) expect(r.json.message).toBe(`Order #${n} is already cancelled.`);
    expect(stockBefore).toBe(6);
    expect(stockAfter).toBe(9);
    expect(usesAfter).toBe(usesBefore - 1);
    expect(audits).toBe(1);
    expect(mails).toBe(1);
    expect((await myOrderStatus(n))?.orderStatus).toBe("cancelled");
  });

  it("flags a paid online order refund due when cancelled, until it is refunded with a reference", async () => {
    const s = await stockedSize(3, 5);
    const created = await api("/api/payment/create-order", {
      token: priya.token,
      body: {
        shippingInfo: { ...TEST_ADDRESS, fullName: "Priya Nair", emailAddress: priya.email },
        paymentMethod: "bank",
        buyNow: true,
        items: [{ product: s.product._id, size: s.size, color: s.color, quantity: 1 }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const { id: providerOrderId, orderNumber: n } = created.json as { id: string; orderNumber: number };
    const paymentId = `pay_${randomBytes(7).toString("hex")}`;
    const verified = await api("/api/payment/verify-payment", {
      token: priya.token,
      body: {
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: createHmac("sha256", KEY_SECRET).update(`${providerOrderId}|${paymentId}`).digest("hex"),
      },
    });
    expect(verified.status, verified.text).toBe(200);
    expect(await stockOf(s)).toBe(4);

    const cancelled = await move(n, "cancel");
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.order).toMatchObject({
      orderStatus: "cancelled",
      paymentStatus: "paid",
      refundDue: true,
      providerPaymentId: paymentId,
    });
    expect(await stockOf(s)).toBe(5);
    const [mail] = await mailsAbout(n, /cancelled/);
    expect(mail?.text).toMatch(/will be refunded/);

    const list = await api("/api/admin/orders?payment=paid&method=bank&status=cancelled");
    expect(list.json.orders.find((o: { orderNumber: number }) => o.orderNumber === n)?.refundDue).toBe(true);

    const audit = await count("select count(*) as n from audit_log");
    expect((await move(n, "refund", {})).status).toBe(400);
    expect((await move(n, "refund", { refundReference: "x\u0007y1" })).status).toBe(400);
    expect(await count("select count(*) as n from audit_log")).toBe(audit);
    const refunded = await move(n, "refund", { refundReference: " RFND-2026-0042 " });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.json.order).toMatchObject({ paymentStatus: "refunded", refundDue: false, refundReference: "RFND-2026-0042" });
    expect(refunded.json.order.refundedAt).toMatch(/^\d{4}-/);
    expect(await count("select count(*) as n from audit_log")).toBe(audit + 1);
    const again = await move(n, "refund", { refundReference: "RFND-2026-0043" });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(`Order #${n} is already refunded.`);
    expect((await myOrderStatus(n))?.paymentStatus).toBe("refunded");
    // A cash order was never paid: cancelling it owes nothing.
    const cash = await placeCod(s);
    expect((await move(cash, "cancel")).json.order.refundDue).toBe(false);
  });
});

describe("the list and the CSV", () => {
  it("filters by status, payment and method, searches by number, e-mail, phone and name, pages newest first", async () => {
    const s = await stockedSize(4, 10);
    const a = await placeCod(s);
    const b = await placeCod(s);
    expect((await move(b, "confirm")).status).toBe(200);

    const byEmail = await api(`/api/admin/orders?q=${encodeURIComponent(priya.email.toUpperCase())}&limit=100`);
    expect(byEmail.status).toBe(200);
    const numbers = byEmail.json.orders.map((o: { orderNumber: number }) => o.orderNumber) as number[];
    expect(numbers).toEqual(expect.arrayContaining([a, b]));
    expect(numbers.indexOf(b)).toBeLessThan(numbers.indexOf(a));
    expect(byEmail.json.total).toBe(numbers.length);
    expect(byEmail.json.orders[0]).toMatchObject({
      email: priya.email,
      fullName: "Priya Nair",
      itemsCount: 1,
      paymentMethod: "cashOnDelivery",
    });
    expect(typeof byEmail.json.orders[0].totalAmount).toBe("number");

    const byNumber = await api(`/api/admin/orders?q=%23${a}`);
    expect(byNumber.json.orders.map((o: { orderNumber: number }) => o.orderNumber)).toContain(a);
    const byName = await api(`/api/admin/orders?q=priya%20nair&limit=100`);
    expect(byName.json.total).toBeGreaterThanOrEqual(numbers.length);
    const byPhone = await api(`/api/admin/orders?q=${TEST_ADDRESS.phoneNumber.slice(-6)}&limit=5`);
    expect(byPhone.json.total).toBeGreaterThan(0);
    expect(byPhone.json.orders.every((o: { phone: string }) => o.phone.includes(TEST_ADDRESS.phoneNumber.slice(-6)))).toBe(true);
    const nothing = await api("/api/admin/orders?q=no-such-shopper-anywhere");
    expect(nothing.json).toMatchObject({ orders: [], total: 0 });
    // A search is text, never a pattern: % and _ match themselves.
    expect((await api("/api/admin/orders?q=%25")).json.total).toBe(0);

    const confirmedOnly = await api(`/api/admin/orders?status=confirmed&q=${encodeURIComponent(priya.email)}&limit=100`);
    expect(confirmedOnly.json.orders.every((o: { orderStatus: string }) => o.orderStatus === "confirmed")).toBe(true);
    expect(confirmedOnly.json.orders.map((o: { orderNumber: number }) => o.orderNumber)).toContain(b);
    expect(confirmedOnly.json.orders.map((o: { orderNumber: number }) => o.orderNumber)).not.toContain(a);
    const cod = await api("/api/admin/orders?method=cashOnDelivery&payment=pending&limit=100");
    expect(
      cod.json.orders.every(
        (o: { paymentMethod: string; paymentStatus: string }) => o.paymentMethod === "cashOnDelivery" && o.paymentStatus === "pending",
      ),
    ).toBe(true);

    // Pages: one a page, newest first, the same total on each.
    const p1 = await api(`/api/admin/orders?q=${encodeURIComponent(priya.email)}&limit=1&page=1`);
    const p2 = await api(`/api/admin/orders?q=${encodeURIComponent(priya.email)}&limit=1&page=2`);
    expect(p1.json.orders).toHaveLength(1);
    expect(p2.json.orders).toHaveLength(1);
    expect(p1.json.total).toBe(numbers.length);
    expect(p1.json.pages).toBe(numbers.length);
    expect([p1.json.orders[0].orderNumber, p2.json.orders[0].orderNumber]).toEqual(numbers.slice(0, 2));

    // Dates are India's days: today's orders are in today, none in 2001.
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const todays = await api(`/api/admin/orders?from=${today}&to=${today}&q=${encodeURIComponent(priya.email)}&limit=100`);
    expect(todays.json.total).toBe(numbers.length);
    expect((await api("/api/admin/orders?from=2001-01-01&to=2001-01-31")).json.total).toBe(0);

    for (const bad of [
      "status=lost",
      "payment=maybe",
      "method=cheque",
      "from=2026-02-30",
      "from=2026-03-02&to=2026-03-01",
      "limit=1000",
      "page=0",
    ]) {
      const res = await api(`/api/admin/orders?${bad}`);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
      expect(res.json.message).toBeTruthy();
    }
  });

  it("exports the filtered list as CSV, every cell that could be a formula defused", async () => {
    const evil = await insertOrder(dbUrl, {
      shipping: { fullName: '=HYPERLINK("http://evil.example","x")', emailAddress: "csv-check@example.com", phoneNumber: "+919810012345" },
      lines: [{ productId: null, name: "Saree", color: "Red", size: "M", quantity: 2, unitPricePaise: 1500_00 }],
    });
    inserted.push(evil.id);
    const res = await fetch(new URL("/api/admin/orders.csv?q=csv-check%40example.com", base), {
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = (await res.text()).trim().split("\r\n");
    expect(rows[0]).toBe("Order number,Date (India time),Name,Email,Phone,Items,Total (INR),Payment method,Payment status,Order status");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(new RegExp(`^${evil.orderNumber},\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},`));
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(rows[1]).toContain(",'+919810012345,2,3100.00,cashOnDelivery,pending,placed");
    // The whole list too (no filter), and a shopper gets nothing.
    const all = await fetch(new URL("/api/admin/orders.csv", base), { headers: { Authorization: `Bearer ${ownerToken}` } });
    expect((await all.text()).split("\r\n").length).toBeGreaterThan(2);
  });
});

/**
 * Copies of an order, `n` of them, straight into the database (the export's size is what is tested,
 * not placing orders): each with its own number and checkout key, the e-mail `email`, and the same
 * time for runs of 300 copies, so pages of the export end inside a run of equal times.
 */
async function cloneOrders(templateId: number, n: number, email: string): Promise<void> {
  const columns = (await db.execute("pragma table_info(orders)")).rows.map((r) => String(r.name)).filter((c) => c !== "id");
  const top = await count("select max(order_number) as n from orders");
  const value: Record<string, string> = {
    order_number: `${top} + k`,
    checkout_key: `'csv-clone-${email}-' || k`,
    user_id: "null",
    guest_email: "?1",
    ship_email_address: "?1",
    access_hash: "null",
    claim: "null",
    created_at: "created_at - (k / 300) * 1000",
  };
  await db.execute({
    sql: `with recursive seq(k) as (select 1 union all select k + 1 from seq where k < ${n})
      insert into orders (${columns.join(", ")})
      select ${columns.map((c) => value[c] ?? c).join(", ")} from orders, seq where orders.id = ${templateId}`,
    args: [email],
  });
}

/**
 * `n` copies of one order (cloneOrders) plus the order itself, all with one e-mail, for the length of
 * `run`; the export of them (`?q=` that e-mail) is `csv()`. The copies go afterwards.
 */
async function withOrders(n: number, run: (csv: () => Promise<Response>, email: string) => Promise<void>) {
  const email = `csv-${n}-${Date.now()}@example.com`;
  const template = await insertOrder(dbUrl, {
    shipping: { fullName: "Many Orders", emailAddress: email },
    lines: [{ productId: null, name: "Kurti", color: "Red", size: "M", quantity: 1, unitPricePaise: 999_00 }],
  });
  inserted.push(template.id);
  const csv = () =>
    fetch(new URL(`/api/admin/orders.csv?q=${encodeURIComponent(email)}`, base), { headers: { Authorization: `Bearer ${ownerToken}` } });
  try {
    await cloneOrders(template.id, n, email);
    await run(csv, email);
  } finally {
    await db.execute({ sql: "delete from orders where ship_email_address = ? and id <> ?", args: [email, template.id] });
  }
}

describe("the CSV export of many orders", () => {
  it("carries every matching order once, newest first, across its pages", async () => {
    await withOrders(6_500, async (csv) => {
      const res = await csv();
      expect(res.status).toBe(200);
      const rows = (await res.text()).trim().split("\r\n").slice(1);
      const numbers = rows.map((r) => Number(r.split(",")[0]));
      expect(numbers).toHaveLength(6_501);
      expect(new Set(numbers).size).toBe(6_501);
      const dates = rows.map((r) => r.split(",")[1]!);
      expect(dates).toEqual([...dates].sort().reverse());
    });
  });

  it("refuses more than 50,000 with the count and how to narrow it, and the list page says so instead of linking", async () => {
    await withOrders(50_000, async (csv, email) => {
      const res = await csv();
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: "50,001 orders match: an export carries at most 50,000. Choose a shorter period (From and To) and export each.",
      });
      const page = await fetch(new URL(`/admin/orders?q=${encodeURIComponent(email)}`, base), {
        headers: { Cookie: `aanchal_session=${ownerToken}` },
      });
      const body = (await page.text()).replaceAll("<!-- -->", "");
      expect(body).toContain("50,001 orders match: an export carries at most 50,000.");
      expect(body).not.toContain("/api/admin/orders.csv");
    });
  });
});

describe("the door", () => {
  it("answers 404 on every orders endpoint to a shopper and a signed-out visitor, changing nothing", async () => {
    const s = await stockedSize(5, 4);
    const n = await placeCod(s);
    const before = await snapshot(n, s);
    const endpoints: [string, string][] = [
      ["GET", "/api/admin/orders"],
      ["GET", "/api/admin/orders.csv"],
      ["GET", `/api/admin/orders/${n}`],
      ...["confirm", "ship", "deliver", "cancel", "mark-paid", "refund"].map((a): [string, string] => [
        "POST",
        `/api/admin/orders/${n}/${a}`,
      ]),
    ];
    for (const token of [priya.token, null])
      for (const [method, path] of endpoints) {
        const res = await api(path, {
          token,
          method,
          body: method === "POST" ? { courier: "X Courier", trackingNumber: "XC123456", refundReference: "RF-1" } : undefined,
        });
        expect({ path, who: token ? "shopper" : "signed out", status: res.status, body: res.json }).toEqual({
          path,
          who: token ? "shopper" : "signed out",
          status: 404,
          body: { message: "Not found" },
        });
      }
    expect(await snapshot(n, s)).toEqual(before);
  });
});
