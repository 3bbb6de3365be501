import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { productPath } from "../../workers/services/platform/paths";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser, viewports } from "../support/browser";
import { actBeforeHydration, waitForReactOn } from "../support/page";

/** Choosing a colour on a product page brings that colour's pictures first: in place with JavaScript, by the swatch's link without. */
const browser = useBrowser();

interface ApiProduct {
  slug: string;
  productName: string;
  category: { name: string };
  colors: { name: string }[];
  media: { url: string; color: string | null }[];
}

let all: ApiProduct[];
let product: ApiProduct;
let navy: string[];
beforeAll(async () => {
  const res = await fetch(`${browser.baseUrl}/api/products?limit=100`);
  const { data } = (await res.json()) as { data: ApiProduct[] };
  all = data;
  // The seed's paisley kurti: its first pictures are maroon, then navy.
  product = data.find((p) => p.colors.map((c) => c.name).join() === "Maroon,Navy" && p.media[0]?.color === "Maroon")!;
  navy = product.media.filter((m) => m.color === "Navy").map((m) => m.url);
});

const mainPicture = (page: Page) => page.locator(".gallery__main").getAttribute("src");
const thumbHrefs = (page: Page) => page.locator(".gallery__thumbs a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("the colour she chooses (%s)", (viewport) => {
  it("shows Navy's pictures first in the gallery and the full-screen viewer when she ticks Navy, without a reload, and a card pop-up the picture of its chosen colour", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      await page.goto(productPath(product.category.name, product.slug));
      await waitForReactOn(page, "main");
      expect(await mainPicture(page)).toBe(product.media[0]!.url);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      await page.getByRole("radio", { name: "Navy" }).check();
      await expect.poll(() => mainPicture(page)).toBe(navy[0]);
      expect((await thumbHrefs(page)).slice(0, navy.length)).toEqual(navy);
      expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

      await page.getByRole("button", { name: /View full screen/ }).click();
      const viewer = page.getByRole("dialog");
      await viewer.waitFor();
      expect(await viewer.locator(".viewer__counter [aria-hidden]").textContent()).toBe(`1 / ${product.media.length}`);
      expect(await viewer.locator("img").first().getAttribute("src")).toBe(navy[0]);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");

      // Back to maroon: maroon's pictures lead again.
      await page.getByRole("radio", { name: "Maroon" }).check();
      await expect.poll(() => mainPicture(page)).toBe(product.media[0]!.url);

      // A suggested product's "Select Size & Color" shows the picture of the colour she picks.
      const card = page.locator(".related article.product-card:not(:has(.product-card__badge))").first();
      const slug = (await card.locator("h3 a, h2 a").first().getAttribute("href"))!.split("/").pop();
      const other = all.find((p) => p.slug === slug)!;
      const second = other.colors[1]!.name;
      await card.getByRole("button", { name: /^Add to Cart/ }).click();
      const dialog = page.getByRole("dialog", { name: "Select Size & Color" });
      const picture = dialog.locator(".card-modal__picture");
      expect(await picture.getAttribute("src")).toBe(other.media[0]!.url);
      await dialog.getByRole("radio", { name: second }).check();
      await expect.poll(() => picture.getAttribute("src")).toBe(other.media.find((m) => m.color === second)!.url);
      expect(await picture.getAttribute("alt")).toBe(`${other.productName} in ${second.toLowerCase()}`);
    } finally {
      await close();
    }
  });
});

describe("the colour she chooses before the page's script has started (390 px, CPU 4x)", () => {
  it("ticks in place, keeping the size she ticked first, and brings its pictures forward once the script runs", async () => {
    const { page, close } = await browser.open("phone", { hydrated: false });
    try {
      const path = productPath(product.category.name, product.slug);
      await actBeforeHydration(page, path, async () => {
        await page.locator(".size-options input:not([disabled])").first().check();
        await page.locator(".swatch", { hasText: "Navy" }).click();
      });
      // The same page: no navigation to `?colour=` took her size away.
      expect(new URL(page.url()).search).toBe("");
      expect(await page.locator(".size-options input:checked").count()).toBe(1);
      expect(await page.getByRole("radio", { name: "Navy" }).isChecked()).toBe(true);
      await expect.poll(() => mainPicture(page)).toBe(navy[0]);
    } finally {
      await close();
    }
  });
});

describe("the colour she chooses, without JavaScript", () => {
  it("is a link: a tap on the Navy swatch opens the page with Navy ticked and its pictures first", async () => {
    const { page, close } = await browser.open("phone", { javaScriptEnabled: false });
    try {
      await page.goto(productPath(product.category.name, product.slug));
      expect(await mainPicture(page)).toBe(product.media[0]!.url);
      await page.locator(".swatch", { hasText: "Navy" }).click();
      await page.waitForURL((url) => url.searchParams.get("colour") === "Navy");
      expect(await page.getByRole("radio", { name: "Navy" }).isChecked()).toBe(true);
      expect(await mainPicture(page)).toBe(navy[0]);
      expect((await thumbHrefs(page)).slice(0, navy.length)).toEqual(navy);
    } finally {
      await close();
    }
  });
});
