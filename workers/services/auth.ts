import { and, desc, eq, exists, gt, isNull, lt, max, min, ne, sql } from "drizzle-orm";
import { passwordResets, signupCodes, users } from "../../db/schema";
import { CODE_RULES, RESET_RULES, SIGNUP_TIMED_OUT } from "./auth.rules";
import {
  emailOnlySchema,
  loginSchema,
  RESET_TOKEN,
  registerSchema,
  resendOtpSchema,
  resetPasswordSchema,
  verifyOtpSchema,
} from "./auth.schema";
import type { ServiceContext } from "./context";
import { AppError } from "./errors";
import { mailerFor } from "./mail";
import { passwordResetMail, signupCodeMail } from "./mail-templates";
import { hashPassword, verifyPassword } from "./password";
import { limit, tooManyAttempts } from "./rate-limit";
import { issueToken, type SessionUser } from "./session";
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

export function publicUser(
  u: Pick<SessionUser, "id" | "name" | "email" | "mobile" | "isVerified" | "profileImage" | "createdAt">,
): PublicUser {
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
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(ctx.env.SESSION_SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
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

function newSecretToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** Unknown e-mails still cost one hash, so timing does not tell which accounts exist. */
let dummyHash: Promise<string> | undefined;
async function spendOneHash(password: string): Promise<void> {
  dummyHash ??= hashPassword("not a real password, only spends the same time");
  await verifyPassword(password, await dummyHash);
}

const findUserByEmail = (ctx: ServiceContext, email: string) => ctx.db.query.users.findFirst({ where: eq(users.email, email) });

interface PendingSignup {
  userId: number;
  email: string;
  name: string;
  mobile: string;
  passwordHash: string;
}

/**
 * However many sign-ups (browsers, addresses) ask, one e-mail gets at most one code a minute and
 * `CODES_PER_HOUR` an hour: nobody can flood someone's inbox, and fresh sign-ups cannot multiply
 * the wrong-code tries.
 */
const CODES_PER_HOUR = 5;
const MINUTE = 60_000;
const HOUR = 3_600_000;

/** What a refused request is told while the last code is under a minute old. */
type WaitAnswer = (seconds: number) => AppError;
const waitForNewCode: WaitAnswer = (seconds) =>
  new AppError(429, `Please wait ${seconds} seconds before asking for a new code.`, { retryAfter: seconds });

/** Why a code was refused, and how long to wait: the e-mail had one this minute, or its codes for the hour. */
async function codeRefusal(ctx: ServiceContext, userId: number, waitAnswer: WaitAnswer): Promise<AppError> {
  const now = ctx.now().getTime();
  const [sent] = await ctx.db
    .select({ oldest: min(signupCodes.createdAt), newest: max(signupCodes.createdAt) })
    .from(signupCodes)
    .where(and(eq(signupCodes.userId, userId), gt(signupCodes.createdAt, new Date(now - HOUR))));
  const wait = sent?.newest ? Math.ceil((CODE_RULES.resendAfterSeconds * 1000 - (now - sent.newest.getTime())) / 1000) : 0;
  if (wait > 0 || !sent?.oldest) return waitAnswer(Math.max(wait, 1));
  return tooManyAttempts(Math.max(1, Math.ceil((sent.oldest.getTime() + HOUR - now) / MINUTE)));
}

/**
 * Inserts the code only while the e-mail is within its allowance: the one place the rule is enforced.
 * The check and the insert are one statement (and the batch one transaction), so parallel sign-ups
 * cannot all slip through.
 */
function insertCodeIfAllowed(ctx: ServiceContext, row: typeof signupCodes.$inferInsert & { createdAt: Date }) {
  const c = signupCodes;
  const now = row.createdAt.getTime();
  const fields = ["userId", "codeHash", "requestHash", "name", "mobile", "passwordHash", "expiresAt", "createdAt"] as const;
  const columns = sql.join(
    fields.map((f) => sql.identifier(c[f].name)),
    sql`, `,
  );
  const value = (v: unknown) => (v instanceof Date ? v.getTime() : v);
  const values = sql.join(
    fields.map((f) => sql`${value(row[f])}`),
    sql`, `,
  );
  return ctx.db.run(sql`
    INSERT INTO ${c} (${columns})
    SELECT ${values}
    WHERE NOT EXISTS (SELECT 1 FROM ${c} WHERE ${c.userId} = ${row.userId} AND ${c.createdAt} > ${now - CODE_RULES.resendAfterSeconds * 1000})
      AND (SELECT count(*) FROM ${c} WHERE ${c.userId} = ${row.userId} AND ${c.createdAt} > ${now - HOUR}) < ${CODES_PER_HOUR}`);
}

/**
 * Mails a new code for one sign-up (its `requestHash`), retiring that sign-up's earlier codes, within
 * the e-mail's allowance. Other sign-ups for the same e-mail keep theirs: each can only ever verify
 * its own details.
 */
async function sendSignupCode(
  ctx: ServiceContext,
  pending: PendingSignup,
  requestHash: string,
  waitAnswer = waitForNewCode,
): Promise<void> {
  const { userId, name, mobile, passwordHash } = pending;
  const code = newCode();
  const hash = await codeHash(ctx, userId, code);
  const now = ctx.now();
  const [inserted] = await ctx.db.batch([
    insertCodeIfAllowed(ctx, {
      userId,
      codeHash: hash,
      requestHash,
      name,
      mobile,
      passwordHash,
      expiresAt: new Date(now.getTime() + CODE_RULES.validMinutes * MINUTE),
      createdAt: now,
    }),
    // Only once the new code is in: the sign-up's earlier codes end.
    ctx.db
      .update(signupCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(signupCodes.userId, userId),
          eq(signupCodes.requestHash, requestHash),
          isNull(signupCodes.consumedAt),
          ne(signupCodes.codeHash, hash),
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(signupCodes)
              .where(and(eq(signupCodes.userId, userId), eq(signupCodes.codeHash, hash))),
          ),
        ),
      ),
  ]);
  if (inserted.rowsAffected === 0) throw await codeRefusal(ctx, userId, waitAnswer);
  await mailerFor(ctx).send(signupCodeMail(pending.email, name, code, CODE_RULES.validMinutes));
}

/** The newest code of one sign-up (whatever its state). */
const latestCode = (ctx: ServiceContext, userId: number, requestHash: string) =>
  ctx.db.query.signupCodes.findFirst({
    where: and(eq(signupCodes.userId, userId), eq(signupCodes.requestHash, requestHash)),
    orderBy: desc(signupCodes.id),
  });

/** Seconds until another code may be sent (0 = now). */
function resendWait(ctx: ServiceContext, code: { createdAt: Date; consumedAt: Date | null } | undefined): number {
  if (!code || code.consumedAt) return 0;
  const elapsed = (ctx.now().getTime() - code.createdAt.getTime()) / 1000;
  return Math.max(0, Math.ceil(CODE_RULES.resendAfterSeconds - elapsed));
}

const ALREADY_REGISTERED = "An account with this email already exists. Please sign in.";

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
  if (user && previousToken && resendWait(ctx, await latestCode(ctx, user.id, await sha256(previousToken))) > 0) {
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
  const verificationToken = newSecretToken();
  await sendSignupCode(
    ctx,
    { userId: user.id, email: data.email, name: data.name, mobile: data.mobile, passwordHash },
    await sha256(verificationToken),
  );
  return {
    message: `OTP sent to ${data.email}. It is valid for ${CODE_RULES.validMinutes} minutes.`,
    email: data.email,
    verificationToken,
  };
}

const NO_SIGNUP = "No sign-up is waiting for this email. Please create an account.";

export async function resendOtp(ctx: ServiceContext, input: unknown): Promise<{ message: string }> {
  const { email, verificationToken } = parseInput(resendOtpSchema, input);
  await limit(ctx, "resend-otp", email);
  const user = await findUserByEmail(ctx, email);
  if (!user) throw new AppError(404, NO_SIGNUP);
  if (user.isVerified) throw new AppError(409, "This email is already verified. Please sign in.");
  const requestHash = await sha256(verificationToken);
  const last = await latestCode(ctx, user.id, requestHash);
  if (!last) throw new AppError(404, NO_SIGNUP);
  await sendSignupCode(ctx, { userId: user.id, email, name: last.name, mobile: last.mobile, passwordHash: last.passwordHash }, requestHash);
  return { message: `A new code is on its way to ${email}.` };
}

const CODE_LOCKED = "Too many wrong codes. This code is locked; please resend a new one.";

export async function verifyOtp(ctx: ServiceContext, input: unknown): Promise<{ token: string; user: PublicUser }> {
  const { email, otp, verificationToken } = parseInput(verifyOtpSchema, input);
  await limit(ctx, "verify-otp", email);
  const user = await findUserByEmail(ctx, email);
  if (!user) throw new AppError(400, NO_SIGNUP);
  if (user.isVerified) throw new AppError(409, "This email is already verified. Please sign in.");
  const requestHash = await sha256(verificationToken);
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
    if (!last.consumedAt && last.attempts >= CODE_RULES.maxWrongTries) throw new AppError(400, CODE_LOCKED);
    throw new AppError(400, "This code has expired. Please resend a new one.");
  }
  if (!sameText(code.codeHash, await codeHash(ctx, user.id, otp))) {
    const left = CODE_RULES.maxWrongTries - code.attempts;
    throw new AppError(400, left > 0 ? `Incorrect code. ${left} ${left === 1 ? "try" : "tries"} left.` : CODE_LOCKED);
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
  return { token: await issueToken(ctx, verified), user: publicUser(verified) };
}

/** The right password for an account still waiting for its code: a new code is mailed for this sign-in. */
export class UnverifiedAccount extends AppError {
  constructor(email: string, verificationToken: string) {
    super(403, "Please verify your email to sign in. We have sent you a code.", { needsVerification: true, email, verificationToken });
  }
}

/** Signing in to an unverified account just after a code went out: say so, not "a new code". */
const signInAfterCode: WaitAnswer = (seconds) =>
  new AppError(
    429,
    `Please verify your email to sign in. We sent you a code a moment ago; for a new one, sign in again in ${seconds} seconds.`,
    { retryAfter: seconds, needsVerification: true },
  );

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
    // Whoever knows this password starts a sign-up of their own; its code goes to the mailbox as ever.
    const verificationToken = newSecretToken();
    const pending = { userId: user.id, email, name: user.name, mobile: user.mobile, passwordHash: user.passwordHash };
    await sendSignupCode(ctx, pending, await sha256(verificationToken), signInAfterCode);
    throw new UnverifiedAccount(email, verificationToken);
  }
  if (needsRehash) {
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, user.id));
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
    const token = newSecretToken();
    const now = ctx.now();
    await ctx.db.batch([
      ctx.db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt))),
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
