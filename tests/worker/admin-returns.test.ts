import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, mailsTo, type TestUser } from "../../tooling/accounts";
import { type ApiProduct, buyableProducts, setStock } from "../../tooling/cart";
import { addTenPercentCoupon, codBuyNowBody, couponCode, UNUSABLE_SHIPMENTS } from "../support/buy-now";
import { pageForms } from "../support/page-forms";
import { roundTripsOf } from "../support/round-trips";
import { jsonCaller, ownerToken as signInOwner } from "../support/staff";

/**
 * The owner's returns queue, against the built Worker: her request (written straight into the
 * tables as her request page does, an exchange size held by taking it from stock) goes requested ->
 * approved -> received -> refunded or exchanged through `/api/admin/returns*` and the pages' forms,
 * each step one audit entry and her mail, the stock and the refund (with its credit note) as they
 * must be; every illegal move refused with 409 and nothing changed; moves made at once happen once;
 * the dashboard counts the queue; anyone but staff gets a 404.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const forms = pageForms(base);

const db = createClient({ url: dbUrl });
type Arg = string | number | null;
const one = async <T>(q: string, args: Arg[] = []) => (await db.execute({ sql: q, args })).rows[0] as T;
const count = async (q: string, args: Arg[] = []) => Number((await one<{ n: number }>(q, args)).n);

let ownerToken: string;
let owner: TestUser;
let priya: TestUser;
let products: ApiProduct[];
const restore: (() => Promise<void>)[] = [];
const COUPON = couponCode("RET");

beforeAll(async () => {
  ownerToken = await signInOwner(base);
  owner = { ...({} as TestUser), email: DEMO_OWNER.email, token: ownerToken };
  priya = await createUser(base, "admin-returns", "Priya Nair");
  products = await buyableProducts(base);
  await addTenPercentCoupon(db, COUPON);
});
afterAll(async () => {
  for (const undo of restore.splice(0)) await undo();
  db.close();
});

const api = jsonCaller(base, () => ownerToken);
const move = (id: number, action: string, body: unknown = {}, token?: string | null) =>
  api(`/api/admin/returns/${id}/${action}`, { body, token });
const PICKUP = { courier: "Delhivery", trackingNumber: "DLR-445566" };

/** Two sizes of product `index`, with exactly `a` and `b` pieces for this file (put back after it). */
async function twoSizes(index: number, a: number, b: number) {
  const product = products[index]!;
  const [first, second] = product.sizes.filter((z) => z.stock > 0);
  restore.push(await setStock(dbUrl, product._id, first!.size, a));
  restore.push(await setStock(dbUrl, product._id, second!.size, b));
  return { product, size: first!.size, other: second!.size, color: product.colors[0]!.name };
}
type Sizes = Awaited<ReturnType<typeof twoSizes>>;
const stockOf = (s: Sizes, size: string) =>
  count("select stock as n from product_sizes where product_id = ? and size = ?", [Number(s.product._id), size]);

/** Priya buys `quantity` of `s.size` (cash on delivery), and the owner confirms (invoice), ships and delivers it. */
async function delivered(s: Sizes, quantity: number, coupon = false): Promise<number> {
  const res = await api("/api/orders/place", {
    token: priya.token,
    body: codBuyNowBody(s, { name: "Priya Nair", email: priya.email }, quantity, coupon ? COUPON : null),
  });
  expect(res.status, res.text).toBe(201);
  const n = res.json.order.orderNumber as number;
  for (const [action, body] of [
    ["confirm", {}],
    ["ship", { courier: "Blue Dart", trackingNumber: "BD556677" }],
    ["deliver", {}],
  ] as const) {
    const moved = await api(`/api/admin/orders/${n}/${action}`, { body });
    expect(moved.status, moved.text).toBe(200);
  }
  return n;
}

/**
 * Her request, as her request page writes it: the request and its line, and for an exchange the
 * size she wants held for her (taken from stock).
 */
async function askReturn(n: number, s: Sizes, quantity: number, exchange: boolean): Promise<number> {
  const kind = exchange ? "exchange" : "refund";
  const reason = exchange ? "too-small" : "not-wanted";
  const [, , request] = await db.batch(
    [
      {
        sql: "insert into return_requests (order_id, kind, reason) select id, ?, ? from orders where order_number = ?",
        args: [kind, reason, n],
      },
      {
        sql: `insert into return_lines (request_id, order_line_id, quantity, exchange_size_id, exchange_size)
          select (select max(r.id) from return_requests r join orders o on o.id = r.order_id where o.order_number = ?), ol.id, ?,
            ${exchange ? "(select id from product_sizes where product_id = ? and size = ?)" : "null"}, ${exchange ? "?" : "null"}
          from order_lines ol join orders o on o.id = ol.order_id where o.order_number = ?`,
        args: exchange ? [n, quantity, Number(s.product._id), s.other, s.other, n] : [n, quantity, n],
      },
      {
        sql: "select max(r.id) as id from return_requests r join orders o on o.id = r.order_id where o.order_number = ?",
        args: [n],
      },
      ...(exchange
        ? [
            {
              sql: "update product_sizes set stock = stock - ? where product_id = ? and size = ?",
              args: [quantity, Number(s.product._id), s.other],
            },
          ]
        : []),
    ],
    "write",
  );
  return Number(request!.rows[0]!.id);
}

const requestRow = (id: number) => one<Record<string, unknown>>("select * from return_requests where id = ?", [id]);
const auditOf = (id: number) =>
  db
    .execute({ sql: "select action from audit_log where entity = 'return' and entity_id = ? order by id", args: [String(id)] })
    .then((r) => r.rows.map((x) => x.action));
const mailsAbout = async (n: number, word: RegExp) =>
  (await mailsTo(base, priya.email)).filter((m) => m.subject.includes(`#${n}`) && word.test(m.subject));

/** Everything a refused move must leave as it was. */
async function snapshot(id: number, s: Sizes) {
  return {
    request: await requestRow(id),
    lines: (await db.execute({ sql: "select * from return_lines where request_id = ? order by id", args: [id] })).rows,
    stock: [await stockOf(s, s.size), await stockOf(s, s.other)],
    refunds: await count("select count(*) as n from refunds"),
    audit: await count("select count(*) as n from audit_log"),
    outbox: await count("select count(*) as n from mail_outbox"),
  };
}

describe("a size exchange, step by step", () => {
  it("is approved with its pickup, received back on the shelf and shipped: one audit entry and one mail each, the held size going out", async () => {
    const s = await twoSizes(0, 10, 5);
    const n = await delivered(s, 2);
    const id = await askReturn(n, s, 1, true);
    expect(await stockOf(s, s.other)).toBe(4);
    const shelf = await stockOf(s, s.size);

    // The pickup needs a courier and a tracking number, as shipping does: without them nothing changes.
    const before = await snapshot(id, s);
    for (const body of UNUSABLE_SHIPMENTS) {
      const refused = await move(id, "approve", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.message).toMatch(/courier|tracking/i);
    }
    expect(await snapshot(id, s)).toEqual(before);

    const approved = await move(id, "approve", { courier: " Delhivery ", trackingNumber: "DLR-445566 " });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.return).toMatchObject({
      id,
      orderNumber: n,
      status: "approved",
      pickupCourier: "Delhivery",
      pickupTracking: "DLR-445566",
    });
    const [approvedMail] = await mailsAbout(n, /return .* is approved/);
    expect(approvedMail?.text).toContain("DLR-445566");

    const lineId = approved.json.return.lines[0].id as number;
    // The split must add up to the pieces sent back.
    const split = await move(id, "receive", { lines: [{ id: lineId, restocked: 1, writtenOff: 1 }] });
    expect(split.status).toBe(400);
    expect(split.json.message).toMatch(/add up to the 1 returned/);
    const received = await move(id, "receive", { lines: [{ id: lineId, restocked: 1, writtenOff: 0 }] });
    expect(received.status, received.text).toBe(200);
    expect(received.json.return.status).toBe("received");
    expect(received.json.return.lines[0]).toMatchObject({ restocked: 1, writtenOff: 0, open: true, heldExchange: true });
    expect(await stockOf(s, s.size)).toBe(shelf + 1);
    expect(await mailsAbout(n, /received your .* return/)).toHaveLength(1);

    const shipped = await move(id, "ship-exchange", { courier: "Blue Dart", trackingNumber: "BDX-778899" });
    expect(shipped.status, shipped.text).toBe(200);
    expect(shipped.json.return).toMatchObject({ status: "exchanged", exchangeCourier: "Blue Dart", exchangeTracking: "BDX-778899" });
    expect(shipped.json.return.lines[0].open).toBe(false);
    expect(shipped.json.return.closedAt).toMatch(/^\d{4}-/);
    // The held size went out to her: no further stock change either way.
    expect(await stockOf(s, s.other)).toBe(4);
    expect(await stockOf(s, s.size)).toBe(shelf + 1);
    const [exchangeMail] = await mailsAbout(n, /exchange .* has shipped/);
    expect(exchangeMail?.text).toContain("BDX-778899");
    expect(exchangeMail?.text).toContain(`for size ${s.other}`);

    expect(await auditOf(id)).toEqual(["return.approve", "return.receive", "return.ship-exchange"]);
    const detail = await api(`/api/admin/returns/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.json.return.history.map((h: { actorEmail: string }) => h.actorEmail)).toEqual([
      DEMO_OWNER.email,
      DEMO_OWNER.email,
      DEMO_OWNER.email,
    ]);
    expect(detail.json.return.history[0]).toMatchObject({
      before: { status: "requested" },
      after: { status: "approved", courier: "Delhivery" },
    });
    // Nothing was refunded for an exchange.
    expect(await count("select count(*) as n from refunds where return_request_id = ?", [id])).toBe(0);
  });
});

describe("a refund", () => {
  it("refunds what she paid for the pieces (their share of the discount taken off) with a credit note, once; a damaged piece is written off", async () => {
    const s = await twoSizes(1, 10, 5);
    const n = await delivered(s, 2, true);
    const order = await one<{ id: number; subtotal: number; discount: number; total: number }>(
      "select id, subtotal_paise as subtotal, discount_paise as discount, total_paise as total from orders where order_number = ?",
      [n],
    );
    expect(Number(order.discount)).toBeGreaterThan(0);
    const id = await askReturn(n, s, 2, false);
    const shelf = await stockOf(s, s.size);
    expect((await move(id, "approve", PICKUP)).status).toBe(200);
    const lineId = (await api(`/api/admin/returns/${id}`)).json.return.lines[0].id as number;
    const received = await move(id, "receive", { lines: [{ id: lineId, restocked: 1, writtenOff: 1 }] });
    expect(received.status, received.text).toBe(200);
    expect(await stockOf(s, s.size)).toBe(shelf + 1);

    // A refund needs a method and a reference; cash paid on delivery goes back by bank or UPI.
    for (const body of [
      { reference: "UTR123456" },
      { method: "cash", reference: "UTR123456" },
      { method: "original", reference: "UTR123456" },
      { method: "upi", reference: "" },
      { method: "upi", reference: "UTR1", amount: "-5" },
    ]) {
      const refused = await move(id, "refund", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const refunded = await move(id, "refund", { method: "upi", reference: "UTR20261128" });
    expect(refunded.status, refunded.text).toBe(200);
    // One line: all of the subtotal less all of the discount.
    const paid = Number(order.subtotal) - Number(order.discount);
    expect(refunded.json.return).toMatchObject({ status: "refunded", paidAmount: paid / 100 });
    expect(refunded.json.return.lines[0].open).toBe(false);
    const refund = await one<Record<string, unknown>>("select * from refunds where return_request_id = ?", [id]);
    expect(refund).toMatchObject({ order_id: order.id, source: "return", amount_paise: paid, method: "upi", reference: "UTR20261128" });
    // The order was invoiced when it was confirmed: the refund has the next credit note.
    expect(String(refund.credit_note_number)).toMatch(/\/CN\/\d{2}-\d{2}\/\d+$/);
    expect(refunded.json.return.refunds[0]).toMatchObject({ amount: paid / 100, creditNoteNumber: refund.credit_note_number });
    const [mail] = await mailsAbout(n, /refund for order/);
    expect(mail?.subject).toContain(`₹${(paid / 100).toLocaleString("en-IN")}`);
    expect(mail?.text).toContain("UTR20261128");
    expect(await auditOf(id)).toEqual(["return.approve", "return.receive", "return.refund"]);

    // Refunded twice: refused, nothing changes.
    const before = await snapshot(id, s);
    const again = await move(id, "refund", { method: "upi", reference: "UTR20261129" });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/already refunded/);
    expect(await snapshot(id, s)).toEqual(before);
  });

  it("refuses more than is left to refund on the order, and of two refunds sent at once makes one", async () => {
    const s = await twoSizes(2, 10, 5);
    const n = await delivered(s, 1);
    const total = Number((await one<{ t: number }>("select total_paise as t from orders where order_number = ?", [n])).t);
    const id = await askReturn(n, s, 1, false);
    expect((await move(id, "approve", PICKUP)).status).toBe(200);
    const lineId = (await api(`/api/admin/returns/${id}`)).json.return.lines[0].id as number;
    expect((await move(id, "receive", { lines: [{ id: lineId, restocked: 1, writtenOff: 0 }] })).status).toBe(200);

    const before = await snapshot(id, s);
    const tooMuch = await move(id, "refund", { amount: String(total / 100 + 1), method: "bank-transfer", reference: "PAY-REF-1" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.message).toMatch(/At most ₹[\d,.]+ is left to refund/);
    expect(await snapshot(id, s)).toEqual(before);

    // The whole order (delivery too) may be refunded; two at once give one refund.
    const both = await Promise.all(
      [1, 2].map((k) => move(id, "refund", { amount: String(total / 100), method: "bank-transfer", reference: `PAY-REF-${k}` })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await count("select count(*) as n from refunds where return_request_id = ?", [id])).toBe(1);
    expect(
      await count(
        "select coalesce(sum(amount_paise), 0) as n from refunds where order_id = (select id from orders where order_number = ?)",
        [n],
      ),
    ).toBe(total);
    expect(await auditOf(id)).toEqual(["return.approve", "return.receive", "return.refund"]);
    expect(await mailsAbout(n, /refund for order/)).toHaveLength(1);
  });
});

describe("declining", () => {
  it("mails her the reason and gives a held size back once, however many declines are sent at once", async () => {
    const s = await twoSizes(3, 10, 5);
    const n = await delivered(s, 2);
    const id = await askReturn(n, s, 2, true);
    expect(await stockOf(s, s.other)).toBe(3);

    const short = await move(id, "decline", { reason: "No" });
    expect(short.status).toBe(400);
    expect(short.json.message).toMatch(/at least 5 characters/);

    const reason = "The tags were removed, so we cannot take these pieces back.";
    const results = await Promise.all(Array.from({ length: 5 }, () => move(id, "decline", { reason })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await stockOf(s, s.other)).toBe(5);
    expect((await requestRow(id)).status).toBe("declined");
    expect(await count("select count(*) as n from return_lines where request_id = ? and open = 1", [id])).toBe(0);
    expect(await auditOf(id)).toEqual(["return.decline"]);
    const mails = await mailsAbout(n, /was declined/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(reason);
    // The line is free for another request now (one open request per line).
    expect(await askReturn(n, s, 1, false)).toBeGreaterThan(id);
  });
});

describe("illegal moves", () => {
  it("refuses each with 409 and a clear message, changing nothing", async () => {
    const s = await twoSizes(4, 10, 5);
    const requested = await askReturn(await delivered(s, 1), s, 1, true);
    const approved = await askReturn(await delivered(s, 1), s, 1, false);
    expect((await move(approved, "approve", PICKUP)).status).toBe(200);
    const receivedRefund = await askReturn(await delivered(s, 1), s, 1, false);
    expect((await move(receivedRefund, "approve", PICKUP)).status).toBe(200);
    const line = (await api(`/api/admin/returns/${receivedRefund}`)).json.return.lines[0].id;
    expect((await move(receivedRefund, "receive", { lines: [{ id: line, restocked: 1, writtenOff: 0 }] })).status).toBe(200);

    const lineOf = async (id: number) => (await api(`/api/admin/returns/${id}`)).json.return.lines[0].id;
    const cases: [number, string, object, RegExp][] = [
      [
        requested,
        "receive",
        { lines: [{ id: await lineOf(requested), restocked: 1, writtenOff: 0 }] },
        /requested: only a return that is awaiting pickup can be marked received/,
      ],
      [requested, "refund", { method: "upi", reference: "UTR1234" }, /only a return that is received can be refunded/],
      [requested, "ship-exchange", PICKUP, /only a return that is received can be shipped/],
      [approved, "approve", PICKUP, /already awaiting pickup/],
      [approved, "decline", { reason: "Changed our mind about it." }, /awaiting pickup: only a return that is requested can be declined/],
      [approved, "refund", { method: "upi", reference: "UTR1234" }, /only a return that is received/],
      [receivedRefund, "ship-exchange", PICKUP, /a refund request: there is no exchange to ship/],
      [receivedRefund, "receive", { lines: [{ id: line, restocked: 1, writtenOff: 0 }] }, /already received/],
      [receivedRefund, "decline", { reason: "Changed our mind about it." }, /only a return that is requested/],
    ];
    for (const [id, action, body, message] of cases) {
      const before = await snapshot(id, s);
      const res = await move(id, action, body);
      expect({ id, action, status: res.status }).toEqual({ id, action, status: 409 });
      expect(res.json.message).toMatch(message);
      expect(await snapshot(id, s)).toEqual(before);
    }
    expect((await move(requested, "reopen")).status).toBe(404);
    expect((await move(999_999_999, "approve", PICKUP)).status).toBe(404);
    expect((await api("/api/admin/returns/abc")).status).toBe(404);
    expect((await api("/api/admin/returns/999999999")).status).toBe(404);
  });
});

describe("the queue's list, the pages and the dashboard", () => {
  it("lists the newest first, filters by status, kind, order number and e-mail; refuses a bad filter with 400", async () => {
    const s = await twoSizes(5, 10, 5);
    const n = await delivered(s, 1);
    const id = await askReturn(n, s, 1, true);
    const list = await api("/api/admin/returns");
    expect(list.status).toBe(200);
    expect(list.json.returns[0]).toMatchObject({
      id,
      orderNumber: n,
      kind: "exchange",
      status: "requested",
      pieces: 1,
      email: priya.email,
    });
    const ids = async (q: string) => ((await api(`/api/admin/returns?${q}`)).json.returns as { id: number }[]).map((r) => r.id);
    expect(await ids("status=requested")).toContain(id);
    expect(await ids("status=approved")).not.toContain(id);
    expect(await ids("kind=exchange")).toContain(id);
    expect(await ids("kind=refund")).not.toContain(id);
    expect(await ids(`q=${n}`)).toEqual([id]);
    expect(await ids(`q=${encodeURIComponent(priya.email)}`)).toContain(id);
    expect(await ids("from=2000-01-01&to=2000-01-02")).toEqual([]);
    const bad = await api("/api/admin/returns?status=lost");
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/Status must be one of/);
  });

  it("the pages list the request, show only the moves its state allows, and move it on with forms posted without JavaScript", async () => {
    const s = await twoSizes(6, 10, 5);
    const n = await delivered(s, 1);
    const id = await askReturn(n, s, 1, true);
    const page = async (path: string, user: TestUser | null = owner) => {
      const res = await forms.get(path, user);
      return { status: res.status, body: await res.text() };
    };
    const list = await page(`/admin/returns?status=requested&q=${n}`);
    expect(list.status).toBe(200);
    expect(list.body).toContain(`href="/admin/returns/${id}"`);
    expect((await page(`/admin/returns?status=refunded&q=${n}`)).body).not.toContain(`href="/admin/returns/${id}"`);
    const bad = await page("/admin/returns?from=2026-13-01");
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("From must be a date");
    // Her order's page links the request.
    expect((await page(`/admin/orders/${n}`)).body).toContain(`href="/admin/returns/${id}"`);

    const movesOn = (body: string) => [...body.matchAll(/<input type="hidden" name="intent" value="([\w-]+)"\/>/g)].map((m) => m[1]);
    const detail = await page(`/admin/returns/${id}`);
    expect(detail.status).toBe(200);
    expect(movesOn(detail.body)).toEqual(["approve", "decline"]);

    // A tracking number missing: the form answers its message, nothing changes.
    const refused = await forms.post(`/admin/returns/${id}`, { intent: "approve", courier: "Delhivery", trackingNumber: "" }, owner);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Enter the tracking number");
    expect((await requestRow(id)).status).toBe("requested");

    const approved = await forms.post(`/admin/returns/${id}`, { intent: "approve", ...PICKUP }, owner);
    expect(approved.status).toBe(302);
    expect(approved.headers.get("location")).toBe(`/admin/returns/${id}?done=approve`);
    const after = await page(`/admin/returns/${id}?done=approve`);
    expect(after.body).toContain("Return approved");
    expect(movesOn(after.body)).toEqual(["receive"]);
    const lineId = (await api(`/api/admin/returns/${id}`)).json.return.lines[0].id;
    const received = await forms.post(
      `/admin/returns/${id}`,
      { intent: "receive", [`restocked-${lineId}`]: "0", [`writtenOff-${lineId}`]: "1" },
      owner,
    );
    expect(received.status).toBe(302);
    expect(movesOn((await page(`/admin/returns/${id}`)).body)).toEqual(["ship-exchange", "refund"]);
    // Twice (a second tab): refused with the page's message.
    const twice = await forms.post(
      `/admin/returns/${id}`,
      { intent: "receive", [`restocked-${lineId}`]: "0", [`writtenOff-${lineId}`]: "1" },
      owner,
    );
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("already received");
    const shipped = await forms.post(
      `/admin/returns/${id}`,
      { intent: "ship-exchange", courier: "Blue Dart", trackingNumber: "BDX-1122" },
      owner,
    );
    expect(shipped.status).toBe(302);
    expect((await requestRow(id)).status).toBe("exchanged");
    expect(movesOn((await page(`/admin/returns/${id}`)).body)).toEqual([]);
  });

  it("each page (the queue, a request, her order with its returns) costs one database round trip", async () => {
    const s = await twoSizes(9, 10, 5);
    const n = await delivered(s, 1);
    const id = await askReturn(n, s, 1, true);
    const cookie = { Cookie: `aanchal_session=${ownerToken}` };
    for (const [path, shows] of [
      ["/admin/returns?status=requested&kind=exchange", `href="/admin/returns/${id}"`],
      [`/admin/returns/${id}`, `Return #${id}`],
      [`/admin/orders/${n}`, `href="/admin/returns/${id}"`],
    ] as const) {
      const { status, body, trips } = await roundTripsOf(path, cookie);
      expect(body).toContain(shows);
      expect({ path, status, trips }).toEqual({ path, status: 200, trips: 1 });
    }
  });

  it("the dashboard counts the returns waiting at each step and links each to the filtered queue", async () => {
    const figures = async () => (await api("/api/admin/dashboard")).json.dashboard.returns as Record<string, number>;
    const before = await figures();
    const s = await twoSizes(7, 10, 5);
    await askReturn(await delivered(s, 1), s, 1, false);
    const approved = await askReturn(await delivered(s, 1), s, 1, false);
    expect((await move(approved, "approve", PICKUP)).status).toBe(200);
    const received = await askReturn(await delivered(s, 1), s, 1, false);
    expect((await move(received, "approve", PICKUP)).status).toBe(200);
    const line = (await api(`/api/admin/returns/${received}`)).json.return.lines[0].id;
    expect((await move(received, "receive", { lines: [{ id: line, restocked: 1, writtenOff: 0 }] })).status).toBe(200);
    expect(await figures()).toEqual({ requested: before.requested! + 1, approved: before.approved! + 1, received: before.received! + 1 });
    const body = await (await forms.get("/admin", owner)).text();
    for (const status of ["requested", "approved", "received"]) expect(body).toContain(`href="/admin/returns?status=${status}"`);
  });
});

describe("the door", () => {
  it("answers a shopper and a visitor 404 on the list, a request and every move, and changes nothing", async () => {
    const s = await twoSizes(8, 10, 5);
    const id = await askReturn(await delivered(s, 1), s, 1, true);
    const before = await snapshot(id, s);
    for (const token of [priya.token, null]) {
      expect((await api("/api/admin/returns", { token })).status).toBe(404);
      expect((await api(`/api/admin/returns/${id}`, { token })).status).toBe(404);
      for (const action of ["approve", "decline", "receive", "refund", "ship-exchange"]) {
        const res = await move(id, action, { ...PICKUP, reason: "Not taking these back.", method: "upi", reference: "UTR1234" }, token);
        expect(res.status).toBe(404);
      }
    }
    for (const user of [priya, null]) {
      expect((await forms.get("/admin/returns", user)).status).toBe(404);
      expect((await forms.get(`/admin/returns/${id}`, user)).status).toBe(404);
      // A form posted there is answered as one posted to an address that does not exist.
      const posted = await forms.post(`/admin/returns/${id}`, { intent: "approve", ...PICKUP }, user);
      const unknown = await forms.post(`/no-such-page/returns/${id}`, { intent: "approve", ...PICKUP }, user);
      expect(posted.status).toBe(unknown.status);
      expect(posted.status).toBeGreaterThanOrEqual(404);
    }
    expect(await snapshot(id, s)).toEqual(before);
  });
});
