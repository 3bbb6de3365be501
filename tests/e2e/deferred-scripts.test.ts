import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { formatRupees } from "../../workers/services/catalog/pricing";
import { productPath } from "../../workers/services/platform/paths";
import { onPhone, useBrowser, viewports } from "../support/browser";
import { holdScripts, waitForHydration } from "../support/page";

/**
 * The page's JavaScript loads after the first paint (app/lib/deferred-scripts.tsx): what a shopper
 * sees first never waits for it, and what she does before it arrives is kept when it does.
 */
const browser = useBrowser();

interface ApiProduct {
  slug: string;
  category: { name: string };
  sizes: { size: string; price: number; discountPrice: number | null; stock: number }[];
}

/** A product whose in-stock sizes do not all cost the same, its dearest in-stock size and its lowest in-stock price. */
let product: { path: string; size: string; stock: number; price: string; lowestPrice: string };

beforeAll(async () => {
  const { data } = (await (await fetch(`${browser.baseUrl}/api/products?limit=100`)).json()) as { data: ApiProduct[] };
  const rupees = (s: ApiProduct["sizes"][number]) => formatRupees((s.discountPrice ?? s.price) * 100);
  for (const p of data) {
    const inStock = p.sizes.filter((s) => s.stock > 0);
    const dearest = inStock.at(-1);
    if (!dearest || rupees(dearest) === rupees(inStock[0]!)) continue;
    const lowest = inStock.reduce((a, b) => ((b.discountPrice ?? b.price) < (a.discountPrice ?? a.price) ? b : a));
    product = {
      path: productPath(p.category.name, p.slug),
      size: dearest.size,
      stock: dearest.stock,
      price: rupees(dearest),
      lowestPrice: rupees(lowest),
    };
    return;
  }
  throw new Error("The demo catalogue has no product whose sizes differ in price");
});

const priceShown = (page: Page) => page.locator(".purchase .price--large").first().textContent();

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("the page's scripts (%s)", (viewport) => {
  it("are asked for only after the first paint and the paint of the largest picture", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      await page.goto(product.path);
      const times = await page.evaluate(async () => {
        const imagePaint = await new Promise<number>((resolve) =>
          new PerformanceObserver((list) => {
            const entry = list.getEntries()[0] as PerformanceEntry & { renderTime: number; loadTime: number };
            resolve(entry.renderTime || entry.loadTime);
          }).observe({ type: "element", buffered: true }),
        );
        const scripts = performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime);
        return {
          firstPaint: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
          imagePaint,
          scripts,
          picture: document.querySelector("img[fetchpriority=high]")?.getAttribute("elementtiming"),
        };
      });
      expect(times.picture).toBe("page-picture");
      expect(times.scripts.length).toBeGreaterThan(0);
      expect(Math.min(...times.scripts)).toBeGreaterThanOrEqual(times.firstPaint);
      expect(Math.min(...times.scripts)).toBeGreaterThanOrEqual(times.imagePaint);
    } finally {
      await close();
    }
  });

  onPhone(viewport)("keep a size picked and a quantity typed before they arrived, priced as that size", async () => {
    const { page, close } = await browser.open(viewport, { hydrated: false });
    try {
      const scripts = await holdScripts(page);
      await page.goto(product.path);
      expect(await priceShown(page)).toContain(product.lowestPrice);
      await page.getByRole("radio", { name: product.size, exact: true }).check();
      const quantity = page.getByRole("spinbutton", { name: "Quantity" });
      await quantity.fill("2");
      await scripts.release();
      await waitForHydration(page);
      await expect.poll(() => priceShown(page)).toContain(product.price);
      expect(await page.getByRole("radio", { name: product.size, exact: true }).isChecked()).toBe(true);
      expect(await quantity.inputValue()).toBe("2");
      // The stepper counts on from what she typed.
      if (product.stock > 2) {
        await page.getByRole("button", { name: "Increase quantity" }).click();
        expect(await quantity.inputValue()).toBe("3");
      }
    } finally {
      await close();
    }
  });

  it("keep the search opened and typed in before they arrived, and search for it", async () => {
    const { page, close } = await browser.open(viewport, { hydrated: false });
    try {
      const scripts = await holdScripts(page);
      await page.goto("/");
      await page.getByRole("button", { name: "Search", exact: true }).first().click();
      await page.getByRole("searchbox", { name: "Search products" }).pressSequentially("kurti", { delay: 20 });
      await scripts.release();
      await waitForHydration(page);
      await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("query") === "kurti");
      const box = page.getByRole("combobox", { name: "Search products" });
      expect(await box.inputValue()).toBe("kurti");
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await close();
    }
  });
});

describe("the page's scripts in browsers that report less", () => {
  it("load after the picture is decoded where Element Timing is missing, and load at all where no paint is reported", async () => {
    const cases = {
      "no Element Timing": () => Object.defineProperty(PerformanceObserver, "supportedEntryTypes", { value: ["paint", "resource"] }),
      "no PerformanceObserver": () => Object.defineProperty(window, "PerformanceObserver", { value: undefined }),
    };
    for (const [name, hide] of Object.entries(cases)) {
      const { page, close } = await browser.open("desktop");
      try {
        await page.addInitScript(hide);
        await page.goto(product.path); // returns once hydrated
        const started = await page.evaluate(() =>
          Math.min(
            ...performance
              .getEntriesByType("resource")
              .filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
              .map((entry) => entry.startTime),
          ),
        );
        expect(started, name).toBeLessThan(2_000);
        expect(await page.getByRole("radio").count(), name).toBeGreaterThan(0);
      } finally {
        await close();
      }
    }
  });
});
