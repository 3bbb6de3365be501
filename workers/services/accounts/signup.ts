import { and, count, desc, eq, exists, gt, inArray, isNull, lt, max, min, ne, type SQL, sql } from "drizzle-orm";
import { hashPassword } from "../../../db/password";
import { signupCodes, users } from "../../../db/schema";
import type { ServiceContext } from "../platform/context";
import { constantTimeEqual, hmacSha256Hex, randomDigits, randomToken, sha256Hex } from "../platform/crypto";
import { AppError } from "../platform/errors";
import { insertWhere } from "../platform/insert-where";
import { deliverAfterResponse, outboxMail, queueMail } from "../platform/mail";
import { limit, tooManyAttempts, withinMailAllowance } from "../platform/rate-limit";
import { parseInput } from "../platform/validate";
import { CODE_RULES, MAIL_ALLOWANCE, SIGNUP_TIMED_OUT } from "./auth.rules";
import { registerSchema, resendOtpSchema, verifyOtpSchema } from "./auth.schema";
import { issueToken } from "./session";

/**
 * Sign-up (docs/product/accounts.md; docs/decisions/0005-sessions-codes-and-limits.md): details, then a mailed
 * 6-digit code that makes the account.
 * Pages and the JSON API both call these; they return plain data and throw AppError with a message
 * fit to show.
 */

const ALREADY_REGISTERED = "An account with this email already exists. Please sign in.";
const ALREADY_VERIFIED = "This email is already verified. Please sign in.";
const NO_SIGNUP = "No sign-up is waiting for this email. Please create an account.";
const CODE_LOCKED = "Too many wrong codes. This code is locked; please resend a new one.";
/** A refusal of the code the shopper typed: about the `otp` field, so a form shows it there. */
const codeRefused = (message: string) => new AppError(400, message, { field: "otp" });

const MINUTE = 60_000;
const HOUR = 3_600_000;

export const findUserByEmail = (ctx: ServiceContext, email: string) =>
  ctx.db
    .select()
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
    .then(([user]) => user);

/** Codes are only a million strong, so their hash is keyed with the server secret (an HMAC). */
const codeHash = (ctx: ServiceContext, userId: number, code: string) => hmacSha256Hex(ctx.env.SESSION_SECRET, `signup:${userId}:${code}`);

/** A sign-up's verification token, as stored: a hash, so the table cannot be used to verify. */
export const signupRequestHash = (verificationToken: string) => sha256Hex(verificationToken);

export interface PendingSignup {
  userId: number;
  email: string;
  name: string;
  mobile: string;
  passwordHash: string;
}

/** What a refused request is told while the last code is under a minute old. */
export type WaitAnswer = (seconds: number) => AppError;
const waitForNewCode: WaitAnswer = (seconds) =>
  new AppError(429, `Please wait ${seconds} seconds before asking for a new code.`, { retryAfter: seconds });

/** The codes an account was sent in the last hour: both waits (a minute, the hourly allowance) count from them. */
function codesOfTheHour(ctx: ServiceContext, account: SQL) {
  const c = signupCodes;
  return ctx.db
    .select({ oldest: min(c.createdAt), newest: max(c.createdAt), sent: count() })
    .from(c)
    .where(and(account, gt(c.createdAt, new Date(ctx.now().getTime() - HOUR))));
}

/** Seconds until another code may go out: a minute after the newest, and within the hour's allowance. */
function waitsFor(ctx: ServiceContext, codes: { oldest: Date | null; newest: Date | null; sent: number } | undefined) {
  const now = ctx.now().getTime();
  const minute = codes?.newest ? Math.ceil((CODE_RULES.resendAfterSeconds * 1000 - (now - codes.newest.getTime())) / 1000) : 0;
  const hour = codes?.oldest && codes.sent >= MAIL_ALLOWANCE.perHour ? Math.ceil((codes.oldest.getTime() + HOUR - now) / 1000) : 0;
  return { minute: Math.max(0, minute), hour: Math.max(0, hour) };
}

/** Why a code was refused, and how long to wait: the e-mail had one this minute, or its codes for the hour. */
async function codeRefusal(ctx: ServiceContext, userId: number, waitAnswer: WaitAnswer): Promise<AppError> {
  const [codes] = await codesOfTheHour(ctx, eq(signupCodes.userId, userId));
  const { minute, hour } = waitsFor(ctx, codes);
  if (minute === 0 && hour > 0) return tooManyAttempts(Math.ceil(hour / 60));
  return waitAnswer(Math.max(minute, 1));
}

/**
 * Seconds before `email` may be sent another code (0: now), which the verify page counts down
 * instead of letting the shopper press a button only to be refused. Joins the request's reads.
 */
export async function secondsUntilNewCode(ctx: ServiceContext, email: string): Promise<number> {
  const account = inArray(signupCodes.userId, ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)));
  const [codes] = await ctx.read(codesOfTheHour(ctx, account));
  const { minute, hour } = waitsFor(ctx, codes);
  return Math.max(minute, hour);
}

/**
 * Mails a new code for one sign-up (its `requestHash`), retiring that sign-up's earlier codes, within
 * the e-mail's mail allowance (`withinMailAllowance`: however many sign-ups ask, nobody can flood the
 * inbox, and fresh sign-ups cannot multiply the wrong-code tries). Other sign-ups for the same e-mail
 * keep theirs: each can only ever verify its own details.
 */
export async function sendSignupCode(
  ctx: ServiceContext,
  pending: PendingSignup,
  requestHash: string,
  waitAnswer = waitForNewCode,
): Promise<void> {
  const { userId, name, mobile, passwordHash } = pending;
  const code = randomDigits(CODE_RULES.digits);
  const hash = await codeHash(ctx, userId, code);
  const now = ctx.now();
  const c = signupCodes;
  const theNewCode = exists(
    ctx.db
      .select({ one: sql`1` })
      .from(c)
      .where(and(eq(c.userId, userId), eq(c.codeHash, hash), eq(c.createdAt, now))),
  );
  const mail = await outboxMail(ctx, {
    to: pending.email,
    template: "signup-code",
    params: { name, code, minutes: CODE_RULES.validMinutes },
  });
  const [inserted, , queued] = await ctx.db.batch([
    insertWhere(
      ctx.db,
      c,
      {
        userId,
        codeHash: hash,
        requestHash,
        name,
        mobile,
        passwordHash,
        expiresAt: new Date(now.getTime() + CODE_RULES.validMinutes * MINUTE),
        createdAt: now,
      },
      withinMailAllowance(c, c.userId, c.createdAt, userId, now),
    ),
    ctx.db
      .update(c)
      .set({ consumedAt: now })
      .where(and(eq(c.userId, userId), eq(c.requestHash, requestHash), isNull(c.consumedAt), ne(c.codeHash, hash), theNewCode)),
    queueMail(ctx, mail, theNewCode),
  ]);
  if (inserted.rowsAffected === 0) throw await codeRefusal(ctx, userId, waitAnswer);
  deliverAfterResponse(ctx, queued);
}

/** The newest code of one sign-up (whatever its state). */
const latestCode = (ctx: ServiceContext, userId: number, requestHash: string) =>
  ctx.db
    .select()
    .from(signupCodes)
    .where(and(eq(signupCodes.userId, userId), eq(signupCodes.requestHash, requestHash)))
    .orderBy(desc(signupCodes.id))
    .limit(1)
    .then(([code]) => code);

/** Seconds until another code may be sent (0 = now). */
function resendWait(ctx: ServiceContext, code: { createdAt: Date; consumedAt: Date | null } | undefined): number {
  if (!code || code.consumedAt) return 0;
  const elapsed = (ctx.now().getTime() - code.createdAt.getTime()) / 1000;
  return Math.max(0, Math.ceil(CODE_RULES.resendAfterSeconds - elapsed));
}

/**
 * Starts a sign-up: mails a code and answers the sign-up's own `verificationToken`, which verify and
 * resend need. The name, mobile and password wait on the code and become the account's when it is
 * verified. The same sign-up asking again within a minute (a double submit) is told "OTP already sent".
 */
export async function register(
  ctx: ServiceContext,
  input: unknown,
  previousToken?: string | null,
): Promise<{ message: string; email: string; verificationToken: string }> {
  const data = parseInput(registerSchema, input);
  await limit(ctx, "register", data.email);
  let user = await findUserByEmail(ctx, data.email);
  if (user?.isVerified) throw new AppError(409, ALREADY_REGISTERED);
  if (user && previousToken && resendWait(ctx, await latestCode(ctx, user.id, await signupRequestHash(previousToken))) > 0) {
    throw new AppError(409, "OTP already sent to this email. Please enter it, or resend it in a minute.", {
      email: data.email,
      verificationToken: previousToken,
    });
  }
  const passwordHash = await hashPassword(data.password);
  if (!user) {
    // The account row holds the e-mail; it cannot sign in until a sign-up's code is verified.
    await ctx.db.insert(users).values({ name: data.name, email: data.email, mobile: data.mobile, passwordHash }).onConflictDoNothing();
    user = await findUserByEmail(ctx, data.email);
    if (!user || user.isVerified) throw new AppError(409, ALREADY_REGISTERED);
  }
  const verificationToken = randomToken();
  await sendSignupCode(
    ctx,
    { userId: user.id, email: data.email, name: data.name, mobile: data.mobile, passwordHash },
    await signupRequestHash(verificationToken),
  );
  return {
    message: `OTP sent to ${data.email}. It is valid for ${CODE_RULES.validMinutes} minutes.`,
    email: data.email,
    verificationToken,
  };
}

export async function resendOtp(ctx: ServiceContext, input: unknown): Promise<{ message: string }> {
  const { email, verificationToken } = parseInput(resendOtpSchema, input);
  await limit(ctx, "resend-otp", email);
  const user = await findUserByEmail(ctx, email);
  if (!user) throw new AppError(404, NO_SIGNUP);
  if (user.isVerified) throw new AppError(409, ALREADY_VERIFIED);
  const requestHash = await signupRequestHash(verificationToken);
  const last = await latestCode(ctx, user.id, requestHash);
  if (!last) throw new AppError(404, NO_SIGNUP);
  await sendSignupCode(ctx, { userId: user.id, email, name: last.name, mobile: last.mobile, passwordHash: last.passwordHash }, requestHash);
  return { message: `A new code is on its way to ${email}.` };
}

/** Makes the account from the sign-up whose code this is; answers the account and a session token. */
export async function verifyOtp(ctx: ServiceContext, input: unknown) {
  const { email, otp, verificationToken } = parseInput(verifyOtpSchema, input);
  await limit(ctx, "verify-otp", email);
  const user = await findUserByEmail(ctx, email);
  if (!user) throw new AppError(400, NO_SIGNUP);
  if (user.isVerified) throw new AppError(409, ALREADY_VERIFIED);
  const requestHash = await signupRequestHash(verificationToken);
  const now = ctx.now();
  // Take one try from this sign-up's live code before comparing, so parallel guesses cannot exceed the limit.
  const [code] = await ctx.db
    .update(signupCodes)
    .set({ attempts: sql`${signupCodes.attempts} + 1` })
    .where(
      and(
        eq(signupCodes.userId, user.id),
        eq(signupCodes.requestHash, requestHash),
        isNull(signupCodes.consumedAt),
        gt(signupCodes.expiresAt, now),
        lt(signupCodes.attempts, CODE_RULES.maxWrongTries),
      ),
    )
    .returning();
  if (!code) {
    const last = await latestCode(ctx, user.id, requestHash);
    if (!last) throw new AppError(400, SIGNUP_TIMED_OUT);
    if (!last.consumedAt && last.attempts >= CODE_RULES.maxWrongTries) throw codeRefused(CODE_LOCKED);
    throw codeRefused("This code has expired. Please resend a new one.");
  }
  if (!constantTimeEqual(code.codeHash, await codeHash(ctx, user.id, otp))) {
    const left = CODE_RULES.maxWrongTries - code.attempts;
    throw codeRefused(left > 0 ? `Incorrect code. ${left} ${left === 1 ? "try" : "tries"} left.` : CODE_LOCKED);
  }
  const [used] = await ctx.db
    .update(signupCodes)
    .set({ consumedAt: now })
    .where(and(eq(signupCodes.id, code.id), isNull(signupCodes.consumedAt)))
    .returning({ id: signupCodes.id });
  if (!used) throw new AppError(400, "This code has already been used. Please sign in.");
  // This sign-up's details become the account's; every other pending sign-up for the e-mail ends.
  const [[verified]] = await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ name: code.name, mobile: code.mobile, passwordHash: code.passwordHash, isVerified: true, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning(),
    ctx.db
      .update(signupCodes)
      .set({ consumedAt: now })
      .where(and(eq(signupCodes.userId, user.id), isNull(signupCodes.consumedAt))),
  ]);
  if (!verified) throw new AppError(400, NO_SIGNUP);
  return { token: await issueToken(ctx, verified), user: verified };
}
