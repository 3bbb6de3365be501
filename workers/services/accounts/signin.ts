import { eq, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../../../db/password";
import { users } from "../../../db/schema";
import type { ServiceContext } from "../platform/context";
import { randomToken } from "../platform/crypto";
import { AppError } from "../platform/errors";
import { limit } from "../platform/rate-limit";
import { parseInput } from "../platform/validate";
import { VERIFY_TO_SIGN_IN } from "./auth.rules";
import { loginSchema } from "./auth.schema";
import { issueToken } from "./session";
import { findUserByEmail, sendSignupCode, signupRequestHash, type WaitAnswer } from "./signup";

/** Sign-in and sign-out (docs/product/accounts.md, docs/decisions/0005-sessions-codes-and-limits.md). */

const INVALID_LOGIN = "Invalid email or password";

/** Unknown e-mails still cost one hash, so timing does not tell which accounts exist. */
let dummyHash: Promise<string> | undefined;
async function spendOneHash(password: string): Promise<void> {
  dummyHash ??= hashPassword("not a real password, only spends the same time");
  await verifyPassword(password, await dummyHash);
}

/** The right password for an account still waiting for its code: a new code is mailed for this sign-in. */
export class UnverifiedAccount extends AppError {
  constructor(email: string, verificationToken: string) {
    super(403, VERIFY_TO_SIGN_IN, { needsVerification: true, email, verificationToken });
  }
}

/** Signing in to an unverified account just after a code went out: say so, not "a new code". */
const signInAfterCode: WaitAnswer = (seconds) =>
  new AppError(
    429,
    `Please verify your email to sign in. We sent you a code a moment ago; for a new one, sign in again in ${seconds} seconds.`,
    { retryAfter: seconds, needsVerification: true },
  );

/** Answers the account and a session token. */
export async function login(ctx: ServiceContext, input: unknown) {
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
    const verificationToken = randomToken();
    const pending = { userId: user.id, email, name: user.name, mobile: user.mobile, passwordHash: user.passwordHash };
    await sendSignupCode(ctx, pending, await signupRequestHash(verificationToken), signInAfterCode);
    throw new UnverifiedAccount(email, verificationToken);
  }
  if (needsRehash) {
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, user.id));
  }
  return { user, token: await issueToken(ctx, user) };
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
