import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, type TestUser } from "../../tooling/accounts";
import { setStock } from "../../tooling/cart";
import { insertOrder, newOrderKey, removeOrders, type TestOrder } from "../../tooling/orders";
import { pageForms } from "../support/page-forms";
import { roundTripsOf } from "../support/round-trips";
import { sqlRows } from "../support/sql";

/**
 * She asks to return or exchange pieces of a delivered order: `POST /api/orders/{number}/returns`
 * and the page `/my-orders/{number}/return`, over orders written straight into the test database
 * and moved to delivered there. What is checked is what she is told and what the database holds.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const forms = pageForms(base);
const DAY = 86_400_000;
const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.token}`, "Content-Type": "application/json" });

interface Product {
  id: number;
  name: string;
}

let asha: TestUser;
let meera: TestUser;
let kurti: Product;
let clearance: Product;
const made: number[] = [];
const restore: (() => Promise<void>)[] = [];

beforeAll(async () => {
  [asha, meera] = await Promise.all([createUser(base, "returns-asha", "Asha Verma"), createUser(base, "returns-meera", "Meera Sharma")]);
  const [k] = await sqlRows(
    dbUrl,
    `select p.id, p.name from products p where p.returnable = 1 and p.is_active = 1
      and (select count(*) from product_sizes s where s.product_id = p.id and s.size in ('S', 'M', 'L')) = 3 order by p.id limit 1`,
  );
  const [c] = await sqlRows(dbUrl, "select id, name from products where returnable = 0 order by id limit 1");
  kurti = { id: Number(k!.id), name: String(k!.name) };
  clearance = { id: Number(c!.id), name: String(c!.name) };
  restore.push(await setStock(dbUrl, kurti.id, "M", 5), await setStock(dbUrl, kurti.id, "L", 0));
});

afterAll(async () => {
  await removeOrders(dbUrl, made);
  for (const undo of restore.splice(0)) await undo();
});

/** A delivered order of hers (`daysAgo` since delivery), with its line ids. */
async function delivered(
  o: Partial<TestOrder> & { daysAgo?: number; status?: "delivered" | "shipped"; product?: Product; quantity?: number } = {},
) {
  const p = o.product ?? kurti;
  const [mark] = await sqlRows(dbUrl, "select coalesce(max(id), 0) as id from mail_outbox");
  const placed = await insertOrder(dbUrl, {
    userId: Number(asha.id),
    paymentMethod: "bank",
    paymentStatus: "paid",
    lines: [{ productId: p.id, name: p.name, color: "Indigo", size: "S", quantity: o.quantity ?? 2, unitPricePaise: 1299_00 }],
    ...o,
  });
  made.push(placed.id);
  const status = o.status ?? "delivered";
  await sqlRows(dbUrl, "update orders set order_status = ?, delivered_at = ? where id = ?", [
    status,
    status === "delivered" ? Date.now() - (o.daysAgo ?? 1) * DAY : 0,
    placed.id,
  ]);
  if (status !== "delivered") await sqlRows(dbUrl, "update orders set delivered_at = null where id = ?", [placed.id]);
  const lines = await sqlRows(dbUrl, "select id from order_lines where order_id = ? order by id", [placed.id]);
  return { ...placed, lineIds: lines.map((l) => Number(l.id)), mailsBefore: Number(mark!.id) };
}

const ask = (number: number, body: unknown, headers: Record<string, string> = bearer(asha)) =>
  fetch(new URL(`/api/orders/${number}/returns`, base), { method: "POST", headers, body: JSON.stringify(body) });

const requestsOf = (orderId: number) =>
  sqlRows(dbUrl, "select id, kind, reason, status from return_requests where order_id = ?", [orderId]);
const returnLinesOf = (orderId: number) =>
  sqlRows(
    dbUrl,
    `select rl.order_line_id, rl.quantity, rl.exchange_size, rl.open from return_lines rl
      join return_requests r on r.id = rl.request_id where r.order_id = ? order by rl.id`,
    [orderId],
  );
/**
 * The return mails about `order`, sent since it was made: an order number comes back once a test
 * file's orders are removed, and the mails about the earlier order of that number stay.
 */
const mailsAbout = (order: { orderNumber: number; mailsBefore: number }) =>
  sqlRows(
    dbUrl,
    `select "to", template, subject from mail_outbox where template like 'return-requested%' and subject like ? and id > ? order by id`,
    [`%#${order.orderNumber}%`, order.mailsBefore],
  );
/** The `<input>` named `name` with this value, as the page drew it. */
const inputTag = (html: string, name: string, value: string) =>
  html.match(/<input[^>]*>/g)?.find((tag) => tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`)) ?? "";
const stockOf = async (size: string) =>
  Number((await sqlRows(dbUrl, "select stock from product_sizes where product_id = ? and size = ?", [kurti.id, size]))[0]!.stock);

describe("POST /api/orders/{number}/returns", () => {
  it("records a refund request inside the window: the request and its lines, her mail and the shop's copy", async () => {
    const order = await delivered({ daysAgo: 6 });
    // An API client finds the line ids, and when the order was delivered, in her orders.
    const listed = (
      (await (await fetch(new URL("/api/orders/my-orders", base), { headers: bearer(asha) })).json()) as {
        orders: { orderNumber: number; deliveredAt: string | null; items: { lineId: number }[] }[];
      }
    ).orders.find((o) => o.orderNumber === order.orderNumber)!;
    expect(listed.items.map((i) => i.lineId)).toEqual(order.lineIds);
    expect(listed.deliveredAt).not.toBeNull();
    const res = await ask(order.orderNumber, {
      lines: [{ orderLineId: listed.items[0]!.lineId, quantity: 1 }],
      reason: "damaged",
      kind: "refund",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { returnRequest } = (await res.json()) as { returnRequest: Record<string, unknown> };
    expect(returnRequest).toMatchObject({
      kind: "refund",
      reason: "damaged",
      status: "requested",
      lines: [{ orderLineId: order.lineIds[0], name: kurti.name, size: "S", quantity: 1, exchangeSize: null }],
    });
    expect(await requestsOf(order.id)).toMatchObject([{ kind: "refund", reason: "damaged", status: "requested" }]);
    expect(await returnLinesOf(order.id)).toMatchObject([{ order_line_id: order.lineIds[0], quantity: 1, exchange_size: null, open: 1 }]);
    const mails = await mailsAbout(order);
    expect(mails.map((m) => m.template)).toEqual(["return-requested", "return-requested-shop"]);
    expect(mails[0]!.to).toBe("asha@example.com");
  });

  it("refuses after the window with the policy's words, and writes nothing", async () => {
    const order = await delivered({ daysAgo: 8 });
    const res = await ask(order.orderNumber, {
      lines: [{ orderLineId: order.lineIds[0], quantity: 1 }],
      reason: "damaged",
      kind: "refund",
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      `Order #${order.orderNumber} can no longer be returned: a return must be asked for within 7 days of delivery.`,
    );
    expect(await requestsOf(order.id)).toEqual([]);
    expect(await mailsAbout(order)).toEqual([]);
  });

  it("refuses an order not yet delivered", async () => {
    const order = await delivered({ status: "shipped" });
    const res = await ask(order.orderNumber, {
      lines: [{ orderLineId: order.lineIds[0], quantity: 1 }],
      reason: "damaged",
      kind: "refund",
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/has not been delivered yet/);
    expect(await requestsOf(order.id)).toEqual([]);
  });

  it("answers 404 for another shopper's order and 401 signed out; a guest asks with her link's key", async () => {
    const order = await delivered();
    const body = { lines: [{ orderLineId: order.lineIds[0], quantity: 1 }], reason: "damaged", kind: "refund" };
    expect((await ask(order.orderNumber, body, bearer(meera))).status).toBe(404);
    expect((await ask(order.orderNumber, body, { "Content-Type": "application/json" })).status).toBe(401);
    expect((await ask(order.orderNumber, { ...body, key: newOrderKey() }, { "Content-Type": "application/json" })).status).toBe(404);
    expect(await requestsOf(order.id)).toEqual([]);

    const key = newOrderKey();
    const guest = await delivered({ userId: null, key });
    const res = await ask(
      guest.orderNumber,
      { lines: [{ orderLineId: guest.lineIds[0], quantity: 2 }], reason: "not-wanted", kind: "refund", key },
      { "Content-Type": "application/json" },
    );
    expect(res.status).toBe(201);
    expect(await requestsOf(guest.id)).toHaveLength(1);
  });

  it("refuses more pieces than she bought, and a line of another order", async () => {
    const order = await delivered({ quantity: 2 });
    const other = await delivered();
    const res = await ask(order.orderNumber, {
      lines: [{ orderLineId: order.lineIds[0], quantity: 3 }],
      reason: "damaged",
      kind: "refund",
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(`You can return at most 2 of ${kurti.name}.`);
    const foreign = await ask(order.orderNumber, {
      lines: [{ orderLineId: other.lineIds[0], quantity: 1 }],
      reason: "damaged",
      kind: "refund",
    });
    expect(foreign.status).toBe(400);
    expect(await requestsOf(order.id)).toEqual([]);
  });

  it("keeps one open request per line: a second is refused, and two at once make one", async () => {
    const order = await delivered({ quantity: 2 });
    const body = { lines: [{ orderLineId: order.lineIds[0], quantity: 1 }], reason: "damaged", kind: "refund" };
    expect((await ask(order.orderNumber, body)).status).toBe(201);
    const again = await ask(order.orderNumber, body);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(`A return for ${kurti.name} is already open.`);
    expect(await requestsOf(order.id)).toHaveLength(1);

    const racing = await delivered({ quantity: 2 });
    const raceBody = { lines: [{ orderLineId: racing.lineIds[0], quantity: 1 }], reason: "damaged", kind: "refund" };
    const statuses = (await Promise.all([ask(racing.orderNumber, raceBody), ask(racing.orderNumber, raceBody)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 409]);
    expect(await requestsOf(racing.id)).toHaveLength(1);
    expect(await returnLinesOf(racing.id)).toHaveLength(1);
  });

  it("refuses a piece the shop does not take back", async () => {
    const order = await delivered({ product: clearance, quantity: 1 });
    const res = await ask(order.orderNumber, {
      lines: [{ orderLineId: order.lineIds[0], quantity: 1 }],
      reason: "not-wanted",
      kind: "refund",
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(new RegExp(`^${clearance.name} cannot be returned`));
    expect(await requestsOf(order.id)).toEqual([]);
  });

  it("holds the exchange size at once: its stock goes down by the quantity", async () => {
    const order = await delivered({ quantity: 2 });
    const before = await stockOf("M");
    // One read (the order, its lines, the session, the shop's address), one batch that writes.
    const res = await roundTripsOf(
      `/api/orders/${order.orderNumber}/returns`,
      {},
      {
        method: "POST",
        headers: bearer(asha),
        body: JSON.stringify({
          lines: [{ orderLineId: order.lineIds[0], quantity: 2, exchangeSize: "M" }],
          reason: "too-small",
          kind: "exchange",
        }),
      },
    );
    expect(res).toMatchObject({ status: 201, trips: 2 });
    expect(await stockOf("M")).toBe(before - 2);
    expect(await requestsOf(order.id)).toMatchObject([{ kind: "exchange", reason: "too-small" }]);
    expect(await returnLinesOf(order.id)).toMatchObject([{ quantity: 2, exchange_size: "M" }]);
  });

  it("refuses an exchange to a size out of stock, writes nothing and leaves the stock as it was", async () => {
    const order = await delivered({ quantity: 1 });
    const res = await ask(order.orderNumber, {
      lines: [{ orderLineId: order.lineIds[0], quantity: 1, exchangeSize: "L" }],
      reason: "too-small",
      kind: "exchange",
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe("Size L is out of stock, so we can refund this piece instead.");
    expect(await stockOf("L")).toBe(0);
    expect(await requestsOf(order.id)).toEqual([]);
    expect(await mailsAbout(order)).toEqual([]);
  });

  it("refuses an exchange for a reason that is not about size, and nonsense input, with a 400", async () => {
    const order = await delivered();
    const line = order.lineIds[0];
    for (const body of [
      { lines: [{ orderLineId: line, quantity: 1, exchangeSize: "M" }], reason: "damaged", kind: "exchange" },
      { lines: [{ orderLineId: line, quantity: 1, exchangeSize: "S" }], reason: "too-large", kind: "exchange" },
      { lines: [], reason: "damaged", kind: "refund" },
      { lines: [{ orderLineId: line, quantity: 0 }], reason: "damaged", kind: "refund" },
      { lines: [{ orderLineId: line, quantity: 1 }], reason: "because", kind: "refund" },
      { lines: "all", reason: "damaged", kind: "refund" },
    ]) {
      expect((await ask(order.orderNumber, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await ask(999_999_999, { lines: [{ orderLineId: line, quantity: 1 }], reason: "damaged", kind: "refund" })).status).toBe(404);
    expect(await requestsOf(order.id)).toEqual([]);
  });
});

describe("the returns page", () => {
  const path = (n: number) => `/my-orders/${n}/return`;

  it("shows her pieces, the reasons and the sizes in one round trip; a clearance piece cannot be chosen", async () => {
    const order = await delivered();
    const mixed = await insertOrder(dbUrl, {
      userId: Number(asha.id),
      lines: [
        { productId: kurti.id, name: kurti.name, color: "Indigo", size: "S", quantity: 1, unitPricePaise: 999_00 },
        { productId: clearance.id, name: clearance.name, color: "Green", size: "M", quantity: 1, unitPricePaise: 999_00 },
      ],
    });
    made.push(mixed.id);
    await sqlRows(dbUrl, "update orders set order_status = 'delivered', delivered_at = ? where id = ?", [Date.now() - DAY, mixed.id]);
    const page = await roundTripsOf(path(mixed.orderNumber), { Cookie: `aanchal_session=${asha.token}` });
    expect(page).toMatchObject({ status: 200, trips: 1 });
    expect(page.body).toContain("Too small");
    expect(page.body).toContain("L (out of stock)");
    expect(page.body).toMatch(/<input[^>]*disabled[^>]*>/);
    expect(page.body).toContain(`${clearance.name} cannot be returned`);
    expect((await forms.get(path(order.orderNumber), meera)).status).toBe(404);
    expect((await forms.get(path(order.orderNumber), null)).status).toBe(302);
  });

  it("posts without JavaScript: back to her order, which shows the request; a refusal keeps her choices", async () => {
    const order = await delivered({ quantity: 2 });
    const line = String(order.lineIds[0]);
    const refused = await forms.post(
      path(order.orderNumber),
      { line, [`quantity-${line}`]: "1", reason: "too-small", [`choice-${line}`]: "exchange", [`size-${line}`]: "L" },
      asha,
    );
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain("Size L is out of stock, so we can refund this piece instead.");
    expect(html).toContain("Refund this piece instead");
    expect(inputTag(html, "line", line)).toContain("checked");
    expect(inputTag(html, "reason", "too-small")).toContain("checked");
    expect(inputTag(html, `choice-${line}`, "exchange")).toContain("checked");
    expect(await requestsOf(order.id)).toEqual([]);

    // She confirms the refund: the same choices, that line now a refund.
    const done = await forms.post(
      path(order.orderNumber),
      { line, [`quantity-${line}`]: "1", reason: "too-small", [`choice-${line}`]: "exchange", [`size-${line}`]: "L", refundInstead: line },
      asha,
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/thankyou?order=${order.orderNumber}&returned=1`);
    expect(await requestsOf(order.id)).toMatchObject([{ kind: "refund", reason: "too-small" }]);

    const shown = (await (await forms.get(`/thankyou?order=${order.orderNumber}&returned=1`, asha)).text()).replaceAll("<!-- -->", "");
    expect(shown).toContain(`Your return request for order #${order.orderNumber} is with us.`);
    expect(shown).toContain("Requested");
    expect(shown).toContain("Reason: Too small");
  });

  it("serves a guest through her order link's key, and sends her back to her order with it", async () => {
    const key = newOrderKey();
    const order = await delivered({ userId: null, key });
    const line = String(order.lineIds[0]);
    expect((await forms.get(path(order.orderNumber), null)).status).toBe(302);
    expect((await forms.get(`${path(order.orderNumber)}?key=${newOrderKey()}`, null)).status).toBe(404);
    const page = await forms.get(`${path(order.orderNumber)}?key=${key}`, null);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Too small");
    const res = await forms.post(
      `${path(order.orderNumber)}?key=${key}`,
      { key, line, [`quantity-${line}`]: "1", reason: "wrong-item" },
      null,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/thankyou?order=${order.orderNumber}&key=${key}&returned=1`);
    expect(await requestsOf(order.id)).toMatchObject([{ kind: "refund", reason: "wrong-item" }]);
  });

  it("answers a window that has closed with the policy's words", async () => {
    const order = await delivered({ daysAgo: 9 });
    const line = String(order.lineIds[0]);
    const page = await (await forms.get(path(order.orderNumber), asha)).text();
    expect(page).toContain("can no longer be returned");
    const res = await forms.post(path(order.orderNumber), { line, [`quantity-${line}`]: "1", reason: "damaged" }, asha);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("a return must be asked for within 7 days of delivery");
    expect(await requestsOf(order.id)).toEqual([]);
  });

  it("offers the returns link on My Orders and her order within the window only", async () => {
    const open = await delivered({ daysAgo: 2 });
    const closed = await delivered({ daysAgo: 10 });
    const myOrders = await (await forms.get("/my-orders", asha)).text();
    expect(myOrders).toContain(`href="/my-orders/${open.orderNumber}/return"`);
    expect(myOrders).not.toContain(`href="/my-orders/${closed.orderNumber}/return"`);
    const page = await (await forms.get(`/thankyou?order=${open.orderNumber}`, asha)).text();
    expect(page).toContain("Return or exchange");
    expect(page).toMatch(/Until <time/);
  });
});
