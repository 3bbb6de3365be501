import type { ServiceContext } from "./context";
import { AppError } from "./errors";

/**
 * Rate limits (DECISIONS §5) through the Workers rate-limiting bindings: `AUTH_LIMITER` for sign-in,
 * sign-up, code resend and forgot-password; `FORM_LIMITER` for contact and enquiry. Both count per
 * 60-second window (wrangler.toml). Keys join the action, the caller's address and, where there is
 * one, the e-mail, so one address cannot hammer one account and busy shared networks (offices,
 * mobile carriers) do not lock each other out. Exact counters that must not drift, such as wrong
 * sign-up codes, live in the database instead.
 */
export type LimitedAction = "login" | "register" | "resend-otp" | "forgot-password" | "contact" | "enquiry";

const WINDOW_MINUTES = 1;

export function tooManyAttempts(minutes: number): AppError {
  const unit = minutes === 1 ? "minute" : "minutes";
  return new AppError(429, `Too many attempts. Please try again in ${minutes} ${unit}.`, { retryAfter: minutes * 60 });
}

export async function limit(ctx: ServiceContext, action: LimitedAction, subject = ""): Promise<void> {
  const binding = action === "contact" || action === "enquiry" ? ctx.env.FORM_LIMITER : ctx.env.AUTH_LIMITER;
  const key = [action, ctx.clientIp, subject.trim().toLowerCase()].join("|");
  const { success } = await binding.limit({ key });
  if (!success) throw tooManyAttempts(WINDOW_MINUTES);
}
