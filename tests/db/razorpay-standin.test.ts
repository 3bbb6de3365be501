import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  RAZORPAY_TEST_KEY_ID,
  RAZORPAY_TEST_KEY_SECRET,
  RAZORPAY_TEST_WEBHOOK_SECRET,
  type RazorpayStandIn,
  startRazorpayStandIn,
} from "../../stand-ins/razorpay/server";
import { seriousAxeViolations } from "../support/axe";
import { testChromium } from "../support/stack-context";

/**
 * The local Razorpay stand-in: Razorpay's Orders API with its
 * entities, auth and error shape; payments whose signatures verify with the key secret; signed
 * webhooks delivered to a shop (here a small local server) and retried when it is down; and its
 * Checkout.js in Chromium under a strict Content-Security-Policy.
 */

const hmac = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
const AUTH = basic(RAZORPAY_TEST_KEY_ID, RAZORPAY_TEST_KEY_SECRET);

interface Received {
  headers: IncomingMessage["headers"];
  raw: string;
  json: {
    entity: string;
    account_id: string;
    event: string;
    contains: string[];
    payload: Record<string, { entity: any }>;
    created_at: number;
  };
}

/** A stand-in for the shop's webhook endpoint: records what arrives, answers `status()`. */
async function startShop(status: () => number = () => 200) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      received.push({ headers: req.headers, raw, json: JSON.parse(raw) });
      res.writeHead(status()).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/api/payment/webhook`,
    received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

let shop: Awaited<ReturnType<typeof startShop>>;
let standIn: RazorpayStandIn;
const warnings: string[] = [];

beforeAll(async () => {
  shop = await startShop();
  standIn = await startRazorpayStandIn({ port: 0, webhookUrl: shop.url, log: (m) => warnings.push(m) });
});
afterAll(async () => {
  await standIn?.close();
  await shop?.close();
});
beforeEach(() => {
  warnings.length = 0;
});

async function api(path: string, init: { method?: string; body?: unknown; auth?: string | null; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.auth !== null) headers.Authorization = init.auth ?? AUTH;
  if (init.body !== undefined) headers["Content-Type"] ??= "application/json";
  const res = await fetch(new URL(path, standIn.url), {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

const createOrder = async (amount = 124_900, receipt = "1042") => {
  const { status, json } = await api("/v1/orders", { body: { amount, currency: "INR", receipt, notes: { order_number: receipt } } });
  expect(status).toBe(200);
  return json;
};

const pay = (orderId: string, outcome: "success" | "failure", extra: Record<string, unknown> = {}) =>
  api("/v1/standin/pay", { body: { key_id: RAZORPAY_TEST_KEY_ID, order_id: orderId, outcome, ...extra }, auth: null });

describe("Orders API", () => {
  it("creates Razorpay's order entity with Basic auth", async () => {
    const before = Math.floor(Date.now() / 1000);
    const order = await createOrder(124_900, "1042");
    expect(order).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      entity: "order",
      amount: 124_900,
      amount_paid: 0,
      amount_due: 124_900,
      currency: "INR",
      receipt: "1042",
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: { order_number: "1042" },
      created_at: expect.any(Number),
    });
    expect(order.created_at).toBeGreaterThanOrEqual(before);
    // Without notes Razorpay answers an empty array, and so does the stand-in.
    expect((await api("/v1/orders", { body: { amount: 100, currency: "INR" } })).json).toMatchObject({ notes: [], receipt: null });
    expect((await createOrder()).id).not.toBe(order.id);
  });

  it("refuses a wrong key or secret, or none, with Razorpay's 401 and creates nothing", async () => {
    for (const auth of [basic(RAZORPAY_TEST_KEY_ID, "wrong"), basic("rzp_test_other", RAZORPAY_TEST_KEY_SECRET), null]) {
      const res = await api("/v1/orders", { body: { amount: 5000, currency: "INR" }, auth });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed", source: "NA", step: "NA", reason: "NA", metadata: {} },
      });
    }
    expect((await api("/v1/orders/order_AAAAAAAAAAAAAA", { auth: basic(RAZORPAY_TEST_KEY_ID, "wrong") })).status).toBe(401);
  });

  it("refuses a bad amount, currency or field with Razorpay's validation error naming the field", async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ currency: "INR" }, "amount", /amount field is required/],
      [{ amount: 99, currency: "INR" }, "amount", /at least INR 1\.00/],
      [{ amount: 0, currency: "INR" }, "amount", /at least INR 1\.00/],
      [{ amount: 100.5, currency: "INR" }, "amount", /must be an integer/],
      [{ amount: "12.50", currency: "INR" }, "amount", /must be an integer/],
      [{ amount: 5000 }, "currency", /currency field is required/],
      [{ amount: 5000, currency: "USD" }, "currency", /currency is invalid/],
      [{ amount: 5000, currency: "INR", receipt: "x".repeat(41) }, "receipt", /40 characters/],
      [{ amount: 5000, currency: "INR", totalAmount: 1 }, "totalAmount", /not required and should not be sent/],
    ];
    for (const [body, field, description] of cases) {
      const res = await api("/v1/orders", { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toMatchObject({
        code: "BAD_REQUEST_ERROR",
        source: "business",
        step: "payment_initiation",
        reason: "input_validation_failed",
        metadata: {},
        field,
      });
      expect(res.json.error.description).toMatch(description);
    }
    const notJson = await api("/v1/orders", { body: "{amount:" });
    expect(notJson.status).toBe(400);
    expect(notJson.json.error.code).toBe("BAD_REQUEST_ERROR");
  });

  it("fetches an order and its payments; an unknown id is Razorpay's 400", async () => {
    const order = await createOrder(59_900);
    expect((await api(`/v1/orders/${order.id}`)).json).toEqual(order);
    const missing = await api("/v1/orders/order_ZZZZZZZZZZZZZZ");
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatchObject({ code: "BAD_REQUEST_ERROR", description: "The id provided does not exist" });
    expect((await api("/v1/payments/pay_ZZZZZZZZZZZZZZ")).status).toBe(400);

    const paid = await pay(order.id, "success", { webhooks: false });
    const payment = await api(`/v1/payments/${paid.json.razorpay_payment_id}`);
    expect(payment.status).toBe(200);
    expect(payment.json).toMatchObject({
      id: paid.json.razorpay_payment_id,
      entity: "payment",
      amount: 59_900,
      currency: "INR",
      status: "captured",
      captured: true,
      order_id: order.id,
      method: "upi",
      error_code: null,
    });
    expect((await api(`/v1/orders/${order.id}`)).json).toMatchObject({ status: "paid", amount_paid: 59_900, amount_due: 0, attempts: 1 });
    expect((await api(`/v1/orders/${order.id}/payments`)).json).toMatchObject({ entity: "collection", count: 1, items: [payment.json] });
  });
});

describe("paying", () => {
  it("a success answers a signature that verifies with the key secret and sends payment.captured then order.paid, signed", async () => {
    const order = await createOrder(124_900, "2001");
    const from = shop.received.length;
    const res = await pay(order.id, "success", { email: "asha@example.com", contact: "+919876543210" });
    expect(res.status).toBe(200);
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = res.json;
    expect(razorpay_order_id).toBe(order.id);
    expect(razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(razorpay_signature).toBe(hmac(RAZORPAY_TEST_KEY_SECRET, `${order.id}|${razorpay_payment_id}`));
    expect(razorpay_signature).not.toBe(hmac("another secret", `${order.id}|${razorpay_payment_id}`));

    await standIn.webhooksSettled();
    const events = shop.received.slice(from);
    expect(events.map((e) => e.json.event)).toEqual(["payment.captured", "order.paid"]);
    for (const { headers, raw, json } of events) {
      expect(headers["content-type"]).toBe("application/json");
      expect(headers["x-razorpay-signature"]).toBe(hmac(RAZORPAY_TEST_WEBHOOK_SECRET, raw));
      expect(headers["x-razorpay-event-id"]).toMatch(/^[A-Za-z0-9]{14}$/);
      expect(json).toMatchObject({ entity: "event", account_id: expect.stringMatching(/^acc_/), created_at: expect.any(Number) });
      expect(json.payload.payment!.entity).toMatchObject({
        id: razorpay_payment_id,
        entity: "payment",
        order_id: order.id,
        amount: 124_900,
        status: "captured",
        email: "asha@example.com",
        contact: "+919876543210",
      });
    }
    expect(events[0]!.json.contains).toEqual(["payment"]);
    expect(events[1]!.json.contains).toEqual(["payment", "order"]);
    expect(events[1]!.json.payload.order!.entity).toMatchObject({ id: order.id, status: "paid", amount_paid: 124_900, receipt: "2001" });

    // Event ids are unique, across payments too.
    const second = await createOrder();
    await pay(second.id, "success");
    await standIn.webhooksSettled();
    const ids = shop.received.map((e) => e.headers["x-razorpay-event-id"]);
    expect(new Set(ids).size).toBe(ids.length);

    // A paid order takes no second payment.
    const again = await pay(order.id, "success");
    expect(again.status).toBe(400);
    expect(again.json.error.description).toMatch(/already been completed/);
  });

  it("a failure answers Razorpay's payment error, sends payment.failed, and the order can still be paid", async () => {
    const order = await createOrder(80_000);
    const from = shop.received.length;
    const failed = await pay(order.id, "failure");
    expect(failed.status).toBe(200);
    expect(failed.json).toEqual({
      error: {
        code: "BAD_REQUEST_ERROR",
        description: expect.any(String),
        source: "bank",
        step: "payment_authorization",
        reason: "payment_failed",
        metadata: { order_id: order.id, payment_id: expect.stringMatching(/^pay_/) },
        field: null,
      },
    });
    await standIn.webhooksSettled();
    const events = shop.received.slice(from);
    expect(events.map((e) => e.json.event)).toEqual(["payment.failed"]);
    expect(events[0]!.headers["x-razorpay-signature"]).toBe(hmac(RAZORPAY_TEST_WEBHOOK_SECRET, events[0]!.raw));
    expect(events[0]!.json.payload.payment!.entity).toMatchObject({
      id: failed.json.error.metadata.payment_id,
      status: "failed",
      captured: false,
      error_code: "BAD_REQUEST_ERROR",
      error_reason: "payment_failed",
    });
    expect((await api(`/v1/orders/${order.id}`)).json).toMatchObject({ status: "attempted", attempts: 1, amount_paid: 0 });
    expect((await pay(order.id, "success")).status).toBe(200);
    expect((await api(`/v1/orders/${order.id}`)).json).toMatchObject({ status: "paid", attempts: 2 });
  });

  it("pays only with the right key id, a known order and a known outcome", async () => {
    const order = await createOrder();
    expect(
      (await api("/v1/standin/pay", { body: { key_id: "rzp_test_other", order_id: order.id, outcome: "success" }, auth: null })).status,
    ).toBe(401);
    expect((await pay("order_ZZZZZZZZZZZZZZ", "success")).status).toBe(400);
    expect(
      (await api("/v1/standin/pay", { body: { key_id: RAZORPAY_TEST_KEY_ID, order_id: order.id, outcome: "maybe" }, auth: null })).status,
    ).toBe(400);
    expect((await api(`/v1/orders/${order.id}`)).json).toMatchObject({ status: "created", attempts: 0 });
  });

  it("sends no webhooks for a payment made with webhooks: false, or for an order whose webhooks a test turned off", async () => {
    const from = shop.received.length;
    const order = await createOrder();
    expect((await pay(order.id, "success", { webhooks: false })).status).toBe(200);

    const quiet = await createOrder();
    const off = await api(`/v1/standin/orders/${quiet.id}/webhooks`, { body: { enabled: false } });
    expect(off.json).toEqual({ order_id: quiet.id, webhooks: false });
    expect((await api(`/v1/standin/orders/${quiet.id}/webhooks`, { body: { enabled: false }, auth: null })).status).toBe(401);
    await pay(quiet.id, "failure");
    await pay(quiet.id, "success");
    await standIn.webhooksSettled();
    expect(shop.received.slice(from)).toEqual([]);
    expect((await api(`/v1/standin/webhooks?order_id=${quiet.id}`)).json).toMatchObject({ count: 0 });
  });
});

describe("webhook delivery", () => {
  it("retries a shop that answers 500 and lists each delivery", async () => {
    let calls = 0;
    const flaky = await startShop(() => (++calls === 1 ? 500 : 200));
    const own = await startRazorpayStandIn({ port: 0, webhookUrl: flaky.url, webhookRetryMs: 20, log: (m) => warnings.push(m) });
    try {
      const res = await fetch(`${own.url}/v1/orders`, {
        method: "POST",
        headers: { Authorization: AUTH, "Content-Type": "application/json" },
        body: JSON.stringify({ amount: 5000, currency: "INR" }),
      });
      const order = (await res.json()) as { id: string };
      own.pay({ orderId: order.id, outcome: "success" });
      await own.webhooksSettled();
      // The first event was sent twice (500, then 200) with the same id and signature; the second once.
      expect(flaky.received.map((e) => e.json.event)).toEqual(["payment.captured", "payment.captured", "order.paid"]);
      expect(flaky.received[0]!.headers["x-razorpay-event-id"]).toBe(flaky.received[1]!.headers["x-razorpay-event-id"]);
      expect(own.deliveries().map((d) => [d.event, d.state, d.attempts])).toEqual([
        ["payment.captured", "delivered", 2],
        ["order.paid", "delivered", 1],
      ]);
      expect(warnings.join("\n")).toMatch(/payment\.captured.*attempt 1: 500/);
    } finally {
      await own.close();
      await flaky.close();
    }
  });

  it("keeps serving when the shop is down: each event is tried a few times, logged, and given up", async () => {
    const gone = await startShop();
    const url = gone.url;
    await gone.close();
    const own = await startRazorpayStandIn({
      port: 0,
      webhookUrl: url,
      webhookAttempts: 3,
      webhookRetryMs: 10,
      log: (m) => warnings.push(m),
    });
    try {
      const res = await fetch(`${own.url}/v1/orders`, {
        method: "POST",
        headers: { Authorization: AUTH, "Content-Type": "application/json" },
        body: JSON.stringify({ amount: 5000, currency: "INR" }),
      });
      const order = (await res.json()) as { id: string };
      const paid = await fetch(`${own.url}/v1/standin/pay`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ key_id: RAZORPAY_TEST_KEY_ID, order_id: order.id, outcome: "success" }),
      });
      expect(paid.status).toBe(200);
      await own.webhooksSettled();
      expect(own.deliveries().map((d) => [d.event, d.state, d.attempts])).toEqual([
        ["payment.captured", "failed", 3],
        ["order.paid", "failed", 3],
      ]);
      expect(warnings.filter((w) => w.includes(url))).toHaveLength(6);
      // Still answering.
      expect((await fetch(`${own.url}/v1/orders/${order.id}`, { headers: { Authorization: AUTH } })).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe("loopback only", () => {
  it("refuses any other address and answers on 127.0.0.1 alone", async () => {
    await expect(startRazorpayStandIn({ host: "0.0.0.0" })).rejects.toThrow(/127\.0\.0\.1 only/);
    expect(new URL(standIn.url).hostname).toBe("127.0.0.1");
    const outside = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal && a.family === "IPv4")
      .map((a) => a!.address);
    for (const address of outside) {
      const reached = await new Promise<boolean>((done) => {
        const socket = connect({ host: address, port: standIn.port });
        socket.once("connect", () => {
          socket.destroy();
          done(true);
        });
        socket.once("error", () => done(false));
      });
      expect(reached, address).toBe(false);
    }
  });
});

describe("Checkout.js", () => {
  let browser: Browser;
  let page: Awaited<ReturnType<Browser["newPage"]>>;
  let pageServer: Server;
  let pageUrl: string;
  const problems: string[] = [];

  beforeAll(async () => {
    // A shop page with a CSP as strict as the shop's on scripts, and stricter on styles: the
    // script must work with element.style alone.
    pageServer = createServer((_req, res) => {
      res.writeHead(200, {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": [
          "default-src 'self'",
          `script-src 'self' ${standIn.url}`,
          "style-src 'self'",
          `connect-src 'self' ${standIn.url}`,
          "object-src 'none'",
        ].join("; "),
      });
      res.end(
        `<!doctype html><html lang="en"><head><title>Checkout</title><script src="${standIn.checkoutUrl}"></script></head>` +
          `<body><main><h1>Checkout</h1><button id="pay" type="button">Pay</button></main></body></html>`,
      );
    });
    await new Promise<void>((done) => pageServer.listen(0, "127.0.0.1", done));
    pageUrl = `http://127.0.0.1:${(pageServer.address() as { port: number }).port}/`;
    browser = await chromium.launch({ executablePath: testChromium, args: ["--no-sandbox", "--disable-gpu"] });
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(e.message));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((done) => (pageServer ? pageServer.close(() => done()) : done()));
  });

  it("is served as JavaScript that names the stand-in it talks to, to any loopback origin", async () => {
    const res = await fetch(standIn.checkoutUrl, { headers: { Origin: "http://127.0.0.1:8787" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    const source = await res.text();
    expect(source).toContain(JSON.stringify(standIn.url));
    expect(source).not.toContain("__STANDIN_ORIGIN__");
    expect((await fetch(standIn.checkoutUrl, { method: "HEAD" })).status).toBe(200);
    const preflight = (origin: string) =>
      fetch(`${standIn.url}/v1/standin/pay`, {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
      });
    const allowed = await preflight("http://127.0.0.1:8787");
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:8787");
    const foreign = await preflight("https://evil.example");
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
  });

  async function open(orderId: string) {
    problems.length = 0;
    await page.goto(pageUrl);
    await page.focus("#pay");
    await page.evaluate(
      ({ key, orderId }) => {
        const w = window as unknown as {
          events: unknown[];
          Razorpay: new (o: unknown) => { on(e: string, cb: (r: unknown) => void): any };
        };
        w.events = [];
        new w.Razorpay({
          key,
          amount: 124_900,
          currency: "INR",
          name: "Aanchal",
          description: "Order #1042",
          order_id: orderId,
          prefill: { name: "Asha Verma", email: "asha@example.com", contact: "9876543210" },
          theme: { color: "#8b1e3f" },
          handler: (response: unknown) => w.events.push(["handler", response]),
          modal: { ondismiss: () => w.events.push(["dismiss"]) },
        })
          .on("payment.failed", (response: unknown) => w.events.push(["failed", response]))
          .open();
      },
      { key: RAZORPAY_TEST_KEY_ID, orderId },
    );
  }
  const events = () => page.evaluate(() => (window as unknown as { events: [string, any][] }).events);

  it("opens an accessible dialog naming the shop and the amount; Failure keeps it open and calls payment.failed; Success calls the handler with a valid signature", async () => {
    const order = await createOrder(124_900);
    await open(order.id);
    const dialog = page.getByRole("dialog", { name: /Aanchal.*Pay ₹1,249\.00/ });
    await dialog.waitFor();
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Success");
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Tab stays inside the dialog.
    for (let i = 0; i < 4; i += 1) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")))).toBe(true);

    await page.getByRole("button", { name: "Failure" }).click();
    await page
      .getByRole("status")
      .getByText(/Payment failed/)
      .waitFor();
    expect(await dialog.isVisible()).toBe(true);
    const [[kind, failure]] = (await events()) as [[string, any]];
    expect(kind).toBe("failed");
    expect(failure.error).toMatchObject({ code: "BAD_REQUEST_ERROR", reason: "payment_failed", metadata: { order_id: order.id } });
    expect(failure.error.metadata.payment_id).toMatch(/^pay_/);

    await page.getByRole("button", { name: "Success" }).click();
    await dialog.waitFor({ state: "detached" });
    const all = await events();
    expect(all.map(([k]) => k)).toEqual(["failed", "handler"]);
    const success = all[1]![1];
    expect(success.razorpay_order_id).toBe(order.id);
    expect(success.razorpay_signature).toBe(hmac(RAZORPAY_TEST_KEY_SECRET, `${order.id}|${success.razorpay_payment_id}`));
    // Focus goes back where it was; no dismiss after a success.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("pay");
    expect((await api(`/v1/payments/${success.razorpay_payment_id}`)).json).toMatchObject({
      status: "captured",
      email: "asha@example.com",
    });
    expect(problems).toEqual([]);
  }, 60_000);

  it("Escape and the close button dismiss it (ondismiss) and pay nothing", async () => {
    const order = await createOrder(50_000);
    await open(order.id);
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await events()).toEqual([["dismiss"]]);

    await open(order.id);
    await page.getByRole("button", { name: "Close payment window" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await events()).toEqual([["dismiss"]]);
    expect((await api(`/v1/orders/${order.id}`)).json).toMatchObject({ status: "created", attempts: 0 });
    expect(problems).toEqual([]);
  }, 60_000);
});
