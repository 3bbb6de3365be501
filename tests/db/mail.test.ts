import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createDb, type Db } from "../../db/client";
import { type LocalDbServer, startLocalDbServer } from "../../db/local-server/server";
import * as schema from "../../db/schema";
import type { Env } from "../../workers/env";
import { scheduled } from "../../workers/scheduled";
import { forgotPassword } from "../../workers/services/accounts/password-reset";
import { register } from "../../workers/services/accounts/signup";
import { sendContactMessage, sendEnquiry } from "../../workers/services/content/messages";
import type { ServiceContext } from "../../workers/services/platform/context";
import { claimMail, deliverMail, outboxMail, queueMail, renderOutboxMail } from "../../workers/services/platform/mail";
import { useTempDatabase } from "../support/temp-db";

/**
 * The mail queue as production runs it (`MAIL_API_KEY` set): the services queue mail in the batch of
 * their change, deliver it after the response, and the exported `scheduled` handler retries it. The
 * database is a real libSQL file behind the local server, reached with the Worker's own web client;
 * the provider is a stand-in speaking Resend's `POST /emails` that, like Resend, answers a repeated
 * `Idempotency-Key` with the first answer and does not send again.
 */
const database = useTempDatabase("mail");
let server: LocalDbServer;
let db: Db;
let provider: Server;
let env: Env;

interface ProviderRequest {
  auth?: string;
  idempotencyKey?: string;
  body: { from: string; to: string[]; subject: string; text: string; html: string; reply_to?: string };
}
/** Every request the provider got, and the mails it really sent (one per idempotency key). */
let requests: ProviderRequest[] = [];
let sent: ProviderRequest["body"][] = [];
let accepted = new Set<string>();
/** How the provider answers the next requests, in order; then 200. "lost": it sends, but the answer never arrives. */
let answers: (number | "lost")[] = [];

let clock: Date;
let deferred: Promise<unknown>[] = [];
const ctx = () =>
  ({
    db,
    env,
    now: () => clock,
    origin: "https://aanchal.test",
    clientIp: "203.0.113.7",
    defer: (work: Promise<unknown>) => deferred.push(work),
    // No request batch here: each read goes on its own.
    read: <T>(query: PromiseLike<T>) => Promise.resolve(query),
  }) as unknown as ServiceContext;

/** What waitUntil finishes after the response. */
const afterResponse = async () => {
  const work = deferred;
  deferred = [];
  await Promise.all(work);
};
/** One run of the Cron Trigger, `minutes` after the test's clock. */
const cronAfter = (minutes: number) => scheduled({ scheduledTime: clock.getTime() + minutes * 60_000 }, env);

const outbox = () => db.select().from(schema.mailOutbox);
const allow = { limit: async () => ({ success: true }) } as unknown as RateLimit;

async function aUser(email: string) {
  await db.insert(schema.users).values({ name: "Asha Verma", email, mobile: "9876543210", passwordHash: "x", isVerified: true });
}

beforeAll(async () => {
  server = await startLocalDbServer({ file: fileURLToPath(database.url), port: 0 });
  provider = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const request = {
        auth: req.headers.authorization,
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
        body: JSON.parse(raw),
      };
      requests.push(request);
      const answer = answers.shift() ?? 200;
      if (answer === 500) {
        res.writeHead(500, { "Content-Type": "application/json" }).end('{"name":"application_error","message":"down"}');
        return;
      }
      if (!request.idempotencyKey || !accepted.has(request.idempotencyKey)) sent.push(request.body);
      if (request.idempotencyKey) accepted.add(request.idempotencyKey);
      if (answer === "lost") req.socket.destroy();
      else res.writeHead(200, { "Content-Type": "application/json" }).end('{"id":"49a3999c-0ce1-4ea6-ab68-afcd6dc2e794"}');
    });
  });
  await new Promise<void>((done) => provider.listen(0, "127.0.0.1", done));
  env = {
    DATABASE_URL: server.url,
    APP_ENV: "test",
    SITE_URL: "https://aanchal.test",
    SESSION_SECRET: "a-test-secret-of-at-least-32-characters",
    MAIL_API_KEY: "re_test_key",
    MAIL_API_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`,
    MAIL_FROM: "Aanchal <care@aanchal.in>",
    AUTH_LIMITER: allow,
    AUTH_IP_LIMITER: allow,
    FORM_LIMITER: allow,
  } as Env;
  db = createDb(env, { timeoutMs: 5_000 });
});

beforeEach(async () => {
  requests = [];
  sent = [];
  accepted = new Set();
  answers = [];
  deferred = [];
  clock = new Date("2026-11-24T10:00:00Z");
  await db.delete(schema.mailOutbox);
  await db.delete(schema.passwordResets);
  await db.delete(schema.signupCodes);
  await db.delete(schema.users);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => vi.restoreAllMocks());

afterAll(async () => {
  await new Promise((done) => provider?.close(done));
  await server?.close();
});

describe("a mail queued with its change", () => {
  it("is sent after the response in the provider's format, with an idempotency key, and the outbox keeps no code", async () => {
    await register(ctx(), { name: "Asha Verma", email: "asha@example.com", mobile: "9876543210", password: "Kesar@Chai9" });
    await afterResponse();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    const code = /\b(\d{6})\b/.exec(request!.body.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(request).toMatchObject({
      auth: "Bearer re_test_key",
      idempotencyKey: expect.stringMatching(/^aanchal-mail-\d+$/),
      body: { from: "Aanchal <care@aanchal.in>", to: ["asha@example.com"], subject: `${code} is your Aanchal verification code` },
    });
    expect(request!.body.html).toContain(code);
    const [row] = await outbox();
    expect(row).toMatchObject({
      template: "signup-code",
      status: "sent",
      attempts: 1,
      subject: "****** is your Aanchal verification code",
    });
    expect(request!.idempotencyKey).toBe(`aanchal-mail-${row!.id}`);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it("is not queued when its change is refused: a second code within the minute mails nothing", async () => {
    const signup = { name: "Asha Verma", email: "asha@example.com", mobile: "9876543210", password: "Kesar@Chai9" };
    await register(ctx(), signup);
    await expect(register(ctx(), signup)).rejects.toMatchObject({ status: 429 });
    await afterResponse();
    expect(await outbox()).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });
});

describe("a contact message or an enquiry", () => {
  it("is stored, and after the response the shop gets it with the sender as reply_to, and the sender an acknowledgement", async () => {
    await sendContactMessage(ctx(), { name: "Asha Verma", email: "Asha@Example.com", message: "Do you ship to Pune?" });
    await afterResponse();
    expect(sent).toHaveLength(2);
    const toShop = sent.find((m) => m.to[0] === "care@aanchal.in");
    expect(toShop).toMatchObject({ reply_to: "asha@example.com", subject: "Contact message from Asha Verma" });
    expect(toShop!.text).toContain("Do you ship to Pune?");
    const ack = sent.find((m) => m.to[0] === "asha@example.com");
    expect(ack?.reply_to).toBeUndefined();
    expect((await outbox()).map((m) => m.status)).toEqual(["sent", "sent"]);
  });

  it("is kept when the provider is down, and the scheduled retry sends its mails: nothing lost", async () => {
    answers = [500, 500];
    await sendEnquiry(ctx(), { fullName: "Meera Shah", email: "meera@example.com", enquiryType: "Bulk", message: "Forty kurtis" });
    await afterResponse();
    expect(sent).toHaveLength(0);
    expect(await db.select().from(schema.enquiries)).toEqual([expect.objectContaining({ fullName: "Meera Shah", enquiryType: "Bulk" })]);
    expect((await outbox()).map((m) => m.status)).toEqual(["queued", "queued"]);
    await cronAfter(1);
    expect(sent.map((m) => m.to[0]).sort()).toEqual(["care@aanchal.in", "meera@example.com"]);
    expect(sent.find((m) => m.to[0] === "care@aanchal.in")?.reply_to).toBe("meera@example.com");
  });
});

describe("when the provider fails", () => {
  it("keeps the mail queued, and the scheduled retry sends it once its pause is over: nothing lost, nothing twice", async () => {
    await aUser("asha@example.com");
    answers = [500];
    await forgotPassword(ctx(), { email: "asha@example.com" });
    await afterResponse();
    expect(sent).toHaveLength(0);
    const [failed] = await outbox();
    expect(failed).toMatchObject({ status: "queued", attempts: 1, lastError: expect.stringContaining("500") });

    await cronAfter(0.5);
    expect(requests).toHaveLength(1);

    await cronAfter(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/https:\/\/aanchal\.test\/reset-password\/[\w-]{43}/);
    const token = /reset-password\/([\w-]+)/.exec(sent[0]!.text)![1]!;
    const [row] = await outbox();
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(JSON.stringify(row)).not.toContain(token);

    await cronAfter(120);
    expect(requests).toHaveLength(2);
    expect(sent).toHaveLength(1);
  });

  it("waits twice as long after each failure", async () => {
    await aUser("asha@example.com");
    answers = [500, 500, 500];
    await forgotPassword(ctx(), { email: "asha@example.com" });
    await afterResponse();
    await cronAfter(1);
    const [second] = await outbox();
    expect(second).toMatchObject({ attempts: 2 });
    expect(second!.nextAttemptAt.getTime() - clock.getTime()).toBe(3 * 60_000);
    await cronAfter(2.5);
    expect(requests).toHaveLength(2);
    await cronAfter(3);
    expect(requests).toHaveLength(3);
    await cronAfter(7);
    expect(sent).toHaveLength(1);
  });

  it("sends once when the provider took the mail but its answer was lost", async () => {
    await aUser("asha@example.com");
    answers = ["lost"];
    await forgotPassword(ctx(), { email: "asha@example.com" });
    await afterResponse();
    expect((await outbox())[0]).toMatchObject({ status: "queued", attempts: 1 });
    await cronAfter(1);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.idempotencyKey).toBe(requests[0]!.idempotencyKey);
    expect(sent).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: "sent" });
  });

  it("gives a mail up (dead) when it still fails a day after it was queued", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await aUser("asha@example.com");
    answers = Array(40).fill(500);
    await forgotPassword(ctx(), { email: "asha@example.com" });
    await afterResponse();
    await cronAfter(23 * 60);
    expect((await outbox())[0]).toMatchObject({ status: "queued", attempts: 2 });
    await cronAfter(24 * 60);
    expect((await outbox())[0]).toMatchObject({ status: "dead", attempts: 3 });
    expect(error).toHaveBeenCalledWith(expect.stringContaining("given up after 3 attempts"), expect.stringContaining("500"));
    await cronAfter(48 * 60);
    expect(requests).toHaveLength(3);
  });
});

describe("claiming a mail", () => {
  /** A queued mail that no delivery has started on. */
  async function queuedMail(): Promise<number> {
    const mail = await outboxMail(ctx(), {
      to: "asha@example.com",
      template: "password-reset",
      params: { name: "Asha", link: "https://aanchal.test/reset-password/x", minutes: 60 },
    });
    const [queued] = await db.batch([queueMail(ctx(), mail)]);
    return Number(queued.lastInsertRowid);
  }

  it("retries a mail whose sender died after claiming it, once the claim's pause is over", async () => {
    const id = await queuedMail();
    expect(await claimMail(ctx(), { id })).toHaveLength(1);
    await cronAfter(0.5);
    expect(requests).toHaveLength(0);
    await cronAfter(1);
    expect(sent).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("sends a mail once when two deliveries of it run at the same time", async () => {
    const id = await queuedMail();
    await Promise.all([deliverMail(ctx(), id), deliverMail(ctx(), id), cronAfter(0)]);
    expect(requests).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: "sent", attempts: 1 });
  });
});

describe("without a provider key (local and test runs)", () => {
  it("keeps the mail in the outbox as sent, sealed, and calls no provider", async () => {
    const local = { ...env, MAIL_API_KEY: undefined };
    const localCtx = { ...ctx(), env: local } as ServiceContext;
    await aUser("asha@example.com");
    await forgotPassword(localCtx, { email: "asha@example.com" });
    await scheduled({ scheduledTime: clock.getTime() + 60_000 }, local);
    expect(deferred).toHaveLength(0);
    expect(requests).toHaveLength(0);
    const [row] = await outbox();
    expect(row).toMatchObject({ status: "sent", to: "asha@example.com", template: "password-reset" });
    expect(row!.params).not.toContain("reset-password/");
    expect((await renderOutboxMail(localCtx, row!)).text).toMatch(/https:\/\/aanchal\.test\/reset-password\/[\w-]{43}/);
    // The sealed link opens only for the recipient it was queued for.
    await expect(renderOutboxMail(localCtx, { ...row!, to: "ravi@example.com" })).rejects.toThrow();
  });
});
