import { and, eq, exists, gt, isNull, ne, sql } from "drizzle-orm";
import { hashPassword } from "../../../db/password";
import { passwordResets, users } from "../../../db/schema";
import type { ServiceContext } from "../platform/context";
import { randomToken, sha256Hex } from "../platform/crypto";
import { AppError } from "../platform/errors";
import { insertWhere } from "../platform/insert-where";
import { deliverAfterResponse, outboxMail, queueMail } from "../platform/mail";
import { limit, withinMailAllowance } from "../platform/rate-limit";
import { parseInput } from "../platform/validate";
import { PASSWORD_RESET_DONE, RESET_RULES } from "./auth.rules";
import { emailOnlySchema, RESET_TOKEN, resetPasswordSchema } from "./auth.schema";
import { findUserByEmail } from "./signup";

/**
 * A forgotten password (docs/product/accounts.md, docs/decisions/0005-sessions-codes-and-limits.md): a mailed
 * single-use link, valid an hour, sets a new one.
 */

const RESET_LINK_BAD = "This reset link is invalid or has expired. Please ask for a new one.";

export const FORGOT_MESSAGE = "If an account exists for this email, we have sent a link to reset the password. Please check your inbox.";

/**
 * Answers the same whether or not the e-mail has an account, and whether or not a link was sent:
 * links come within the e-mail's mail allowance (one a minute, five an hour, as sign-up codes), and
 * a request beyond it is told nothing different. The new link, the end of the earlier ones and the
 * mail are one batch, all conditional on the allowance (the link's insert).
 */
export async function forgotPassword(ctx: ServiceContext, input: unknown): Promise<{ message: string }> {
  const { email } = parseInput(emailOnlySchema, input);
  await limit(ctx, "forgot-password", email);
  const user = await findUserByEmail(ctx, email);
  if (user) {
    const token = randomToken();
    const tokenHash = await sha256Hex(token);
    const now = ctx.now();
    const r = passwordResets;
    const mail = await outboxMail(ctx, {
      to: user.email,
      template: "password-reset",
      // The shop's configured address (SITE_URL), never the request's Host: anyone can forge that.
      params: { name: user.name, link: `${ctx.origin}/reset-password/${token}`, minutes: RESET_RULES.validMinutes },
    });
    const theNewLink = exists(ctx.db.select({ one: sql`1` }).from(r).where(eq(r.tokenHash, tokenHash)));
    const [, , queued] = await ctx.db.batch([
      insertWhere(
        ctx.db,
        r,
        { userId: user.id, tokenHash, expiresAt: new Date(now.getTime() + RESET_RULES.validMinutes * 60_000), createdAt: now },
        withinMailAllowance(r, r.userId, r.createdAt, user.id, now),
      ),
      ctx.db
        .update(r)
        .set({ usedAt: now })
        .where(and(eq(r.userId, user.id), isNull(r.usedAt), ne(r.tokenHash, tokenHash), theNewLink)),
      queueMail(ctx, mail, theNewLink),
    ]);
    deliverAfterResponse(ctx, queued);
  }
  return { message: FORGOT_MESSAGE };
}

async function liveReset(ctx: ServiceContext, token: unknown) {
  if (typeof token !== "string" || !RESET_TOKEN.test(token)) return null;
  const tokenHash = await sha256Hex(token);
  const [row] = await ctx.db
    .select({ id: passwordResets.id, userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, ctx.now())))
    .limit(1);
  return row ? { ...row, tokenHash } : null;
}

/** Whether a reset link can still be used (the page says so before the shopper types). */
export async function resetLinkIsLive(ctx: ServiceContext, token: unknown): Promise<boolean> {
  return (await liveReset(ctx, token)) !== null;
}

/**
 * Sets a new password from a reset link: the link is used up, the account counts as verified (the
 * shopper proved the mailbox), and every existing session ends, all in one atomic batch.
 */
export async function resetPassword(ctx: ServiceContext, token: unknown, input: unknown): Promise<{ message: string }> {
  const reset = await liveReset(ctx, token);
  if (!reset) throw new AppError(400, RESET_LINK_BAD);
  const { password } = parseInput(resetPasswordSchema, input);
  const passwordHash = await hashPassword(password);
  const now = ctx.now();
  const [claimed] = await ctx.db.batch([
    ctx.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId }),
    ctx.db
      .update(users)
      .set({ passwordHash, isVerified: true, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
      .where(
        and(
          eq(users.id, reset.userId),
          sql`exists (select 1 from password_resets where password_resets.id = ${reset.id} and password_resets.used_at = ${now.getTime()})`,
        ),
      ),
  ]);
  if (claimed.length === 0) throw new AppError(400, RESET_LINK_BAD);
  return { message: PASSWORD_RESET_DONE };
}
