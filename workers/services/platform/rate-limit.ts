import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { MAIL_ALLOWANCE } from "../accounts/auth.rules";
import type { ServiceContext } from "./context";
import { AppError } from "./errors";

/**
 * Rate limits (docs/decisions/0005-sessions-codes-and-limits.md) through the Workers rate-limiting bindings: `AUTH_LIMITER` for sign-in,
 * sign-up, code verify and resend and forgot-password (plus `AUTH_IP_LIMITER`, per address only);
 * `FORM_LIMITER` for contact and enquiry; `PROFILE_LIMITER` for profile saves (each may upload a
 * picture), per account wherever it saves from. All count per 60-second window (wrangler.toml).
 * Other keys join the action, the caller's address and, where there is one, the e-mail, so one
 * address cannot hammer one account and busy shared networks (offices, mobile carriers) do not lock
 * each other out. Exact counters that must not drift, such as wrong sign-up codes, live in the
 * database instead.
 */
export type LimitedAction =
  | "login"
  | "register"
  | "verify-otp"
  | "resend-otp"
  | "forgot-password"
  | "contact"
  | "enquiry"
  | "profile"
  | "guest-order";

const WINDOW_MINUTES = 1;

export function tooManyAttempts(minutes: number): AppError {
  const unit = minutes === 1 ? "minute" : "minutes";
  return new AppError(429, `Too many attempts. Please try again in ${minutes} ${unit}.`, { retryAfter: minutes * 60 });
}

/** The limiters one request of `action` counts against. */
function checks(ctx: ServiceContext, action: LimitedAction, subject: string) {
  if (action === "guest-order") return [ctx.env.ORDER_LIMITER.limit({ key: `guest-order|${ctx.clientIp}` })];
  if (action === "profile") return [ctx.env.PROFILE_LIMITER.limit({ key: `profile|${subject}` })];
  const key = [action, ctx.clientIp, subject.trim().toLowerCase()].join("|");
  if (action === "contact" || action === "enquiry") return [ctx.env.FORM_LIMITER.limit({ key })];
  // Account actions are also capped per address across all e-mails (AUTH_IP_LIMITER, looser).
  return [ctx.env.AUTH_LIMITER.limit({ key }), ctx.env.AUTH_IP_LIMITER.limit({ key: `${action}|${ctx.clientIp}` })];
}

/** `subject`: the e-mail an account action is about, or the signed-in account's id for "profile". */
export async function limit(ctx: ServiceContext, action: LimitedAction, subject = ""): Promise<void> {
  const results = await Promise.all(checks(ctx, action, subject));
  if (results.some((r) => !r.success)) throw tooManyAttempts(WINDOW_MINUTES);
}

/**
 * The mail allowance of one account (MAIL_ALLOWANCE), counted over the rows of what was already
 * mailed to it (`table`: sign-up codes, reset links; `owner` its user column, `createdAt` its time).
 * A condition for `insertWhere` of the new row: the count and the insert are one statement, so
 * parallel requests cannot all slip through, and the row, its mail and the end of earlier ones go
 * only beside it.
 */
export function withinMailAllowance(table: SQLiteTable, owner: SQLiteColumn, createdAt: SQLiteColumn, ownerId: number, now: Date): SQL {
  const since = (ms: number) => now.getTime() - ms;
  return sql`NOT EXISTS (SELECT 1 FROM ${table} WHERE ${owner} = ${ownerId} AND ${createdAt} > ${since(MAIL_ALLOWANCE.everySeconds * 1000)})
    AND (SELECT count(*) FROM ${table} WHERE ${owner} = ${ownerId} AND ${createdAt} > ${since(3_600_000)}) < ${MAIL_ALLOWANCE.perHour}`;
}
