import { describe, expect, inject, it } from "vitest";

const base = inject("baseUrl");

async function page(path: string, status = 200) {
  const res = await fetch(new URL(path, base));
  expect(res.status, path).toBe(status);
  return res.text();
}

const count = (html: string) => Number(html.match(/class="listing__count"[^>]*>(\d+) products?</)?.[1]);
/** The option the filter form shows chosen in one of its selects. */
const chosen = (html: string, name: string) => html.match(new RegExp(`<select name="${name}"[^]*?<option value="([^"]*)" selected`))?.[1];

describe("listing filters by size", () => {
  it("answers a size the shop does not have with a 404, as other bad parameters", async () => {
    for (const query of ["size=ZZZ", "size=ZZZ&category=1", "size=M&color=Nonexistent", "category=999999"]) {
      expect(await page(`/all-products?${query}`, 404)).toContain("SORRY, PAGE NOT FOUND");
    }
  });

  it("matches sizes in any case, as colours, and shows the filter spelled as the shop spells it", async () => {
    const all = count(await page("/all-products"));
    const upper = await page("/all-products?size=M");
    expect(count(upper)).toBeGreaterThan(0);
    expect(count(upper)).toBeLessThan(all);
    const lower = await page("/all-products?size=m");
    expect(count(lower)).toBe(count(upper));
    expect(chosen(lower, "size")).toBe("M");
    const inCategory = await page("/all-products?category=1&size=xl");
    expect(count(inCategory)).toBe(count(await page("/all-products?category=1&size=XL")));
    expect(chosen(inCategory, "size")).toBe("XL");
  });

  it("does the same for colours", async () => {
    const res = await fetch(new URL("/api/products?limit=1", base));
    const colour = ((await res.json()) as { data: { colors: { name: string }[] }[] }).data[0]!.colors[0]!.name;
    const asSpelled = await page(`/all-products?color=${encodeURIComponent(colour)}`);
    const shouted = await page(`/all-products?color=${encodeURIComponent(colour.toUpperCase())}`);
    expect(count(shouted)).toBe(count(asSpelled));
    expect(chosen(shouted, "color")).toBe(colour);
  });
});

describe("an empty category", () => {
  it("offers no filters to narrow or sort nothing", async () => {
    const res = await fetch(new URL("/api/categories", base));
    const empty = ((await res.json()) as { data: { _id: string; productCount: number }[] }).data.find((c) => c.productCount === 0)!;
    const html = await page(`/all-products?category=${empty._id}`);
    expect(html).not.toContain('aria-label="Sort and filter products"');
    expect(await page("/all-products?category=1")).toContain('aria-label="Sort and filter products"');
  });
});
