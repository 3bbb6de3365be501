import { z } from "zod";

export interface Env {
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
  APP_ENV: "development" | "test" | "production";
  MEDIA: R2Bucket;
  AUTH_LIMITER: RateLimit;
  FORM_LIMITER: RateLimit;
}

const envSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^(https?|libsql|wss?)$/, error: "DATABASE_URL must be an http(s) or libsql URL" }),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  APP_ENV: z.enum(["development", "test", "production"]).default("production"),
});

/** Checks the plain-text configuration once per isolate, so a bad deploy fails loudly and early. */
let checked = false;
export function assertEnv(env: Env): void {
  if (checked) return;
  envSchema.parse(env);
  checked = true;
}
