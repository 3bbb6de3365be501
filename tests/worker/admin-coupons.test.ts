import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, postJson, TEST_ADDRESS, type TestUser } from "../../tooling/accounts";
import { fillBasket } from "../../tooling/cart";
import { removeOrders } from "../../tooling/orders";
import { COUPON_MESSAGES } from "../../workers/services/back-office/admin-coupons.rules";
import { couponMessages } from "../../workers/services/orders/coupon.rules";
import { pageForms } from "../support/page-forms";
import { ownerToken } from "../support/staff";

/**
 * The owner's coupons: /api/admin/coupons* and /admin/coupons*, 404 for everyone
 * else; a coupon created here applies at checkout (POST /api/coupons/apply), an edit applies at once,
 * a deactivated one is refused, a code in use is refused, a limit below the uses counted is refused,
 * and the orders that used it are listed, each linked to its page. One audit entry per change.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const db = createClient({ url: dbUrl });
const forms = pageForms(base);

let owner: TestUser;
let shopper: TestUser;
const madeOrders: number[] = [];
const code = `TEST${Date.now().toString(36).toUpperCase()}`;

const call = (path: string, token: string | null, init: RequestInit = {}) =>
  fetch(new URL(path, base), {
    ...init,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), "Content-Type": "application/json", ...init.headers },
  });
const apply = (c: string, user = shopper) =>
  postJson(base, "/api/coupons/apply", { coupon_code: c }, { Authorization: `Bearer ${user.token}` });
const couponAudits = async (id: number) =>
  Number(
    (await db.execute({ sql: "select count(*) as n from audit_log where entity = 'coupon' and entity_id = ?", args: [String(id)] }))
      .rows[0]!.n,
  );

const NEW = {
  code: code.toLowerCase(),
  discountType: "flat",
  discountValue: "150",
  minSubtotal: "0",
  startsOn: "",
  endsOn: "",
  usageLimit: "",
  perUserLimit: "",
  isActive: "on",
};

beforeAll(async () => {
  const token = await ownerToken(base);
  owner = { email: DEMO_OWNER.email, password: DEMO_OWNER.password, name: DEMO_OWNER.name, token, id: "" };
  shopper = await createUser(base, "coupons-admin-shopper", "Isha Malhotra");
  await fillBasket(base, shopper.token);
});
afterAll(async () => {
  await removeOrders(dbUrl, madeOrders);
  await db.execute({ sql: "delete from coupons where code like ?", args: [`${code}%`] });
  db.close();
});

describe("coupons, for anyone but the owner", () => {
  it("are a 404 on the API and the pages, and a post creates nothing", async () => {
    for (const token of [null, shopper.token]) {
      for (const path of ["/api/admin/coupons", "/api/admin/coupons/1"]) {
        const res = await call(path, token);
        expect(res.status, path).toBe(404);
        expect(await res.json()).toEqual({ message: "Not found" });
      }
      expect((await call("/api/admin/coupons", token, { method: "POST", body: JSON.stringify(NEW) })).status).toBe(404);
      expect((await call("/api/admin/coupons/1", token, { method: "PUT", body: JSON.stringify(NEW) })).status).toBe(404);
    }
    for (const user of [null, shopper]) {
      for (const path of ["/admin/coupons", "/admin/coupons/new", "/admin/coupons/1"])
        expect((await forms.get(path, user)).status, path).toBe(404);
      // A form post is answered as one to an unknown address: 405, the shop's routes have no form there.
      expect((await forms.post("/admin/coupons/new", NEW, user)).status).toBe(405);
    }
    expect((await db.execute({ sql: "select count(*) as n from coupons where code = ?", args: [code] })).rows[0]!.n).toBe(0);
  });
});

describe("the owner's coupons", () => {
  let id: number;

  it("creates a flat coupon from the form (code in capitals) that applies at checkout at once, with one audit entry", async () => {
    expect((await apply(code)).status).toBe(404);
    const made = await forms.post("/admin/coupons/new", NEW, owner);
    expect(made.status).toBe(302);
    const location = made.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/coupons\/\d+\?done=created$/);
    id = Number(/coupons\/(\d+)/.exec(location)![1]);
    expect(await couponAudits(id)).toBe(1);

    const res = await apply(code);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { coupon: { code: string; discount: number } }).coupon).toMatchObject({ code, discount: 150 });

    const list = await (await forms.get("/admin/coupons", owner)).text();
    expect(list).toContain(`href="/admin/coupons/${id}"`);
    const api = (await (await call(`/api/admin/coupons/${id}`, owner.token)).json()) as { coupon: Record<string, unknown> };
    expect(api.coupon).toMatchObject({ code, discountType: "flat", discountValue: 150, minSubtotal: 0, usedCount: 0, isActive: true });
  });

  it("refuses a code already in use, and bad values with a message next to each field", async () => {
    const dup = await call("/api/admin/coupons", owner.token, { method: "POST", body: JSON.stringify({ ...NEW, code: "welcome10" }) });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({ message: COUPON_MESSAGES.duplicate, fields: { code: COUPON_MESSAGES.duplicate } });
    const page = await forms.post("/admin/coupons/new", { ...NEW, code: "WELCOME10" }, owner);
    expect(page.status).toBe(409);
    expect(await page.text()).toContain(COUPON_MESSAGES.duplicate);

    const bad = await call("/api/admin/coupons", owner.token, {
      method: "POST",
      body: JSON.stringify({
        ...NEW,
        code: `${code}X`,
        discountType: "percentage",
        discountValue: 120,
        startsOn: "2026-05-10",
        endsOn: "2026-05-01",
      }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: unknown }).fields).toEqual({
      discountValue: COUPON_MESSAGES.percentage,
      endsOn: COUPON_MESSAGES.window,
    });
    expect((await db.execute({ sql: "select count(*) as n from coupons where code = ?", args: [`${code}X`] })).rows[0]!.n).toBe(0);
  });

  it("an edit applies at checkout at once (one audit entry); deactivated, checkout refuses it", async () => {
    const edit = { ...NEW, code, discountType: "percentage", discountValue: "20" };
    const res = await call(`/api/admin/coupons/${id}`, owner.token, { method: "PUT", body: JSON.stringify(edit) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ changed: true, coupon: { discountType: "percentage", discountValue: 20 } });
    expect(await couponAudits(id)).toBe(2);
    const applied = (await (await apply(code)).json()) as { coupon: { discount_type: string; discount_value: number } };
    expect(applied.coupon).toMatchObject({ discount_type: "percentage", discount_value: 20 });

    // The same again: nothing written, no entry.
    const same = await call(`/api/admin/coupons/${id}`, owner.token, { method: "PUT", body: JSON.stringify(edit) });
    expect(await same.json()).toMatchObject({ changed: false });
    expect(await couponAudits(id)).toBe(2);

    const off = await forms.post(`/admin/coupons/${id}`, { ...edit, isActive: "" }, owner);
    expect(off.status).toBe(302);
    expect(off.headers.get("location")).toBe(`/admin/coupons/${id}?done=saved`);
    expect(await couponAudits(id)).toBe(3);
    const refused = await apply(code);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(couponMessages.inactive);
    expect((await forms.post(`/admin/coupons/${id}`, { ...edit, isActive: "on" }, owner)).status).toBe(302);
  });

  it("lists the orders that used it, linked to their pages, and refuses a total limit below the uses counted", async () => {
    const placed = await postJson(
      base,
      "/api/orders/place",
      { shippingInfo: { ...TEST_ADDRESS, emailAddress: shopper.email }, paymentMethod: "cashOnDelivery", coupon_code: code },
      { Authorization: `Bearer ${shopper.token}` },
    );
    expect(placed.status).toBe(201);
    const { orderNumber } = ((await placed.json()) as { order: { orderNumber: number } }).order;
    madeOrders.push(Number((await db.execute({ sql: "select id from orders where order_number = ?", args: [orderNumber] })).rows[0]!.id));

    const page = await (await forms.get(`/admin/coupons/${id}`, owner)).text();
    expect(page).toContain(`href="/admin/orders/${orderNumber}"`);
    const api = (await (await call(`/api/admin/coupons/${id}`, owner.token)).json()) as { coupon: { usedCount: number }; uses: unknown[] };
    expect(api.coupon.usedCount).toBe(1);
    expect(api.uses).toEqual([expect.objectContaining({ orderNumber, orderStatus: "placed" })]);

    const audits = await couponAudits(id);
    const below = await call(`/api/admin/coupons/${id}`, owner.token, {
      method: "PUT",
      body: JSON.stringify({ ...NEW, code, discountType: "percentage", discountValue: "20", usageLimit: 0 }),
    });
    expect(below.status).toBe(400);
    const zero = await call(`/api/admin/coupons/${id}`, owner.token, {
      method: "PUT",
      body: JSON.stringify({ ...NEW, code, discountType: "percentage", discountValue: "20", usageLimit: "1" }),
    });
    expect(zero.status).toBe(200);
    await db.execute({ sql: "update coupons set used_count = 2, usage_limit = null where id = ?", args: [id] });
    const refused = await call(`/api/admin/coupons/${id}`, owner.token, {
      method: "PUT",
      body: JSON.stringify({ ...NEW, code, discountType: "percentage", discountValue: "20", usageLimit: "1" }),
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      message: COUPON_MESSAGES.belowUses(2),
      fields: { usageLimit: COUPON_MESSAGES.belowUses(2) },
    });
    expect(await couponAudits(id)).toBe(audits + 1);
  });

  it("filters the list: active, expired, all", async () => {
    const expired = await call("/api/admin/coupons?status=expired", owner.token);
    const codes = ((await expired.json()) as { coupons: { code: string }[] }).coupons.map((c) => c.code);
    expect(codes).toContain("MONSOON25");
    expect(codes).not.toContain(code);
    const active = ((await (await call("/api/admin/coupons", owner.token)).json()) as { coupons: { code: string }[] }).coupons.map(
      (c) => c.code,
    );
    expect(active).toContain(code);
    expect(active).not.toContain("MONSOON25");
    const page = await (await forms.get("/admin/coupons?status=all", owner)).text();
    expect(page).toContain("MONSOON25");
    expect(page).toContain(code);
  });
});
