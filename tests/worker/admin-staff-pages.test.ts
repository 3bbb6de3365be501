import { createClient } from "@libsql/client";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, postJson, TEST_PASSWORD, type TestUser, uniqueEmail } from "../../tooling/accounts";
import { insertOrder, removeOrders } from "../../tooling/orders";
import { STAFF_MESSAGES } from "../../workers/services/back-office/staff.rules";
import { pageForms } from "../support/page-forms";

/**
 * The owner's Staff and Audit log pages and GET/POST /api/admin/staff: the owner
 * sees both; a staff member, a shopper and a signed-out visitor get the shop's 404 page (and the
 * API's 404), changing nothing. The staff role given by e-mail (once, one audit entry, however often
 * asked) opens the back office at her next sign-in; taken away, her next request is a 404. A bad
 * e-mail is refused with one clear message. The page's forms work without JavaScript.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const db = createClient({ url: dbUrl });
const forms = pageForms(base);

let owner: TestUser;
let ownerId: number;
let shopper: TestUser;
/** A staff member, given the role through the API and signed in again as staff. */
let staffer: TestUser;
const madeOrders: number[] = [];

async function signIn(email: string, password: string): Promise<string> {
  const res = await postJson(base, "/api/auth/login", { email, password });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const call = (path: string, token?: string, init: RequestInit = {}) =>
  fetch(new URL(path, base), {
    ...init,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), "Content-Type": "application/json", ...init.headers },
  });

const count = async (q: string, args: (string | number)[] = []) => Number((await db.execute({ sql: q, args })).rows[0]!.n);
const auditCount = () => count("select count(*) as n from audit_log");
const roleOf = async (id: string | number) =>
  String((await db.execute({ sql: "select role from users where id = ?", args: [Number(id)] })).rows[0]!.role);

beforeAll(async () => {
  const token = await signIn(DEMO_OWNER.email, DEMO_OWNER.password);
  ownerId = Number(decodeJwt(token).sub);
  owner = { email: DEMO_OWNER.email, password: DEMO_OWNER.password, name: DEMO_OWNER.name, token, id: String(ownerId) };
  shopper = await createUser(base, "staff-pages-shopper", "Ritu Bansal");
  const helper = await createUser(base, "staff-pages-staff", "Kiran Joshi");
  const give = await call(`/api/admin/staff/${helper.id}`, owner.token, { method: "PUT", body: JSON.stringify({ role: "staff" }) });
  expect(give.status).toBe(200);
  staffer = { ...helper, token: await signIn(helper.email, helper.password) };
});
afterAll(async () => {
  await removeOrders(dbUrl, madeOrders);
  db.close();
});

/** The page's HTML without React's text separators (`<!-- -->`), as a reader sees the words. */
const text = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");
const main = (html: string) => /<main\b[\s\S]*?<\/main>/.exec(html)?.[0];
/** The staff table's row naming `email`. */
const rowOf = (html: string, email: string) =>
  [...html.matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((m) => m[0]).find((r) => r.includes(`>${email}<`));

describe("the door", () => {
  it("opens both pages and their nav links to the owner only", async () => {
    const staffPage = await forms.get("/admin/staff", owner);
    expect(staffPage.status).toBe(200);
    const staffHtml = await text(staffPage);
    expect(staffHtml).toContain("<h1>Staff</h1>");
    expect(staffHtml).toMatch(/<a[^>]*href="\/admin\/staff"[^>]*>Staff<\/a>/);
    expect(staffHtml).toMatch(/<a[^>]*href="\/admin\/audit-log"[^>]*>Audit log<\/a>/);
    // The owner's own row: her role, and no button.
    const ownRow = rowOf(staffHtml, DEMO_OWNER.email);
    expect(ownRow).toContain("<td>Owner</td>");
    expect(ownRow).not.toContain("<button");
    expect(rowOf(staffHtml, staffer.email)).toContain("Remove staff role");
    const log = await forms.get("/admin/audit-log", owner);
    expect(log.status).toBe(200);
    expect(await text(log)).toContain("<h1>Audit log</h1>");

    // A staff member works in the back office, without the owner's links.
    const dashboard = await text(await forms.get("/admin", staffer));
    expect(dashboard).toContain("<h1>Dashboard</h1>");
    expect(dashboard).not.toContain('href="/admin/staff"');
    expect(dashboard).not.toContain('href="/admin/audit-log"');
  });

  it("gives a staff member, a shopper and a signed-out visitor the shop's 404 page and the API's 404, changing nothing", async () => {
    const notFound = main(await text(await fetch(new URL("/no-such-page-here", base))));
    expect(notFound).toContain("SORRY, PAGE NOT FOUND");
    const before = await auditCount();
    for (const who of [staffer, shopper, null]) {
      for (const path of ["/admin/staff", "/admin/audit-log", "/admin/audit-log?entity=order&page=2"]) {
        const res = await forms.get(path, who);
        expect({ who: who?.email, path, status: res.status }).toEqual({ who: who?.email, path, status: 404 });
        expect(main(await text(res))).toBe(notFound);
      }
      // The page's forms: nothing read, nothing changed.
      const posts: Record<string, string>[] = [
        { intent: "give", email: shopper.email },
        { intent: "remove", userId: staffer.id, confirmRemove: "yes" },
      ];
      for (const fields of posts) {
        const res = await forms.post("/admin/staff", fields, who);
        expect({ who: who?.email, intent: fields.intent, status: res.status }).toEqual({
          who: who?.email,
          intent: fields.intent,
          // Staff meet the owner's page's 404; anyone else is answered as at an unknown address, where a post is a 405.
          status: who === staffer ? 404 : 405,
        });
      }
      const token = who?.token;
      const list = await call("/api/admin/staff", token);
      expect({ status: list.status, body: await list.json() }).toEqual({ status: 404, body: { message: "Not found" } });
      const give = await call("/api/admin/staff", token, { method: "POST", body: JSON.stringify({ email: shopper.email }) });
      expect({ status: give.status, body: await give.json() }).toEqual({ status: 404, body: { message: "Not found" } });
    }
    expect(await auditCount()).toBe(before);
    expect(await roleOf(shopper.id)).toBe("shopper");
    expect(await roleOf(staffer.id)).toBe("staff");
  });
});

describe("giving and taking the staff role", () => {
  it("gives it by e-mail once (one audit entry however often asked); she opens /admin at her next sign-in; taken away, her next request is a 404", async () => {
    const asha = await createUser(base, "staff-pages-give", "Asha Menon");
    const before = await auditCount();
    // The address as a person types it: spaces and capitals.
    const give = await call("/api/admin/staff", owner.token, {
      method: "POST",
      body: JSON.stringify({ email: ` ${asha.email.toUpperCase()} ` }),
    });
    expect(give.status).toBe(200);
    expect(await give.json()).toEqual({
      user: { id: Number(asha.id), name: "Asha Menon", email: asha.email, role: "staff" },
      changed: true,
      message: STAFF_MESSAGES.given,
    });
    const again = await call("/api/admin/staff", owner.token, { method: "POST", body: JSON.stringify({ email: asha.email }) });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ changed: false, message: STAFF_MESSAGES.alreadyStaff });
    expect(await auditCount()).toBe(before + 1);
    const [entry] = (await db.execute("select actor_id, action, entity, entity_id, before, after from audit_log order by id desc limit 1"))
      .rows;
    expect(entry).toMatchObject({ actor_id: ownerId, action: "role.change", entity: "user", entity_id: asha.id });
    expect([JSON.parse(String(entry!.before)), JSON.parse(String(entry!.after))]).toEqual([{ role: "shopper" }, { role: "staff" }]);

    // The list has her, with when she was given the role.
    const list = (await (await call("/api/admin/staff", owner.token)).json()) as {
      members: { id: number; email: string; role: string; since: string | null }[];
    };
    expect(list.members[0]).toMatchObject({ email: DEMO_OWNER.email, role: "owner" });
    const her = list.members.find((m) => m.email === asha.email);
    expect(her).toMatchObject({ role: "staff" });
    expect(Date.now() - Date.parse(her!.since!)).toBeLessThan(5 * 60_000);

    // Her shopper session ended; signed in again she opens the back office.
    expect((await forms.get("/admin", asha)).status).toBe(404);
    const staffAsha = { ...asha, token: await signIn(asha.email, asha.password) };
    expect((await forms.get("/admin", staffAsha)).status).toBe(200);

    // Taken away (with the API's PUT), her next request is a 404, page and API alike.
    const take = await call(`/api/admin/staff/${asha.id}`, owner.token, { method: "PUT", body: JSON.stringify({ role: "shopper" }) });
    expect(take.status).toBe(200);
    expect(await take.json()).toMatchObject({ changed: true, message: STAFF_MESSAGES.removed });
    expect((await forms.get("/admin", staffAsha)).status).toBe(404);
    expect((await call("/api/admin/orders", staffAsha.token)).status).toBe(404);
    expect(await auditCount()).toBe(before + 2);
  });

  it("refuses an unknown address, an unverified account, a malformed or empty address and the owner's own, changing nothing", async () => {
    // An account that never verified its e-mail address.
    const unverified = uniqueEmail("staff-pages-unverified");
    const reg = await postJson(base, "/api/auth/register", {
      name: "Neha Kapoor",
      email: unverified,
      mobile: "9876543210",
      password: TEST_PASSWORD,
    });
    expect(reg.status).toBe(201);
    const before = await auditCount();
    const cases: [unknown, number, string][] = [
      [{ email: uniqueEmail("staff-pages-nobody") }, 400, STAFF_MESSAGES.noAccount],
      [{ email: unverified }, 400, STAFF_MESSAGES.noAccount],
      [{ email: "not-an-address" }, 400, "Enter a valid email"],
      [{ email: "   " }, 400, STAFF_MESSAGES.emailRequired],
      [{}, 400, STAFF_MESSAGES.emailRequired],
      [{ email: ["x@example.com"] }, 400, STAFF_MESSAGES.emailRequired],
      [{ email: DEMO_OWNER.email }, 409, STAFF_MESSAGES.isOwner],
    ];
    for (const [body, status, message] of cases) {
      const res = await call("/api/admin/staff", owner.token, { method: "POST", body: JSON.stringify(body) });
      expect({ body, status: res.status, message: ((await res.json()) as { message: string }).message }).toEqual({ body, status, message });
    }
    expect((await call("/api/admin/staff", owner.token, { method: "POST", body: "{not json" })).status).toBe(400);
    expect(await auditCount()).toBe(before);
    expect(String((await db.execute({ sql: "select role from users where email = ?", args: [unverified] })).rows[0]!.role)).toBe("shopper");
    expect(await roleOf(ownerId)).toBe("owner");
  });
});

describe("the Staff page without JavaScript", () => {
  it("gives the role from its form, refuses a bad address with its message, and removes it only with the tick box", async () => {
    const meena = await createUser(base, "staff-pages-form", "Meena Iyer");
    const before = await auditCount();

    const refused = await forms.post("/admin/staff", { intent: "give", email: "nobody-here@example.com" }, owner);
    expect(refused.status).toBe(400);
    const refusedHtml = await text(refused);
    expect(refusedHtml).toContain(STAFF_MESSAGES.noAccount);
    expect(refusedHtml).toContain('value="nobody-here@example.com"');
    expect(refusedHtml).toMatch(/aria-invalid="true"/);

    const given = await forms.post("/admin/staff", { intent: "give", email: meena.email }, owner);
    expect(given.status).toBe(302);
    expect(given.headers.get("Location")).toBe(`/admin/staff?done=given&user=${meena.id}`);
    const shown = await text(await forms.get(given.headers.get("Location")!, owner));
    expect(shown).toMatch(/role="status"[^>]*>Meena Iyer \(/);
    expect(shown).toContain(STAFF_MESSAGES.given);
    const row = rowOf(shown, meena.email);
    expect(row).toContain("<td>Staff</td>");
    expect(row).toMatch(/<time dateTime="[^"]+">\d{1,2} \w{3} \d{4}, \d{2}:\d{2}<\/time>/);
    expect(row).toContain(`name="userId" value="${meena.id}"`);
    expect(await roleOf(meena.id)).toBe("staff");

    // The same again: said so, nothing written.
    const twice = await forms.post("/admin/staff", { intent: "give", email: meena.email }, owner);
    expect(twice.headers.get("Location")).toBe(`/admin/staff?done=already&user=${meena.id}`);
    expect(await text(await forms.get(twice.headers.get("Location")!, owner))).toContain(STAFF_MESSAGES.alreadyStaff);
    expect(await auditCount()).toBe(before + 1);

    const staffMeena = { ...meena, token: await signIn(meena.email, meena.password) };
    expect((await forms.get("/admin", staffMeena)).status).toBe(200);

    // Remove without the tick: refused, still staff.
    const unticked = await forms.post("/admin/staff", { intent: "remove", userId: meena.id }, owner);
    expect(unticked.status).toBe(400);
    expect(await text(unticked)).toContain(STAFF_MESSAGES.confirmRemove);
    expect(await roleOf(meena.id)).toBe("staff");
    expect((await forms.get("/admin", staffMeena)).status).toBe(200);

    const removed = await forms.post("/admin/staff", { intent: "remove", userId: meena.id, confirmRemove: "yes" }, owner);
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe("/admin/staff?done=removed");
    const after = await text(await forms.get("/admin/staff?done=removed", owner));
    expect(after).toMatch(new RegExp(`role="status"[^>]*>${STAFF_MESSAGES.removed}<`));
    expect(rowOf(after, meena.email)).toBeUndefined();
    expect(await roleOf(meena.id)).toBe("shopper");
    expect((await forms.get("/admin", staffMeena)).status).toBe(404);
    expect(await auditCount()).toBe(before + 2);

    // The owner's own row cannot be removed, even by a hand-made post.
    const own = await forms.post("/admin/staff", { intent: "remove", userId: String(ownerId), confirmRemove: "yes" }, owner);
    expect(own.status).toBe(404);
    expect(await roleOf(ownerId)).toBe("owner");
    expect(await auditCount()).toBe(before + 2);
  });
});

describe("the Audit log page", () => {
  it("shows the newest change first with who, what, a link to the row and the fields that changed; filters by record and by who; pages", async () => {
    const anu = await createUser(base, "staff-pages-log", "Anu Thomas");
    const order = await insertOrder(dbUrl, {
      userId: Number(shopper.id),
      lines: [{ productId: null, name: "Bandhani Dupatta", color: "Red", size: "Free", quantity: 1, unitPricePaise: 799_00 }],
    });
    madeOrders.push(order.id);
    expect((await call(`/api/admin/orders/${order.orderNumber}/confirm`, staffer.token, { method: "POST", body: "{}" })).status).toBe(200);
    expect((await call("/api/admin/staff", owner.token, { method: "POST", body: JSON.stringify({ email: anu.email }) })).status).toBe(200);

    const html = await text(await forms.get("/admin/audit-log", owner));
    const rows = [...html.matchAll(/<tbody>[\s\S]*?<\/tbody>/g)][0]![0].match(/<tr\b[\s\S]*?<\/tr>/g)!;
    const [top, second] = rows;
    expect(top).toContain('<th scope="row">Gave staff role</th>');
    expect(top).toContain(DEMO_OWNER.email);
    expect(top).toContain(`Account ${anu.email}`);
    expect(top).toMatch(/Role: <del>shopper<\/del>.*<ins>staff<\/ins>/);
    expect(top).toContain("<details");
    expect(second).toContain('<th scope="row">Order confirmed</th>');
    expect(second).toContain(staffer.email);
    expect(second).toMatch(new RegExp(`<a href="/admin/orders/${order.orderNumber}"[^>]*>Order #${order.orderNumber}</a>`));
    expect(second).toMatch(/Status: <del>placed<\/del>.*<ins>confirmed<\/ins>/);

    // By record: orders only; by who: the staff member only.
    const orders = await text(await forms.get("/admin/audit-log?entity=order", owner));
    expect(orders).toContain(`Order #${order.orderNumber}`);
    expect(orders).not.toContain(`Account ${anu.email}`);
    expect(orders).toMatch(
      /<a[^>]*href="\/admin\/audit-log\?entity=order"[^>]*aria-current="page"|aria-current="page"[^>]*href="\/admin\/audit-log\?entity=order"/,
    );
    const byStaffer = await text(await forms.get(`/admin/audit-log?actor=${encodeURIComponent(staffer.email)}`, owner));
    expect(byStaffer).toContain(`Order #${order.orderNumber}`);
    expect(byStaffer).not.toContain("Gave staff role");
    const nobody = await text(await forms.get(`/admin/audit-log?actor=${encodeURIComponent(shopper.email)}`, owner));
    expect(nobody).toContain("No changes here.");

    // The API pages alike: page 2 of one-entry pages is the entry after page 1's.
    const page1 = (await (await call("/api/admin/audit-log?limit=1", owner.token)).json()) as {
      entries: { id: number; action: string; link: string | null }[];
      pages: number;
      total: number;
    };
    const page2 = (await (await call("/api/admin/audit-log?limit=1&page=2", owner.token)).json()) as typeof page1;
    expect(page1.entries[0]).toMatchObject({ action: "role.change", link: null });
    expect(page2.entries[0]).toMatchObject({ action: "order.confirm", link: `/admin/orders/${order.orderNumber}` });
    expect(page1.pages).toBe(page1.total);
    const older = (await (await call(`/api/admin/audit-log?limit=1&before=${page1.entries[0]!.id}`, owner.token)).json()) as typeof page1;
    expect(older.entries[0]!.id).toBe(page2.entries[0]!.id);
    const messages = (await (await call("/api/admin/audit-log?entity=message&limit=200", owner.token)).json()) as typeof page1;
    expect(messages.entries.every((e) => e.action.startsWith("message."))).toBe(true);

    // A page past the end lists nothing; bad paging falls back to the first page.
    expect(await text(await forms.get("/admin/audit-log?page=99999", owner))).toContain("No changes here.");
    expect((await forms.get("/admin/audit-log?page=abc&entity=nonsense", owner)).status).toBe(200);
  });
});
