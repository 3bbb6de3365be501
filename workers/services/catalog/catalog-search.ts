import { sql } from "drizzle-orm";
import type { ServiceContext } from "../platform/context";
import { parseInput } from "../platform/validate";
import { type Product, productsQuery, toProduct } from "./catalog";
import { type SearchQuery, searchQuerySchema } from "./catalog.schema";

/** The shop's search: what a shopper typed, as a full-text query over the active products. */

/**
 * Turns what a shopper typed into a safe FTS5 query: words only (no FTS syntax gets through), each a
 * prefix match, all required. Returns null when nothing searchable is left.
 */
export function toFtsQuery(text: string): string | null {
  // Marks (Devanagari vowel signs, for one) belong to the word they follow.
  const words = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu);
  if (!words) return null;
  return words
    .slice(0, 8)
    .map((w) => `"${w}"*`)
    .join(" ");
}

/** Column weights for bm25: name, description, category, fabric, colours. */
const searchRank = sql`bm25(product_search, 10.0, 2.0, 6.0, 3.0, 3.0)`;

export async function searchProducts(ctx: ServiceContext, input: SearchQuery | Record<string, unknown>) {
  const q = parseInput(searchQuerySchema, input);
  const fts = toFtsQuery(q.query);
  if (!fts) return { query: q.query, products: [] as Product[], hasMore: false };
  // Ranked and loaded by one statement; the page is one more than asked so "See More" knows whether
  // to show. A character FTS5 does not count as part of a word can still leave a query it cannot
  // parse: that finds nothing, it is not a server error.
  const rows = await ctx
    .read(
      productsQuery(ctx, {
        join: sql`join product_search on product_search.rowid = "products"."id"`,
        where: sql`product_search match ${fts}`,
        orderBy: searchRank,
        limit: q.limit + 1,
        offset: q.offset,
      }),
    )
    .catch((error: unknown) => {
      if (/fts5/i.test(String((error as { cause?: unknown }).cause ?? error))) return [];
      throw error;
    });
  const products = rows.map(toProduct);
  return { query: q.query, products: products.slice(0, q.limit), hasMore: products.length > q.limit };
}
