import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, mailsTo, postJson, registerUser, type TestUser } from "../../tooling/accounts";
import { fillBasket } from "../../tooling/cart";
import { formatRupees } from "../../workers/services/catalog/pricing";
import { settings } from "../../workers/services/content/settings";
import { SETTINGS_MESSAGES } from "../../workers/services/content/shop-settings.rules";
import { untilCached } from "../support/edge-cache";
import { pageForms } from "../support/page-forms";
import { ownerToken } from "../support/staff";

/**
 * The owner's Settings: GET/PUT /api/admin/settings and /admin/settings, 404 for
 * everyone else; a change shows at once on pages the edge cache already holds (the FAQ, the home
 * page's offer band) and in checkout's quote; a refused value changes nothing; one audit entry per
 * save, with the changed keys only. The settings go back to their defaults at the end.
 */
const base = inject("baseUrl");
const db = createClient({ url: inject("dbUrl") });
const forms = pageForms(base);

let owner: TestUser;
let shopper: TestUser;

const call = (path: string, token: string | null, init: RequestInit = {}) =>
  fetch(new URL(path, base), {
    ...init,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), "Content-Type": "application/json", ...init.headers },
  });
const put = (body: unknown, token: string | null = owner.token) =>
  call("/api/admin/settings", token, { method: "PUT", body: JSON.stringify(body) });
const settingsAudit = async () =>
  (await db.execute("select before, after from audit_log where entity = 'settings' order by id")).rows.map((r) => ({
    before: JSON.parse(String(r.before)),
    after: JSON.parse(String(r.after)),
  }));
const stored = async () => (await db.execute("select key, value from shop_settings order by key")).rows.map((r) => `${r.key}=${r.value}`);
const text = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

const DEFAULTS = {
  deliveryCharge: settings.money.deliveryChargePaise / 100,
  freeShippingThreshold: null,
  promoLine: settings.brand.promo,
  giftOrderLimit: settings.promo.giftOrderLimit,
  lowStockThreshold: settings.admin.lowStockThreshold,
  address: settings.store.address,
  hours: settings.store.hours,
  email: settings.store.email,
  phone: settings.store.phone,
  gstin: settings.tax.gstin,
};

beforeAll(async () => {
  const token = await ownerToken(base);
  owner = { email: DEMO_OWNER.email, password: DEMO_OWNER.password, name: DEMO_OWNER.name, token, id: "" };
  // Through the sign-up itself: a test below reads her sign-up mail.
  shopper = await registerUser(base, "settings-admin-shopper", "Nandini Rao");
  await fillBasket(base, shopper.token);
});
afterAll(async () => {
  // Back to today's values (and every cached page dropped), then no rows at all: the defaults.
  expect((await put(DEFAULTS)).status).toBe(200);
  await db.execute("delete from shop_settings");
  db.close();
});

describe("the settings, for anyone but the owner", () => {
  it("are a 404 on the API and the page, signed out and for a shopper, and a post changes nothing", async () => {
    const before = await stored();
    for (const token of [null, shopper.token]) {
      const read = await call("/api/admin/settings", token);
      expect(read.status).toBe(404);
      expect(await read.json()).toEqual({ message: "Not found" });
      const write = await put({ deliveryCharge: 1 }, token);
      expect(write.status).toBe(404);
    }
    for (const user of [null, shopper]) {
      const page = await forms.get("/admin/settings", user);
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain("Delivery charge");
      const post = await forms.post("/admin/settings", { deliveryCharge: "1", freeShipping: "off" }, user);
      // As a post to an unknown address: the shop's routes have no form there.
      expect(post.status).toBe(405);
    }
    expect(await stored()).toEqual(before);
  });
});

describe("settings and coupons, for a staff member", () => {
  it("are the owner's only: a 404 on the API and the pages", async () => {
    const helper = await createUser(base, "settings-admin-staff", "Pooja Menon");
    const give = await call(`/api/admin/staff/${helper.id}`, owner.token, { method: "PUT", body: JSON.stringify({ role: "staff" }) });
    expect(give.status).toBe(200);
    const login = await postJson(base, "/api/auth/login", { email: helper.email, password: helper.password });
    const staffer = { ...helper, token: ((await login.json()) as { token: string }).token };
    expect((await call("/api/admin/orders", staffer.token)).status).toBe(200);
    for (const path of ["/api/admin/settings", "/api/admin/coupons"]) expect((await call(path, staffer.token)).status, path).toBe(404);
    expect((await put({ deliveryCharge: 1 }, staffer.token)).status).toBe(404);
    for (const path of ["/admin/settings", "/admin/coupons", "/admin/coupons/new"])
      expect((await forms.get(path, staffer)).status, path).toBe(404);
    const nav = await (await forms.get("/admin", staffer)).text();
    expect(nav).not.toContain('href="/admin/settings"');
    expect(nav).not.toContain('href="/admin/coupons"');
  });
});

describe("the owner's settings", () => {
  it("shows every group with its saved values", async () => {
    const res = await forms.get("/admin/settings", owner);
    expect(res.status).toBe(200);
    const html = await text(res);
    for (const legend of ["Delivery &amp; money", "Promotion", "Store &amp; contact", "Tax"])
      expect(html).toContain(`<legend>${legend}</legend>`);
    expect(html).toContain(`value="${DEFAULTS.deliveryCharge}"`);
    expect(html).toContain(`Now: ₹${DEFAULTS.deliveryCharge}`);
    expect(html).toContain(`value="${settings.tax.gstin}"`);
    const api = await call("/api/admin/settings", owner.token);
    expect(api.status).toBe(200);
    expect(((await api.json()) as { settings: unknown }).settings).toMatchObject({ ...DEFAULTS, launchDate: "2025-09-01" });
  });

  it("a new delivery charge shows at once on the cached FAQ and in checkout's quote, with one audit entry of that key only", async () => {
    const faq = "/faqs?topic=shipping-delivery";
    const { html: cachedFaq } = await untilCached(faq);
    expect(cachedFaq.at(-1)).toContain(formatRupees(settings.money.deliveryChargePaise));
    const audits = (await settingsAudit()).length;

    // The form, without JavaScript: every field posted, only the charge changed.
    const form = await text(await forms.get("/admin/settings", owner));
    const fields = Object.fromEntries(
      [...form.matchAll(/<input[^>]*name="([^"]+)"[^>]*>/g)].flatMap(([tag, name]) => {
        if (/type="radio"/.test(tag!)) return /checked/.test(tag!) ? [[name!, /value="([^"]*)"/.exec(tag!)![1]!]] : [];
        return [[name!, (/value="([^"]*)"/.exec(tag!)?.[1] ?? "").replaceAll("&amp;", "&")]];
      }),
    );
    const posted = await forms.post("/admin/settings", { ...fields, deliveryCharge: "75" }, owner);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/admin/settings?done=saved");
    expect(await text(await forms.get("/admin/settings?done=saved", owner))).toContain(SETTINGS_MESSAGES.saved);

    const fresh = await fetch(new URL(faq, base));
    expect(fresh.headers.get("x-edge-cache")).not.toBe("HIT");
    const after = await text(fresh);
    expect(after).toContain(formatRupees(75_00));
    expect(after).not.toContain(formatRupees(settings.money.deliveryChargePaise));

    const quote = await postJson(base, "/api/coupons/apply", { coupon_code: "WELCOME10" }, { Authorization: `Bearer ${shopper.token}` });
    expect(quote.status).toBe(200);
    expect(((await quote.json()) as { totals: { shippingCost: number } }).totals.shippingCost).toBe(75);

    const entries = await settingsAudit();
    expect(entries.length).toBe(audits + 1);
    expect(entries.at(-1)).toEqual({
      before: { deliveryChargePaise: settings.money.deliveryChargePaise },
      after: { deliveryChargePaise: 75_00 },
    });

    // The same values again: nothing written, no entry.
    const again = await forms.post("/admin/settings", { ...fields, deliveryCharge: "75" }, owner);
    expect(again.headers.get("location")).toBe("/admin/settings?done=unchanged");
    expect((await settingsAudit()).length).toBe(audits + 1);
  });

  it("a new promo line shows at once in the cached home page's offer band", async () => {
    const { html: cachedHome } = await untilCached("/");
    expect(cachedHome.at(-1)).toContain(settings.brand.promo);
    const promo = `Festive week: free gift wrap on every order ${Date.now()}`;
    const res = await put({ promoLine: promo });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ settings: { promoLine: promo }, changed: ["promoLine"] });
    const home = await text(await fetch(new URL("/", base)));
    expect(home).toContain(promo);
    expect(home).not.toContain(settings.brand.promo);
  });

  it("the footer, the contact page and the mails show a new address and phone, with its tel: link", async () => {
    const res = await put({ phone: "+91 99999 12345", address: { ...settings.store.address, line1: "Shop 2, Navyug Market" } });
    expect(res.status).toBe(200);
    for (const path of ["/contact-us", "/about-us"]) {
      const html = await text(await fetch(new URL(path, base)));
      expect(html, path).toContain("Shop 2, Navyug Market");
      expect(html, path).toContain('href="tel:+919999912345"');
      expect(html, path).not.toContain(settings.store.phone);
    }
    // A mail is rendered with the settings of when it is sent (the dev mailbox renders it now).
    const [signup] = await mailsTo(base, shopper.email);
    expect(signup?.text).toContain("+91 99999 12345");
  });

  it("refuses bad values with a message for each, changing nothing and writing no entry", async () => {
    const before = await stored();
    const audits = (await settingsAudit()).length;
    const res = await put({
      deliveryCharge: -5,
      freeShippingThreshold: "lots",
      gstin: "09AAKFA1234C1ZX",
      address: { ...settings.store.address, pin: "2010" },
      email: "not-an-address",
      promoLine: "",
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields).toEqual({
      deliveryCharge: SETTINGS_MESSAGES.deliveryCharge,
      freeShippingThreshold: SETTINGS_MESSAGES.freeShipping,
      gstin: SETTINGS_MESSAGES.gstin,
      pin: SETTINGS_MESSAGES.pin,
      email: SETTINGS_MESSAGES.email,
      promoLine: SETTINGS_MESSAGES.promoLine,
    });
    // A well-formed GSTIN of another state (27, Maharashtra) for a store in Uttar Pradesh (09).
    const otherState = await put({ gstin: "27AAPFU0939F1ZV" });
    expect(otherState.status).toBe(400);
    expect(((await otherState.json()) as { fields: Record<string, string> }).fields).toEqual({
      gstin: SETTINGS_MESSAGES.gstinState("27", settings.store.address.state, "09"),
    });
    expect((await put({ surprise: 1 })).status).toBe(400);
    expect((await call("/api/admin/settings", owner.token, { method: "PUT", body: "[1]" })).status).toBe(400);

    // The page: the message next to its field, what was typed kept.
    const page = await forms.post("/admin/settings", { deliveryCharge: "12.345", freeShipping: "on", freeShippingThreshold: "" }, owner);
    expect(page.status).toBe(400);
    const html = await text(page);
    expect(html).toContain(`id="setting-freeShippingThreshold-error"`);
    expect(html).toContain('value="12.345"');

    expect(await stored()).toEqual(before);
    expect((await settingsAudit()).length).toBe(audits);
  });

  it("turns free shipping on from a threshold, and checkout charges no delivery at or above it", async () => {
    const res = await put({ freeShippingThreshold: 1 });
    expect(res.status).toBe(200);
    const quote = await postJson(base, "/api/coupons/apply", { coupon_code: "WELCOME10" }, { Authorization: `Bearer ${shopper.token}` });
    expect(((await quote.json()) as { totals: { shippingCost: number } }).totals.shippingCost).toBe(0);
    expect((await put({ freeShippingThreshold: null })).status).toBe(200);
  });
});
