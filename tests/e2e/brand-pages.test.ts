import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser, viewports } from "../support/browser";

const browser = useBrowser();

/** How far the page is wider than the screen: 0 when nothing sticks out sideways. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Each illustration's name and drawn size, once it has scrolled into view. */
async function drawnArt(page: Page) {
  const art = page.locator("main svg.craft-art");
  const sizes = [];
  for (let i = 0; i < (await art.count()); i++) {
    const one = art.nth(i);
    await one.scrollIntoViewIfNeeded();
    const box = await one.boundingBox();
    sizes.push({
      name: await one.getAttribute("data-art"),
      drawn: !!box && box.width > 100 && box.height > 75,
      shapes: await one.locator("path, rect, circle, ellipse").count(),
    });
  }
  return sizes;
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("brand pages (%s)", (viewport) => {
  it("About us: the story and values, accessible and within the screen, and Shop Now opens all products", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      expect((await page.goto("/about-us"))?.status()).toBe(200);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(1);
      expect(await page.getByRole("heading", { level: 2, name: "Our Journey" }).isVisible()).toBe(true);
      expect(await page.getByRole("heading", { level: 3 }).allTextContents()).toHaveLength(6);
      expect((await drawnArt(page)).map((a) => a.drawn)).toEqual([true]);
      expect(await overflow(page)).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole("main").getByRole("link", { name: "Shop Now" }).click();
      await page.waitForURL((url) => url.pathname === "/all-products");
      await page.getByRole("heading", { level: 1 }).waitFor();
    } finally {
      await close();
    }
  });

  it("Manufacturing: five illustrated steps, accessible and within the screen", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      expect((await page.goto("/manufacturing"))?.status()).toBe(200);
      expect(await page.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["How our clothes are made"]);
      expect(await page.locator(".craft-steps > li h2").allTextContents()).toEqual([
        "Fabrics",
        "Block printing",
        "Embroidery",
        "Stitching",
        "Quality checks",
      ]);
      const art = await drawnArt(page);
      expect(art.map((a) => a.name)).toEqual(["fabrics", "block-printing", "embroidery", "stitching", "quality-checks"]);
      for (const a of art) {
        expect(a.drawn, a.name!).toBe(true);
        expect(a.shapes, a.name!).toBeGreaterThan(5);
      }
      expect(await overflow(page)).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole("main").getByRole("link", { name: "Shop Now" }).click();
      await page.waitForURL((url) => url.pathname === "/all-products");
    } finally {
      await close();
    }
  });
});
