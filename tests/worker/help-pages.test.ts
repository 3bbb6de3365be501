import { createClient } from "@libsql/client";
import { describe, expect, inject, it } from "vitest";
import { formatRupees } from "../../workers/services/pricing";
import { settings } from "../../workers/services/settings";
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

const h1s = (html: string) => [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1]!).trim());
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const questionsOf = (html: string) => [...html.matchAll(/<summary>([\s\S]*?)<\/summary>/g)].map((m) => textOf(m[1]!).trim());

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
    expect(titleOf(html)).toBe(`${name} | ${settings.brand.name}`);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(canonicalOf(html)).toMatch(new RegExp(`^https?://[^/]+${path}$`));
    expect(h1s(html)).toEqual([name]);
    expect(text).toContain("Last updated: 27 August 2025");
    expect(html).toContain(`<time dateTime="${settings.policies.updated}">`);
    expect(html).toContain(`href="mailto:${settings.store.email}"`);
    expect(text).toContain(settings.store.phone);
    expect(html).toContain(`href="${settings.store.phoneHref}"`);
    expect(html).toMatch(/<nav[^>]*aria-label="Policies"/);
    expect(html).toMatch(new RegExp(`<a[^>]*aria-current="page"[^>]*href="${path}"|<a[^>]*href="${path}"[^>]*aria-current="page"`));
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
    expect(titleOf(html)).toBe(`FAQs | ${settings.brand.name}`);
    expect(canonicalOf(html)).toMatch(/^https?:\/\/[^/]+\/faqs$/);
    expect(h1s(html)).toEqual(["Frequently Asked Questions"]);
    const nav = /<nav[^>]*aria-label="FAQ topics"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
    const links = [...nav.matchAll(/<a[^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [decode(m[1]!), decode(m[2]!)]);
    expect(links).toEqual([
      ["/faqs", "General Questions"],
      ["/faqs?topic=ordering-payment", "Ordering & Payment"],
      ["/faqs?topic=shipping-delivery", "Shipping & Delivery"],
      ["/faqs?topic=product-care", "Product Care"],
      ["/faqs?topic=bulk-custom-orders", "Bulk & Custom Orders"],
    ]);
    expect(nav).toMatch(/aria-current="page"[^>]*>General Questions</);
    expect(text).toContain("General Questions");
    expect(html).toMatch(/<h2 id="faq-topic">General Questions<\/h2>/);
    const questions = questionsOf(html);
    expect(questions.length).toBeGreaterThan(2);
    expect(html).not.toMatch(/<details[^>]* open/);
    expect([...html.matchAll(/<details name="faq-general-questions"/g)]).toHaveLength(questions.length);

    const [ld] = jsonLdOf(html).filter((d) => d["@type"] === "FAQPage");
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
    expect(html).toMatch(/<h2 id="faq-topic">Bulk &amp; Custom Orders<\/h2>/);
    expect(text).toContain("No FAQs available for this topic yet.");
    expect(questionsOf(html)).toEqual([]);
    expect(jsonLdOf(html).filter((d) => d["@type"] === "FAQPage")).toEqual([]);
    expect(canonicalOf(html)).toMatch(/\/faqs\?topic=bulk-custom-orders$/);
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
