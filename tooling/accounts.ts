import { createClient } from "@libsql/client";
import { hashPassword } from "../db/password";
import { issueToken } from "../workers/services/accounts/session";
import type { ServiceContext } from "../workers/services/platform/context";

/**
 * Account helpers for the Worker and browser tests: unique test identities, the development
 * mailbox (/dev/mailbox.json) and a one-call "verified user with a token".
 */
let counter = 0;

export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}.${Date.now().toString(36)}${counter}@example.com`;
}

export const TEST_PASSWORD = "Kesar@Chai9";

export interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes (the shop's copies of contact messages and enquiries), else null. */
  replyTo?: string | null;
}

export async function mailsTo(base: string, email: string): Promise<Mail[]> {
  const res = await fetch(new URL(`/dev/mailbox.json?to=${encodeURIComponent(email)}`, base));
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return ((await res.json()) as { data: Mail[] }).data;
}

/** The newest 6-digit sign-up code sent to `email`. */
export async function latestCode(base: string, email: string): Promise<string> {
  const mail = (await mailsTo(base, email)).find((m) => /verification code/i.test(m.subject));
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no sign-up code mailed to ${email}`);
  return code;
}

/** The newest password-reset link sent to `email`. */
export async function latestResetLink(base: string, email: string): Promise<string> {
  const mail = (await mailsTo(base, email)).find((m) => /reset/i.test(m.subject));
  const link = mail && /(https?:\/\/\S+\/reset-password\/\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  return link;
}

/** A valid address, as the profile and `POST /api/addresses/save` take it. */
export const TEST_ADDRESS = {
  fullName: "Asha Verma",
  streetAddress: "12 MG Road",
  apartment: "Flat 4B",
  townCity: "Ghaziabad",
  state: "Uttar Pradesh",
  zipcode: "201001",
  phoneNumber: "9810012345",
  emailAddress: "asha@example.com",
};

export async function postJson(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(new URL(path, base), {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

export interface TestUser {
  email: string;
  password: string;
  token: string;
  id: string;
  name: string;
}

/**
 * Stacks whose accounts `createUser` writes straight into the database (a test file's own stack,
 * registered by tests/support/use-worker-stack.ts), by the shop's address.
 */
const directStacks = new Map<string, { dbUrl: string; sessionSecret: string }>();

export function writeAccountsDirectly(base: string, stack: { dbUrl: string; sessionSecret: string }): void {
  directStacks.set(new URL(base).origin, stack);
}

/** TEST_PASSWORD hashed once per process: a hash costs about 170 ms of CPU (ADR 4). */
let testPasswordHash: Promise<string> | undefined;

/**
 * A fresh verified account with a session token. Through the API (sign-up, the mailed code) unless
 * `writeAccountsDirectly` registered the stack: then the verified row is inserted as a completed
 * sign-up leaves it and the token is issued by the shop's own `issueToken`, which saves the
 * password hash the sign-up would make. The sign-up flow itself has its own tests
 * (tests/worker/auth-api.test.ts, tests/e2e/auth.test.ts); tests that only need a shopper use this.
 */
export async function createUser(base: string, tag: string, name = "Meera Sharma"): Promise<TestUser> {
  const direct = directStacks.get(new URL(base).origin);
  return direct ? insertVerifiedUser(direct, tag, name) : registerUser(base, tag, name);
}

async function insertVerifiedUser(stack: { dbUrl: string; sessionSecret: string }, tag: string, name: string): Promise<TestUser> {
  const email = uniqueEmail(tag);
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const db = createClient({ url: stack.dbUrl });
  try {
    const { rows } = await db.execute({
      sql: "INSERT INTO users (name, email, mobile, password_hash, is_verified) VALUES (?, ?, ?, ?, 1) RETURNING id, session_version",
      args: [name, email.toLowerCase(), "9876543210", await testPasswordHash],
    });
    const id = Number(rows[0]!.id);
    const ctx = { now: () => new Date(), env: { SESSION_SECRET: stack.sessionSecret } } as unknown as ServiceContext;
    const token = await issueToken(ctx, { id, sessionVersion: Number(rows[0]!.session_version) });
    return { email, password: TEST_PASSWORD, token, id: String(id), name };
  } finally {
    db.close();
  }
}

/** Registers and verifies a fresh account through the API: her sign-up code's mail is in the mailbox. */
export async function registerUser(base: string, tag: string, name: string): Promise<TestUser> {
  const email = uniqueEmail(tag);
  const reg = await postJson(base, "/api/auth/register", { name, email, mobile: "9876543210", password: TEST_PASSWORD });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${await reg.text()}`);
  const { verificationToken } = (await reg.json()) as { verificationToken: string };
  const otp = await latestCode(base, email);
  const ver = await postJson(base, "/api/auth/verify-otp", { email, otp, verificationToken });
  if (!ver.ok) throw new Error(`verify answered ${ver.status}: ${await ver.text()}`);
  const { token, user } = (await ver.json()) as { token: string; user: { id: string; name: string } };
  return { email, password: TEST_PASSWORD, token, id: user.id, name: user.name };
}

/**
 * Moves every sign-up code of `email` `seconds` into the past, in the test database itself: how a
 * test steps past the one-code-a-minute rule without waiting a minute.
 */
export async function ageSignupCodes(dbUrl: string, email: string, seconds: number): Promise<void> {
  const db = createClient({ url: dbUrl });
  try {
    const { rowsAffected } = await db.execute({
      sql: "UPDATE signup_codes SET created_at = created_at - ? WHERE user_id = (SELECT id FROM users WHERE email = ?)",
      args: [seconds * 1000, email],
    });
    if (rowsAffected === 0) throw new Error(`no sign-up codes for ${email}`);
  } finally {
    db.close();
  }
}
