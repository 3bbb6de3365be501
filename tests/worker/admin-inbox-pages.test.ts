import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, mailsTo, postJson, type TestUser } from "../../tooling/accounts";
import { productPath } from "../../workers/services/platform/paths";
import { useDom } from "../support/dom";
import { untilRead } from "../support/inbox";
import { pageForms } from "../support/page-forms";
import { roundTripsOf } from "../support/round-trips";
import { ownerToken as signInOwner } from "../support/staff";

/**
 * The back office's inbox and review pages as a browser without JavaScript
 * uses them: a contact message shows unread on /admin/messages, opening it marks it read, the page's
 * reply form mails the sender (the outbox and the dev mailbox) and lists the reply; an empty reply is
 * refused with nothing stored; hiding a review on /admin/reviews takes it off the product page.
 * Shoppers and signed-out visitors get the shop's 404 page on every page and action, changing nothing.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const db = createClient({ url: dbUrl });
const forms = pageForms(base);
const dom = useDom();

let owner: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  const token = await signInOwner(base);
  owner = { email: DEMO_OWNER.email, password: DEMO_OWNER.password, name: DEMO_OWNER.name, token } as TestUser;
  shopper = await createUser(base, "admin-inbox-pages", "Meera Pillai");
});
afterAll(() => db.close());

const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
let ip = 0;
const count = async (q: string, args: (string | number)[] = []) => Number((await db.execute({ sql: q, args })).rows[0]!.n);

async function sendContact(name: string, email: string, message: string) {
  const res = await postJson(base, "/api/contact", { name, email, message }, { "CF-Connecting-IP": `198.51.100.${++ip + 60}` });
  expect(res.status, await res.clone().text()).toBe(201);
  const row = (await db.execute({ sql: "select id from contact_messages where email = ?", args: [email] })).rows[0];
  return Number(row!.id);
}

/** The inbox row (a <tr>) that names `email`. */
function rowOf(html: string, email: string) {
  return [...html.matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((m) => m[0]).find((r) => r.includes(email));
}

const text = async (res: Response) => res.text();

describe("the inbox pages", () => {
  it("lists a new contact message unread, marks it read when opened, and sends a reply from the page's form", async () => {
    const id = uniq();
    const email = `pooja.${id}@example.com`;
    const messageId = await sendContact(`Pooja ${id}`, email, `Do you ship to Pune? <i>${id}</i>`);

    const list = await forms.get("/admin/messages", owner);
    expect(list.status).toBe(200);
    const row = rowOf(await text(list), email);
    expect(row, "the message is listed").toBeDefined();
    expect(row).toContain(`href="/admin/messages/contact/${messageId}"`);
    expect(row).toContain('<span class="visually-hidden">Unread: </span>');
    expect(row).toContain(`<strong>Pooja ${id}</strong>`);
    // The message is text, never HTML.
    expect(row).toContain(`&lt;i&gt;${id}&lt;/i&gt;`);
    const unreadList = await text(await forms.get("/admin/messages?filter=unread", owner));
    expect(rowOf(unreadList, email)).toBeDefined();

    const detail = await forms.get(`/admin/messages/contact/${messageId}`, owner);
    expect(detail.status).toBe(200);
    const detailHtml = await text(detail);
    expect(detailHtml).toContain(`Message from Pooja ${id}`);
    expect(detailHtml).toContain(`Do you ship to Pune? &lt;i&gt;${id}&lt;/i&gt;`);
    expect(detailHtml).toContain("No replies yet.");
    const replyBox = (await dom(detailHtml)).locator('textarea[name="body"]');
    expect([await replyBox.getAttribute("required"), await replyBox.getAttribute("maxlength")]).toEqual(["", "5000"]);
    // (The reading is written just after the page is sent: a moment later the list has it.)
    await expect.poll(async () => rowOf(await text(await forms.get("/admin/messages", owner)), email)).not.toContain("Unread: ");
    const after = rowOf(await text(await forms.get("/admin/messages", owner)), email);
    expect(after).toContain(`<td>Pooja ${id}`);
    expect(rowOf(await text(await forms.get("/admin/messages?filter=unread", owner)), email)).toBeUndefined();

    // An empty reply is refused on the page, with nothing stored or mailed.
    const outboxBefore = await count('select count(*) as n from mail_outbox where "to" = ?', [email]);
    const empty = await forms.post(`/admin/messages/contact/${messageId}`, { intent: "reply", body: "   " }, owner);
    expect(empty.status).toBe(400);
    expect(await text(empty)).toContain("Please write a reply");
    expect(await count("select count(*) as n from message_replies where kind = 'contact' and message_id = ?", [messageId])).toBe(0);
    expect(await count('select count(*) as n from mail_outbox where "to" = ?', [email])).toBe(outboxBefore);

    // The reply: Post/Redirect/Get with a notice; stored, in the outbox and the dev mailbox.
    const reply = `Yes, we ship all over India. ${id}`;
    const sent = await forms.post(`/admin/messages/contact/${messageId}`, { intent: "reply", body: reply }, owner);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/admin/messages/contact/${messageId}?notice=replied`);
    expect(await count("select count(*) as n from message_replies where kind = 'contact' and message_id = ?", [messageId])).toBe(1);
    expect(await count("select count(*) as n from mail_outbox where \"to\" = ? and template = 'message-reply'", [email])).toBe(1);
    const mails = await mailsTo(base, email);
    expect(mails.some((m) => m.text.includes(reply))).toBe(true);

    const shown = await text(await forms.get(sent.headers.get("Location")!, owner));
    expect(shown).toMatch(/role="status"[^>]*>Reply sent</);
    expect(shown).toContain(reply);
    expect(shown).toContain(">Reopen</button>");
    const handledRow = rowOf(await text(await forms.get("/admin/messages?filter=handled", owner)), email);
    expect(handledRow).toContain("handled, 1 reply");

    // Reopen, and mark handled again.
    const reopened = await forms.post(`/admin/messages/contact/${messageId}`, { intent: "reopen" }, owner);
    expect(reopened.headers.get("Location")).toBe(`/admin/messages/contact/${messageId}?notice=reopened`);
    expect(rowOf(await text(await forms.get("/admin/messages?filter=open", owner)), email)).toBeDefined();
    await forms.post(`/admin/messages/contact/${messageId}`, { intent: "handled" }, owner);
    expect(rowOf(await text(await forms.get("/admin/messages?filter=open", owner)), email)).toBeUndefined();
  });

  it("answers an unknown message with the shop's 404 page", async () => {
    for (const path of ["/admin/messages/contact/999999999", "/admin/messages/letters/1", "/admin/messages/enquiry/abc"]) {
      const res = await forms.get(path, owner);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(await text(res)).toContain("SORRY, PAGE NOT FOUND");
    }
  });

  it("costs one database round trip for the lists and for a message", async () => {
    const [first] = (await db.execute("select id from contact_messages order by id limit 1")).rows;
    // Opening it marks it read just after the page is sent (workers/services/back-office/admin-inbox.ts messageDetail).
    const opened = await roundTripsOf(`/admin/messages/contact/${first!.id}`, { Cookie: `aanchal_session=${owner.token}` });
    expect(opened.status).toBe(200);
    await untilRead(db, "contact", Number(first!.id));
    const detail = await roundTripsOf(`/admin/messages/contact/${first!.id}`, { Cookie: `aanchal_session=${owner.token}` });
    expect({ status: detail.status, trips: detail.trips }).toEqual({ status: 200, trips: 1 });
    for (const path of ["/admin/messages", "/admin/reviews"]) {
      const { status, trips } = await roundTripsOf(path, { Cookie: `aanchal_session=${owner.token}` });
      expect({ path, status, trips }).toEqual({ path, status: 200, trips: 1 });
    }
  });
});

interface ApiProduct {
  _id: string;
  slug: string;
  category: { name: string };
}

describe("the reviews page", () => {
  it("hides a review (reason required) so the product page no longer shows it, and shows it again", async () => {
    const products = ((await (await fetch(new URL("/api/products?limit=40", base))).json()) as { data: ApiProduct[] }).data;
    const p = products[products.length - 2]!;
    const comment = `Stitching came loose at the hem ${uniq()}`;
    const posted = await postJson(
      base,
      `/api/products/${p._id}/reviews`,
      { rating: 2, comment },
      { Authorization: `Bearer ${shopper.token}` },
    );
    expect(posted.status).toBe(201);
    const reviewId = String(((await posted.json()) as { review: { _id: string } }).review._id);
    const path = productPath(p.category.name, p.slug);
    expect(await text(await fetch(new URL(path, base)))).toContain(comment);

    const list = await text(await forms.get("/admin/reviews", owner));
    expect(list).toContain(comment);
    expect(list).toContain(`name="reviewId" value="${reviewId}"`);

    const refused = await forms.post("/admin/reviews", { intent: "hide", reviewId, reason: "  " }, owner);
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("Please give a reason for hiding the review");
    expect(await count("select hidden as n from reviews where id = ?", [reviewId])).toBe(0);

    const hidden = await forms.post("/admin/reviews?filter=visible", { intent: "hide", reviewId, reason: "Names another shop" }, owner);
    expect(hidden.status).toBe(302);
    expect(hidden.headers.get("Location")).toBe("/admin/reviews?filter=visible&notice=hidden");
    expect(await text(await forms.get(hidden.headers.get("Location")!, owner))).toMatch(/role="status"[^>]*>Review hidden</);
    expect(await text(await fetch(new URL(path, base)))).not.toContain(comment);
    const hiddenList = await text(await forms.get("/admin/reviews?filter=hidden", owner));
    expect(hiddenList).toContain(comment);
    expect(hiddenList).toContain("(reason: Names another shop)");

    const shown = await forms.post("/admin/reviews?filter=hidden", { intent: "show", reviewId }, owner);
    expect(shown.headers.get("Location")).toBe("/admin/reviews?filter=hidden&notice=shown");
    expect(await text(await fetch(new URL(path, base)))).toContain(comment);
  });
});

describe("the door", () => {
  it("gives a shopper and a signed-out visitor the 404 page on every page and action, changing nothing", async () => {
    const id = uniq();
    const email = `guard.${id}@example.com`;
    const messageId = await sendContact(`Guard ${id}`, email, `Please call me ${id}`);
    const [review] = (await db.execute("select id from reviews where hidden = 0 order by id limit 1")).rows;
    const reviewId = String(review!.id);
    const state = async () =>
      (
        await db.execute({
          sql: `select (select count(*) from message_replies) r, (select count(*) from audit_log) a, (select count(*) from mail_outbox) m,
            (select count(*) from reviews where hidden = 1) h, (select read_at is null and handled_at is null from contact_messages where id = ?) fresh`,
          args: [messageId],
        })
      ).rows[0];
    const before = await state();
    for (const user of [shopper, null]) {
      for (const path of ["/admin/messages", "/admin/messages?filter=unread", `/admin/messages/contact/${messageId}`, "/admin/reviews"]) {
        const res = await forms.get(path, user);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        const html = await text(res);
        expect(html).toContain("SORRY, PAGE NOT FOUND");
        expect(html).not.toContain(email);
      }
      const posts: [string, Record<string, string>][] = [
        [`/admin/messages/contact/${messageId}`, { intent: "reply", body: "Hello" }],
        [`/admin/messages/contact/${messageId}`, { intent: "handled" }],
        ["/admin/reviews", { intent: "hide", reviewId, reason: "spam" }],
      ];
      for (const [path, fields] of posts) {
        const res = await forms.post(path, fields, user);
        // As a post to an unknown address: the shop's routes have no form there.
        expect({ path, status: res.status }).toEqual({ path, status: 405 });
        expect(await text(res)).not.toContain("Hello");
      }
    }
    expect(await state()).toEqual(before);
  });
});
