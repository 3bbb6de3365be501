import { describe, expect, it } from "vitest";
import type { ProductJson } from "../support/api-json";
import { jsonReader } from "../support/api-json";
import { useInProcessApp } from "../support/in-process";
import { SEARCH_CASES } from "../support/search-cases";

const app = useInProcessApp("search-api");
const json = jsonReader((path: string) => app.request(path));
const search = (query: string, limit = 5) =>
  json<ProductJson[]>(`/api/products/search?query=${encodeURIComponent(query)}&limit=${limit}`).then((ps) => ps.map((p) => p.slug));

describe("GET /api/products/search reads what shoppers type", () => {
  it.each(SEARCH_CASES)("$kind: “$query”", async ({ query, finds }) => {
    const slugs = await search(query);
    if (finds.length === 0) expect(slugs).toEqual([]);
    else expect(slugs).toEqual(expect.arrayContaining(finds));
  });

  it("finds with a misspelt word what the right spelling finds, and ranks a forgiven misspelling below words found as typed", async () => {
    expect(await search("kurtee", 14)).toEqual(await search("kurti", 14));
    // "bagru" is found as typed (2 pieces), "bandhni" is forgiven for "bandhani" (6 pieces); no piece has both.
    const slugs = await search("bagru bandhni", 8);
    expect(slugs.slice(0, 2).sort()).toEqual([
      "mustard-bagru-block-print-straight-kurti",
      "rust-bagru-print-kurta-palazzo-set-with-dupatta",
    ]);
    expect(slugs.slice(2).every((slug) => slug.includes("bandhani"))).toBe(true);
    expect(slugs).toHaveLength(8);
  });
});
