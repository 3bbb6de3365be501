import { createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { mailsTo, postJson } from "../../tooling/accounts";
import { CONTACT_MESSAGES, ENQUIRY_MESSAGES } from "../../workers/services/content/messages.rules";
import { settings } from "../../workers/services/content/settings";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser, type viewports } from "../support/browser";
import { withinOneLimitWindow } from "../support/limit-window";
import { waitForHydration } from "../support/page";

/**
 * The contact and enquiry forms in Chromium: each sends, says so, empties itself,
 * and the message is in the database and in the development mailbox (the shop's copy and the
 * acknowledgement); required fields, the honeypot and the rate limit refuse; both work without
 * JavaScript. Each test calls from an address of its own (CF-Connecting-IP), so rate limits do not mix.
 */
const browser = useBrowser();
const base = browser.baseUrl;
const db = createClient({ url: inject("dbUrl") });
const SHOP = settings.store.email;
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
let ipCount = 0;
const freshIp = () => `10.77.${Math.floor(++ipCount / 250)}.${(ipCount % 250) + 1}`;

async function rows(table: "contact_messages" | "enquiries", email: string) {
  return (await db.execute({ sql: `SELECT * FROM ${table} WHERE email = ?`, args: [email] })).rows.map((r) => ({ ...r }));
}
const count = async (table: string) => Number((await db.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

async function openAt(viewport: keyof typeof viewports, path: string, opts: Parameters<typeof browser.open>[1] = {}) {
  const opened = await browser.open(viewport, opts);
  const ip = freshIp();
  await opened.page.setExtraHTTPHeaders({ "CF-Connecting-IP": ip });
  await opened.page.goto(path);
  if (opts.javaScriptEnabled !== false) await waitForHydration(opened.page);
  return { ...opened, ip };
}

async function noHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Holds the form's request until the test has seen its pending state; `release()` sends it on. */
async function holdPosts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\.data(\?|$)/, async (route) => {
    if (route.request().method() === "POST") await released;
    await route.continue();
  });
  return { release };
}

/** A message under its field. */
const fieldError = (page: Page, text: string) => page.locator(".field__error").filter({ hasText: text });
const toast = (page: Page, text: string) => page.locator(".toast").filter({ hasText: text });

describe.each(["phone"] as (keyof typeof viewports)[])("contact and enquiry at %s width", (viewport) => {
  it("contact: shows the shop's details, flags required fields, sends, resets, and the message is stored and mailed", async () => {
    const { page, close } = await openAt(viewport, "/contact-us", { expectStatuses: [400] });
    try {
      expect(await page.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["Contact Us"]);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await noHorizontalOverflow(page);
      const details = page.getByRole("complementary");
      await expect.poll(() => details.getByRole("link", { name: SHOP }).getAttribute("href")).toBe(`mailto:${SHOP}`);
      expect(await details.getByRole("link", { name: settings.store.phone }).getAttribute("href")).toBe(settings.store.phoneHref);
      expect(await details.textContent()).toContain("Ghaziabad, Uttar Pradesh");
      expect(await details.textContent()).toContain(settings.store.hours);
      expect(await details.getByRole("link", { name: /Google Maps/ }).getAttribute("href")).toMatch(
        /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.*Ghaziabad/,
      );
      for (const s of settings.social)
        expect(await details.getByRole("link", { name: new RegExp(s.name) }).getAttribute("href")).toBe(s.href);

      await page.getByRole("button", { name: "Send Message" }).click();
      await expect.poll(() => fieldError(page, CONTACT_MESSAGES.nameRequired).count()).toBe(1);
      expect(await page.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByLabel("Message", { exact: true }).getAttribute("aria-invalid")).toBe("true");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");

      const id = uniq();
      const email = `contact.${viewport}.${id}@example.com`;
      await page.getByLabel("Name").fill(`Asha ${id}`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Message", { exact: true }).fill(`Do you have the Chanderi kurti in XL? ${id}`);
      const posts = await holdPosts(page);
      const button = page.getByRole("button", { name: /Send Message|Sending/ });
      await button.click();
      await expect.poll(() => button.textContent()).toBe("Sending...");
      expect(await button.isDisabled()).toBe(true);
      posts.release();
      await expect.poll(() => toast(page, CONTACT_MESSAGES.sent).count()).toBe(1);
      await expect.poll(() => button.textContent()).toBe("Send Message");
      expect(await page.getByLabel("Name").inputValue()).toBe("");
      expect(await page.getByLabel("Email").inputValue()).toBe("");
      expect(await page.getByLabel("Message", { exact: true }).inputValue()).toBe("");
      expect(await page.getByLabel("Name").getAttribute("aria-invalid")).toBeNull();

      expect(await rows("contact_messages", email)).toEqual([
        expect.objectContaining({ name: `Asha ${id}`, message: `Do you have the Chanderi kurti in XL? ${id}` }),
      ]);
      const toShop = (await mailsTo(base, SHOP)).find((m) => m.text.includes(id));
      expect(toShop?.replyTo).toBe(email);
      expect((await mailsTo(base, email))[0]?.subject).toMatch(/received your message/);
    } finally {
      await close();
    }
  });

  it("enquiry: the order number appears for a cancellation, sends as General, resets, stored and mailed", async () => {
    const { page, close } = await openAt(viewport, "/enquiry-us", { expectStatuses: [400] });
    try {
      expect(await page.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["Enquiry & Cancellation Form"]);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await noHorizontalOverflow(page);
      expect(await page.getByRole("radio", { name: "Email" }).isChecked()).toBe(true);
      expect(await page.getByLabel("Order number").count()).toBe(0);

      await page.getByRole("button", { name: "Send Enquiry" }).click();
      await expect.poll(() => fieldError(page, ENQUIRY_MESSAGES.fullNameRequired).count()).toBe(1);
      expect(await fieldError(page, ENQUIRY_MESSAGES.typeRequired).count()).toBe(1);
      expect(await page.getByLabel("Enquiry type").getAttribute("aria-invalid")).toBe("true");

      const id = uniq();
      const email = `enquiry.${viewport}.${id}@example.com`;
      await page.getByLabel("Full name").fill(`Meera ${id}`);
      await page.getByRole("textbox", { name: "Email" }).fill(email);
      await page.getByLabel("Phone (optional)").fill("98765 43210");
      await page.getByLabel("Enquiry type").selectOption("Order Cancellation Query");
      await expect.poll(() => page.getByLabel("Order number").count()).toBe(1);
      await page.getByLabel("Message", { exact: true }).fill(`Please cancel, wrong size ${id}`);
      await page.getByRole("radio", { name: "Phone" }).check();
      await page.getByLabel("Preferred time (optional)").fill("Evenings");
      await page.getByRole("button", { name: "Send Enquiry" }).click();
      await expect.poll(() => fieldError(page, ENQUIRY_MESSAGES.orderNumberRequired).count()).toBe(1);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("orderNumber");
      await page.getByLabel("Order number").fill("1042");
      const posts = await holdPosts(page);
      const button = page.getByRole("button", { name: /Send Enquiry|Sending/ });
      await button.click();
      await expect.poll(() => button.textContent()).toBe("Sending...");
      expect(await button.isDisabled()).toBe(true);
      posts.release();
      await expect.poll(() => toast(page, ENQUIRY_MESSAGES.sent).count()).toBe(1);
      expect(await page.getByLabel("Full name").inputValue()).toBe("");
      expect(await page.getByLabel("Message", { exact: true }).inputValue()).toBe("");
      expect(await page.getByLabel("Enquiry type").inputValue()).toBe("");
      expect(await page.getByRole("radio", { name: "Email" }).isChecked()).toBe(true);
      expect(await page.getByLabel("Order number").count()).toBe(0);

      expect(await rows("enquiries", email)).toEqual([
        expect.objectContaining({
          full_name: `Meera ${id}`,
          phone: "9876543210",
          enquiry_type: "General",
          order_number: 1042,
          preferred_contact_method: "Phone",
          preferred_time: "Evenings",
        }),
      ]);
      const toShop = (await mailsTo(base, SHOP)).find((m) => m.text.includes(id));
      expect(toShop?.subject).toBe(`Order cancellation query, order #1042 from Meera ${id}`);
      expect(toShop?.replyTo).toBe(email);
      expect((await mailsTo(base, email))[0]?.subject).toMatch(/received your enquiry/);
    } finally {
      await close();
    }
  });
});

describe("refusals", () => {
  it("a filled honeypot is refused and nothing is stored", async () => {
    const { page, close } = await openAt("desktop", "/contact-us", { expectStatuses: [400] });
    try {
      const before = await count("contact_messages");
      await page.getByLabel("Name").fill("Robot");
      await page.getByLabel("Email").fill(`bot.${uniq()}@example.com`);
      await page.getByLabel("Message", { exact: true }).fill("Cheap followers");
      await page.getByLabel("Leave this field empty").fill("http://spam.example", { force: true });
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect.poll(() => toast(page, CONTACT_MESSAGES.honeypot).count()).toBe(1);
      expect(await count("contact_messages")).toBe(before);
    } finally {
      await close();
    }
  });

  it("the rate limit refuses with a clear message and nothing is stored", async () => {
    const { page, close, ip } = await openAt("phone", "/enquiry-us", { expectStatuses: [429] });
    try {
      await withinOneLimitWindow(20_000);
      const enquiry = (n: number) => ({
        fullName: "Kavya",
        email: `rate.${n}.${uniq()}@example.com`,
        enquiryType: "General",
        message: "Hello",
      });
      for (let n = 0; n < 5; n++)
        expect((await postJson(base, "/api/enquiries/send-enquiry", enquiry(n), { "CF-Connecting-IP": ip })).status).toBe(201);
      const before = await count("enquiries");
      await page.getByLabel("Full name").fill("Kavya");
      await page.getByRole("textbox", { name: "Email" }).fill(`rate.page.${uniq()}@example.com`);
      await page.getByLabel("Enquiry type").selectOption("Product");
      await page.getByLabel("Message", { exact: true }).fill("Is the saree in stock?");
      await page.getByRole("button", { name: "Send Enquiry" }).click();
      await expect.poll(() => toast(page, "Too many attempts. Please try again in 1 minute.").count()).toBe(1);
      expect(await count("enquiries")).toBe(before);
      expect(await page.getByLabel("Full name").inputValue()).toBe("Kavya");
    } finally {
      await close();
    }
  });
});

describe("without JavaScript", () => {
  it("the contact form flags required fields, then sends and shows its message", async () => {
    const { page, close } = await openAt("phone", "/contact-us", { javaScriptEnabled: false });
    try {
      await page.getByLabel("Email").fill("not-an-address");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.waitForLoadState();
      expect(await fieldError(page, CONTACT_MESSAGES.nameRequired).count()).toBe(1);
      expect(await page.getByLabel("Email").inputValue()).toBe("not-an-address");
      expect(await page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");

      const id = uniq();
      const email = `nojs.${id}@example.com`;
      await page.getByLabel("Name").fill(`Ritu ${id}`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Message", { exact: true }).fill(`Written without scripts ${id}`);
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.waitForLoadState();
      expect(await page.getByRole("status").filter({ hasText: CONTACT_MESSAGES.sent }).count()).toBe(1);
      expect(await page.getByLabel("Message", { exact: true }).inputValue()).toBe("");
      expect(await rows("contact_messages", email)).toHaveLength(1);
      expect((await mailsTo(base, SHOP)).some((m) => m.text.includes(id))).toBe(true);
    } finally {
      await close();
    }
  });

  it("the enquiry form shows the order number with its hint, and sends", async () => {
    const { page, close } = await openAt("desktop", "/enquiry-us", { javaScriptEnabled: false });
    try {
      expect(await page.getByLabel("Order number").count()).toBe(1);
      expect(await page.getByText(/Only for an Order Cancellation Query/).count()).toBe(1);
      const id = uniq();
      const email = `nojs.enquiry.${id}@example.com`;
      await page.getByLabel("Full name").fill(`Nisha ${id}`);
      await page.getByRole("textbox", { name: "Email" }).fill(email);
      await page.getByLabel("Enquiry type").selectOption("Custom");
      await page.getByLabel("Message", { exact: true }).fill(`A lehenga to measure ${id}`);
      await page.getByRole("button", { name: "Send Enquiry" }).click();
      await page.waitForLoadState();
      expect(await page.getByRole("status").filter({ hasText: ENQUIRY_MESSAGES.sent }).count()).toBe(1);
      expect(await page.getByLabel("Full name").inputValue()).toBe("");
      expect(await rows("enquiries", email)).toEqual([expect.objectContaining({ enquiry_type: "Custom", order_number: null })]);
    } finally {
      await close();
    }
  });
});

describe("contact and enquiry at a desktop's width", () => {
  it("fit the screen and have no serious accessibility problem", async () => {
    for (const path of ["/contact-us", "/enquiry-us"]) {
      const { page, close } = await openAt("desktop", path);
      try {
        expect(await page.getByRole("heading", { level: 1 }).count(), path).toBe(1);
        await noHorizontalOverflow(page);
        expect(await seriousAxeViolations(page), path).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});
