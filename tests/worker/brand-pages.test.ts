import { describe, expect, inject, it } from "vitest";
import { settings } from "../../workers/services/content/settings";
import { untilCached } from "../support/edge-cache";

const base = inject("baseUrl");

/** The page's visible text, tags dropped and React's entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

async function page(path: string) {
  const res = await fetch(new URL(`${path}?t=${Date.now()}${Math.random().toString(36).slice(2)}`, base));
  const html = await res.text();
  return { res, html, text: textOf(html) };
}

const headings = (html: string, level: number) =>
  [...html.matchAll(new RegExp(`<h${level}[^>]*>([\\s\\S]*?)</h${level}>`, "g"))].map((m) => textOf(m[1]!).trim());
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const description = (html: string) => /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
const { address } = settings.store;
const fullAddress = `${address.line1}, ${address.line2}, ${address.city}, ${address.state} ${address.pin}`;

describe("About us", () => {
  it("tells the founders' story, names the six values and sends shoppers to all products", async () => {
    const { res, html, text } = await page("/about-us");
    expect(res.status).toBe(200);
    expect(html).toMatch(/<title>About Us \| Aanchal<\/title>/);
    expect(description(html)?.length).toBeGreaterThan(50);
    expect(canonical(html)).toBe(`${base}/about-us`);
    expect(headings(html, 1)).toHaveLength(1);
    expect(headings(html, 2)).toContain("Our Journey");
    expect(headings(html, 3)).toEqual([
      "Quality",
      "Customer happiness",
      "Innovation",
      "Conscious sourcing",
      "Community",
      "Trust and transparency",
    ]);
    expect(html).toMatch(/<a[^>]*href="\/all-products"[^>]*>Shop Now<\/a>/);
    // Figures a shopper could compare come from settings: the store, its hours and the launch day.
    expect(text).toContain(fullAddress);
    expect(text).toContain(`Open ${settings.store.hours}`);
    expect(text).toContain("opened on 1 September 2025");
    expect(html).toMatch(new RegExp(`<time datetime="${settings.launchDate.replace("+", "\\+")}"`, "i"));
  });
});

describe("Manufacturing", () => {
  it("walks through the five steps, each with its illustration", async () => {
    const { res, html, text } = await page("/manufacturing");
    expect(res.status).toBe(200);
    expect(html).toMatch(/<title>How Our Clothes Are Made \| Aanchal<\/title>/);
    expect(description(html)?.length).toBeGreaterThan(50);
    expect(canonical(html)).toBe(`${base}/manufacturing`);
    expect(headings(html, 1)).toEqual(["How our clothes are made"]);
    const steps = ["Fabrics", "Block printing", "Embroidery", "Stitching", "Quality checks"];
    expect(headings(html, 2).slice(0, steps.length)).toEqual(steps);
    const art = [...html.matchAll(/<svg class="craft-art" data-art="([^"]+)"[^>]*>/g)];
    expect(art.map((m) => m[1])).toEqual(["fabrics", "block-printing", "embroidery", "stitching", "quality-checks"]);
    for (const [tag] of art) {
      expect(tag).toContain('width="240" height="180"');
      expect(tag).toContain('aria-hidden="true"');
    }
    const { min, max } = settings.policies.processingBusinessDays;
    expect(text).toContain(`packed within ${min}-${max} business days`);
    expect(text).toContain(fullAddress);
    expect(text).toContain(`Open ${settings.store.hours}`);
    expect(html).toMatch(/<a[^>]*href="\/all-products"[^>]*>Shop Now<\/a>/);
  });
});

describe("edge cache", () => {
  it.each(["/about-us", "/manufacturing"])("keeps %s for signed-out shoppers", async (path) => {
    const { cached } = await untilCached(`${path}?cache-test=${Date.now()}`);
    expect(cached.status).toBe(200);
  });
});
