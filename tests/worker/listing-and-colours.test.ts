import { describe, expect, inject, it } from "vitest";
import type { CategoryJson, ProductJson } from "../support/api-json";
import { useDom } from "../support/dom";

/**
 * One listing: `/category/{id}` is sent for good to `/all-products?category={id}` with the rest of
 * its query, and every way into a category (home's tiles, the listing's tiles, a product's
 * breadcrumb) links there. A product page opened with `?colour=` shows that colour chosen and its
 * pictures first.
 */
const base = inject("baseUrl");
const dom = useDom();

const get = (path: string) => fetch(new URL(path, base), { redirect: "manual" });
const json = async <T>(path: string) => (await (await fetch(new URL(path, base))).json()) as T;
const categories = async () => (await json<{ data: CategoryJson[] }>("/api/categories")).data;
const hrefs = (page: Awaited<ReturnType<typeof dom>>, selector: string) =>
  page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute("href")));

describe("one listing for a category", () => {
  it("sends /category/{id} to /all-products?category={id} for good, keeping size, colour, sort and page", async () => {
    const kurtis = (await categories()).find((c) => c.name === "Kurtis")!;
    const res = await get(`/category/${kurtis._id}?size=M&sort=price-asc&page=2&utm_source=mail`);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`/all-products?category=${kurtis._id}&size=M&sort=price-asc&page=2&utm_source=mail`);
    // The client's data request for the old address is sent on the same way.
    const data = await get(`/category/${kurtis._id}.data?color=Navy`);
    expect([200, 202, 204, 301]).toContain(data.status);

    // Where it lands: the category's products, narrowed and sorted as asked, its filters shown chosen.
    const page = await dom(await (await fetch(new URL(res.headers.get("location")!, base))).text());
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Kurtis");
    expect(await page.getByLabel("Size").inputValue()).toBe("M");
    expect(await page.getByLabel("Sort by").inputValue()).toBe("price-asc");
    expect(new Set(await page.locator("#products .product-card__category").allTextContents())).toEqual(new Set(["Kurtis"]));
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      `${base.replace(/\/$/, "")}/all-products?category=${kurtis._id}`,
    );
  });

  it("answers an unknown or malformed category id with the 404 page, not a redirect", async () => {
    for (const id of ["999999", "abc", "0", "1.5", "-1"]) {
      const res = await get(`/category/${id}?size=M`);
      expect(res.status, id).toBe(404);
      expect(await res.text()).toContain("SORRY, PAGE NOT FOUND");
    }
  });

  it("is where home's tiles, the listing's tiles and a product's breadcrumb lead", async () => {
    const all = await categories();
    const expected = all.map((c) => `/all-products?category=${c._id}`);

    const home = await dom(await (await get("/")).text());
    expect(await hrefs(home, ".outfit-tiles a")).toEqual(expected);

    const listing = await dom(await (await get("/all-products")).text());
    // The listing's own tiles land on the products (#products), the same address.
    expect((await hrefs(listing, ".category-tiles a")).map((h) => h?.replace(/#products$/, ""))).toEqual(expected);

    const product = (await json<{ data: ProductJson[] }>("/api/products?limit=1")).data[0]!;
    const page = await dom(await (await fetch(new URL(`/women-products/x/${product.slug}`, base))).text());
    expect(
      await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: product.category.name }).getAttribute("href"),
    ).toBe(`/all-products?category=${product.category._id}`);
  });
});

describe("the colour she chooses is the colour she sees", () => {
  /** The seed's maroon paisley kurti: maroon first, navy second. */
  async function maroonAndNavy() {
    const { data } = await json<{ data: ProductJson[] }>("/api/products?limit=100");
    const product = data.find((p) => p.colors.map((c) => c.name).join() === "Maroon,Navy");
    if (!product) throw new Error("The seed has no product in maroon and navy");
    const res = await fetch(new URL(`/api/products/slug/${product.slug}`, base));
    return ((await res.json()) as { product: ProductJson }).product ?? (product as ProductJson);
  }

  it("opens with ?colour=Navy on Navy chosen and Navy's pictures first; without it, on the first colour's", async () => {
    const product = await maroonAndNavy();
    const path = `/women-products/x/${product.slug}`;
    const navy = product.media.filter((m) => m.color === "Navy").map((m) => m.url);
    expect(navy.length).toBeGreaterThan(0);
    expect(product.media[0]!.color).toBe("Maroon");

    const plain = await fetch(new URL(path, base));
    const canonical = new URL(plain.url).pathname;
    let page = await dom(await plain.text());
    expect(await page.locator(".gallery__main").getAttribute("src")).toBe(product.media[0]!.url);
    expect(await page.getByRole("radio", { name: "Maroon" }).isChecked()).toBe(true);
    // Each swatch is also a link to its colour, for a tap before the page's script runs.
    expect(await hrefs(page, ".swatch a")).toEqual([`${canonical}?colour=Maroon`, `${canonical}?colour=Navy`]);

    for (const colour of ["Navy", "navy"]) {
      page = await dom(await (await fetch(new URL(`${canonical}?colour=${colour}`, base))).text());
      expect(await page.getByRole("radio", { name: "Navy" }).isChecked(), colour).toBe(true);
      expect(await page.getByRole("radio", { name: "Maroon" }).isChecked()).toBe(false);
      expect(await page.locator(".gallery__main").getAttribute("src")).toBe(navy[0]);
      const thumbs = await hrefs(page, ".gallery__thumbs a");
      expect(thumbs.slice(0, navy.length)).toEqual(navy);
      expect(new Set(thumbs)).toEqual(new Set(product.media.map((m) => m.url)));
      // The picture preloaded is the one shown first.
      expect(await page.locator('link[rel="preload"][as="image"]').getAttribute("href")).toBe(navy[0]);
      // The address of the product itself stays its canonical one.
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(new RegExp(`${canonical}$`));
    }

    // A colour the product does not have is no error: the page opens on its first colour.
    const other = await fetch(new URL(`${canonical}?colour=Purple`, base));
    expect(other.status).toBe(200);
    page = await dom(await other.text());
    expect(await page.getByRole("radio", { name: "Maroon" }).isChecked()).toBe(true);
    expect(await page.locator(".gallery__main").getAttribute("src")).toBe(product.media[0]!.url);
  });
});
