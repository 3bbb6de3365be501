import { describe, expect, inject, it } from "vitest";
import type { Suggestion } from "../../app/routes/catalog/search-suggest";
import { searchPath } from "../../workers/services/platform/paths";
import { textsOf, useDom } from "../support/dom";
import { roundTripsOf } from "../support/round-trips";
import { SEARCH_CASES } from "../support/search-cases";

/**
 * The results page and the header's suggestions over the demo catalogue: the table of what shoppers
 * type (tests/support/search-cases.ts), what a search that finds nothing offers, and that neither is
 * kept at the edge. Plain fetches; the HTML is read by tests/support/dom.ts.
 */
const base = inject("baseUrl");
const dom = useDom();
const slugOf = (href: string) => href.split("/").at(-1)!;

/** The results page of `query`: the slugs of its results (not the popular pieces), and the page to read more from. */
async function resultsPage(query: string) {
  const res = await fetch(new URL(searchPath(query), base));
  expect(res.status, query).toBe(200);
  const page = await dom(await res.text());
  const hrefs = await page.locator("main article.product-card h2 a").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  return { res, page, slugs: hrefs.map(slugOf) };
}

async function suggestions(query: string) {
  const res = await fetch(new URL(`/search/suggest?query=${encodeURIComponent(query)}`, base));
  expect(res.status, query).toBe(200);
  return { res, suggestions: ((await res.json()) as { suggestions: Suggestion[] }).suggestions };
}

describe("the results page and the suggestions read what shoppers type", () => {
  it.each(SEARCH_CASES)("$kind: “$query”", async ({ query, finds }) => {
    const { slugs } = await resultsPage(query);
    const suggested = (await suggestions(query)).suggestions.map((s) => slugOf(s.href));
    if (finds.length === 0) {
      expect(slugs).toEqual([]);
      expect(suggested).toEqual([]);
    } else {
      expect(slugs.slice(0, 5)).toEqual(expect.arrayContaining(finds));
      expect(suggested.slice(0, 5)).toEqual(expect.arrayContaining(finds));
    }
  });
});

describe("a search that finds nothing", () => {
  it("offers the nearest words the catalogue holds and four popular pieces in stock, from one round trip", async () => {
    const { page } = await resultsPage("pintuks");
    expect(await textsOf(page, ".search-page__count")).toEqual(["No results found."]);
    const offer = page.getByRole("link", { name: "pintucks" });
    expect(await offer.getAttribute("href")).toBe("/search?query=pintucks");
    expect(await textsOf(page, ".search-page__did-you-mean")).toEqual(["Did you mean pintucks?"]);
    const popular = page.getByRole("region", { name: "Popular pieces" });
    expect(await popular.locator("article.product-card").count()).toBe(4);
    expect(await popular.getByText("Out of stock").count()).toBe(0);
    // The offered search finds the piece.
    expect((await resultsPage("pintucks")).slugs).toEqual(["teal-khadi-cotton-straight-kurti-with-pintucks"]);

    const { status, trips } = await roundTripsOf(searchPath("pintuks"));
    expect({ status, trips }).toEqual({ status: 200, trips: 1 });
  });

  it("offers popular pieces without a 'Did you mean' when no word is near one of the shop's", async () => {
    const { page } = await resultsPage("laptop");
    expect(await page.locator(".search-page__did-you-mean").count()).toBe(0);
    expect(await page.getByRole("region", { name: "Popular pieces" }).locator("article.product-card").count()).toBe(4);
  });

  it("says which of the shop's words a misspelt search was read as", async () => {
    const { page, slugs } = await resultsPage("kurtie");
    expect(slugs.length).toBeGreaterThan(0);
    expect(await textsOf(page, ".search-page__meant")).toEqual(["Including results for “kurti”."]);
  });
});

describe("freshness", () => {
  it("keeps neither results nor suggestions at the edge: each answer is read afresh", async () => {
    for (const path of [searchPath("silk saree"), "/search/suggest?query=silk", "/search.data?query=silk"]) {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(new URL(path, base));
        await res.arrayBuffer();
        expect(res.status, path).toBe(200);
        expect(res.headers.get("Cache-Control"), path).toBe("private, no-cache");
        expect(res.headers.get("X-Edge-Cache"), path).toBeNull();
      }
    }
  });
});
