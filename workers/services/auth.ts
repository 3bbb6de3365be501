import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { passwordResets, signupCodes, users } from "../../db/schema";
import {
  CODE_RULES,
  emailOnlySchema,
  loginSchema,
  registerSchema,
  RESET_TOKEN,
  RESET_RULES,
  resetPasswordSchema,
  verifyOtpSchema,
} from "./auth.schema";
import type { ServiceContext } from "./context";
import { AppError } from "./errors";
import { mailerFor } from "./mail";
import { passwordResetMail, signupCodeMail } from "./mail-templates";
import { hashPassword, verifyPassword } from "./password";
import { limit } from "./rate-limit";
import { issueToken, requireUser, type SessionUser } from "./session";
import { parseInput } from "./validate";

/**
 * Accounts (SPEC §5-8, DECISIONS §5): sign-up with an e-mailed code, sign-in, password reset and
 * sign-out. Pages and the JSON API both call these; they return plain data and throw AppError with
 * a message fit to show.
 */

const INVALID_LOGIN = "Invalid email or password";
const RESET_LINK_BAD = "This reset link is invalid or has expired. Please ask for a new one.";

export interface PublicUser {
  _id: string;
  id: string;
  name: string;
  email: string;
  mobile: string;
  isVerified: boolean;
  profileImage: string | null;
  createdAt: string;
}

export function publicUser(u: Pick<SessionUser, "id" | "name" | "email" | "mobile" | "isVerified" | "profileImage" | "createdAt">): PublicUser {
  return {
    _id: String(u.id),
    id: String(u.id),
    name: u.name,
    email: u.email,
    mobile: u.mobile,
    isVerified: u.isVerified,
    profileImage: u.profileImage,
    createdAt: u.createdAt.toISOString(),
  };
}

// ---- small crypto helpers (WebCrypto, available in workerd and Node) ----

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");

async function sha256(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** Codes are only a million strong, so their hash is keyed with the server secret (an HMAC). */
async function codeHash(ctx: ServiceContext, userId: number, code: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(ctx.env.SESSION_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`signup:${userId}:${code}`)));
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** A uniformly random 6-digit code (rejection sampling, no modulo bias). */
function newCode(): string {
  const max = 4_294_000_000; // largest multiple of 1e6 below 2^32
  const buf = new Uint32Array(1);
  do crypto.getRandomValues(buf);
  while (buf[0]! >= max);
  return String(buf[0]! % 1_000_000).padStart(CODE_RULES.digits, "0");
}

function newResetToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Unknown e-mails still cost one hash, so timing does not tell which accounts exist. */
let dummyHash: Promise<string> | undefined;
async function spendOneHash(password: string): Promise<void> {
  dummyHash ??= hashPassword("not a real password, only spends the same time");
  await verifyPassword(password, await dummyHash);
}

const findUserByEmail = (ctx: ServiceContext, email: string) => ctx.db.query.users.findFirst({ where: eq(users.email, email) });

/** Replaces any live code of the user with a new one and mails it. */
async function sendSignupCode(ctx: ServiceContext, user: { id: number; name: string; email: string }): Promise<void> {
  const code = newCode();
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db.update(signupCodes).set({ consumedAt: now }).where(and(eq(signupCodes.userId, user.id), isNull(signupCodes.consumedAt))),
    ctx.db.insert(signupCodes).values({
      userId: user.id,
      codeHash: await codeHash(ctx, user.id, code),
      expiresAt: new Date(now.getTime() + CODE_RULES.validMinutes * 60_000),
      createdAt: now,
    }),
  ]);
  await mailerFor(ctx).send(signupCodeMail(user.email, user.name, code, CODE_RULES.validMinutes));
}

const latestCode = (ctx: ServiceContext, userId: number) =>
  ctx.db.query.signupCodes.findFirst({ where: eq(signupCodes.userId, userId), orderBy: desc(signupCodes.id) });

/** Seconds until another code may be sent (0 = now). */
function resendWait(ctx: ServiceContext, code: { createdAt: Date; consumedAt: Date | null } | undefined): number {
  if (!code || code.consumedAt) return 0;
  const elapsed = (ctx.now().getTime() - code.createdAt.getTime()) / 1000;
  return Math.max(0, Math.ceil(CODE_RULES.resendAfterSeconds - elapsed));
}

export async function register(ctx: ServiceContext, input: unknown): Promise<{ message: string; email: string }> {
  const data = parseInput(registerSchema, input);
  await limit(ctx, "register", data.email);
  const existing = await findUserByEmail(ctx, data.email);
  if (existing?.isVerified) throw new AppError(409, "An account with this email already exists. Please sign in.");
  if (existing && resendWait(ctx, await latestCode(ctx, existing.id)) > 0) {
    throw new AppError(409, "OTP already sent to this email. Please enter it, or resend it in a minute.", { email: data.email });
  }
  const passwordHash = await hashPassword(data.password);
  let user: { id: number; name: string; email: string };
  if (existing) {
    // Nobody has proved they own this unverified address yet, so the newest sign-up's details win.
    await ctx.db.update(users).set({ name: data.name, mobile: data.mobile, passwordHash, updatedAt: ctx.now() }).where(eq(users.id, existing.id));
    user = { id: existing.id, name: data.name, email: data.email };
  } else {
    const [row] = await ctx.db
      .insert(users)
      .values({ name: data.name, email: data.email, mobile: data.mobile, passwordHash })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) throw new AppError(409, "An account with this email already exists. Please sign in.");
    user = { id: row.id, name: data.name, email: data.email };
  }
  await sendSignupCode(ctx, user);
  return { message: `OTP sent to ${data.email}. It is valid for ${CODE_RULES.validMinutes} minutes.`, email: data.email };
}

export async function resendOtp(ctx: ServiceContext, input: unknown): Promise<{ message: string }> {
  const { email } = parseInput(emailOnlySchema, input);
  await limit(ctx, "resend-otp", email);
  const user = await findUserByEmail(ctx, email);
  if (!user) throw new AppError(404, "No sign-up is waiting for this email. Please create an account.");
  if (user.isVerified) throw new AppError(409, "This email is already verified. Please sign in.");
  const wait = resendWait(ctx, await latestCode(ctx, user.id));
  if (wait > 0) throw new AppError(429, `Please wait ${wait} seconds before asking for a new code.`, { retryAfter: wait });
  await sendSignupCode(ctx, user);
  return { message: `A new code is on its way to ${email}.` };
}

export async function verifyOtp(ctx: ServiceContext, input: unknown): Promise<{ token: string; user: PublicUser }> {
  const { email, otp } = parseInput(verifyOtpSchema, input);
  const user = await findUserByEmail(ctx, email);
  if (!user) throw new AppError(400, "No sign-up is waiting for this email. Please create an account.");
  if (user.isVerified) throw new AppError(409, "This email is already verified. Please sign in.");
  const now = ctx.now();
  // Take one try from the live code before comparing, so parallel guesses cannot exceed the limit.
  const [code] = await ctx.db
    .update(signupCodes)
    .set({ attempts: sql`${signupCodes.attempts} + 1` })
    .where(
      and(
        eq(signupCodes.userId, user.id),
        isNull(signupCodes.consumedAt),
        gt(signupCodes.expiresAt, now),
        lt(signupCodes.attempts, CODE_RULES.maxWrongTries),
      ),
    )
    .returning();
  if (!code) {
    const last = await latestCode(ctx, user.id);
    if (last && !last.consumedAt && last.attempts >= CODE_RULES.maxWrongTries) {
      throw new AppError(400, "Too many wrong codes. This code is locked; please resend a new one.");
    }
    throw new AppError(400, "This code has expired. Please resend a new one.");
  }
  if (!sameText(code.codeHash, await codeHash(ctx, user.id, otp))) {
    const left = CODE_RULES.maxWrongTries - code.attempts;
    throw new AppError(
      400,
      left > 0
        ? `Incorrect code. ${left} ${left === 1 ? "try" : "tries"} left.`
        : "Too many wrong codes. This code is locked; please resend a new one.",
    );
  }
  const [used] = await ctx.db
    .update(signupCodes)
    .set({ consumedAt: now })
    .where(and(eq(signupCodes.id, code.id), isNull(signupCodes.consumedAt)))
    .returning({ id: signupCodes.id });
  if (!used) throw new AppError(400, "This code has already been used. Please sign in.");
  const [verified] = await ctx.db
    .update(users)
    .set({ isVerified: true, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  const fresh = verified ?? { ...user, isVerified: true };
  return { token: await issueToken(ctx, fresh), user: publicUser(fresh) };
}

export class UnverifiedAccount extends AppError {
  constructor(email: string) {
    super(403, "Please verify your email to sign in. We have sent you a code.", { needsVerification: true, email });
  }
}

export async function login(ctx: ServiceContext, input: unknown): Promise<{ user: PublicUser; token: string }> {
  const { email, password } = parseInput(loginSchema, input);
  await limit(ctx, "login", email);
  const user = await findUserByEmail(ctx, email);
  if (!user) {
    await spendOneHash(password);
    throw new AppError(401, INVALID_LOGIN);
  }
  const { ok, needsRehash } = await verifyPassword(password, user.passwordHash);
  if (!ok) throw new AppError(401, INVALID_LOGIN);
  if (!user.isVerified) {
    if (resendWait(ctx, await latestCode(ctx, user.id)) === 0) await sendSignupCode(ctx, user);
    throw new UnverifiedAccount(email);
  }
  if (needsRehash) {
    await ctx.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id));
  }
  return { user: publicUser(user), token: await issueToken(ctx, user) };
}

/** Ends every session of the user (the session version moves on; old tokens stop working). */
export async function logout(ctx: ServiceContext): Promise<void> {
  const user = await ctx.user();
  if (!user) return;
  await ctx.db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, user.id));
}

export const FORGOT_MESSAGE = "If an account exists for this email, we have sent a link to reset the password. Please check your inbox.";

/** Answers the same whether or not the e-mail has an account. */
export async function forgotPassword(ctx: ServiceContext, input: unknown): Promise<{ message: string }> {
  const { email } = parseInput(emailOnlySchema, input);
  await limit(ctx, "forgot-password", email);
  const user = await findUserByEmail(ctx, email);
  if (user) {
    const token = newResetToken();
    const now = ctx.now();
    await ctx.db.batch([
      ctx.db.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt))),
      ctx.db.insert(passwordResets).values({
        userId: user.id,
        tokenHash: await sha256(token),
        expiresAt: new Date(now.getTime() + RESET_RULES.validMinutes * 60_000),
        createdAt: now,
      }),
    ]);
    const link = `${ctx.origin}/reset-password/${token}`;
    await mailerFor(ctx).send(passwordResetMail(user.email, user.name, link, RESET_RULES.validMinutes));
  }
  return { message: FORGOT_MESSAGE };
}

async function liveReset(ctx: ServiceContext, token: unknown) {
  if (typeof token !== "string" || !RESET_TOKEN.test(token)) return null;
  const tokenHash = await sha256(token);
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
  return { message: "Your password has been reset. Please sign in with the new password." };
}

export async function getAccount(ctx: ServiceContext): Promise<PublicUser> {
  return publicUser(await requireUser(ctx));
}
