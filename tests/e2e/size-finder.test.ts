import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ApiProduct, buyableProducts, setStock } from "../../tooling/cart";
import { productPath } from "../../workers/services/platform/paths";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser, viewports } from "../support/browser";
import { actBeforeHydration } from "../support/page";

/**
 * "Find my size" on the product page (docs/product/size-finder.md): she gives her measurements once,
 * the page says which of its sizes fits, and the next product she opens says it too without asking.
 * On the phone she types them before the page's script has started (CPU slowed 4x), and they survive.
 */
const browser = useBrowser();
const dbUrl = inject("dbUrl");
let first: string;
let second: string;
const restore: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const [a, b] = (await buyableProducts(browser.baseUrl)).filter((p) => ["M", "L"].every((s) => p.sizes.some((z) => z.size === s))) as [
    ApiProduct,
    ApiProduct,
  ];
  first = productPath(a.category.name, a.slug);
  second = productPath(b.category.name, b.slug);
  // M in stock on both, so the answer is "Your size: M", not "sold out".
  for (const p of [a, b]) restore.push(await setStock(dbUrl, p._id, "M", 5));
});

afterAll(async () => {
  for (const undo of restore.splice(0)) await undo();
});

const answer = (page: Page) => page.locator(".size-finder__answer");

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("size finder (%s)", (viewport) => {
  it("finds her size from measurements given once, and the next product tells her too", { timeout: 60_000 }, async () => {
    const { page, close } = await browser.open(viewport, { hydrated: viewport === "desktop" });
    try {
      const enter = async () => {
        // From the size chart: before the script, its disclosure's link opens the finder's disclosure
        // (a fragment into a closed <details>); with it, the chart's modal hands her to the finder.
        await page.getByText("Size Chart", { exact: true }).click();
        await page.getByRole(viewport === "phone" ? "link" : "button", { name: "Find my size from my measurements" }).click();
        if (viewport === "desktop") await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("size-finder-bust");
        await page.getByRole("radio", { name: "Centimetres" }).check();
        await page.getByLabel("Bust", { exact: true }).pressSequentially("86", { delay: 10 });
        await page.getByLabel("Waist", { exact: true }).pressSequentially("76", { delay: 10 });
        await page.getByLabel("Hip", { exact: true }).pressSequentially("91", { delay: 10 });
      };
      if (viewport === "phone") {
        // Typed on a slow phone before the script starts: still there, and still chosen, once it has.
        await actBeforeHydration(page, first, enter);
      } else {
        await page.goto(first);
        await enter();
      }
      expect(await page.getByLabel("Bust", { exact: true }).inputValue()).toBe("86");
      expect(await page.getByLabel("Hip", { exact: true }).inputValue()).toBe("91");
      expect(await page.getByRole("radio", { name: "Centimetres" }).isChecked()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Show my size" }).click();
      await page.waitForURL(`${browser.baseUrl}${first}#size-finder-box`);
      await expect.poll(() => answer(page).textContent()).toBe("Your size: M Bust 86 cm: M, waist 76 cm: M, hip 91 cm: M.");
      expect(await answer(page).isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);

      if (viewport === "phone") {
        await page.goto(second);
        expect(await answer(page).textContent()).toBe("Your size: M Bust 86 cm: M, waist 76 cm: M, hip 91 cm: M.");
      } else {
        // Opened by the app itself (a suggested product): the answer comes with the page's data.
        const card = page.locator(".related a[href^='/women-products/']").first();
        const next = await card.getAttribute("href");
        await card.click();
        await page.waitForURL(`${browser.baseUrl}${next}`);
        await expect.poll(() => answer(page).textContent()).toContain("Bust 86 cm: ");
      }
      expect(await page.getByText("Change my measurements", { exact: true }).isVisible()).toBe(true);
    } finally {
      await close();
    }
  });
});
