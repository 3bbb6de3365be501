import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { passwordResets, users } from "../../db/schema";
import { PASSWORD_RESET_DONE, RESET_RULES } from "./auth.rules";
import { emailOnlySchema, RESET_TOKEN, resetPasswordSchema } from "./auth.schema";
import type { ServiceContext } from "./context";
import { randomToken, sha256Hex } from "./crypto";
import { AppError } from "./errors";
import { deliverAfterResponse, outboxMail, queueMail } from "./mail";
import { hashPassword } from "./password";
import { limit } from "./rate-limit";
import { findUserByEmail } from "./signup";
import { parseInput } from "./validate";

/** A forgotten password (SPEC §5, DECISIONS §5): a mailed single-use link, valid an hour, sets a new one. */

const RESET_LINK_BAD = "This reset link is invalid or has expired. Please ask for a new one.";

export const FORGOT_MESSAGE = "If an account exists for this email, we have sent a link to reset the password. Please check your inbox.";

/** Answers the same whether or not the e-mail has an account. The link and its mail are one batch. */
export async function forgotPassword(ctx: ServiceContext, input: unknown): Promise<{ message: string }> {
  const { email } = parseInput(emailOnlySchema, input);
  await limit(ctx, "forgot-password", email);
  const user = await findUserByEmail(ctx, email);
  if (user) {
    const token = randomToken();
    const now = ctx.now();
    const mail = await outboxMail(ctx, {
      to: user.email,
      template: "password-reset",
      params: { name: user.name, link: `${ctx.origin}/reset-password/${token}`, minutes: RESET_RULES.validMinutes },
    });
    const [, , queued] = await ctx.db.batch([
      ctx.db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt))),
      ctx.db.insert(passwordResets).values({
        userId: user.id,
        tokenHash: await sha256Hex(token),
        expiresAt: new Date(now.getTime() + RESET_RULES.validMinutes * 60_000),
        createdAt: now,
      }),
      queueMail(ctx, mail),
    ]);
    deliverAfterResponse(ctx, queued);
  }
  return { message: FORGOT_MESSAGE };
}

async function liveReset(ctx: ServiceContext, token: unknown) {
  if (typeof token !== "string" || !RESET_TOKEN.test(token)) return null;
  const tokenHash = await sha256Hex(token);
  const row = await ctx.db.query.passwordResets.findFirst({
    columns: { id: true, userId: true },
    where: and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, ctx.now())),
  });
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
