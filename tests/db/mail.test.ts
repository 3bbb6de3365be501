import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import type { ServiceContext } from "../../workers/services/context";
import { type Mail, mailerFor } from "../../workers/services/mail";
import { useTempDatabase } from "../support/temp-db";

/**
 * The mailer against a stand-in for the mail provider that speaks Resend's wire format
 * (`POST /emails`, Bearer key, JSON `{ from, to[], subject, text, html }`, answering `{ id }`), on a
 * real libSQL database file: what production does with `MAIL_API_KEY` set.
 */
const database = useTempDatabase("mail");
let db: Db;
let provider: Server;
let providerUrl: string;
let received: { method?: string; path?: string; auth?: string; body: unknown }[] = [];
let answerStatus = 200;

const codeMail: Mail = {
  to: "asha@example.com",
  subject: "482913 is your Aanchal verification code",
  text: "Your Aanchal verification code is: 482913",
  html: "<p>Your Aanchal verification code is: <strong>482913</strong></p>",
};

function contextWith(env: Record<string, string | undefined>): ServiceContext {
  return { db, env, now: () => new Date() } as unknown as ServiceContext;
}

async function outbox() {
  return db.select().from(schema.mailOutbox).orderBy(desc(schema.mailOutbox.id));
}

beforeAll(async () => {
  db = database.connect().db;
  provider = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      received.push({ method: req.method, path: req.url, auth: req.headers.authorization, body: JSON.parse(raw || "null") });
      res.writeHead(answerStatus, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify(
          answerStatus === 200 ? { id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" } : { name: "application_error", message: "down" },
        ),
      );
    });
  });
  await new Promise<void>((done) => provider.listen(0, "127.0.0.1", done));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});

beforeEach(async () => {
  received = [];
  answerStatus = 200;
  await db.delete(schema.mailOutbox);
});

afterAll(async () => {
  await new Promise((done) => provider?.close(done));
});

describe("mail with a provider key", () => {
  const env = () => ({ MAIL_API_KEY: "re_test_key", MAIL_API_URL: providerUrl, MAIL_FROM: "Aanchal <care@aanchal.in>" });

  it("sends the message in the provider's format and keeps only who, what and when", async () => {
    await mailerFor(contextWith(env())).send(codeMail);
    expect(received).toEqual([
      {
        method: "POST",
        path: "/emails",
        auth: "Bearer re_test_key",
        body: {
          from: "Aanchal <care@aanchal.in>",
          to: ["asha@example.com"],
          subject: codeMail.subject,
          text: codeMail.text,
          html: codeMail.html,
        },
      },
    ]);
    const [row] = await outbox();
    expect(row).toMatchObject({ to: codeMail.to, subject: "****** is your Aanchal verification code", text: "", html: "" });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("fails loudly when the provider refuses, and still stores no code", async () => {
    answerStatus = 500;
    await expect(mailerFor(contextWith(env())).send(codeMail)).rejects.toThrow("Mail provider answered 500");
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ text: "", html: "", sentAt: null });
    expect(JSON.stringify(rows)).not.toContain("482913");
  });
});

describe("mail without a provider key (local and test runs)", () => {
  it("keeps the whole message in the outbox for the development mailbox and calls no provider", async () => {
    await mailerFor(contextWith({ MAIL_API_URL: providerUrl })).send(codeMail);
    expect(received).toEqual([]);
    const [row] = await outbox();
    expect(row).toMatchObject({ text: codeMail.text, html: codeMail.html, sentAt: null });
  });
});
