import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe";
import { onPhone, useBrowser, viewports } from "../support/browser";
import { waitForHydration } from "../support/page";

const browser = useBrowser();

const PAGES = [
  "/faqs",
  "/faqs?topic=bulk-custom-orders",
  "/shipping-delivery-policy",
  "/cancellation-return-policy",
  "/privacy-policy",
  "/terms-and-conditions",
];
const POLICIES = PAGES.filter((p) => p.endsWith("-policy") || p.endsWith("-conditions"));

/** Which questions of the FAQ are open, by their text. */
const openQuestions = (page: Page) =>
  page.locator("details.faq[open] > summary").evaluateAll((summaries) => summaries.map((s) => s.textContent));
const question = (page: Page, n: number) => page.locator("details.faq > summary").nth(n);

/** The accordion's rules, the same with or without JavaScript: native <details name>. */
async function checkAccordion(page: Page) {
  const [first, second] = [question(page, 0), question(page, 1)];
  const [firstText, secondText] = [await first.textContent(), await second.textContent()];
  expect(await openQuestions(page)).toEqual([]);
  await first.click();
  expect(await openQuestions(page)).toEqual([firstText]);
  await expect.poll(() => page.locator("details.faq[open] > p").first().isVisible()).toBe(true);
  await second.click();
  expect(await openQuestions(page)).toEqual([secondText]);
  await second.click();
  expect(await openQuestions(page)).toEqual([]);
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("help pages (%s)", (viewport) => {
  it("pass axe, have one h1 and no sideways scroll", async () => {
    const { page, close } = await browser.open(viewport, { expectStatuses: [] });
    try {
      for (const path of PAGES) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(200);
        expect(await page.locator("h1").count(), path).toBe(1);
        expect(await page.locator("main").count(), path).toBe(1);
        expect(await seriousAxeViolations(page), path).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBe(0);
      }
    } finally {
      await close();
    }
  });

  onPhone(viewport)("shows each policy's date", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      for (const path of POLICIES) {
        await page.goto(path);
        expect(await page.getByText("Last updated: 27 August 2025").isVisible(), path).toBe(true);
      }
    } finally {
      await close();
    }
  });

  onPhone(viewport)("opens one FAQ at a time; clicking the open one closes it", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      await page.goto("/faqs?topic=shipping-delivery");
      await waitForHydration(page);
      await checkAccordion(page);
    } finally {
      await close();
    }
  });
});

describe("FAQ", () => {
  it("works by keyboard: Enter and Space open and close a question", async () => {
    const { page, close } = await browser.open("desktop");
    try {
      await page.goto("/faqs?topic=ordering-payment");
      await waitForHydration(page);
      const [first, second] = [question(page, 0), question(page, 1)];
      await first.focus();
      await page.keyboard.press("Enter");
      expect(await openQuestions(page)).toEqual([await first.textContent()]);
      await page.keyboard.press("Tab");
      expect(await second.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press("Space");
      expect(await openQuestions(page)).toEqual([await second.textContent()]);
      await page.keyboard.press("Space");
      expect(await openQuestions(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("moves between topics by its side links, the chosen one marked, the empty one saying so", async () => {
    const { page, close } = await browser.open("phone");
    try {
      await page.goto("/faqs");
      await waitForHydration(page);
      const topics = page.getByRole("navigation", { name: "FAQ topics" });
      expect(await topics.getByRole("link", { name: "General Questions" }).getAttribute("aria-current")).toBe("page");
      await topics.getByRole("link", { name: "Product Care" }).click();
      await page.getByRole("heading", { level: 2, name: "Product Care" }).waitFor();
      expect(new URL(page.url()).search).toBe("?topic=product-care");
      expect(await topics.getByRole("link", { name: "Product Care" }).getAttribute("aria-current")).toBe("page");
      expect(await topics.getByRole("link", { name: "General Questions" }).getAttribute("aria-current")).toBeNull();
      await topics.getByRole("link", { name: "Bulk & Custom Orders" }).click();
      await page.getByRole("heading", { level: 2, name: "Bulk & Custom Orders" }).waitFor();
      expect(await page.getByText("No FAQs available for this topic yet.").isVisible()).toBe(true);
      expect(await page.locator("details.faq").count()).toBe(0);
    } finally {
      await close();
    }
  });

  it("works with JavaScript disabled: topics are links, the accordion is native", async () => {
    const { page, close } = await browser.open("phone", { javaScriptEnabled: false });
    try {
      await page.goto("/faqs");
      await page.getByRole("link", { name: "Ordering & Payment" }).click();
      await page.getByRole("heading", { level: 2, name: "Ordering & Payment" }).waitFor();
      expect(await page.evaluate(() => typeof (window as { __reactRouterContext?: unknown }).__reactRouterContext)).toBe("undefined");
      await checkAccordion(page);
    } finally {
      await close();
    }
  });
});
