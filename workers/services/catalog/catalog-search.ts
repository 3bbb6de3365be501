import { type SQL, sql } from "drizzle-orm";
import type { ServiceContext } from "../platform/context";
import { parseInput } from "../platform/validate";
import { type CardProduct, cardsQuery, type Product, productsQuery, toCardProduct, toProduct } from "./catalog";
import { type SearchQuery, searchQuerySchema } from "./catalog.schema";
import { didYouMean, readQuery, type SearchWord, tiersOf } from "./search-words";

/**
 * The shop's search, for the results page, the header's suggestions and the API: what a shopper
 * typed, read by search-words.ts, asked of the full-text index in one statement that ranks the
 * pieces matching the most of her words first, then how well each matched (her word or the shop's
 * word for it, then a near relation, then a forgiven misspelling), then bm25. The pages' search also
 * asks, in the same batch, for what to offer when nothing matches: the catalogue's words (for "Did
 * you mean") and a few popular pieces. docs/decisions/0014-forgiving-search.md says why.
 */

/** Column weights for bm25: name, description, category, fabric, colours. */
const BM25 = "bm25(product_search, 10.0, 2.0, 6.0, 3.0, 3.0)";
const MATCHING = (fts: string) => sql`"products"."id" in (select rowid from product_search where product_search match ${fts})`;

/** What ranks the matches, as SQL over the joined `hit` (any word's match, with its bm25). */
function searchOrder(words: readonly SearchWord[]): { join: SQL; orderBy: SQL } | null {
  const tiers = words.map(tiersOf).filter((t) => t.any);
  if (tiers.length === 0) return null;
  const any = tiers.map((t) => `(${t.any})`).join(" OR ");
  // How many of her words a piece matches; each counts 3 matched as typed, 2 as a relation, 1 as a near miss.
  const covered = sql.join(
    tiers.map((t) => sql`(${MATCHING(t.any)})`),
    sql` + `,
  );
  const weight = sql.join(
    tiers.map((t) => {
      const arms = [
        t.exact && sql`when ${MATCHING(t.exact)} then 3`,
        t.related && sql`when ${MATCHING(t.related)} then 2`,
        t.nearMiss && sql`when ${MATCHING(t.nearMiss)} then 1`,
      ].filter((a): a is SQL => Boolean(a));
      return sql`(case ${sql.join(arms, sql` `)} else 0 end)`;
    }),
    sql` + `,
  );
  return {
    join: sql`join (select rowid as hit_id, ${sql.raw(BM25)} as hit_rank from product_search where product_search match ${any}) hit on hit.hit_id = "products"."id"`,
    orderBy: sql`(${covered}) desc, (${weight}) desc, hit.hit_rank, "products"."created_at" desc, "products"."id" desc`,
  };
}

/** A statement FTS5 still refused is a search that finds nothing, not a server error. */
function nothingIfRefused<T>(read: Promise<T[]>): Promise<T[]> {
  return read.catch((error: unknown) => {
    if (/fts5/i.test(String((error as { cause?: unknown }).cause ?? error))) return [];
    throw error;
  });
}

/** How many popular pieces a search that found nothing offers. */
export const POPULAR_COUNT = 4;

/** Pieces with a size in stock, best rated first (unrated last), for a search that found nothing. */
function popularQuery(ctx: ServiceContext) {
  return cardsQuery(ctx, {
    where: sql`exists (select 1 from product_sizes ps where ps.product_id = "products"."id" and ps.stock > 0)`,
    orderBy: sql`"products"."rating_count" = 0, "products"."rating_sum" * 1.0 / max("products"."rating_count", 1) desc, "products"."rating_count" desc, "products"."id" desc`,
    limit: POPULAR_COUNT,
  });
}

/** The words of the pieces' names, categories, fabrics and colours, for "Did you mean". */
function catalogueWordsQuery(ctx: ServiceContext) {
  return ctx.db.all<{ term: string }>(
    sql`select distinct term from product_search_terms where col in ('name', 'category', 'fabric', 'colors') and length(term) > 2`,
  );
}

/** The API's search: whole products, best first. */
export async function searchProducts(ctx: ServiceContext, input: SearchQuery | Record<string, unknown>) {
  const q = parseInput(searchQuerySchema, input);
  const order = searchOrder(readQuery(q.query));
  if (!order) return { query: q.query, products: [] as Product[], hasMore: false };
  const rows = await nothingIfRefused(ctx.read(productsQuery(ctx, { ...order, limit: q.limit + 1, offset: q.offset })));
  const products = rows.map(toProduct);
  return { query: q.query, products: products.slice(0, q.limit), hasMore: products.length > q.limit };
}

export interface CardSearch {
  query: string;
  products: CardProduct[];
  hasMore: boolean;
  /** The shop's terms she meant where a word was a near miss ("kurtee": "kurti"), for "Showing results for". */
  meant: string[];
  /** Only when nothing matched: a search for the nearest words the catalogue holds, if any are near. */
  didYouMean: string | null;
  /** Only when nothing matched (and asked for): a few popular pieces to offer instead. */
  popular: CardProduct[];
}

/**
 * The pages' search: cards, and with `fallback` what to offer when nothing matches, asked in the
 * same batch as the search (one round trip either way).
 */
export async function searchCards(
  ctx: ServiceContext,
  input: SearchQuery | Record<string, unknown>,
  opts: { fallback: boolean },
): Promise<CardSearch> {
  const q = parseInput(searchQuerySchema, input);
  const words = readQuery(q.query);
  const order = searchOrder(words);
  const [rows, catalogueWords, popular] = await Promise.all([
    order ? nothingIfRefused(ctx.read(cardsQuery(ctx, { ...order, limit: q.limit + 1, offset: q.offset }))) : Promise.resolve([]),
    opts.fallback ? ctx.read(catalogueWordsQuery(ctx)) : Promise.resolve([]),
    opts.fallback ? ctx.read(popularQuery(ctx)) : Promise.resolve([]),
  ]);
  const products = rows.map(toCardProduct);
  const found = products.length > 0;
  return {
    query: q.query,
    products: products.slice(0, q.limit),
    hasMore: products.length > q.limit,
    meant: [...new Set(words.flatMap((w) => (w.meant ? [w.meant] : [])))],
    didYouMean:
      found || q.offset > 0
        ? null
        : didYouMean(
            words,
            catalogueWords.map((r) => r.term),
          ),
    popular: found ? [] : popular.map(toCardProduct),
  };
}
