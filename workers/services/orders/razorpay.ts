/**
 * The Worker's side of Razorpay (docs/payments.md): its Orders API over HTTPS with Basic auth, and the
 * two signatures it makes, checked in constant time. Locally and in tests the same code talks to the
 * stand-in (stand-ins/razorpay), which speaks the same wire format: only the base URLs and keys differ.
 */
import type { Env } from "../../env";
import { constantTimeEqual, hmacSha256Hex } from "../platform/crypto";

export interface RazorpayConfig {
  apiUrl: string;
  checkoutUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** The stand-in's fixed test credentials (docs/payments-locally.md): a production deploy must never take payments with them. */
export const LOCAL_TEST_KEY_ID = "rzp_test_aanchal_local";

const DEFAULT_API_URL = "https://api.razorpay.com";
const DEFAULT_CHECKOUT_URL = "https://checkout.razorpay.com/v1/checkout.js";

/**
 * Razorpay's settings, or null when online payment is off: no keys, or (in production) only the
 * stand-in's test keys or a stand-in's URL. Checkout then offers cash on delivery alone.
 */
export function razorpayConfig(env: Env): RazorpayConfig | null {
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret } = env;
  if (!keyId || !keySecret || !webhookSecret) return null;
  const apiUrl = (env.RAZORPAY_API_URL ?? DEFAULT_API_URL).replace(/\/+$/, "");
  const checkoutUrl = env.RAZORPAY_CHECKOUT_URL ?? DEFAULT_CHECKOUT_URL;
  if (env.APP_ENV === "production") {
    if (keyId === LOCAL_TEST_KEY_ID || !apiUrl.startsWith("https://") || !checkoutUrl.startsWith("https://")) return null;
  }
  return { apiUrl, checkoutUrl, keyId, keySecret, webhookSecret };
}

/** The origins the page may load Checkout.js from and talk to (the Content-Security-Policy's). */
export function paymentOrigins(env: Env): { script: string; api: string } {
  const config = razorpayConfig(env);
  return {
    script: new URL(config?.checkoutUrl ?? DEFAULT_CHECKOUT_URL).origin,
    api: new URL(config?.apiUrl ?? DEFAULT_API_URL).origin,
  };
}

export interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
}

export class RazorpayError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "RazorpayError";
  }
}

const TIMEOUT_MS = 10_000;

async function call<T>(config: RazorpayConfig, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${config.apiUrl}${path}`, {
    method,
    headers: {
      Authorization: `Basic ${btoa(`${config.keyId}:${config.keySecret}`)}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Razorpay answers JSON; anything else is reported below with its status.
  }
  if (!response.ok) {
    const description = (json as { error?: { description?: unknown } } | null)?.error?.description;
    throw new RazorpayError(
      `Razorpay ${method} ${path}: ${response.status} ${typeof description === "string" ? description : text.slice(0, 200)}`,
      response.status,
    );
  }
  return json as T;
}

/** Orders API `POST /v1/orders`: Razorpay's order for `amount` paise, `receipt` our order number. */
export async function createRazorpayOrder(
  config: RazorpayConfig,
  order: { amount: number; receipt: string; notes: Record<string, string> },
): Promise<RazorpayOrder> {
  const created = await call<RazorpayOrder>(config, "POST", "/v1/orders", { ...order, currency: "INR" });
  if (typeof created?.id !== "string" || created.amount !== order.amount)
    throw new RazorpayError("Razorpay answered an order we did not ask for", 502);
  return created;
}

/** Orders API `GET /v1/orders/{id}`. */
export const fetchRazorpayOrder = (config: RazorpayConfig, id: string) =>
  call<RazorpayOrder>(config, "GET", `/v1/orders/${encodeURIComponent(id)}`);

/** Checkout's `razorpay_signature`: HMAC-SHA256(key secret, order_id|payment_id), hex. */
export async function paymentSignatureValid(
  config: RazorpayConfig,
  orderId: string,
  paymentId: string,
  signature: string,
): Promise<boolean> {
  return constantTimeEqual(await hmacSha256Hex(config.keySecret, `${orderId}|${paymentId}`), signature.toLowerCase());
}

/** A webhook's `X-Razorpay-Signature`: HMAC-SHA256(webhook secret, the raw body), hex. */
export async function webhookSignatureValid(config: RazorpayConfig, rawBody: string, signature: string): Promise<boolean> {
  return constantTimeEqual(await hmacSha256Hex(config.webhookSecret, rawBody), signature.toLowerCase());
}
