import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import type { Env } from "../../workers/env";
import { FORGOT_MESSAGE, forgotPassword, resetLinkIsLive } from "../../workers/services/accounts/password-reset";
import type { ServiceContext } from "../../workers/services/platform/context";
import { useTempDatabase } from "../support/temp-db";

/**
 * Reset links come within the e-mail's mail allowance (one a minute, five an hour), on an injected
 * clock: no real waits. The rate-limit bindings always allow here; the allowance is the database's.
 */
const database = useTempDatabase("password-reset");
let db: Db;
let clock: Date;
const allow = { limit: async () => ({ success: true }) } as unknown as RateLimit;
const env = {
  APP_ENV: "test",
  SESSION_SECRET: "a-test-secret-of-at-least-32-characters",
  AUTH_LIMITER: allow,
  AUTH_IP_LIMITER: allow,
} as Env;
const ctx = () =>
  ({ db, env, now: () => clock, origin: "https://aanchal.test", clientIp: "203.0.113.7", defer: () => {} }) as unknown as ServiceContext;

const EMAIL = "asha@example.com";
const minutes = (n: number) => (clock = new Date(clock.getTime() + n * 60_000));
const links = async () => (await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, EMAIL))).length;
const ask = (email = EMAIL) => forgotPassword(ctx(), { email });

beforeAll(() => {
  db = database.connect().db;
});

beforeEach(async () => {
  clock = new Date("2026-11-24T10:00:00Z");
  await db.delete(schema.mailOutbox);
  await db.delete(schema.passwordResets);
  await db.delete(schema.users);
  await db.insert(schema.users).values({ name: "Asha Verma", email: EMAIL, mobile: "9876543210", passwordHash: "x", isVerified: true });
});

describe("forgot-password's mail allowance", () => {
  it("mails one link however many are asked for within the minute, and answers every request alike", async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await ask());
    answers.push(await ask("nobody@example.com"));
    expect(await links()).toBe(1);
    expect(await db.select().from(schema.passwordResets)).toHaveLength(1);
    for (const answer of answers) expect(answer).toEqual({ message: FORGOT_MESSAGE });
  });

  it("mails another a minute later, and at most five an hour; then again once the hour has passed", async () => {
    await ask();
    minutes(0.5);
    await ask();
    expect(await links()).toBe(1);
    for (let i = 0; i < 6; i++) {
      minutes(1.01);
      await ask();
    }
    expect(await links()).toBe(5);
    // The first link went out at 10:00; an hour later it no longer counts.
    clock = new Date("2026-11-24T11:00:01Z");
    await ask();
    expect(await links()).toBe(6);
  });

  it("keeps the live link working when a request beyond the allowance is refused, and retires it when a new one is sent", async () => {
    await ask();
    const [first] = await db.select().from(schema.passwordResets);
    await ask();
    const [still] = await db.select().from(schema.passwordResets).where(eq(schema.passwordResets.id, first!.id));
    expect(still!.usedAt).toBeNull();
    minutes(1.01);
    await ask();
    const rows = await db.select().from(schema.passwordResets).orderBy(schema.passwordResets.id);
    expect(rows.map((r) => r.usedAt === null)).toEqual([false, true]);
  });

  it("holds when the requests arrive at the same moment", async () => {
    await Promise.all(Array.from({ length: 10 }, () => forgotPassword({ ...ctx(), db: database.connect().db }, { email: EMAIL })));
    expect(await links()).toBe(1);
    expect(await resetLinkIsLive(ctx(), "x".repeat(43))).toBe(false);
  });
});
