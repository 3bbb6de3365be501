import type { ServiceContext } from "./context";
import { AppError } from "./errors";

/**
 * Rate limits (DECISIONS §5) through the Workers rate-limiting bindings: `AUTH_LIMITER` for sign-in,
 * sign-up, code verify and resend and forgot-password (plus `AUTH_IP_LIMITER`, per address only);
 * `FORM_LIMITER` for contact and enquiry. Both count per
 * 60-second window (wrangler.toml). Keys join the action, the caller's address and, where there is
 * one, the e-mail, so one address cannot hammer one account and busy shared networks (offices,
 * mobile carriers) do not lock each other out. Exact counters that must not drift, such as wrong
 * sign-up codes, live in the database instead.
 */
export type LimitedAction = "login" | "register" | "verify-otp" | "resend-otp" | "forgot-password" | "contact" | "enquiry";

const WINDOW_MINUTES = 1;

export function tooManyAttempts(minutes: number): AppError {
  const unit = minutes === 1 ? "minute" : "minutes";
  return new AppError(429, `Too many attempts. Please try again in ${minutes} ${unit}.`, { retryAfter: minutes * 60 });
}

export async function limit(ctx: ServiceContext, action: LimitedAction, subject = ""): Promise<void> {
  const form = action === "contact" || action === "enquiry";
  const key = [action, ctx.clientIp, subject.trim().toLowerCase()].join("|");
  const checks = [(form ? ctx.env.FORM_LIMITER : ctx.env.AUTH_LIMITER).limit({ key })];
  // Account actions are also capped per address across all e-mails (AUTH_IP_LIMITER, looser).
  if (!form) checks.push(ctx.env.AUTH_IP_LIMITER.limit({ key: `${action}|${ctx.clientIp}` }));
  const results = await Promise.all(checks);
  if (results.some((r) => !r.success)) throw tooManyAttempts(WINDOW_MINUTES);
}
