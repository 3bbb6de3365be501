import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { settings } from "../../workers/services/content/settings";
import type { CategoryJson, ProductJson } from "../support/api-json";
import { seriousAxeViolations } from "../support/axe";
import { laptop, onPhone, useBrowser, viewports } from "../support/browser";
import { actBeforeHydration } from "../support/page";

const browser = useBrowser();
const PAGE_SIZE = settings.catalogue.listingPageSize;

async function api<T>(path: string): Promise<T> {
  const res = await fetch(browser.baseUrl + path);
  expect(res.status, `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

async function categories() {
  return (await api<{ data: CategoryJson[] }>("/api/categories")).data;
}

async function categoryNamed(name: string) {
  const category = (await categories()).find((c) => c.name === name);
  if (!category) throw new Error(`The seed has no ${name} category`);
  return category;
}

const cards = (page: Page) => page.locator("#products article");
const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const cardCategories = (page: Page) => page.locator("#products .product-card__category").allTextContents();
const tile = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Shop by category" }).getByRole("link", { name: new RegExp(`^${name}(\\s|$)`) });

/** The filter form's Apply button is there for shoppers without JavaScript and goes once hydrated. */
async function hydrated(page: Page) {
  await page.getByRole("button", { name: "Apply" }).waitFor({ state: "detached" });
}

/** Prices of the cards that are in stock, in grid order (out-of-stock ones sort last by design). */
async function inStockPrices(page: Page): Promise<number[]> {
  const texts = await page.locator("#products article:not(:has(.product-card__badge)) .price__now").allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d.]/g, "")));
}

async function cardSlugs(page: Page): Promise<string[]> {
  const hrefs = await page.locator("#products article h2 a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => href.split("/").pop() ?? "");
}

const ascending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("listing (%s)", (viewport) => {
  onPhone(viewport)(`shows ${PAGE_SIZE} products, then ${PAGE_SIZE * 2} after See More without reloading the page`, async () => {
    const { page, close } = await browser.open(viewport);
    try {
      const res = await page.goto("/all-products");
      expect(res?.status()).toBe(200);
      await hydrated(page);
      expect(await heading(page).textContent()).toBe("All Products");
      expect(await cards(page).count()).toBe(PAGE_SIZE);
      const firstEight = await cardSlugs(page);

      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.getByRole("link", { name: "See More" }).click();
      await expect.poll(() => cards(page).count()).toBe(PAGE_SIZE * 2);
      expect(new URL(page.url()).searchParams.get("page")).toBe("2");
      expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
      // The first eight stay where they were; focus moves to the first new card.
      expect((await cardSlugs(page)).slice(0, PAGE_SIZE)).toEqual(firstEight);
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest("li")?.id)).toBe(`item-${PAGE_SIZE + 1}`);
    } finally {
      await close();
    }
  });

  onPhone(viewport)("filters by a category tile and View All Products resets the listing", async () => {
    const kurtis = await categoryNamed("Kurtis");
    const { page, close } = await browser.open(viewport);
    try {
      await page.goto("/all-products");
      await hydrated(page);
      expect(await page.getByRole("link", { name: "View All Products" }).count()).toBe(0);

      await tile(page, "Kurtis").click();
      await expect.poll(() => heading(page).textContent()).toBe("Kurtis");
      expect(new URL(page.url()).searchParams.get("category")).toBe(kurtis._id);
      expect(await tile(page, "Kurtis").getAttribute("aria-current")).toBe("true");
      const shown = await cardCategories(page);
      expect(shown).toHaveLength(Math.min(PAGE_SIZE, kurtis.productCount));
      expect(new Set(shown)).toEqual(new Set(["Kurtis"]));
      // The products are scrolled into view after the filtered load.
      await expect
        .poll(() => page.locator("#products").evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 3_000 })
        .toBeLessThan(200);

      await page.getByRole("link", { name: "View All Products" }).click();
      await expect.poll(() => heading(page).textContent()).toBe("All Products");
      expect(new URL(page.url()).search).toBe("");
      expect(await tile(page, "Kurtis").getAttribute("aria-current")).toBeNull();
      expect(new Set(await cardCategories(page)).size).toBeGreaterThan(1);
      expect(await page.getByRole("link", { name: "View All Products" }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it("has no serious accessibility violations, unfiltered or filtered", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      await page.goto("/all-products");
      await hydrated(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);

      const kurtis = await categoryNamed("Kurtis");
      await page.goto(`/all-products?category=${kurtis._id}&size=M`);
      await hydrated(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("listing filters", () => {
  it("shows a Coming Soon ribbon on the tile of a category with no products, and Coming soon for its grid", async () => {
    const empty = (await categories()).find((c) => c.productCount === 0);
    if (!empty) throw new Error("The seed should keep one category empty");
    const full = (await categories()).find((c) => c.productCount > 0)!;
    const { page, close } = await browser.open("phone");
    try {
      await page.goto("/all-products");
      await hydrated(page);
      expect(await tile(page, empty.name).locator(".category-tile__ribbon").textContent()).toBe("Coming Soon");
      expect(await tile(page, full.name).locator(".category-tile__ribbon").count()).toBe(0);

      await tile(page, empty.name).click();
      await expect.poll(() => heading(page).textContent()).toBe(empty.name);
      expect(await cards(page).count()).toBe(0);
      expect(await page.locator("#products").textContent()).toContain("Coming soon");
      // Nothing to narrow or sort: no filters, whether reached by the tile or opened directly.
      expect(await page.getByLabel("Size").count()).toBe(0);
      expect(await page.getByLabel("Colour").count()).toBe(0);
      expect(await page.getByLabel("Sort by").count()).toBe(0);
      await page.goto(`/all-products?category=${empty._id}`);
      expect(await page.getByLabel("Size").count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("sorts by price, low to high", async () => {
    const { page, close } = await browser.open("desktop");
    try {
      await page.goto("/all-products");
      await hydrated(page);
      const newest = await inStockPrices(page);
      expect(ascending(newest)).toBe(false);

      await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
      await page.waitForURL((url) => url.searchParams.get("sort") === "price-asc");
      await expect.poll(async () => ascending(await inStockPrices(page))).toBe(true);
      const sorted = await inStockPrices(page);
      expect(sorted.length).toBeGreaterThanOrEqual(PAGE_SIZE - 1);
      expect(sorted[0]).toBeLessThanOrEqual(Math.min(...newest));
    } finally {
      await close();
    }
  });

  it("filters by size: only products with that size in stock", async () => {
    const { page, close } = await browser.open("phone");
    try {
      await page.goto("/all-products");
      await hydrated(page);
      const total = Number((await page.locator(".listing__count").textContent())?.match(/\d+/)?.[0]);

      await page.getByLabel("Size").selectOption("XS");
      await page.waitForURL((url) => url.searchParams.get("size") === "XS");
      await expect.poll(async () => Number((await page.locator(".listing__count").textContent())?.match(/\d+/)?.[0])).toBeLessThan(total);
      const slugs = await cardSlugs(page);
      expect(slugs.length).toBeGreaterThan(0);
      for (const slug of slugs) {
        const product = await api<ProductJson>(`/api/products/slug/${slug}`);
        expect(
          product.sizes.some((s) => s.size === "XS" && s.stock > 0),
          `${slug} has XS in stock`,
        ).toBe(true);
      }
      expect(await page.getByRole("link", { name: "View All Products" }).count()).toBe(1);
    } finally {
      await close();
    }
  });

  it("applies a size and a sort chosen before the page's script started (390 px, CPU 4x), and keeps them shown", async () => {
    const { page, close } = await browser.open("phone", { hydrated: false });
    try {
      await actBeforeHydration(page, "/all-products", async () => {
        await page.getByLabel("Size").selectOption("XS");
        await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
      });
      // The Apply button she would have pressed is gone: the script applies what she chose.
      await page.waitForURL((url) => url.searchParams.get("size") === "XS" && url.searchParams.get("sort") === "price-asc");
      expect(await page.getByLabel("Size").inputValue()).toBe("XS");
      expect(await page.getByLabel("Sort by").inputValue()).toBe("price-asc");
      await expect.poll(async () => ascending(await inStockPrices(page))).toBe(true);
      // A URL loaded since (Back) is written into the selects.
      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has("size"));
      await expect.poll(() => page.getByLabel("Size").inputValue()).toBe("");
      expect(await page.getByLabel("Sort by").inputValue()).toBe("newest");
    } finally {
      await close();
    }
  });

  it("narrows a category by subcategory chip, keeping the category", async () => {
    const kurtis = await categoryNamed("Kurtis");
    const { page, close } = await browser.open("desktop");
    try {
      await page.goto(`/all-products?category=${kurtis._id}`);
      await hydrated(page);
      const chips = page.getByRole("navigation", { name: "Kurtis by type" });
      expect(await chips.getByRole("link", { name: "All Kurtis" }).getAttribute("aria-current")).toBe("true");

      await chips.getByRole("link", { name: "Short Kurtis" }).click();
      await page.waitForURL((url) => url.searchParams.has("subcategory"));
      await expect.poll(() => chips.getByRole("link", { name: "Short Kurtis" }).getAttribute("aria-current")).toBe("true");
      expect(await heading(page).textContent()).toBe("Kurtis");
      const shown = await cardCategories(page);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.length).toBeLessThan(Math.min(PAGE_SIZE, kurtis.productCount));
      expect(new Set(shown)).toEqual(new Set(["Kurtis"]));
    } finally {
      await close();
    }
  });

  it("answers a malformed or unknown filter with the 404 page", async () => {
    const { page, close } = await browser.open("phone");
    try {
      for (const query of ["category=abc", "category=999999", "sort=cheapest", "page=0"]) {
        const res = await page.goto(`/all-products?${query}`);
        expect(res?.status(), query).toBe(404);
        expect(await page.textContent("body")).toContain("SORRY, PAGE NOT FOUND");
      }
    } finally {
      await close();
    }
  });
});

describe("listing without JavaScript", () => {
  it("filters by tile, shows 16 after See More, and sorts with the form", async () => {
    const { page, close } = await browser.open("phone", { javaScriptEnabled: false });
    try {
      await page.goto("/all-products");
      expect(await cards(page).count()).toBe(PAGE_SIZE);

      await tile(page, "Kurtis").click();
      await page.waitForURL((url) => url.searchParams.has("category"));
      expect(await heading(page).textContent()).toBe("Kurtis");
      expect(new Set(await cardCategories(page))).toEqual(new Set(["Kurtis"]));

      await page.goto("/all-products");
      await page.getByRole("link", { name: "See More" }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      expect(await cards(page).count()).toBe(PAGE_SIZE * 2);

      await page.goto("/all-products");
      await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
      await page.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL((url) => url.searchParams.get("sort") === "price-asc");
      const prices = await inStockPrices(page);
      expect(prices.length).toBeGreaterThan(1);
      expect(ascending(prices)).toBe(true);
    } finally {
      await close();
    }
  });
});

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("a category from home (%s)", (viewport) => {
  it("opens the one listing from a home tile, pages with See More, filters by size and colour and sorts", async () => {
    const kurtis = await categoryNamed("Kurtis");
    const { data: all } = await api<{ data: ProductJson[] }>("/api/products?limit=100");
    // A colour some kurti has in M, so size and colour together still find her something.
    const colour = all.find((p) => p.category._id === kurtis._id && p.sizes.some((s) => s.size === "M" && s.stock > 0))!.colors[0]!.name;
    const { page, close } = await browser.open(viewport);
    try {
      await page.goto("/");
      await page
        .locator(".outfit-tiles")
        .getByRole("link", { name: /^Kurtis/ })
        .click();
      await page.waitForURL((url) => url.pathname === "/all-products" && url.searchParams.get("category") === kurtis._id);
      await expect.poll(() => heading(page).textContent()).toBe("Kurtis");
      await hydrated(page);
      expect(await tile(page, "Kurtis").getAttribute("aria-current")).toBe("true");
      expect(await cards(page).count()).toBe(Math.min(PAGE_SIZE, kurtis.productCount));
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole("link", { name: "See More" }).click();
      await expect.poll(() => cards(page).count()).toBe(Math.min(PAGE_SIZE * 2, kurtis.productCount));
      expect(new Set(await cardCategories(page))).toEqual(new Set(["Kurtis"]));

      await page.getByLabel("Size").selectOption("M");
      await page.waitForURL((url) => url.searchParams.get("size") === "M");
      await page.getByLabel("Colour").selectOption(colour);
      await page.waitForURL((url) => url.searchParams.get("color") === colour);
      await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
      await page.waitForURL((url) => url.searchParams.get("sort") === "price-asc");
      const url = new URL(page.url());
      expect(url.searchParams.get("category")).toBe(kurtis._id);
      expect(url.searchParams.get("size")).toBe("M");
      await expect.poll(async () => ascending(await inStockPrices(page))).toBe(true);
      expect(await heading(page).textContent()).toBe("Kurtis");
      const count = Number((await page.locator(".listing__count").textContent())?.match(/\d+/)?.[0]);
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(kurtis.productCount);
      for (const slug of await cardSlugs(page)) {
        const product = all.find((p) => p.slug === slug)!;
        expect(product.category._id).toBe(kurtis._id);
        expect(product.colors.map((c) => c.name)).toContain(colour);
        expect(product.sizes.some((s) => s.size === "M" && s.stock > 0)).toBe(true);
      }
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("product cards on a 1280 px screen", () => {
  it("are equally tall in a row, names at most two lines, prices and buttons lined up", async () => {
    const { page, close } = await browser.open(laptop);
    try {
      await page.goto("/all-products");
      await hydrated(page);
      const measured = await cards(page).evaluateAll((articles) =>
        articles.map((card) => {
          const name = card.querySelector(".product-card__name")!;
          const top = (selector: string) => Math.round(card.querySelector(selector)!.getBoundingClientRect().top);
          const box = card.getBoundingClientRect();
          return {
            row: Math.round(box.top),
            height: Math.round(box.height),
            nameLines: Math.round(name.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(name).lineHeight)),
            price: top(".price"),
            actions: top(".product-card__actions"),
          };
        }),
      );
      const rows = new Map<number, typeof measured>();
      for (const card of measured) rows.set(card.row, [...(rows.get(card.row) ?? []), card]);
      expect(rows.size).toBe(Math.ceil(PAGE_SIZE / 4));
      for (const row of rows.values()) {
        expect(row.length).toBe(4);
        expect(new Set(row.map((card) => card.height)).size).toBe(1);
        expect(new Set(row.map((card) => card.price)).size).toBe(1);
        expect(new Set(row.map((card) => card.actions)).size).toBe(1);
      }
      for (const card of measured) expect(card.nameLines).toBeLessThanOrEqual(2);
      // A row that mixes one- and two-line names, so the lining up above is not by chance.
      expect([...rows.values()].some((row) => new Set(row.map((card) => card.nameLines)).size > 1)).toBe(true);
      // A name far longer than any in the demo catalogue still takes two lines.
      const first = cards(page).first();
      await first.locator(".product-card__name a").evaluate((link) => {
        link.textContent = `${link.textContent} `.repeat(5);
      });
      expect(
        await first
          .locator(".product-card__name")
          .evaluate((name) => Math.round(name.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(name).lineHeight))),
      ).toBe(2);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("keeps the card keyboard focus lands on clear of the sticky header, going forward and back", async () => {
    const { page, close } = await browser.open(laptop);
    try {
      await page.goto("/all-products");
      await hydrated(page);
      const header = page.locator(".site-header");
      const headerHeight = (await header.boundingBox())!.height;
      const scrollPadding = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop));
      expect(scrollPadding).toBeGreaterThanOrEqual(headerHeight);

      /** Where the focused control's card sits, or null when focus is outside the cards. */
      const focusedCard = () =>
        page.evaluate(() => {
          const card = document.activeElement?.closest("#products article");
          if (!card) return null;
          const box = card.getBoundingClientRect();
          return { top: box.top, bottom: box.bottom, headerBottom: document.querySelector(".site-header")!.getBoundingClientRect().bottom };
        });
      await cards(page).first().getByRole("link").first().focus();
      let seen = 0;
      for (const key of [...Array(30).fill("Tab"), ...Array(30).fill("Shift+Tab")]) {
        await page.keyboard.press(key);
        const card = await focusedCard();
        if (!card) continue;
        seen++;
        expect(card.top, `${key} #${seen}`).toBeGreaterThanOrEqual(card.headerBottom - 0.5);
        expect(card.bottom, `${key} #${seen}`).toBeLessThanOrEqual(laptop.height + 0.5);
      }
      expect(seen).toBeGreaterThan(40);
      expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});
