import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser, viewports } from "../support/browser";

const browser = useBrowser();

/** Marks the document; a full page load starts a new one without the mark. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

const mainNav = (page: Page, viewport: keyof typeof viewports) =>
  viewport === "phone"
    ? page.locator(".header-menu__panel")
    : page.getByRole("navigation", { name: "Main" }).filter({ has: page.locator(":scope.header-nav") });

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("the shop's links (%s)", (viewport) => {
  it("move between pages without loading a new document, mark the page she is on, and go back", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      await page.goto("/about-us");
      const nav = mainNav(page, viewport);
      if (viewport === "phone") await page.getByLabel("Menu").click();
      expect(await nav.getByRole("link", { name: "About Us" }).getAttribute("aria-current")).toBe("page");
      await markDocument(page);

      // The header's main navigation.
      await nav.getByRole("link", { name: "Products" }).click();
      await page.waitForURL((url) => url.pathname === "/all-products");
      await expect.poll(() => page.locator("main article.product-card").count()).toBeGreaterThan(0);
      if (viewport === "phone") await page.getByLabel("Menu").click();
      await expect.poll(() => nav.getByRole("link", { name: "Products" }).getAttribute("aria-current")).toBe("page");
      expect(await nav.getByRole("link", { name: "About Us" }).getAttribute("aria-current")).toBeNull();
      if (viewport === "phone") await page.getByLabel("Menu").click();

      // A product card, then a footer link.
      const card = page.locator("main article.product-card").first();
      const name = (await card.locator("h2, h3").first().textContent())?.trim() ?? "";
      await card.getByRole("link", { name }).first().click();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
      await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
      await page.waitForURL((url) => url.pathname === "/privacy-policy");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Privacy");

      // All in one document, and the browser's Back button returns to the product.
      expect(await sameDocument(page)).toBe(true);
      await page.goBack();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
      expect(await sameDocument(page)).toBe(true);
    } finally {
      await close();
    }
  });
});

describe("a link to the page she is on", () => {
  it("adds no step to the browser's history, from the header or from a FAQ topic", async () => {
    const { page, close } = await browser.open("desktop");
    try {
      await page.goto("/faqs?topic=product-care");
      const steps = () => page.evaluate(() => window.history.length);
      const before = await steps();
      const topics = page.getByRole("navigation", { name: "FAQ topics" });
      await topics.getByRole("link", { name: "Product Care" }).click();
      await page.getByRole("heading", { level: 2, name: "Product Care" }).waitFor();
      await page.goto("/about-us");
      const onAbout = await steps();
      await mainNav(page, "desktop").getByRole("link", { name: "About Us" }).click();
      await page.waitForLoadState("networkidle");
      expect(await steps()).toBe(onAbout);
      expect(onAbout).toBe(before + 1);
    } finally {
      await close();
    }
  });
});

describe("a link opened elsewhere", () => {
  it("is left to the browser: a Ctrl click opens a new tab and this page stays where it is", async () => {
    const { page, close } = await browser.open("desktop");
    try {
      await page.goto("/about-us");
      await markDocument(page);
      const opened = page.context().waitForEvent("page");
      await page
        .getByRole("contentinfo")
        .getByRole("link", { name: "Privacy Policy" })
        .click({ modifiers: ["Control"] });
      const tab = await opened;
      // A new tab starts at about:blank before it navigates: wait for where it goes.
      await tab.waitForURL((url) => url.pathname === "/privacy-policy");
      expect(new URL(page.url()).pathname).toBe("/about-us");
      expect(await sameDocument(page)).toBe(true);
    } finally {
      await close();
    }
  });
});
