import { createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { formatRupees } from "../../workers/services/catalog/pricing";
import { settings } from "../../workers/services/content/settings";
import { textsOf, useDom } from "../support/dom";
import { decode, fresh } from "../support/html";

const base = inject("baseUrl");
const dbUrl = inject("dbUrl");

const POLICIES = [
  ["/shipping-delivery-policy", "Shipping & Delivery Policy"],
  ["/cancellation-return-policy", "Cancellation & Return Policy"],
  ["/privacy-policy", "Privacy Policy"],
  ["/terms-and-conditions", "Terms & Conditions"],
] as const;

/** The page's visible text, tags and comments gone, entities decoded, spaces collapsed. */
const textOf = (html: string) =>
  decode(
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .replace(/ ([.,;:)])/g, "$1");

async function page(path: string, status = 200) {
  const res = await fetch(new URL(path, base));
  expect(res.status, path).toBe(status);
  const html = await res.text();
  return { html, text: textOf(html) };
}

const dom = useDom();
const h1s = (doc: Page) => textsOf(doc, "h1");
const canonicalOf = (doc: Page) => doc.locator('link[rel="canonical"]').getAttribute("href");
const jsonLdOf = async (doc: Page) =>
  (await doc.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
/** The FAQ's questions: the summaries of the accordion in the page's main content (the header has its own). */
const questionsOf = (doc: Page) => textsOf(doc, "main details > summary");
const count = (doc: Page, selector: string) => doc.locator(selector).count();

/** Runs `body` while shop_settings holds `deliveryChargePaise`, then removes the row again. */
async function withDeliveryCharge(paise: number, body: () => Promise<void>) {
  const db = createClient({ url: dbUrl });
  try {
    await db.execute({
      sql: "insert into shop_settings (key, value, updated_at) values ('deliveryChargePaise', ?, ?) on conflict (key) do update set value = excluded.value",
      args: [String(paise), Date.now()],
    });
    await body();
  } finally {
    await db.execute("delete from shop_settings where key = 'deliveryChargePaise'");
    db.close();
  }
}

describe("policy pages", () => {
  it.each(POLICIES)("%s has its title, one h1, the date, and the support e-mail and phone", async (path, name) => {
    const { html, text } = await page(path);
    const doc = await dom(html);
    expect(await doc.title()).toBe(`${name} | ${settings.brand.name}`);
    expect(await doc.locator('meta[name="description"]').getAttribute("content")).toMatch(/^.{50,}$/);
    expect(await canonicalOf(doc)).toMatch(new RegExp(`^https?://[^/]+${path}$`));
    expect(await h1s(doc)).toEqual([name]);
    expect(text).toContain("Last updated: 27 August 2025");
    expect(await count(doc, `time[datetime="${settings.policies.updated}"]`)).toBeGreaterThan(0);
    expect(await count(doc, `a[href="mailto:${settings.store.email}"]`)).toBeGreaterThan(0);
    expect(text).toContain(settings.store.phone);
    expect(await count(doc, `a[href="${settings.store.phoneHref}"]`)).toBeGreaterThan(0);
    expect(await count(doc, 'nav[aria-label="Policies"]')).toBeGreaterThan(0);
    expect(await count(doc, `a[aria-current="page"][href="${path}"]`)).toBeGreaterThan(0);
  });

  it("states the return window, refund days and cancellation window from settings", async () => {
    const { policies } = settings;
    const { text } = await page("/cancellation-return-policy");
    expect(text).toContain(`within ${policies.cancelWithinHours} hours of placing it`);
    expect(text).toContain(`within ${policies.returnWithinDays} days of delivery`);
    expect(text).toContain(`within ${policies.refundBusinessDays.min}-${policies.refundBusinessDays.max} business days`);
  });

  it("tells what the shop stores and for how long, with the real session cookie", async () => {
    const { text } = await page("/privacy-policy");
    expect(text).toContain("aanchal_session");
    expect(text).toContain("for up to 30 days");
    for (const kept of ["Your account", "Saved addresses", "Cart and wishlist", "Orders", "Reviews", "Messages and enquiries"]) {
      expect(text).toContain(kept);
    }
    expect(text).toContain("Kept for 8 years");
    expect(text).toContain("Razorpay");
    expect(text).toMatch(/no third-party trackers/i);
  });

  it("gives the terms' age, law and courts from settings", async () => {
    const { text } = await page("/terms-and-conditions");
    expect(text).toContain(`${settings.policies.minimumAge} or older`);
    expect(text).toContain(`courts at ${settings.policies.courtsCity}`);
  });
});

describe("FAQ", () => {
  it("lists the topics as links, the first chosen, its questions closed, with FAQPage JSON-LD", async () => {
    const { html, text } = await page("/faqs");
    const doc = await dom(html);
    expect(await doc.title()).toBe(`FAQs | ${settings.brand.name}`);
    expect(await canonicalOf(doc)).toMatch(/^https?:\/\/[^/]+\/faqs$/);
    expect(await h1s(doc)).toEqual(["Frequently Asked Questions"]);
    const nav = doc.locator('nav[aria-label="FAQ topics"]');
    const links = await nav.locator("a").evaluateAll((as) => as.map((a) => [a.getAttribute("href"), a.textContent]));
    expect(links).toEqual([
      ["/faqs", "General Questions"],
      ["/faqs?topic=ordering-payment", "Ordering & Payment"],
      ["/faqs?topic=shipping-delivery", "Shipping & Delivery"],
      ["/faqs?topic=product-care", "Product Care"],
      ["/faqs?topic=bulk-custom-orders", "Bulk & Custom Orders"],
    ]);
    expect(await nav.locator('a[aria-current="page"]').allTextContents()).toEqual(["General Questions"]);
    expect(text).toContain("General Questions");
    expect(await textsOf(doc, "h2#faq-topic")).toEqual(["General Questions"]);
    const questions = await questionsOf(doc);
    expect(questions.length).toBeGreaterThan(2);
    expect(await count(doc, "details[open]")).toBe(0);
    expect(await count(doc, 'details[name="faq-general-questions"]')).toBe(questions.length);

    const [ld] = (await jsonLdOf(doc)).filter((d) => d["@type"] === "FAQPage");
    expect(ld).toBeDefined();
    const entities = ld!.mainEntity as { "@type": string; name: string; acceptedAnswer: { text: string } }[];
    expect(entities.map((e) => e.name)).toEqual(questions);
    expect(entities.every((e) => e["@type"] === "Question" && e.acceptedAnswer.text.length > 20)).toBe(true);
    expect(text).toContain(entities[0]!.acceptedAnswer.text);
  });

  it("answers each topic from settings: payment methods, delivery days, returns", async () => {
    const payment = (await page("/faqs?topic=ordering-payment")).text;
    expect(payment).toContain("You can pay by UPI, credit & debit cards, net banking, wallets and cash on delivery.");
    const shipping = (await page("/faqs?topic=shipping-delivery")).text;
    const { deliveryBusinessDays: d, returnWithinDays } = settings.policies;
    expect(shipping).toContain(`${d.min}-${d.max} business days`);
    expect(shipping).toContain(`within ${returnWithinDays} days of delivery`);
    expect((await page("/faqs?topic=product-care")).text).toContain("size chart");
  });

  it("says so for a topic with no questions yet, and gives no FAQPage for it", async () => {
    const { html, text } = await page("/faqs?topic=bulk-custom-orders");
    const doc = await dom(html);
    expect(await textsOf(doc, "h2#faq-topic")).toEqual(["Bulk & Custom Orders"]);
    expect(text).toContain("No FAQs available for this topic yet.");
    expect(await questionsOf(doc)).toEqual([]);
    expect((await jsonLdOf(doc)).filter((d) => d["@type"] === "FAQPage")).toEqual([]);
    expect(await canonicalOf(doc)).toMatch(/\/faqs\?topic=bulk-custom-orders$/);
  });

  it("answers a topic it does not have with the 404 page", async () => {
    expect((await page("/faqs?topic=no-such-topic", 404)).text).toContain("SORRY, PAGE NOT FOUND");
  });
});

describe("the delivery charge comes from the shop's settings", () => {
  const faqCharge = async () => (await page(fresh("/faqs?topic=shipping-delivery"))).text;
  const policyCharge = async () => (await page(fresh("/shipping-delivery-policy"))).text;

  it("is the default ₹100 on every order, and follows a changed shop_settings row on the next render", async () => {
    expect(settings.money.deliveryChargePaise).toBe(100_00);
    const every = (paise: number) => `Delivery is ${formatRupees(paise)} on every order`;
    expect(await faqCharge()).toContain(every(100_00));
    expect(await policyCharge()).toContain(every(100_00));

    await withDeliveryCharge(49_00, async () => {
      for (const text of [await faqCharge(), await policyCharge()]) {
        expect(text).toContain(every(49_00));
        expect(text).not.toContain(every(100_00));
      }
    });
    expect(await faqCharge()).toContain(every(100_00));
  });
});
