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
 *
 * This file is the HTTP side (routes, auth, Checkout.js); Razorpay's entities and errors are in
 * api.ts, orders and payments in payments.ts, webhooks in webhooks.ts.
 */
import { timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  apiError,
  invalid,
  MAX_BODY_BYTES,
  type PayOutcome,
  type PayResult,
  type RazorpayOrderEntity,
  type RazorpayPaymentEntity,
  type StoredOrder,
  type WebhookDelivery,
} from "./api";
import { paymentDesk } from "./payments";
import { webhookSender } from "./webhooks";

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

  const orders = new Map<string, StoredOrder>();
  const payments = new Map<string, RazorpayPaymentEntity>();
  const deliveries: WebhookDelivery[] = [];
  const pending = new Set<Promise<void>>();
  const aborter = new AbortController();
  const webhooks = webhookSender({
    webhookUrl: options.webhookUrl,
    webhookSecret,
    webhookAttempts,
    webhookRetryMs,
    log,
    deliveries,
    pending,
    aborter,
  });
  const { createOrder, pay } = paymentDesk({ orders, payments, keySecret, queueWebhooks: webhooks.queueWebhooks });

  // ---- auth ----

  const expectedAuth = Buffer.from(`Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`);
  const authorized = (req: IncomingMessage) => {
    const given = Buffer.from(req.headers.authorization ?? "");
    return given.length === expectedAuth.length && timingSafeEqual(given, expectedAuth);
  };

  // ---- HTTP ----

  const checkoutSource = readFileSync(new URL("./checkout.js", import.meta.url), "utf8");
  let baseUrl = "";

  function allowedOrigin(origin: string | undefined): string | null {
    if (!origin) return null;
    if (options.allowedOrigins) return options.allowedOrigins.includes(origin) ? origin : null;
    const webhookUrl = webhooks.url();
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
      webhooks.setUrl(url);
    },
    async close() {
      webhooks.stop();
      aborter.abort();
      for (const timer of webhooks.timers) clearTimeout(timer);
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
