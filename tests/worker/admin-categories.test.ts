import { randomBytes } from "node:crypto";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, type TestUser } from "../../tooling/accounts";
import { CATEGORY_ICONS, CATEGORY_MESSAGES } from "../../workers/services/back-office/catalog/admin-categories.rules";
import { untilCached } from "../support/edge-cache";
import { pageForms } from "../support/page-forms";
import { jsonCaller, ownerToken as signInOwner } from "../support/staff";

/**
 * The back office's categories over `/api/admin/categories*` and the
 * /admin/categories page, against the built Worker: a 404 for everyone but staff; a category created,
 * renamed, given another icon and moved up shows on the home page signed out at once (the edge cache
 * dropped: home is fetched, and cached, before each change); a category or subcategory with products
 * cannot be deleted, an empty one can; one audit entry per change, none for a refused one.
 *
 * The file's own categories are made and deleted here; the seeded ones are only read, and put back
 * in their order when a move touched them.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const db = createClient({ url: dbUrl });
const forms = pageForms(base);
const one = async <T>(q: string, args: (string | number | null)[] = []) => (await db.execute({ sql: q, args })).rows[0] as T;
const count = async (q: string, args: (string | number | null)[] = []) => Number((await one<{ n: number }>(q, args)).n);

const TAG = randomBytes(3).toString("hex");
let token: string;
let owner: TestUser;
let shopper: TestUser;
const madeCategories: number[] = [];
let seededOrder: { id: number; position: number }[] = [];

beforeAll(async () => {
  token = await signInOwner(base);
  owner = { email: DEMO_OWNER.email, password: DEMO_OWNER.password, name: DEMO_OWNER.name, token, id: "0" };
  shopper = await createUser(base, "admin-categories", "Neha Kapoor");
  seededOrder = (await db.execute("select id, position from categories order by position, id")).rows.map((r) => ({
    id: Number(r.id),
    position: Number(r.position),
  }));
});
afterAll(async () => {
  for (const id of madeCategories) {
    await db.execute({ sql: "delete from products where category_id = ?", args: [id] });
    await db.execute({ sql: "delete from categories where id = ?", args: [id] });
  }
  for (const { id, position } of seededOrder)
    await db.execute({ sql: "update categories set position = ? where id = ?", args: [position, id] });
  db.close();
});

const api = jsonCaller(base, () => token);

const audits = (id: number, entity = "category") =>
  count("select count(*) as n from audit_log where entity = ? and entity_id = ?", [entity, String(id)]);

/** The home page's tiles in order, as its HTML shows them. */
function tilesOf(page: string): { name: string; icon: string }[] {
  const html = page.replaceAll("<!-- -->", "");
  return [
    ...html.matchAll(/<a[^>]*class="outfit-tile"[^>]*>\s*<img src="([^"]+)"[^>]*>\s*<span class="outfit-tile__name">([^<]+)<\/span>/g),
  ].map((m) => ({ icon: m[1]!, name: m[2]!.replaceAll("&amp;", "&") }));
}

/** The home page as a signed-out visitor gets it next (the edge cache's copy, when it holds one). */
async function homeTiles() {
  const res = await fetch(new URL("/", base));
  expect(res.status).toBe(200);
  return tilesOf(await res.text());
}

/** The home page once the edge cache holds it (so the change that follows must drop it to show). */
async function cachedTiles() {
  const { cached, html } = await untilCached("/");
  expect(cached.status).toBe(200);
  return tilesOf(html.at(-1)!);
}

describe("the door", () => {
  it("answers 404 to a shopper and a signed-out visitor on the page, its forms and every endpoint, changing nothing", async () => {
    const [first] = seededOrder;
    const before = await count("select count(*) as n from audit_log");
    const categoriesBefore = await count("select count(*) as n from categories");
    for (const who of [shopper, null]) {
      const page = await forms.get("/admin/categories", who);
      expect({ who: who?.email, status: page.status }).toEqual({ who: who?.email, status: 404 });
      expect(await page.text()).toContain("SORRY, PAGE NOT FOUND");
      const posts: Record<string, string>[] = [
        { intent: "create", id: "new", name: `Intruder ${TAG}`, icon: CATEGORY_ICONS[0].value },
        { intent: "move", id: String(first!.id), direction: "down" },
        { intent: "delete", id: String(first!.id) },
      ];
      for (const fields of posts) {
        // As a post to an unknown address: the shop's routes have no form there.
        expect((await forms.post("/admin/categories", fields, who)).status).toBe(405);
      }
      const t = who?.token ?? null;
      for (const [method, path, body] of [
        ["GET", "/api/admin/categories", undefined],
        ["POST", "/api/admin/categories", { name: `Intruder ${TAG}`, icon: CATEGORY_ICONS[0].value }],
        ["PUT", `/api/admin/categories/${first!.id}`, { name: "Hacked" }],
        ["POST", `/api/admin/categories/${first!.id}/move`, { direction: "down" }],
        ["DELETE", `/api/admin/categories/${first!.id}`, undefined],
        ["POST", `/api/admin/categories/${first!.id}/subcategories`, { name: "Hacked" }],
        ["PUT", "/api/admin/subcategories/1", { name: "Hacked" }],
        ["DELETE", "/api/admin/subcategories/1", undefined],
      ] as const) {
        const res = await api(path, { token: t, method, body });
        expect({ who: who?.email, method, path, status: res.status, json: res.json }).toEqual({
          who: who?.email,
          method,
          path,
          status: 404,
          json: { message: "Not found" },
        });
      }
    }
    expect(await count("select count(*) as n from audit_log")).toBe(before);
    expect(await count("select count(*) as n from categories")).toBe(categoriesBefore);
  });
});

describe("the home tiles follow at once", () => {
  it("creates, renames, sets the icon and moves a category up: each shows on the cached home page at once, one audit entry each", async () => {
    const name = `Festive ${TAG}`;
    const before = await cachedTiles();
    expect(before.length).toBe(seededOrder.length);

    const created = await api("/api/admin/categories", { body: { name, icon: CATEGORY_ICONS[2].value } });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ changed: true, message: CATEGORY_MESSAGES.created });
    const id = created.json.id as number;
    madeCategories.push(id);
    expect(await one("select slug, name, icon from categories where id = ?", [id])).toMatchObject({
      slug: `festive-${TAG}`,
      name,
      icon: CATEGORY_ICONS[2].value,
    });
    const afterCreate = await homeTiles();
    expect(afterCreate.at(-1)).toEqual({ name, icon: CATEGORY_ICONS[2].value });
    expect(afterCreate.slice(0, -1)).toEqual(before);
    expect(await audits(id)).toBe(1);

    // The same name again (any case) is refused, and writes nothing.
    const twice = await api("/api/admin/categories", { body: { name: name.toUpperCase(), icon: CATEGORY_ICONS[0].value } });
    expect({ status: twice.status, message: twice.json.message }).toEqual({ status: 409, message: CATEGORY_MESSAGES.nameTaken });
    const badIcon = await api("/api/admin/categories", { body: { name: `Other ${TAG}`, icon: "https://evil.example/x.svg" } });
    expect({ status: badIcon.status, message: badIcon.json.message }).toEqual({ status: 400, message: CATEGORY_MESSAGES.icon });
    const blank = await api("/api/admin/categories", { body: { name: "   ", icon: CATEGORY_ICONS[0].value } });
    expect({ status: blank.status, message: blank.json.message }).toEqual({ status: 400, message: CATEGORY_MESSAGES.nameRequired });

    expect(await cachedTiles()).toEqual(afterCreate);
    const renamed = await api(`/api/admin/categories/${id}`, {
      method: "PUT",
      body: { name: `Wedding ${TAG}`, icon: CATEGORY_ICONS[6].value },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.changed).toBe(true);
    const afterRename = await homeTiles();
    expect(afterRename.at(-1)).toEqual({ name: `Wedding ${TAG}`, icon: CATEGORY_ICONS[6].value });
    expect(await audits(id)).toBe(3);
    // The slug stays: links keep working.
    expect((await one<{ slug: string }>("select slug from categories where id = ?", [id])).slug).toBe(`festive-${TAG}`);
    // Saving the same again changes nothing and writes nothing.
    const same = await api(`/api/admin/categories/${id}`, {
      method: "PUT",
      body: { name: `Wedding ${TAG}`, icon: CATEGORY_ICONS[6].value },
    });
    expect(same.json.changed).toBe(false);
    expect(await audits(id)).toBe(3);

    expect(await cachedTiles()).toEqual(afterRename);
    const moved = await api(`/api/admin/categories/${id}/move`, { body: { direction: "up" } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toMatchObject({ changed: true, message: CATEGORY_MESSAGES.moved });
    const afterMove = await homeTiles();
    expect(afterMove.map((t) => t.name)).toEqual([...before.slice(0, -1).map((t) => t.name), `Wedding ${TAG}`, before.at(-1)!.name]);
    expect(await audits(id)).toBe(4);
    // Down again to the end, and down once more: it is already there (nothing written).
    expect((await api(`/api/admin/categories/${id}/move`, { body: { direction: "down" } })).json.changed).toBe(true);
    const atEnd = await api(`/api/admin/categories/${id}/move`, { body: { direction: "down" } });
    expect(atEnd.json).toMatchObject({ changed: false, message: CATEGORY_MESSAGES.notMoved });
    expect(await audits(id)).toBe(5);
    expect((await homeTiles()).map((t) => t.name)).toEqual([...before.map((t) => t.name), `Wedding ${TAG}`]);

    await cachedTiles();
    const gone = await api(`/api/admin/categories/${id}`, { method: "DELETE" });
    expect(gone.status, gone.text).toBe(200);
    expect(await audits(id)).toBe(6);
    expect(await homeTiles()).toEqual(before);
  });
});

describe("deleting only what is empty", () => {
  it("refuses to delete a category or subcategory with products (nothing changed, no audit entry), deletes empty ones", async () => {
    const created = await api("/api/admin/categories", { body: { name: `Nightwear ${TAG}`, icon: CATEGORY_ICONS[3].value } });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as number;
    madeCategories.push(id);
    const subA = await api(`/api/admin/categories/${id}/subcategories`, { body: { name: "Night Suits" } });
    const subB = await api(`/api/admin/categories/${id}/subcategories`, { body: { name: "Robes" } });
    expect([subA.status, subB.status]).toEqual([201, 201]);
    expect((await api(`/api/admin/categories/${id}/subcategories`, { body: { name: "robes" } })).status).toBe(409);
    const renamedSub = await api(`/api/admin/subcategories/${subB.json.id}`, { method: "PUT", body: { name: "Robes & Kaftans" } });
    expect(renamedSub.status, renamedSub.text).toBe(200);
    expect(await audits(subB.json.id, "subcategory")).toBe(2);

    // A draft product in subcategory A (shoppers never see it).
    await db.execute({
      sql: "insert into products (slug, name, description, brand, category_id, subcategory_id, is_active) values (?, 'Test Night Suit', 'x', 'Aanchal', ?, ?, 0)",
      args: [`night-suit-${TAG}`, id, subA.json.id],
    });
    const auditBefore = await count("select count(*) as n from audit_log");
    const refusedCategory = await api(`/api/admin/categories/${id}`, { method: "DELETE" });
    expect({ status: refusedCategory.status, message: refusedCategory.json.message }).toEqual({
      status: 409,
      message: CATEGORY_MESSAGES.notEmpty,
    });
    const refusedSub = await api(`/api/admin/subcategories/${subA.json.id}`, { method: "DELETE" });
    expect({ status: refusedSub.status, message: refusedSub.json.message }).toEqual({
      status: 409,
      message: CATEGORY_MESSAGES.subNotEmpty,
    });
    expect(await count("select count(*) as n from audit_log")).toBe(auditBefore);
    expect(await count("select count(*) as n from subcategories where category_id = ?", [id])).toBe(2);

    // A seeded category with products is refused too.
    const seeded = await one<{ id: number }>("select category_id as id from products group by category_id order by count(*) desc limit 1");
    expect((await api(`/api/admin/categories/${seeded.id}`, { method: "DELETE" })).status).toBe(409);

    // The empty subcategory goes; with the product gone, the category goes with its last subcategory.
    expect((await api(`/api/admin/subcategories/${subB.json.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await audits(subB.json.id, "subcategory")).toBe(3);
    await db.execute({ sql: "delete from products where slug = ?", args: [`night-suit-${TAG}`] });
    const deleted = await api(`/api/admin/categories/${id}`, { method: "DELETE" });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await count("select count(*) as n from categories where id = ?", [id])).toBe(0);
    expect(await count("select count(*) as n from subcategories where category_id = ?", [id])).toBe(0);
    const entry = await one<{ before: string; actor: string }>(
      "select a.before, u.email as actor from audit_log a join users u on u.id = a.actor_id where a.entity = 'category' and a.entity_id = ? and a.action = 'category.delete'",
      [String(id)],
    );
    expect(entry.actor).toBe(DEMO_OWNER.email);
    expect(JSON.parse(entry.before)).toMatchObject({ name: `Nightwear ${TAG}`, subcategories: ["Night Suits"] });
    expect((await api(`/api/admin/categories/${id}`, { method: "DELETE" })).status).toBe(404);
  });
});

describe("the page", () => {
  it("lists the categories with their counts and works without JavaScript: create, move, rename, delete, each with a notice", async () => {
    const page = await forms.get("/admin/categories", owner);
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("<h1>Categories</h1>");
    expect(html).toMatch(/<a[^>]*href="\/admin\/categories"[^>]*>Categories<\/a>/);
    const first = await one<{ name: string }>("select name from categories order by position, id limit 1");
    expect(html).toContain(`<h2 class="admin-category__name">${first.name}</h2>`);

    const created = await forms.post(
      "/admin/categories",
      { intent: "create", id: "new", name: `Page ${TAG}`, icon: CATEGORY_ICONS[1].value },
      owner,
    );
    expect(created.status).toBe(302);
    const id = Number((await one<{ id: number }>("select id from categories where name = ?", [`Page ${TAG}`])).id);
    madeCategories.push(id);
    expect(created.headers.get("location")).toBe(`/admin/categories?done=created#category-${id}`);
    expect(await (await forms.get("/admin/categories?done=created", owner)).text()).toContain(CATEGORY_MESSAGES.created);

    const moved = await forms.post("/admin/categories", { intent: "move", id: String(id), direction: "up" }, owner);
    expect(moved.headers.get("location")).toBe(`/admin/categories?done=moved#category-${id}`);
    const taken = await forms.post(
      "/admin/categories",
      { intent: "edit", id: String(id), name: first.name, icon: CATEGORY_ICONS[1].value },
      owner,
    );
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain(CATEGORY_MESSAGES.nameTaken);
    const deleted = await forms.post("/admin/categories", { intent: "delete", id: String(id) }, owner);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/admin/categories?done=deleted");
    expect(await count("select count(*) as n from categories where id = ?", [id])).toBe(0);
    expect(await audits(id)).toBe(3);
  });
});
