import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, mailsTo, postJson, type TestUser } from "../../tooling/accounts";
import { insertOrder, removeOrders } from "../../tooling/orders";
import { INBOX_MESSAGES } from "../../workers/services/back-office/admin-inbox";
import { REVIEW_MODERATION_MESSAGES } from "../../workers/services/back-office/admin-reviews";
import { settings } from "../../workers/services/content/settings";
import { productPath } from "../../workers/services/platform/paths";
import { untilCached } from "../support/edge-cache";
import { untilAfter, untilRead } from "../support/inbox";
import { roundTripsOf } from "../support/round-trips";
import { ownerToken as signInOwner } from "../support/staff";

/**
 * The back office's inbox and review moderation through /api/admin, against the
 * built Worker: messages sent through the storefront's forms appear newest first and unread, opening
 * one marks it read, a reply is stored, mailed to the sender and marks the message handled with one
 * audit entry; a hidden review leaves the product page and its average, and comes back when shown.
 * Nobody but staff gets anything but a 404.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const db = createClient({ url: dbUrl });
const url = (path: string) => new URL(path, base);

let ownerToken: string;
let shopper: TestUser;
const madeOrders: number[] = [];

let ipCount = 0;
const freshIp = () => `10.13.${Math.floor(++ipCount / 250)}.${(ipCount % 250) + 1}`;
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  ownerToken = await signInOwner(base);
  shopper = await createUser(base, "admin-inbox", "Ritu Malhotra");
});

afterAll(async () => {
  await removeOrders(dbUrl, madeOrders);
  db.close();
});

async function call(method: string, path: string, body?: unknown, token: string | undefined = ownerToken) {
  const res = await fetch(url(path), {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: test reads the JSON answer loosely
  return { status: res.status, body: (await res.json()) as any };
}

async function send(path: string, body: unknown) {
  const res = await fetch(url(path), {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp() },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

const count = async (q: string, args: (string | number)[] = []) => Number((await db.execute({ sql: q, args })).rows[0]!.n);
const auditFor = (entity: string, id: number, action: string) =>
  count("select count(*) as n from audit_log where entity = ? and entity_id = ? and action = ?", [entity, String(id), action]);

interface ListedMessage {
  kind: string;
  id: number;
  name: string;
  email: string;
  read: boolean;
  handled: boolean;
  replyCount: number;
  orderNumber: number | null;
  order: { id: number; orderNumber: number } | null;
  preview: string;
}

async function inbox(query = ""): Promise<ListedMessage[]> {
  const res = await call("GET", `/api/admin/messages${query}`);
  expect(res.status).toBe(200);
  return res.body.messages;
}

describe("the inbox", () => {
  it("lists a contact message and an enquiry together, newest first and unread; opening one marks it read, once", async () => {
    const id = uniq();
    const contactEmail = `asha.${id}@example.com`;
    const enquiryEmail = `meera.${id}@example.com`;
    await send("/api/contact", { name: `Asha ${id}`, email: contactEmail, message: `Do you stitch blouses? ${id}` });
    // Newest first: the enquiry must be stamped after the message, not in the same millisecond.
    await untilAfter(
      Number(
        (await db.execute({ sql: "select max(created_at) t from contact_messages where email = ?", args: [contactEmail] })).rows[0]!.t,
      ),
    );
    await send("/api/enquiries/send-enquiry", {
      fullName: `Meera ${id}`,
      email: enquiryEmail,
      phone: "9876543210",
      enquiryType: "Bulk",
      message: `Forty kurtis for a wedding ${id}`,
    });

    const listed = (await inbox("?filter=unread")).filter((m) => m.email.includes(id));
    expect(listed.map((m) => [m.kind, m.email, m.read, m.handled, m.replyCount])).toEqual([
      ["enquiry", enquiryEmail, false, false, 0],
      ["contact", contactEmail, false, false, 0],
    ]);
    expect(listed[0]!.preview).toBe(`Forty kurtis for a wedding ${id}`);

    const contact = listed[1]!;
    const opened = await call("GET", `/api/admin/messages/contact/${contact.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.message).toMatchObject({ name: `Asha ${id}`, message: `Do you stitch blouses? ${id}`, read: true, replies: [] });
    const readAt = opened.body.message.readAt;
    // Reading is no change: no audit entry; opening again keeps the first reading time.
    expect(await count("select count(*) as n from audit_log where entity = 'contact' and entity_id = ?", [String(contact.id)])).toBe(0);
    // The reading is written just after the answer: a moment later the inbox has it, and every
    // opening after that gives the same reading time, the first one's (to the moment it was written).
    await expect.poll(async () => (await inbox("?filter=unread")).some((m) => m.kind === "contact" && m.id === contact.id)).toBe(false);
    const stored = (await call("GET", `/api/admin/messages/contact/${contact.id}`)).body.message.readAt;
    expect((await call("GET", `/api/admin/messages/contact/${contact.id}`)).body.message.readAt).toBe(stored);
    expect(Math.abs(Date.parse(stored) - Date.parse(readAt))).toBeLessThan(5_000);

    const unread = (await inbox("?filter=unread")).filter((m) => m.email.includes(id));
    expect(unread.map((m) => m.kind)).toEqual(["enquiry"]);
    expect((await call("GET", "/api/admin/messages/contact/999999999")).status).toBe(404);
    expect((await call("GET", "/api/admin/messages/letters/1")).status).toBe(404);
  });

  it("a reply is stored, mailed to the sender (Reply-To the shop), marks the message handled, with one audit entry", async () => {
    const id = uniq();
    const email = `kavya.${id}@example.com`;
    await send("/api/contact", { name: `Kavya ${id}`, email, message: `Is the Banarasi saree pure silk? ${id}` });
    const [msg] = (await inbox()).filter((m) => m.email === email);
    expect(msg).toBeDefined();

    const res = await call("POST", `/api/admin/messages/contact/${msg!.id}/reply`, { body: `Yes, pure Katan silk <b>${id}</b>.` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toMatchObject({ handled: true, read: true, replyCount: 1 });
    expect(res.body.message.replies).toEqual([
      expect.objectContaining({ body: `Yes, pure Katan silk <b>${id}</b>.`, staffEmail: DEMO_OWNER.email }),
    ]);
    expect(await count("select count(*) as n from message_replies where kind = 'contact' and message_id = ?", [msg!.id])).toBe(1);
    expect(await auditFor("contact", msg!.id, "message.reply")).toBe(1);

    const mail = (await mailsTo(base, email)).find((m) => m.text.includes(`Yes, pure Katan silk <b>${id}</b>.`));
    expect(mail?.subject).toMatch(/^Re: your message/);
    expect(mail?.text).toContain(`> Is the Banarasi saree pure silk? ${id}`);
    expect(mail?.replyTo).toBe(settings.store.email);

    const [listed] = (await inbox("?filter=handled")).filter((m) => m.email === email);
    expect(listed).toMatchObject({ handled: true, replyCount: 1 });
    expect((await inbox("?filter=open")).some((m) => m.email === email)).toBe(false);
  });

  it("refuses an empty or oversized reply with a 400, storing and mailing nothing", async () => {
    const id = uniq();
    const email = `nisha.${id}@example.com`;
    await send("/api/contact", { name: `Nisha ${id}`, email, message: `Where is my parcel? ${id}` });
    const [msg] = (await inbox()).filter((m) => m.email === email);
    const mailsBefore = (await mailsTo(base, email)).length;
    const cases: [unknown, string][] = [
      [{ body: "" }, INBOX_MESSAGES.replyRequired],
      [{ body: "   \n " }, INBOX_MESSAGES.replyRequired],
      [{}, INBOX_MESSAGES.replyRequired],
      [{ body: 42 }, INBOX_MESSAGES.replyRequired],
      [{ body: "x".repeat(5001) }, INBOX_MESSAGES.replyTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await call("POST", `/api/admin/messages/contact/${msg!.id}/reply`, body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
    expect(await count("select count(*) as n from message_replies where kind = 'contact' and message_id = ?", [msg!.id])).toBe(0);
    expect((await mailsTo(base, email)).length).toBe(mailsBefore);
    expect(await count("select count(*) as n from audit_log where entity = 'contact' and entity_id = ?", [String(msg!.id)])).toBe(0);
    const [after] = (await inbox()).filter((m) => m.email === email);
    expect(after).toMatchObject({ handled: false, replyCount: 0 });
    // 5,000 characters is allowed.
    expect((await call("POST", `/api/admin/messages/contact/${msg!.id}/reply`, { body: "x".repeat(5000) })).status).toBe(201);
  });

  it("marks handled and back, one audit entry per change (a second click changes nothing)", async () => {
    const id = uniq();
    const email = `pooja.${id}@example.com`;
    await send("/api/enquiries/send-enquiry", { fullName: `Pooja ${id}`, email, enquiryType: "Custom", message: `A custom lehenga ${id}` });
    const [msg] = (await inbox()).filter((m) => m.email === email);
    const path = `/api/admin/messages/enquiry/${msg!.id}/handled`;
    expect((await call("POST", path, { handled: true })).body.message).toMatchObject({ handled: true });
    expect((await call("POST", path, { handled: true })).body.message).toMatchObject({ handled: true });
    expect(await auditFor("enquiry", msg!.id, "message.handled")).toBe(1);
    expect((await call("POST", path, { handled: false })).body.message).toMatchObject({ handled: false });
    expect(await auditFor("enquiry", msg!.id, "message.reopened")).toBe(1);
    expect((await call("POST", path, { handled: "maybe" })).status).toBe(400);
    expect((await call("POST", path, {})).status).toBe(400);
  });

  it("an order-cancellation enquiry naming an existing order links it; one naming no order does not", async () => {
    const id = uniq();
    const placed = await insertOrder(dbUrl, {
      lines: [{ productId: null, name: "Test kurti", color: "Indigo", size: "M", quantity: 1, unitPricePaise: 999_00 }],
    });
    madeOrders.push(placed.id);
    const email = `leela.${id}@example.com`;
    const cancel = (orderNumber: number) =>
      send("/api/enquiries/send-enquiry", {
        fullName: `Leela ${id}`,
        email,
        enquiryType: "Order Cancellation Query",
        orderNumber: `#${orderNumber}`,
        message: `Please cancel order ${orderNumber}`,
      });
    await cancel(placed.orderNumber);
    await cancel(987654321);
    const listed = (await inbox("?kind=enquiry")).filter((m) => m.email === email);
    expect(listed.map((m) => [m.orderNumber, m.order])).toEqual([
      [987654321, null],
      [placed.orderNumber, { id: placed.id, orderNumber: placed.orderNumber }],
    ]);
    const detail = await call("GET", `/api/admin/messages/enquiry/${listed[1]!.id}`);
    expect(detail.body.message.order).toEqual({ id: placed.id, orderNumber: placed.orderNumber });
  });
});

interface ApiProduct {
  _id: string;
  slug: string;
  category: { name: string };
  averageRating: number | null;
  reviewCount: number;
}

async function productNow(slug: string): Promise<ApiProduct> {
  const res = await fetch(url(`/api/products/slug/${slug}`));
  expect(res.status).toBe(200);
  return (await res.json()) as ApiProduct;
}

describe("review moderation", () => {
  it("hiding a review (reason required) takes it off the product page and out of its average; showing puts it back", async () => {
    const products = ((await (await fetch(url("/api/products?limit=40"))).json()) as { data: ApiProduct[] }).data;
    const p = products[products.length - 1]!;
    const id = uniq();
    const comment = `Colours faded after one wash ${id}`;
    const before = await productNow(p.slug);
    const posted = await postJson(
      base,
      `/api/products/${p._id}/reviews`,
      { rating: 1, comment },
      { Authorization: `Bearer ${shopper.token}` },
    );
    expect(posted.status).toBe(201);
    const reviewId = Number(((await posted.json()) as { review: { _id: string } }).review._id);
    const withIt = await productNow(p.slug);
    const path = productPath(p.category.name, p.slug);
    // The signed-out page is kept at the edge, with the review on it.
    const { html } = await untilCached(path);
    expect(html.at(-1)).toContain(comment);

    const listed = await call("GET", `/api/admin/reviews?product=${p._id}&filter=visible`);
    expect(listed.body.reviews[0]).toMatchObject({ id: reviewId, comment, hidden: false, reviewerEmail: shopper.email });
    expect(listed.body.reviews[0].product).toMatchObject({ id: Number(p._id), path });

    for (const body of [{}, { reason: "  " }, { reason: "x".repeat(501) }]) {
      const refused = await call("POST", `/api/admin/reviews/${reviewId}/hide`, body);
      expect(refused.status).toBe(400);
      expect([REVIEW_MODERATION_MESSAGES.reasonRequired, REVIEW_MODERATION_MESSAGES.reasonTooLong]).toContain(refused.body.message);
    }
    expect(await auditFor("review", reviewId, "review.hide")).toBe(0);

    const hidden = await call("POST", `/api/admin/reviews/${reviewId}/hide`, { reason: "Abusive language" });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ changed: true, review: { hidden: true, hiddenReason: "Abusive language" } });
    const twice = await call("POST", `/api/admin/reviews/${reviewId}/hide`, { reason: "Abusive language" });
    expect(twice.body).toMatchObject({ changed: false, message: REVIEW_MODERATION_MESSAGES.alreadyHidden });
    expect(await auditFor("review", reviewId, "review.hide")).toBe(1);

    const without = await productNow(p.slug);
    expect([without.reviewCount, without.averageRating]).toEqual([before.reviewCount, before.averageRating]);
    expect(withIt.reviewCount).toBe(before.reviewCount + 1);
    expect(await (await fetch(url(path))).text()).not.toContain(comment);
    const tab = (await (await fetch(url(`${path}/reviews`))).json()) as { reviews: { comment: string }[] };
    expect(tab.reviews.some((r) => r.comment === comment)).toBe(false);
    expect((await call("GET", `/api/admin/reviews?product=${p._id}&filter=hidden`)).body.reviews.map((r: { id: number }) => r.id)).toEqual([
      reviewId,
    ]);

    const shown = await call("POST", `/api/admin/reviews/${reviewId}/show`);
    expect(shown.body).toMatchObject({ changed: true, review: { hidden: false, hiddenReason: null } });
    expect((await call("POST", `/api/admin/reviews/${reviewId}/show`)).body.changed).toBe(false);
    expect(await auditFor("review", reviewId, "review.show")).toBe(1);
    const back = await productNow(p.slug);
    expect([back.reviewCount, back.averageRating]).toEqual([withIt.reviewCount, withIt.averageRating]);
    expect(await (await fetch(url(path))).text()).toContain(comment);
    expect((await call("POST", "/api/admin/reviews/999999999/hide", { reason: "x" })).status).toBe(404);
  });
});

describe("round trips", () => {
  it("a list or a message, with the staff check, is one database batch, the API's gate included", async () => {
    // The /api/admin gate's staff check travels with the service's reads (workers/api/back-office/admin.ts).
    const auth = { Authorization: `Bearer ${ownerToken}` };
    const listed = await roundTripsOf("/api/admin/messages", auth);
    const first = (JSON.parse(listed.body) as { messages: { kind: string; id: number }[] }).messages[0]!;
    for (const path of [
      "/api/admin/messages?filter=unread",
      "/api/admin/reviews?filter=hidden",
      "/api/admin/dashboard",
      "/api/admin/orders",
    ])
      expect({ path, ...(await roundTripsOf(path, auth)) }).toMatchObject({ path, status: 200, trips: 1 });
    // A message once read (its first opening writes the reading after the answer).
    await roundTripsOf(`/api/admin/messages/${first.kind}/${first.id}`, auth);
    await untilRead(db, first.kind as "contact" | "enquiry", first.id);
    expect(await roundTripsOf(`/api/admin/messages/${first.kind}/${first.id}`, auth)).toMatchObject({ status: 200, trips: 1 });
  });
});

describe("the door", () => {
  it("answers 404 'Not found' to a shopper and a signed-out visitor on every endpoint, changing nothing", async () => {
    const [review] = (await db.execute("select id from reviews order by id limit 1")).rows;
    const [message] = (await db.execute("select id from contact_messages order by id limit 1")).rows;
    const r = Number(review?.id ?? 1);
    const m = Number(message?.id ?? 1);
    const state = async () =>
      (
        await db.execute(
          "select (select count(*) from audit_log) a, (select count(*) from message_replies) r, (select count(*) from reviews where hidden = 1) h, (select count(*) from contact_messages where read_at is not null or handled_at is not null) t",
        )
      ).rows.map((x) => ({ ...x }));
    const before = await state();
    const endpoints: [string, string, unknown?][] = [
      ["GET", "/api/admin/messages"],
      ["GET", `/api/admin/messages/contact/${m}`],
      ["POST", `/api/admin/messages/contact/${m}/handled`, { handled: true }],
      ["POST", `/api/admin/messages/contact/${m}/reply`, { body: "Hello" }],
      ["GET", "/api/admin/reviews"],
      ["POST", `/api/admin/reviews/${r}/hide`, { reason: "spam" }],
      ["POST", `/api/admin/reviews/${r}/show`, {}],
    ];
    for (const token of [undefined, shopper.token])
      for (const [method, path, body] of endpoints) {
        const res = await call(method, path, body, token ?? "");
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: { message: "Not found" } });
      }
    expect(await state()).toEqual(before);
  });
});
