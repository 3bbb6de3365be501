import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Env } from "../../workers/env";
import { paymentOrigins, paymentSignatureValid, razorpayConfig, webhookSignatureValid } from "../../workers/services/orders/razorpay";

const local = {
  APP_ENV: "development",
  RAZORPAY_KEY_ID: "rzp_test_aanchal_local",
  RAZORPAY_KEY_SECRET: "aanchal_local_key_secret",
  RAZORPAY_WEBHOOK_SECRET: "aanchal_local_webhook_secret",
  RAZORPAY_API_URL: "http://127.0.0.1:8790",
  RAZORPAY_CHECKOUT_URL: "http://127.0.0.1:8790/v1/checkout.js",
} as unknown as Env;

const live = {
  APP_ENV: "production",
  RAZORPAY_KEY_ID: "rzp_live_Abc123",
  RAZORPAY_KEY_SECRET: "live-secret",
  RAZORPAY_WEBHOOK_SECRET: "live-webhook-secret",
} as unknown as Env;

const hmac = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");

describe("Razorpay settings", () => {
  it("uses the stand-in locally and Razorpay's own hosts in production", () => {
    expect(razorpayConfig(local)).toMatchObject({ apiUrl: "http://127.0.0.1:8790", keyId: "rzp_test_aanchal_local" });
    expect(razorpayConfig(live)).toMatchObject({
      apiUrl: "https://api.razorpay.com",
      checkoutUrl: "https://checkout.razorpay.com/v1/checkout.js",
    });
    expect(paymentOrigins(local)).toEqual({ script: "http://127.0.0.1:8790", api: "http://127.0.0.1:8790" });
    expect(paymentOrigins(live)).toEqual({ script: "https://checkout.razorpay.com", api: "https://api.razorpay.com" });
  });

  it("refuses online payment in production without real keys: none, the stand-in's test keys, or a plain-http URL", () => {
    expect(razorpayConfig({ ...live, RAZORPAY_KEY_SECRET: undefined } as Env)).toBeNull();
    expect(razorpayConfig({ ...local, APP_ENV: "production" } as Env)).toBeNull();
    expect(razorpayConfig({ ...live, RAZORPAY_API_URL: "http://127.0.0.1:8790" } as Env)).toBeNull();
    expect(razorpayConfig({ APP_ENV: "development" } as Env)).toBeNull();
  });
});

describe("Razorpay signatures", () => {
  const config = razorpayConfig(local)!;

  it("accepts Checkout's signature of order_id|payment_id made with the key secret, and nothing else", async () => {
    const good = hmac("aanchal_local_key_secret", "order_A1|pay_B2");
    expect(await paymentSignatureValid(config, "order_A1", "pay_B2", good)).toBe(true);
    expect(await paymentSignatureValid(config, "order_A1", "pay_B2", good.toUpperCase())).toBe(true);
    expect(await paymentSignatureValid(config, "order_A9", "pay_B2", good)).toBe(false);
    expect(await paymentSignatureValid(config, "order_A1", "pay_B2", hmac("aanchal_local_webhook_secret", "order_A1|pay_B2"))).toBe(false);
    expect(await paymentSignatureValid(config, "order_A1", "pay_B2", good.slice(1))).toBe(false);
  });

  it("accepts a webhook signed over its raw body with the webhook secret, and no other body", async () => {
    const body = '{"event":"payment.captured","payload":{}}';
    const sig = hmac("aanchal_local_webhook_secret", body);
    expect(await webhookSignatureValid(config, body, sig)).toBe(true);
    expect(await webhookSignatureValid(config, body.replace("captured", "failed"), sig)).toBe(false);
    expect(await webhookSignatureValid(config, body, hmac("aanchal_local_key_secret", body))).toBe(false);
  });
});
