import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import type { Suggestion } from "../../app/routes/catalog/search-suggest";
import { PRODUCT_MESSAGES } from "../../workers/services/back-office/catalog/admin-products.rules";
import { seriousAxeViolations } from "../support/axe";
import { onPhone, useBrowser, viewports } from "../support/browser";
import { useCatalogueRestored } from "../support/catalogue";
import { waitForHydration } from "../support/page";
import { roundTripsOf } from "../support/round-trips";
import { ownerToken, withSession } from "../support/staff";

const browser = useBrowser();
useCatalogueRestored(inject("dbUrl"));

/** A query matching more than two pages of results (35 products in the demo catalogue). */
const BROAD_QUERY = "cotton";

const resultCards = (page: Page) => page.locator("main article.product-card");
/** Once hydrated, the header's search box is a combobox (WAI-ARIA) with product suggestions. */
const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search products" });
/** The header's search icon (the open panel has a "Search" submit button too). */
const searchToggle = (page: Page) => page.getByRole("button", { name: "Search", exact: true }).first();

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("header search (%s)", (viewport) => {
  it("opens the home page, types in the search box and lands on the results URL", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      const res = await page.goto("/");
      expect(res?.status()).toBe(200);
      await page
        .getByRole("button", { name: /search/i })
        .first()
        .click();
      const box = searchBox(page);
      await box.fill("  silk saree ");
      await page.waitForURL((url) => url.pathname === "/search", { timeout: 5_000 });
      expect(new URL(page.url()).search).toBe("?query=silk%20saree");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("silk saree");
    } finally {
      await close();
    }
  });
});

describe("search without JavaScript", () => {
  it("submits the header form and shows results", async () => {
    const { page, close } = await browser.open("desktop", { javaScriptEnabled: false });
    try {
      await page.goto("/");
      const box = page.getByRole("searchbox");
      await box.fill("kurti", { force: true });
      await box.press("Enter");
      await page.waitForURL((url) => url.pathname === "/search");
      expect(new URL(page.url()).searchParams.get("query")).toBe("kurti");
      expect(await page.locator("main a[href^='/women-products/']").count()).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});

describe("not found", () => {
  it("answers an unknown path with a 404 page and a way home", async () => {
    const { page, close } = await browser.open("phone");
    try {
      const res = await page.goto("/no-such-page");
      expect(res?.status()).toBe(404);
      await expect.poll(() => page.textContent("body")).toContain("SORRY, PAGE NOT FOUND");
      expect(await page.textContent("body")).toContain("ERROR 404");
      expect(await page.getByRole("link", { name: /home/i }).count()).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("search results (%s)", (viewport) => {
  onPhone(viewport)("says so when nothing matches", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      const res = await page.goto("/search?query=zzqxjv");
      expect(res?.status()).toBe(200);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("zzqxjv");
      expect(await page.getByRole("status").filter({ hasText: "No results found." }).count()).toBe(1);
      // Never a bare line: popular pieces instead of results.
      const popular = page.getByRole("region", { name: "Popular pieces" });
      expect(await popular.locator("article.product-card").count()).toBe(4);
      expect(await resultCards(page).count()).toBe(4);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  onPhone(viewport)("shows 16 results, and 32 after one See More without reloading the page", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      await page.goto(`/search?query=${BROAD_QUERY}`);
      expect(await resultCards(page).count()).toBe(16);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.getByRole("link", { name: "See More" }).click();
      await expect.poll(() => resultCards(page).count()).toBe(32);
      expect(new URL(page.url()).searchParams.get("page")).toBe("2");
      expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
      // Keyboard and screen-reader users continue at the first new product.
      const focused = await page.evaluate(() => document.activeElement?.closest("article")?.querySelector("h2")?.textContent);
      expect(focused).toBe(await resultCards(page).nth(16).locator("h2").textContent());
    } finally {
      await close();
    }
  });

  it("suggests products while typing; arrow keys and Enter open one", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      await page.goto("/");
      await searchToggle(page).click();
      const box = searchBox(page);
      await box.pressSequentially("kurti", { delay: 30 });
      const listbox = page.getByRole("listbox", { name: "Suggested products" });
      await listbox.waitFor();
      // The pause in typing still lands on the results, with the suggestions over them.
      await page.waitForURL((url) => url.search === "?query=kurti");
      // The results page mounts its own header, which takes the typing and suggestions over.
      await expect.poll(() => searchBox(page).getAttribute("aria-expanded")).toBe("true");
      const options = listbox.getByRole("option");
      await expect.poll(() => options.count()).toBeGreaterThan(1);
      expect(await options.count()).toBeLessThanOrEqual(6);
      expect(await options.first().locator("img").count()).toBe(1);
      expect(await options.first().textContent()).toMatch(/₹[\d,]+$/);

      await searchBox(page).press("ArrowDown");
      const first = options.first();
      await expect.poll(() => first.getAttribute("aria-selected")).toBe("true");
      await searchBox(page).press("ArrowDown");
      const second = options.nth(1);
      await expect.poll(() => second.getAttribute("aria-selected")).toBe("true");
      expect(await searchBox(page).getAttribute("aria-activedescendant")).toBe(await second.getAttribute("id"));
      const name = await second.locator(".search-suggestion__name").textContent();
      await searchBox(page).press("Enter");
      await page.waitForURL((url) => url.pathname.startsWith("/women-products/"));
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
      expect(await listbox.isVisible()).toBe(false);
    } finally {
      await close();
    }
  });

  it("has no serious or critical accessibility violations, with the suggestions open too", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      await page.goto(`/search?query=${BROAD_QUERY}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await searchToggle(page).click();
      await searchBox(page).fill("kurti");
      await page.getByRole("listbox", { name: "Suggested products" }).waitFor();
      await searchBox(page).press("ArrowDown");
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("search suggestions", () => {
  it("closes the list on Escape and the search panel on a second Escape", async () => {
    const { page, close } = await browser.open("desktop");
    try {
      await page.goto(`/search?query=${BROAD_QUERY}`);
      await searchToggle(page).click();
      await searchBox(page).fill("silk");
      await page.getByRole("listbox", { name: "Suggested products" }).waitFor();
      await searchBox(page).press("Escape");
      expect(await searchBox(page).getAttribute("aria-expanded")).toBe("false");
      expect(await searchBox(page).inputValue()).toBe("silk");
      expect(await searchBox(page).isVisible()).toBe(true);
      await searchBox(page).press("Escape");
      expect(await searchToggle(page).getAttribute("aria-expanded")).toBe("false");
    } finally {
      await close();
    }
  });

  it("answers up to 6 suggestions as JSON, and an empty list for a blank or too long query", async () => {
    const suggest = async (query: string) => {
      const res = await fetch(`${inject("baseUrl")}/search/suggest?query=${encodeURIComponent(query)}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { suggestions: Suggestion[] }).suggestions;
    };
    const found = await suggest(BROAD_QUERY);
    expect(found).toHaveLength(6);
    for (const s of found) {
      expect(s.href).toMatch(/^\/women-products\/[a-z0-9-]+\/[a-z0-9-]+$/);
      expect(s.image.url).toMatch(/^\/media\//);
      expect(s.price).toMatch(/^₹[\d,]+(\.\d\d)?$/);
      expect(s.name.length).toBeGreaterThan(0);
    }
    expect(await suggest("  ")).toEqual([]);
    expect(await suggest("a".repeat(101))).toEqual([]);
    expect(await suggest("zzqxjv")).toEqual([]);
  });
});

describe("suggestions for a sold-out product", () => {
  it('mark the product that has no stock "Out of stock", and only that one (phone)', async () => {
    const res = await fetch(`${inject("baseUrl")}/api/products?limit=100`);
    const products = ((await res.json()) as { data: { productName: string; sizes: { stock: number }[] }[] }).data;
    const soldOut = products.find((p) => p.sizes.every((s) => s.stock === 0));
    if (!soldOut) throw new Error("The seeded catalogue has no sold-out product");
    const { page, close } = await browser.open("phone");
    try {
      await page.goto(`/search?query=${BROAD_QUERY}`);
      await searchToggle(page).click();
      await searchBox(page).fill(soldOut.productName);
      const options = page.getByRole("listbox", { name: "Suggested products" }).getByRole("option");
      await expect.poll(() => options.count()).toBeGreaterThan(0);
      const rows = await options.evaluateAll((els) =>
        els.map((el) => ({ name: el.querySelector(".search-suggestion__name")?.textContent, text: el.textContent ?? "" })),
      );
      const soldOutRow = rows.find((row) => row.name === soldOut.productName);
      expect(soldOutRow?.text).toContain("Out of stock");
      for (const row of rows.filter((r) => r.name !== soldOut.productName)) {
        const product = products.find((p) => p.productName === row.name)!;
        expect(row.text.includes("Out of stock"), row.name ?? "").toBe(product.sizes.every((s) => s.stock === 0));
      }
      expect(await seriousAxeViolations(page)).toEqual([]);
      await searchBox(page).press("ArrowDown");
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("search edge cases", () => {
  it("shows the search form for a blank query without searching", async () => {
    const { status, body, trips } = await roundTripsOf(`/search?query=%20%20&blank=${Date.now()}`);
    expect(status).toBe(200);
    expect(body).toContain('id="page-search"');
    expect(body).not.toContain('class="product-card');
    // The one round trip is the shop's settings (header and footer), as on every page; no search.
    expect(trips).toBe(1);
  });

  it("explains a too long query with a 400", async () => {
    const { page, close } = await browser.open("phone");
    try {
      const res = await page.goto(`/search?query=${"a".repeat(101)}`);
      expect(res?.status()).toBe(400);
      expect(await page.getByRole("alert").filter({ hasText: "at most 100 characters" }).count()).toBe(1);
    } finally {
      await close();
    }
  });

  it("gives result pages a canonical URL without the page number and a search title", async () => {
    const { page, close } = await browser.open("desktop");
    try {
      await page.goto(`/search?query=${BROAD_QUERY}&page=2`);
      expect(await page.title()).toMatch(new RegExp(`^Search: ${BROAD_QUERY} \\|`));
      expect(await page.locator("link[rel=canonical]").getAttribute("href")).toMatch(new RegExp(`/search\\?query=${BROAD_QUERY}$`));
    } finally {
      await close();
    }
  });

  it("renders results from one database round trip", async () => {
    const dbUrl = inject("dbUrl");
    await fetch(`${dbUrl}/stats/reset`, { method: "POST" });
    const res = await fetch(`${inject("baseUrl")}/search?query=${BROAD_QUERY}&round-trip=${Date.now()}`);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    const { pipelines } = (await (await fetch(`${dbUrl}/stats`)).json()) as { pipelines: number };
    expect(pipelines).toBe(1);
  });
});

describe("See More without JavaScript", () => {
  it("links to the next page, which shows 32 results", async () => {
    const { page, close } = await browser.open("phone", { javaScriptEnabled: false });
    try {
      await page.goto(`/search?query=${BROAD_QUERY}`);
      expect(await resultCards(page).count()).toBe(16);
      await page.getByRole("link", { name: "See More" }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      expect(await resultCards(page).count()).toBe(32);
      await page.getByRole("link", { name: "See More" }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "3");
      expect(await resultCards(page).count()).toBe(35);
      expect(await page.getByRole("link", { name: "See More" }).count()).toBe(0);
    } finally {
      await close();
    }
  });
});

describe("search after a change in the back office", () => {
  it("finds a piece the moment it is published, and shows its new price the moment it changes (phone, signed out)", async () => {
    const base = inject("baseUrl");
    const token = await ownerToken(base);
    const tag = Date.now().toString(36);
    const name = `Saffron Organza Kurti ${tag}`;
    const categories = (await (await fetch(`${base}/api/categories`)).json()) as { data: { _id: string; name: string }[] };
    const kurtis = categories.data.find((c) => c.name === "Kurtis")!;
    const created = await fetch(`${base}/api/admin/products`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name,
        description: "Sheer organza in saffron.",
        categoryId: Number(kurtis._id),
        details: { fabric: "Organza" },
        meta: { title: name },
        colors: [{ name: "Saffron", hex: "#f4a300" }],
        sizes: [{ size: "M", price: 1899, stock: 5 }],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { product } = (await created.json()) as { product: { id: number } };
    const results = `/search?query=${encodeURIComponent(`organza ${tag}`)}`;
    const cardFor = (page: Page) => page.locator("main article.product-card").filter({ hasText: name });

    const shopper = await browser.open("phone");
    const owner = await browser.open("phone", withSession(token));
    try {
      // Before it is published: nothing, and that answer is what a shared cache would have kept.
      await shopper.page.goto(results);
      expect(await shopper.page.getByRole("status").filter({ hasText: "No results found." }).count()).toBe(1);

      await owner.page.goto(`/admin/products/${product.id}`);
      await waitForHydration(owner.page);
      await owner.page.getByRole("button", { name: "Publish" }).click();
      await owner.page.getByRole("status").filter({ hasText: PRODUCT_MESSAGES.published }).waitFor();

      await shopper.page.goto(results);
      expect(await cardFor(shopper.page).count()).toBe(1);
      expect(await cardFor(shopper.page).textContent()).toContain("₹1,899");
      const suggestions = (await (await fetch(`${base}/search/suggest?query=${encodeURIComponent(`organza ${tag}`)}`)).json()) as {
        suggestions: Suggestion[];
      };
      expect(suggestions.suggestions.map((x) => [x.name, x.price])).toEqual([[name, "₹1,899"]]);

      // A sale price: the results show it at once.
      await waitForHydration(owner.page);
      await owner.page.getByLabel("Discount price in rupees, row 1").fill("1499");
      await owner.page.getByRole("button", { name: "Save", exact: true }).first().click();
      await owner.page.getByRole("status").filter({ hasText: PRODUCT_MESSAGES.saved }).waitFor();

      await shopper.page.goto(results);
      const card = (await cardFor(shopper.page).textContent())!.replace(/\s+/g, " ");
      expect(card).toContain("₹1,499");
    } finally {
      await shopper.close();
      await owner.close();
    }
  });
});
