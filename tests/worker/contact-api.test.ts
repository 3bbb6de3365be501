import { createClient } from "@libsql/client";
import { describe, expect, inject, it } from "vitest";
import { type Mail, mailsTo } from "../../tooling/accounts";
import { CONTACT_MESSAGES, ENQUIRY_MESSAGES } from "../../workers/services/content/messages.rules";
import { settings } from "../../workers/services/content/settings";
import { withinOneLimitWindow } from "../support/limit-window";

/**
 * Contact messages and enquiries against the built Worker: a message is stored
 * with the shop's copy (Reply-To the sender) and the sender's acknowledgement queued beside it; bad
 * input, oversized bodies, header injection, the honeypot and the rate limit are refused with a clear
 * 4xx and store nothing (rows counted before and after).
 */
const base = inject("baseUrl");
const db = createClient({ url: inject("dbUrl") });
const url = (path: string) => new URL(path, base);
const SHOP = settings.store.email;

let ipCount = 0;
/** A caller address of its own, so no test meets another's rate limit. */
const freshIp = () => `10.12.${Math.floor(++ipCount / 250)}.${(ipCount % 250) + 1}`;
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function counts() {
  const n = async (table: string) => Number((await db.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
  return { contact: await n("contact_messages"), enquiries: await n("enquiries"), mail: await n("mail_outbox") };
}

async function post(path: string, body: unknown, ip = freshIp(), raw = false) {
  const res = await fetch(url(path), {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: raw ? (body as string) : JSON.stringify(body),
  });
  const text = await res.text();
  let json: { message?: string; fields?: Record<string, string> } = {};
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the assertions below say so
  }
  return { status: res.status, body: json, headers: res.headers };
}

async function mailWith(to: string, marker: string): Promise<Mail | undefined> {
  return (await mailsTo(base, to)).find((m) => m.text.includes(marker) || m.subject.includes(marker));
}

/** Posts `body` and expects a refusal with `status`, a clear message, and nothing stored or queued. */
async function refused(path: string, body: unknown, status: number, message?: RegExp | string, raw = false) {
  const before = await counts();
  const res = await post(path, body, freshIp(), raw);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(typeof res.body.message).toBe("string");
  expect(res.body.message!.length).toBeGreaterThan(5);
  if (message) expect(res.body.message).toMatch(message);
  expect(await counts()).toEqual(before);
  return res.body;
}

describe("POST /api/contact", () => {
  it("stores the message, mails the shop with the sender as Reply-To, and acknowledges the sender", async () => {
    const id = uniq();
    const email = `Asha.${id}@Example.com`;
    const before = await counts();
    const res = await post("/api/contact", { name: `  Asha ${id} `, email, message: `Do you stitch blouses to measure? ${id}` });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(CONTACT_MESSAGES.sent);
    const after = await counts();
    expect(after.contact).toBe(before.contact + 1);
    const rows = await db.execute({
      sql: "SELECT name, email, message FROM contact_messages WHERE email = ?",
      args: [email.toLowerCase()],
    });
    expect(rows.rows.map((r) => ({ ...r }))).toEqual([
      { name: `Asha ${id}`, email: email.toLowerCase(), message: `Do you stitch blouses to measure? ${id}` },
    ]);

    const toShop = await mailWith(SHOP, id);
    expect(toShop?.subject).toContain(`Asha ${id}`);
    expect(toShop?.replyTo).toBe(email.toLowerCase());
    expect(toShop?.text).toContain(`Do you stitch blouses to measure? ${id}`);
    const ack = (await mailsTo(base, email))[0];
    expect(ack?.subject).toMatch(/received your message/i);
    expect(ack?.replyTo ?? null).toBeNull();
    // The acknowledgement does not echo the message: it cannot carry a stranger's words to anyone.
    expect(ack?.text).not.toContain("blouses");
  });

  it("escapes HTML the visitor typed in the mail's HTML", async () => {
    const id = uniq();
    const res = await post("/api/contact", {
      name: `<img src=x onerror=alert(1)> ${id}`,
      email: `html.${id}@example.com`,
      message: `<script>alert("hi")</script><b>bold</b> & "quoted" ${id}`,
    });
    expect(res.status).toBe(201);
    const mail = await mailWith(SHOP, id);
    expect(mail).toBeDefined();
    const html = await (await fetch(url(`/dev/mailbox/${mail!.id}.html`))).text();
    expect(html).toContain("&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toMatch(/<script>alert|<b>bold|<img src=x/);
  });

  it.each([
    ["no fields at all", {}, "name", CONTACT_MESSAGES.nameRequired],
    ["a blank name", { name: "   ", email: "a@example.com", message: "Hello" }, "name", CONTACT_MESSAGES.nameRequired],
    ["no e-mail", { name: "Asha", message: "Hello" }, "email", "Enter a valid email"],
    ["a bad e-mail", { name: "Asha", email: "asha@", message: "Hello" }, "email", "Enter a valid email"],
    ["no message", { name: "Asha", email: "a@example.com" }, "message", CONTACT_MESSAGES.messageRequired],
    ["wrong types", { name: 42, email: ["a@example.com"], message: { text: "hi" } }, "name", CONTACT_MESSAGES.nameRequired],
    [
      "a name over 100 characters",
      { name: "A".repeat(101), email: "a@example.com", message: "Hello" },
      "name",
      CONTACT_MESSAGES.nameTooLong,
    ],
    [
      "a message over 5,000 characters",
      { name: "Asha", email: "a@example.com", message: "m".repeat(5001) },
      "message",
      CONTACT_MESSAGES.messageTooLong,
    ],
    [
      "CR/LF in the name",
      { name: "Asha\r\nBcc: victim@example.com", email: "a@example.com", message: "Hello" },
      "name",
      CONTACT_MESSAGES.lineBreak,
    ],
    ["LF in the name", { name: "Asha\nX-Spam: yes", email: "a@example.com", message: "Hello" }, "name", CONTACT_MESSAGES.lineBreak],
    [
      "CR/LF in the e-mail",
      { name: "Asha", email: "a@example.com\r\nBcc: victim@example.com", message: "Hello" },
      "email",
      CONTACT_MESSAGES.lineBreak,
    ],
    [
      "a trailing line break in the e-mail",
      { name: "Asha", email: "a@example.com\n", message: "Hello" },
      "email",
      CONTACT_MESSAGES.lineBreak,
    ],
    [
      "several addresses in the e-mail",
      { name: "Asha", email: "a@example.com,b@example.com", message: "Hello" },
      "email",
      "Enter a valid email",
    ],
  ])("refuses %s with a 400 naming the field, storing nothing", async (_, body, field, message) => {
    const answer = await refused("/api/contact", body, 400, message);
    expect(answer.fields?.[field]).toBe(message);
  });

  it("refuses bodies that are not a JSON object", async () => {
    await refused("/api/contact", "{not json", 400, /JSON/, true);
    await refused("/api/contact", "[1,2]", 400, /JSON object/, true);
    await refused("/api/contact", "null", 400, /JSON object/, true);
  });

  it("refuses a 1 MB body with a 413", async () => {
    await refused("/api/contact", { name: "Asha", email: "a@example.com", message: "m".repeat(1024 * 1024) }, 413, /too large/);
  });

  it("refuses a filled honeypot with a 400 and stores and sends nothing", async () => {
    const answer = await refused(
      "/api/contact",
      { name: "Bot", email: "bot@example.com", message: "Buy now", website: "http://spam.example" },
      400,
      CONTACT_MESSAGES.honeypot,
    );
    expect(answer.fields).toBeUndefined();
  });

  it("answers the sixth message a minute from one address with a 429, storing nothing", async () => {
    await withinOneLimitWindow(10_000);
    const ip = freshIp();
    const id = uniq();
    for (let i = 0; i < 5; i++) {
      const ok = await post("/api/contact", { name: "Asha", email: `rate.${id}@example.com`, message: `Try ${i}` }, ip);
      expect(ok.status).toBe(201);
    }
    const before = await counts();
    const res = await post("/api/contact", { name: "Asha", email: `rate.${id}@example.com`, message: "Once more" }, ip);
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/Too many attempts\. Please try again in 1 minute/);
    expect(res.headers.get("Retry-After")).toBe("60");
    expect(await counts()).toEqual(before);
  });
});

describe("POST /api/enquiries/send-enquiry", () => {
  const valid = (id: string) => ({
    fullName: `Meera ${id}`,
    email: `meera.${id}@example.com`,
    phone: "+91 98765-43210",
    enquiryType: "Bulk",
    message: `Forty kurtis for a wedding party ${id}`,
    preferredContactMethod: "Phone",
    preferredTime: "Weekdays after 5 PM",
  });

  it("stores the enquiry, mails the shop with Reply-To and acknowledges the sender", async () => {
    const id = uniq();
    const before = await counts();
    const res = await post("/api/enquiries/send-enquiry", valid(id));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: ENQUIRY_MESSAGES.sent });
    expect((await counts()).enquiries).toBe(before.enquiries + 1);
    const row = (
      await db.execute({
        sql: "SELECT full_name, phone, enquiry_type, preferred_contact_method, preferred_time, order_number FROM enquiries WHERE email = ?",
        args: [`meera.${id}@example.com`],
      })
    ).rows.map((r) => ({ ...r }));
    expect(row).toEqual([
      {
        full_name: `Meera ${id}`,
        phone: "9876543210",
        enquiry_type: "Bulk",
        preferred_contact_method: "Phone",
        preferred_time: "Weekdays after 5 PM",
        order_number: null,
      },
    ]);
    const toShop = await mailWith(SHOP, id);
    expect(toShop?.subject).toBe(`Bulk enquiry from Meera ${id}`);
    expect(toShop?.replyTo).toBe(`meera.${id}@example.com`);
    expect(toShop?.text).toContain("Phone: 9876543210");
    const ack = (await mailsTo(base, `meera.${id}@example.com`))[0];
    expect(ack?.subject).toMatch(/received your enquiry/i);
  });

  it("sends an order cancellation query as General with its order number; phone and method are optional", async () => {
    const id = uniq();
    const res = await post("/api/enquiries/send-enquiry", {
      fullName: `Kavya ${id}`,
      email: `kavya.${id}@example.com`,
      enquiryType: "Order Cancellation Query",
      orderNumber: "#1042",
      message: `Please cancel, I ordered the wrong size ${id}`,
    });
    expect(res.status).toBe(201);
    const row = (
      await db.execute({
        sql: "SELECT phone, enquiry_type, preferred_contact_method, preferred_time, order_number FROM enquiries WHERE email = ?",
        args: [`kavya.${id}@example.com`],
      })
    ).rows.map((r) => ({ ...r }));
    expect(row).toEqual([
      { phone: "", enquiry_type: "General", preferred_contact_method: "Email", preferred_time: "", order_number: 1042 },
    ]);
    const toShop = await mailWith(SHOP, id);
    expect(toShop?.subject).toBe(`Order cancellation query, order #1042 from Kavya ${id}`);
    const ack = (await mailsTo(base, `kavya.${id}@example.com`))[0];
    expect(ack?.text).toContain("order #1042");
  });

  it.each([
    ["no fields at all", {}, "fullName", ENQUIRY_MESSAGES.fullNameRequired],
    ["no enquiry type", { enquiryType: undefined }, "enquiryType", ENQUIRY_MESSAGES.typeRequired],
    ["an unknown enquiry type", { enquiryType: "Complaint" }, "enquiryType", ENQUIRY_MESSAGES.typeRequired],
    ["a bad phone", { phone: "12345" }, "phone", ENQUIRY_MESSAGES.phoneInvalid],
    ["an unknown contact method", { preferredContactMethod: "Fax" }, "preferredContactMethod", ENQUIRY_MESSAGES.methodInvalid],
    [
      "a cancellation without an order number",
      { enquiryType: "Order Cancellation Query" },
      "orderNumber",
      ENQUIRY_MESSAGES.orderNumberRequired,
    ],
    [
      "a bad order number",
      { enquiryType: "Order Cancellation Query", orderNumber: "abc" },
      "orderNumber",
      ENQUIRY_MESSAGES.orderNumberInvalid,
    ],
    ["wrong types", { fullName: ["Meera"], message: 7 }, "fullName", ENQUIRY_MESSAGES.fullNameRequired],
    ["CR/LF in the full name", { fullName: "Meera\r\nBcc: victim@example.com" }, "fullName", CONTACT_MESSAGES.lineBreak],
    ["CR/LF in the e-mail", { email: "m@example.com\r\nCc: victim@example.com" }, "email", CONTACT_MESSAGES.lineBreak],
    ["a preferred time over 100 characters", { preferredTime: "t".repeat(101) }, "preferredTime", ENQUIRY_MESSAGES.preferredTimeTooLong],
    ["a message over 5,000 characters", { message: "m".repeat(5001) }, "message", CONTACT_MESSAGES.messageTooLong],
  ])("refuses %s with a 400 naming the field, storing nothing", async (label, change, field, message) => {
    const body = label === "no fields at all" ? {} : { ...valid(uniq()), ...change };
    const answer = await refused("/api/enquiries/send-enquiry", body, 400, message);
    expect(answer.fields?.[field]).toBe(message);
  });

  it("refuses a 1 MB body with a 413 and broken JSON with a 400", async () => {
    await refused("/api/enquiries/send-enquiry", { ...valid(uniq()), message: "m".repeat(1024 * 1024) }, 413, /too large/);
    await refused("/api/enquiries/send-enquiry", '{"fullName":', 400, /JSON/, true);
  });

  it("refuses a filled honeypot", async () => {
    await refused("/api/enquiries/send-enquiry", { ...valid(uniq()), website: "x" }, 400, CONTACT_MESSAGES.honeypot);
  });

  it("answers the sixth enquiry a minute from one address with a 429, storing nothing", async () => {
    await withinOneLimitWindow(10_000);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await post("/api/enquiries/send-enquiry", valid(uniq()), ip)).status).toBe(201);
    const before = await counts();
    const res = await post("/api/enquiries/send-enquiry", valid(uniq()), ip);
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/Too many attempts/);
    expect(await counts()).toEqual(before);
  });
});

describe("the pages' actions, without JavaScript", () => {
  const postForm = (path: string, fields: Record<string, string>, ip = freshIp()) =>
    fetch(url(path), { method: "POST", headers: { "CF-Connecting-IP": ip }, body: new URLSearchParams(fields) });

  it("/contact-us stores the message and answers the page with the success message", async () => {
    const id = uniq();
    const before = await counts();
    const res = await postForm("/contact-us", { name: `Ritu ${id}`, email: `ritu.${id}@example.com`, message: `Hello ${id}`, website: "" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(CONTACT_MESSAGES.sent);
    expect((await counts()).contact).toBe(before.contact + 1);
    expect((await mailWith(SHOP, id))?.replyTo).toBe(`ritu.${id}@example.com`);
  });

  it("/contact-us refuses bad input and the honeypot with the field's message, storing nothing", async () => {
    const before = await counts();
    const bad = await postForm("/contact-us", { name: "", email: "x", message: "" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain(CONTACT_MESSAGES.nameRequired);
    expect(html).toMatch(/aria-invalid="true"/);
    const bot = await postForm("/contact-us", { name: "Bot", email: "bot@example.com", message: "Spam", website: "spam" });
    expect(bot.status).toBe(400);
    expect(await bot.text()).toContain("leave the last field empty");
    expect(await counts()).toEqual(before);
  });

  it("/enquiry-us stores the enquiry and refuses a missing type", async () => {
    const id = uniq();
    const before = await counts();
    const bad = await postForm("/enquiry-us", { fullName: "Meera", email: `m.${id}@example.com`, enquiryType: "", message: "Hi" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(ENQUIRY_MESSAGES.typeRequired);
    expect(await counts()).toEqual(before);
    const ok = await postForm("/enquiry-us", {
      fullName: `Meera ${id}`,
      email: `m.${id}@example.com`,
      phone: "",
      enquiryType: "Custom",
      orderNumber: "",
      message: `A custom lehenga ${id}`,
      preferredContactMethod: "Email",
      preferredTime: "",
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(ENQUIRY_MESSAGES.sent);
    expect((await counts()).enquiries).toBe(before.enquiries + 1);
  });
});
