/**
 * A local stand-in for Razorpay (docs/payments-locally.md): it speaks Razorpay's
 * wire format so `npm start` and the tests take online payments through the production code path,
 * with only the base URLs and keys swapped.
 *
 * - Orders API: `POST /v1/orders`, `GET /v1/orders/{id}`, `GET /v1/orders/{id}/payments`,
 *   `GET /v1/payments/{id}`, Basic auth (key id : key secret), Razorpay's entities and error shape.
 * - `GET /v1/checkout.js`: a Checkout.js with Razorpay's interface (checkout.js next to this file)
 *   whose dialog offers "Success" and "Failure" as Razorpay's test mode does.
 * - `POST /v1/standin/pay` (what that dialog calls; tests may call it too): `{ key_id, order_id,
 *   outcome: "success" | "failure", webhooks?: false }`. Success captures a payment, marks the order
 *   paid, answers `{ razorpay_payment_id, razorpay_order_id, razorpay_signature }` and sends the
 *   signed `payment.captured` and `order.paid` webhooks; failure records a failed payment, answers
 *   200 with Razorpay's payment error `{ error: { ..., metadata: { order_id, payment_id } } }` and
 *   sends `payment.failed`. Refusals (unknown order, a paid one, a wrong key id) are 4xx.
 * - Test controls (Basic auth): `POST /v1/standin/orders/{id}/webhooks` `{ enabled: false }` turns
 *   the webhooks of that order's payments off (a browser payment, verify alone); `GET
 *   /v1/standin/webhooks?order_id=` lists the deliveries.
 *
 * Listens on 127.0.0.1 only: it holds fixed, published test keys.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The fixed test credentials of local runs (docs/payments-locally.md). Never valid at Razorpay. */
export const RAZORPAY_TEST_KEY_ID = "rzp_test_aanchal_local";
export const RAZORPAY_TEST_KEY_SECRET = "aanchal_local_key_secret";
export const RAZORPAY_TEST_WEBHOOK_SECRET = "aanchal_local_webhook_secret";

export interface RazorpayStandInOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Only 127.0.0.1 is accepted. */
  host?: string;
  /** Where webhooks go: `${shopUrl}/api/payment/webhook`. None: no webhooks are sent. */
  webhookUrl?: string;
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  /** Origins Checkout.js may call the stand-in from (CORS). Default: the webhook URL's and any loopback origin. */
  allowedOrigins?: string[];
  /** Webhook delivery attempts per event (default 3) and the pause before a retry (default 500 ms, doubling). */
  webhookAttempts?: number;
  webhookRetryMs?: number;
  /** Where delivery problems are reported (default console.warn): a shop that is down never crashes the stand-in. */
  log?: (message: string) => void;
}

export interface RazorpayOrderEntity {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: string | null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
}

export interface RazorpayPaymentEntity {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "captured" | "failed";
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: string;
  amount_refunded: number;
  refund_status: null;
  captured: boolean;
  description: string | null;
  card_id: null;
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

export interface RazorpayErrorBody {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, string>;
    field?: string | null;
  };
}

export interface WebhookDelivery {
  eventId: string;
  event: string;
  orderId: string;
  paymentId: string;
  /** "pending" while attempts remain; "delivered" on a 2xx; "failed" after the last attempt. */
  state: "pending" | "delivered" | "failed";
  attempts: number;
  /** The last HTTP status, or the network error's message. */
  lastResult: string | null;
}

export type PayOutcome = "success" | "failure";

export type PayResult =
  | { ok: true; status: 200; body: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string } }
  | { ok: false; status: number; body: RazorpayErrorBody };

export interface RazorpayStandIn {
  url: string;
  port: number;
  checkoutUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The same as `POST /v1/standin/pay`, in-process. */
  pay(input: { orderId: string; outcome: PayOutcome; webhooks?: boolean; email?: string; contact?: string }): PayResult;
  order(id: string): RazorpayOrderEntity | undefined;
  payment(id: string): RazorpayPaymentEntity | undefined;
  deliveries(): WebhookDelivery[];
  /** Resolves once no webhook delivery is pending (retries included). */
  webhooksSettled(): Promise<void>;
  setWebhookUrl(url: string | undefined): void;
  close(): Promise<void>;
}

/** The account id webhooks carry (Razorpay's `acc_` + 14 characters). */
const ACCOUNT_ID = "acc_AanchalLocal01";
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const MAX_BODY_BYTES = 64 * 1024;
const WEBHOOK_TIMEOUT_MS = 5_000;
/** Fields `POST /v1/orders` accepts; anything else is refused as Razorpay refuses extra fields. */
const ORDER_FIELDS = new Set([
  "amount",
  "currency",
  "receipt",
  "notes",
  "partial_payment",
  "first_payment_min_amount",
  "payment_capture",
  "offer_id",
  "method",
  "customer_id",
]);

/** Razorpay-style ids: a prefix and 14 alphanumerics. */
export function razorpayId(prefix: "order" | "pay" | "evt"): string {
  const bytes = randomBytes(14);
  let id = "";
  for (const byte of bytes) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return prefix === "evt" ? id : `${prefix}_${id}`;
}

const hmacHex = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");
const now = () => Math.floor(Date.now() / 1000);

function apiError(
  status: number,
  description: string,
  extra: { field?: string | null; source?: string; step?: string; reason?: string; metadata?: Record<string, string> } = {},
): { ok: false; status: number; body: RazorpayErrorBody } {
  const validation = extra.field !== undefined;
  return {
    ok: false,
    status,
    body: {
      error: {
        code: "BAD_REQUEST_ERROR",
        description,
        source: extra.source ?? (validation ? "business" : "NA"),
        step: extra.step ?? (validation ? "payment_initiation" : "NA"),
        reason: extra.reason ?? (validation ? "input_validation_failed" : "NA"),
        metadata: extra.metadata ?? {},
        ...(validation ? { field: extra.field } : {}),
      },
    },
  };
}

const invalid = (field: string, description: string) => apiError(400, description, { field });

/** Razorpay's integer rule: a whole number, or a string of digits. */
function asInteger(value: unknown): number | null {
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  if (typeof value === "string" && /^-?\d{1,15}$/.test(value)) return Number(value);
  return null;
}

interface StoredOrder {
  entity: RazorpayOrderEntity;
  webhooks: boolean;
  payments: string[];
}

export async function startRazorpayStandIn(options: RazorpayStandInOptions = {}): Promise<RazorpayStandIn> {
  const {
    port = 0,
    host = "127.0.0.1",
    keyId = RAZORPAY_TEST_KEY_ID,
    keySecret = RAZORPAY_TEST_KEY_SECRET,
    webhookSecret = RAZORPAY_TEST_WEBHOOK_SECRET,
    webhookAttempts = 3,
    webhookRetryMs = 500,
    log = (message: string) => console.warn(message),
  } = options;
  if (host !== "127.0.0.1") throw new Error(`The Razorpay stand-in holds published test keys and listens on 127.0.0.1 only, not ${host}`);
  let webhookUrl = options.webhookUrl;

  const orders = new Map<string, StoredOrder>();
  const payments = new Map<string, RazorpayPaymentEntity>();
  const deliveries: WebhookDelivery[] = [];
  const pending = new Set<Promise<void>>();
  const aborter = new AbortController();
  let closed = false;

  // ---- auth ----

  const expectedAuth = Buffer.from(`Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`);
  const authorized = (req: IncomingMessage) => {
    const given = Buffer.from(req.headers.authorization ?? "");
    return given.length === expectedAuth.length && timingSafeEqual(given, expectedAuth);
  };

  // ---- Orders API ----

  function createOrder(body: Record<string, unknown>): { ok: true; order: RazorpayOrderEntity } | ReturnType<typeof apiError> {
    for (const key of Object.keys(body)) {
      if (!ORDER_FIELDS.has(key)) return invalid(key, `${key} is/are not required and should not be sent`);
    }
    if (body.amount === undefined || body.amount === null || body.amount === "") return invalid("amount", "The amount field is required.");
    const amount = asInteger(body.amount);
    if (amount === null) return invalid("amount", "The amount must be an integer.");
    if (amount < 100) return invalid("amount", "The amount must be at least INR 1.00.");
    if (body.currency === undefined || body.currency === null || body.currency === "") {
      return invalid("currency", "The currency field is required.");
    }
    if (body.currency !== "INR") return invalid("currency", "The selected currency is invalid.");
    let receipt: string | null = null;
    if (body.receipt !== undefined && body.receipt !== null) {
      if (typeof body.receipt !== "string" && typeof body.receipt !== "number") return invalid("receipt", "The receipt must be a string.");
      receipt = String(body.receipt);
      if (receipt.length > 40) return invalid("receipt", "The receipt may not be greater than 40 characters.");
    }
    let notes: Record<string, string> | [] = [];
    if (body.notes !== undefined && body.notes !== null) {
      if (typeof body.notes !== "object" || Array.isArray(body.notes)) return invalid("notes", "The notes must be an object.");
      const entries = Object.entries(body.notes as Record<string, unknown>);
      if (entries.length > 15) return invalid("notes", "Number of notes should be less than or equal to 15");
      for (const [name, value] of entries) {
        if (typeof value !== "string" && typeof value !== "number") return invalid("notes", `The notes.${name} must be a string.`);
        if (String(value).length > 256) return invalid("notes", `The notes.${name} may not be greater than 256 characters.`);
      }
      if (entries.length > 0) notes = Object.fromEntries(entries.map(([name, value]) => [name, String(value)]));
    }
    if (body.partial_payment !== undefined && typeof body.partial_payment !== "boolean") {
      return invalid("partial_payment", "The partial payment field must be true or false.");
    }
    const order: RazorpayOrderEntity = {
      id: razorpayId("order"),
      entity: "order",
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: "INR",
      receipt,
      offer_id: null,
      status: "created",
      attempts: 0,
      notes,
      created_at: now(),
    };
    orders.set(order.id, { entity: order, webhooks: true, payments: [] });
    return { ok: true, order };
  }

  // ---- paying (the dialog's buttons) ----

  function pay(input: { orderId: string; outcome: PayOutcome; webhooks?: boolean; email?: string; contact?: string }): PayResult {
    const stored = orders.get(input.orderId);
    if (!stored) return invalid("order_id", "The id provided does not exist");
    const order = stored.entity;
    if (order.status === "paid") {
      return apiError(400, "Payment for this order has already been completed", { field: "order_id", metadata: { order_id: order.id } });
    }
    const paymentId = razorpayId("pay");
    const success = input.outcome === "success";
    const failure = {
      code: "BAD_REQUEST_ERROR",
      description: "Payment processing failed due to error at bank or wallet gateway",
      source: "bank",
      step: "payment_authorization",
      reason: "payment_failed",
    };
    const fee = Math.round(order.amount * 0.02);
    const payment: RazorpayPaymentEntity = {
      id: paymentId,
      entity: "payment",
      amount: order.amount,
      currency: order.currency,
      status: success ? "captured" : "failed",
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: "upi",
      amount_refunded: 0,
      refund_status: null,
      captured: success,
      description: order.receipt === null ? null : `Receipt ${order.receipt}`,
      card_id: null,
      bank: null,
      wallet: null,
      // Razorpay's test-mode UPI ids.
      vpa: success ? "success@razorpay" : "failure@razorpay",
      email: input.email ?? "void@razorpay.com",
      contact: input.contact ?? "+919999999999",
      notes: [],
      fee: success ? fee : null,
      tax: success ? Math.round(fee * 0.18) : null,
      error_code: success ? null : failure.code,
      error_description: success ? null : failure.description,
      error_source: success ? null : failure.source,
      error_step: success ? null : failure.step,
      error_reason: success ? null : failure.reason,
      acquirer_data: success ? { rrn: String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999)) } : {},
      created_at: now(),
    };
    payments.set(paymentId, payment);
    stored.payments.push(paymentId);
    order.attempts += 1;
    const sendWebhooks = input.webhooks !== false && stored.webhooks;
    if (success) {
      order.status = "paid";
      order.amount_paid = order.amount;
      order.amount_due = 0;
      if (sendWebhooks) {
        queueWebhooks(order, payment, [
          { event: "payment.captured", contains: ["payment"] },
          { event: "order.paid", contains: ["payment", "order"] },
        ]);
      }
      return {
        ok: true,
        status: 200,
        body: {
          razorpay_payment_id: paymentId,
          razorpay_order_id: order.id,
          razorpay_signature: hmacHex(keySecret, `${order.id}|${paymentId}`),
        },
      };
    }
    order.status = "attempted";
    if (sendWebhooks) queueWebhooks(order, payment, [{ event: "payment.failed", contains: ["payment"] }]);
    // Answered 200: the asked-for outcome happened (Razorpay's own Checkout talks to it out of the
    // shop page's sight, so a browser test's "no failed request" check must not see a 400 here).
    return apiError(200, failure.description, { ...failure, field: null, metadata: { order_id: order.id, payment_id: paymentId } });
  }

  // ---- webhooks ----

  /** Events of one payment go out one after another, in Razorpay's order, each retried on failure. */
  function queueWebhooks(order: RazorpayOrderEntity, payment: RazorpayPaymentEntity, events: { event: string; contains: string[] }[]) {
    // Snapshots: later changes to the entities never leak into an event already made.
    const paymentSnapshot = structuredClone(payment);
    const orderSnapshot = structuredClone(order);
    const planned = events.map(({ event, contains }) => {
      const delivery: WebhookDelivery = {
        eventId: razorpayId("evt"),
        event,
        orderId: order.id,
        paymentId: payment.id,
        state: "pending",
        attempts: 0,
        lastResult: null,
      };
      deliveries.push(delivery);
      const payload: Record<string, unknown> = { payment: { entity: paymentSnapshot } };
      if (contains.includes("order")) payload.order = { entity: orderSnapshot };
      const raw = JSON.stringify({ entity: "event", account_id: ACCOUNT_ID, event, contains, payload, created_at: now() });
      return { delivery, raw };
    });
    const run = (async () => {
      for (const { delivery, raw } of planned) await deliver(delivery, raw);
    })().catch((err: unknown) => log(`Razorpay stand-in: webhook sending stopped: ${err instanceof Error ? err.message : String(err)}`));
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  async function deliver(delivery: WebhookDelivery, raw: string): Promise<void> {
    const signature = hmacHex(webhookSecret, raw);
    for (let attempt = 1; attempt <= webhookAttempts; attempt += 1) {
      if (closed) break;
      const target = webhookUrl;
      if (!target) {
        delivery.lastResult = "no webhook URL";
        break;
      }
      delivery.attempts = attempt;
      try {
        const response = await fetch(target, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "User-Agent": "Razorpay-Webhook/v1",
            "X-Razorpay-Signature": signature,
            "X-Razorpay-Event-Id": delivery.eventId,
          },
          body: raw,
          signal: AbortSignal.any([aborter.signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
        });
        await response.body?.cancel().catch(() => {});
        delivery.lastResult = String(response.status);
        if (response.ok) {
          delivery.state = "delivered";
          return;
        }
      } catch (err) {
        delivery.lastResult = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
      }
      if (closed) break;
      log(`Razorpay stand-in: webhook ${delivery.event} (${delivery.eventId}) to ${target}, attempt ${attempt}: ${delivery.lastResult}`);
      if (attempt < webhookAttempts) await sleep(webhookRetryMs * 2 ** (attempt - 1));
    }
    delivery.state = "failed";
  }

  const timers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number) =>
    new Promise<void>((done) => {
      const stop = () => {
        clearTimeout(timer);
        timers.delete(timer);
        done();
      };
      const timer = setTimeout(() => {
        aborter.signal.removeEventListener("abort", stop);
        timers.delete(timer);
        done();
      }, ms);
      timers.add(timer);
      aborter.signal.addEventListener("abort", stop, { once: true });
    });

  // ---- HTTP ----

  const checkoutSource = readFileSync(new URL("./checkout.js", import.meta.url), "utf8");
  let baseUrl = "";

  function allowedOrigin(origin: string | undefined): string | null {
    if (!origin) return null;
    if (options.allowedOrigins) return options.allowedOrigins.includes(origin) ? origin : null;
    if (webhookUrl && new URL(webhookUrl).origin === origin) return origin;
    return /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(origin) ? origin : null;
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const text = JSON.stringify(body);
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers });
    res.end(text);
  }

  async function readJson(req: IncomingMessage): Promise<{ ok: true; body: Record<string, unknown> } | ReturnType<typeof apiError>> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) return apiError(400, "The request body is too large.");
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString("utf8");
    if (text.trim() === "") return { ok: true, body: {} };
    const type = req.headers["content-type"] ?? "";
    if (type.startsWith("application/x-www-form-urlencoded")) {
      const body: Record<string, unknown> = {};
      for (const [name, value] of new URLSearchParams(text)) {
        const note = /^notes\[(.+)\]$/.exec(name);
        if (note) body.notes = { ...(body.notes as Record<string, string> | undefined), [note[1] as string]: value };
        else body[name] = value === "true" ? true : value === "false" ? false : value;
      }
      return { ok: true, body };
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
        return apiError(400, "The request body must be a JSON object.");
      return { ok: true, body: parsed as Record<string, unknown> };
    } catch {
      return apiError(400, "The request body is not valid JSON.");
    }
  }

  const authFailed = () => apiError(401, "Authentication failed");
  const notFound = () => apiError(400, "The requested URL was not found on the server.");

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = req.method ?? "GET";
    const path = url.pathname.replace(/\/+$/, "") || "/";
    const cors = allowedOrigin(req.headers.origin);
    const corsHeaders: Record<string, string> = cors ? { "Access-Control-Allow-Origin": cors, Vary: "Origin" } : { Vary: "Origin" };

    if ((method === "GET" || method === "HEAD") && path === "/v1/checkout.js") {
      res.writeHead(200, {
        "Content-Type": "text/javascript; charset=utf-8",
        "Cache-Control": "no-store",
        "Cross-Origin-Resource-Policy": "cross-origin",
        ...corsHeaders,
      });
      res.end(method === "HEAD" ? undefined : checkoutSource.replace('"__STANDIN_ORIGIN__"', JSON.stringify(baseUrl)));
      return;
    }

    if (path === "/v1/standin/pay") {
      if (method === "OPTIONS") {
        res.writeHead(cors ? 204 : 403, {
          ...corsHeaders,
          "Access-Control-Allow-Methods": "POST",
          "Access-Control-Allow-Headers": "Content-Type",
          "Access-Control-Max-Age": "600",
        });
        res.end();
        return;
      }
      if (method !== "POST") return send(res, 405, notFound().body, corsHeaders);
      if (req.headers.origin && !cors) return send(res, 403, apiError(403, "This origin may not pay here.").body, corsHeaders);
      const parsed = await readJson(req);
      if (!parsed.ok) return send(res, parsed.status, parsed.body, corsHeaders);
      const { key_id, order_id, outcome, webhooks, email, contact } = parsed.body;
      if (key_id !== keyId) return send(res, 401, authFailed().body, corsHeaders);
      if (typeof order_id !== "string" || order_id === "")
        return send(res, 400, invalid("order_id", "The order id field is required.").body, corsHeaders);
      if (outcome !== "success" && outcome !== "failure") {
        return send(res, 400, invalid("outcome", 'The outcome must be "success" or "failure".').body, corsHeaders);
      }
      if (webhooks !== undefined && typeof webhooks !== "boolean") {
        return send(res, 400, invalid("webhooks", "The webhooks field must be true or false.").body, corsHeaders);
      }
      const result = pay({
        orderId: order_id,
        outcome,
        webhooks,
        email: typeof email === "string" && email !== "" ? email : undefined,
        contact: typeof contact === "string" && contact !== "" ? contact : undefined,
      });
      return send(res, result.status, result.body, corsHeaders);
    }

    // Everything below is the server-to-server API: Basic auth, as Razorpay's.
    if (!authorized(req)) {
      const failed = authFailed();
      return send(res, failed.status, failed.body);
    }

    if (method === "POST" && path === "/v1/orders") {
      const parsed = await readJson(req);
      if (!parsed.ok) return send(res, parsed.status, parsed.body);
      const created = createOrder(parsed.body);
      return created.ok ? send(res, 200, created.order) : send(res, created.status, created.body);
    }

    let match = /^\/v1\/orders\/([^/]+)(\/payments)?$/.exec(path);
    if (method === "GET" && match) {
      const stored = orders.get(decodeURIComponent(match[1] as string));
      if (!stored) return send(res, 400, invalid("id", "The id provided does not exist").body);
      if (!match[2]) return send(res, 200, stored.entity);
      const items = stored.payments.map((id) => payments.get(id)).reverse();
      return send(res, 200, { entity: "collection", count: items.length, items });
    }

    match = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (method === "GET" && match) {
      const payment = payments.get(decodeURIComponent(match[1] as string));
      if (!payment) return send(res, 400, invalid("id", "The id provided does not exist").body);
      return send(res, 200, payment);
    }

    match = /^\/v1\/standin\/orders\/([^/]+)\/webhooks$/.exec(path);
    if (method === "POST" && match) {
      const stored = orders.get(decodeURIComponent(match[1] as string));
      if (!stored) return send(res, 400, invalid("id", "The id provided does not exist").body);
      const parsed = await readJson(req);
      if (!parsed.ok) return send(res, parsed.status, parsed.body);
      if (typeof parsed.body.enabled !== "boolean")
        return send(res, 400, invalid("enabled", "The enabled field must be true or false.").body);
      stored.webhooks = parsed.body.enabled;
      return send(res, 200, { order_id: stored.entity.id, webhooks: stored.webhooks });
    }

    if (method === "GET" && path === "/v1/standin/webhooks") {
      const orderId = url.searchParams.get("order_id");
      const items = deliveries.filter((d) => orderId === null || d.orderId === orderId);
      return send(res, 200, { entity: "collection", count: items.length, items });
    }

    const missing = notFound();
    return send(res, missing.status, missing.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`Razorpay stand-in: ${req.method} ${req.url} failed: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent)
        send(res, 500, {
          error: { code: "SERVER_ERROR", description: "The stand-in failed.", source: "NA", step: "NA", reason: "NA", metadata: {} },
        });
      else res.destroy();
    });
  });

  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => {
      server.off("error", fail);
      done();
    });
  });
  const { port: actualPort } = server.address() as AddressInfo;
  baseUrl = `http://${host}:${actualPort}`;

  return {
    url: baseUrl,
    port: actualPort,
    checkoutUrl: `${baseUrl}/v1/checkout.js`,
    keyId,
    keySecret,
    webhookSecret,
    pay,
    order: (id) => orders.get(id)?.entity,
    payment: (id) => payments.get(id),
    deliveries: () => deliveries.map((d) => ({ ...d })),
    async webhooksSettled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async close() {
      closed = true;
      aborter.abort();
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled([...pending]);
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    },
  };
}

/** The Worker's variables for a running stand-in (`--var NAME:value` in scripts/start.ts and the test stack). */
export function razorpayWorkerVars(standIn: Pick<RazorpayStandIn, "url" | "checkoutUrl" | "keyId" | "keySecret" | "webhookSecret">) {
  return {
    RAZORPAY_API_URL: standIn.url,
    RAZORPAY_CHECKOUT_URL: standIn.checkoutUrl,
    RAZORPAY_KEY_ID: standIn.keyId,
    RAZORPAY_KEY_SECRET: standIn.keySecret,
    RAZORPAY_WEBHOOK_SECRET: standIn.webhookSecret,
  };
}
