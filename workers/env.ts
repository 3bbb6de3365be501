import { z } from "zod";
import { settings } from "./services/content/settings";

export interface Env {
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
  /** Milliseconds before a database call gives up (default `settings.database.timeoutMs`); tests set it low. */
  DB_TIMEOUT_MS?: string;
  APP_ENV: "development" | "test" | "production";
  /**
   * The shop's public address (`https://aanchal.in`): links in mail are built from it, never from the
   * request's `Host`, which anyone can forge. wrangler.toml's value is the local default.
   */
  SITE_URL: string;
  /** Signs session tokens (HS256). At least 32 characters; a secret in production. */
  SESSION_SECRET: string;
  /** Public postal PIN API for PINs missing from the embedded directory (optional). */
  POSTAL_API_URL?: string;
  /** Mail provider (Resend's HTTP API format). Without a key, mail is only written to the outbox. */
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  /**
   * Razorpay (workers/services/orders/razorpay.ts). Key id and secrets are secrets in production; without
   * them, or with the local stand-in's test keys in production, checkout offers cash on delivery only.
   * The URLs default to Razorpay's own; local runs point them at the stand-in.
   */
  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
  RAZORPAY_API_URL?: string;
  RAZORPAY_CHECKOUT_URL?: string;
  MEDIA: R2Bucket;
  AUTH_LIMITER: RateLimit;
  AUTH_IP_LIMITER: RateLimit;
  FORM_LIMITER: RateLimit;
  PROFILE_LIMITER: RateLimit;
  /** Guest orders per client address (wrangler.toml). */
  ORDER_LIMITER: RateLimit;
}

const envSchema = z
  .object({
    DATABASE_URL: z.url({ protocol: /^(https?|libsql|wss?)$/, error: "DATABASE_URL must be an http(s) or libsql URL" }),
    DATABASE_AUTH_TOKEN: z.string().optional(),
    DB_TIMEOUT_MS: z
      .string()
      .regex(/^[1-9]\d{1,5}$/, "DB_TIMEOUT_MS must be a whole number of milliseconds (10 to 999999)")
      .optional(),
    APP_ENV: z.enum(["development", "test", "production"]).default("production"),
    SITE_URL: z.url({ protocol: /^https?$/, error: "SITE_URL must be the shop's http(s) address, e.g. https://aanchal.in" }),
    SESSION_SECRET: z.string({ error: "SESSION_SECRET is not set" }).min(32, "SESSION_SECRET must be at least 32 characters"),
    POSTAL_API_URL: z.url().optional(),
    MAIL_API_URL: z.url().optional(),
    MAIL_API_KEY: z.string().optional(),
    RAZORPAY_API_URL: z.url({ protocol: /^https?$/, error: "RAZORPAY_API_URL must be an http(s) URL" }).optional(),
    RAZORPAY_CHECKOUT_URL: z.url({ protocol: /^https?$/, error: "RAZORPAY_CHECKOUT_URL must be an http(s) URL" }).optional(),
  })
  .refine((env) => env.APP_ENV !== "production" || !!env.MAIL_API_KEY, {
    message: "MAIL_API_KEY must be set in production: without it no sign-up code or reset link is ever delivered",
  })
  .refine((env) => env.APP_ENV !== "production" || env.SITE_URL.startsWith("https://"), {
    message: "SITE_URL must be the shop's https address in production (wrangler.toml's value is only the local default)",
  });

/** The shop's own origin, from SITE_URL (checked by assertEnv before any request is served). */
export const siteOrigin = (env: Env): string => new URL(env.SITE_URL).origin;

/** Checks the plain-text configuration once per isolate, so a bad deploy fails loudly and early. */
let checked = false;
export function assertEnv(env: Env): void {
  if (checked) return;
  envSchema.parse(env);
  checked = true;
}

export const dbTimeoutMs = (env: Env): number => (env.DB_TIMEOUT_MS ? Number(env.DB_TIMEOUT_MS) : settings.database.timeoutMs);
