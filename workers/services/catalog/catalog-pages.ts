import { and, desc, sql } from "drizzle-orm";
import * as s from "../../../db/schema";
import { settings } from "../content/settings";
import type { ServiceContext } from "../platform/context";
import { notFound } from "../platform/errors";
import { readAll } from "../platform/read-batch";
import { parseInput } from "../platform/validate";
import {
  activeProduct,
  cardListQuery,
  cardsQuery,
  categoriesQuery,
  productBySlugQuery,
  productFilter,
  type Review,
  sortSizes,
  subcategoriesQuery,
  toCardProduct,
  toProduct,
} from "./catalog";
import { PRODUCT_NOT_FOUND } from "./catalog.rules";
import { type CatalogPageQuery, catalogPageQuerySchema, idSchema, slugSchema } from "./catalog.schema";

/** What the home page, a listing and a product page read from the catalogue, each in one round trip. */

/**
 * The size and colour a listing asks for as the catalogue spells them (`m` is "M"), or null for one
 * no active product has at all: a name the shop does not use, not a filter that finds nothing.
 */
function facetNamesQuery(ctx: ServiceContext, q: { size?: string; color?: string }) {
  return ctx.db.all<{ size: string | null; color: string | null }>(sql`select
    (select ps.size from product_sizes ps join products p on p.id = ps.product_id
      where p.is_active = 1 and ps.size = ${q.size ?? null} collate nocase order by ps.id limit 1) as size,
    (select pc.name from product_colors pc join products p on p.id = pc.product_id
      where p.is_active = 1 and pc.name = ${q.color ?? null} collate nocase order by pc.id limit 1) as color`);
}

/**
 * Everything the listing page shows, in one round trip: the category tiles, the chosen category's
 * subcategories, the products of the first `page` pages (plus one, to know whether "See More" shows),
 * how many match in all, and the sizes and colours available to filter by. A category, subcategory,
 * size or colour the shop does not have is a 404, not an empty page; size and colour match in any
 * case and come back spelled as the catalogue spells them.
 */
export async function getCatalogPage(ctx: ServiceContext, input: CatalogPageQuery | Record<string, unknown>) {
  const q = parseInput(catalogPageQuerySchema, input);
  const pageSize = settings.catalogue.listingPageSize;
  const shown = q.page * pageSize;
  const where = and(activeProduct, productFilter(q));
  const inCategory = q.category ? sql`p.category_id = ${q.category} and` : sql``;
  const [categories, subcategories, rows, [total], sizes, colors, [names]] = await readAll(ctx, [
    categoriesQuery(ctx),
    subcategoriesQuery(ctx, q.category ?? 0),
    cardListQuery(ctx, productFilter(q), { sort: q.sort, limit: shown + 1, offset: 0 }),
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(s.products)
      .where(where),
    ctx.db.all<{ size: string }>(
      sql`select ps.size as size from product_sizes ps join products p on p.id = ps.product_id where ${inCategory} p.is_active = 1 and ps.stock > 0 group by ps.size`,
    ),
    ctx.db.all<{ name: string; hex: string }>(
      sql`select pc.name as name, min(pc.hex) as hex from product_colors pc join products p on p.id = pc.product_id where ${inCategory} p.is_active = 1 group by pc.name collate nocase order by pc.name`,
    ),
    facetNamesQuery(ctx, q),
  ]);
  const category = q.category ? categories.find((c) => c.id === q.category) : undefined;
  if (q.category && !category) throw notFound("Category not found");
  const subcategory = q.subcategory ? subcategories.find((x) => x.id === q.subcategory) : undefined;
  if (q.subcategory && !subcategory) throw notFound("Subcategory not found");
  if (q.size && !names?.size) throw notFound("Size not found");
  if (q.color && !names?.color) throw notFound("Colour not found");
  return {
    query: { ...q, size: names?.size ?? undefined, color: names?.color ?? undefined },
    categories,
    category: category ?? null,
    subcategories,
    subcategory: subcategory ?? null,
    products: rows.slice(0, shown).map(toCardProduct),
    hasMore: rows.length > shown,
    total: total?.n ?? 0,
    facets: { sizes: sortSizes(sizes.map((r) => r.size)), colors },
  };
}

/**
 * The category an old category address (`/category/{id}`) names, so it can be sent on to the one
 * listing; a malformed id is a 400 and an unknown one a 404, both the shopper's "no such page".
 */
export async function getCategory(ctx: ServiceContext, idInput: unknown) {
  const id = parseInput(idSchema("category"), idInput);
  const category = (await ctx.read(categoriesQuery(ctx))).find((c) => c.id === id);
  if (!category) throw notFound("Category not found");
  return category;
}

const reviewOf = (r: typeof s.reviews.$inferSelect): Review => ({
  id: r.id,
  name: r.name?.trim() || "Anonymous",
  rating: r.rating,
  comment: r.comment,
  verified: r.verified,
  createdAt: r.createdAt,
});

/** The newest reviews of a product, by its slug, so they can travel in the same batch as the product. */
function newestReviewsQuery(ctx: ServiceContext, slug: string, limit: number) {
  return ctx.db
    .select()
    .from(s.reviews)
    .where(sql`${s.reviews.productId} = (select id from products where slug = ${slug} and is_active = 1) and ${s.reviews.hidden} = 0`)
    .orderBy(desc(s.reviews.createdAt), desc(s.reviews.id))
    .limit(limit);
}

/** At most this many reviews on one product page (a page grown by "Show more" without JavaScript). */
const MAX_REVIEWS_SHOWN = 200;

/**
 * A product page in one round trip: the product, its newest reviews (the rest are counted on the
 * product) and a few others from its category to suggest. `reviews` asks for more than the first
 * page of reviews (the Reviews tab's "Show more" without JavaScript); odd values give the default.
 */
export async function getProductPage(ctx: ServiceContext, slugInput: unknown, opts: { reviews?: number } = {}) {
  const slug = parseInput(slugSchema, slugInput);
  const wanted = opts.reviews;
  const reviewsShown =
    wanted && Number.isSafeInteger(wanted) && wanted > settings.catalogue.reviewsShown
      ? Math.min(wanted, MAX_REVIEWS_SHOWN)
      : settings.catalogue.reviewsShown;
  const [[row], related, reviews] = await readAll(ctx, [
    productBySlugQuery(ctx, slug),
    cardsQuery(ctx, {
      where: sql`"products"."slug" <> ${slug} and "products"."category_id" = (select category_id from products where slug = ${slug})`,
      orderBy: sql`"products"."created_at" desc, "products"."id" desc`,
      limit: settings.catalogue.relatedCount,
    }),
    newestReviewsQuery(ctx, slug, reviewsShown),
  ]);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return { product: toProduct(row), related: related.map(toCardProduct), reviews: reviews.map(reviewOf) };
}

/** A product with its newest reviews, for API clients (`GET /api/products/slug/{slug}`). */
export async function getProductWithReviews(ctx: ServiceContext, slugInput: unknown) {
  const slug = parseInput(slugSchema, slugInput);
  const [[row], reviews] = await readAll(ctx, [
    productBySlugQuery(ctx, slug),
    newestReviewsQuery(ctx, slug, settings.catalogue.reviewsShown),
  ]);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return { product: toProduct(row), reviews: reviews.map(reviewOf) };
}

/** The home page's catalogue: category tiles and the newest products, in one round trip. */
export async function getHomePage(ctx: ServiceContext, opts: { products: number }) {
  const [categories, rows] = await readAll(ctx, [
    categoriesQuery(ctx),
    cardListQuery(ctx, undefined, { sort: "newest", limit: opts.products, offset: 0 }),
  ]);
  return { categories, products: rows.map(toCardProduct) };
}
