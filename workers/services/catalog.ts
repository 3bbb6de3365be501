import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { ProductDetails, ProductDetailsRow, ProductTexts } from "../../db/schema";
import * as s from "../../db/schema";
import { PRODUCT_NOT_FOUND } from "./catalog.rules";
import {
  type CatalogPageQuery,
  catalogPageQuerySchema,
  type ProductListQuery,
  productListQuerySchema,
  type SearchQuery,
  searchQuerySchema,
  slugSchema,
  subcategoryQuerySchema,
} from "./catalog.schema";
import type { ServiceContext } from "./context";
import { notFound } from "./errors";
import { cardPrice, isOutOfStock, type SizePrice } from "./pricing";
import { readAll } from "./read-batch";
import { settings } from "./settings";
import { parseInput } from "./validate";

export interface Category {
  id: number;
  slug: string;
  name: string;
  icon: string;
  productCount: number;
}

export interface Review {
  id: number;
  name: string;
  rating: number;
  comment: string;
  verified: boolean;
  createdAt: Date;
}

export interface Product {
  id: number;
  slug: string;
  name: string;
  description: string;
  brand: string;
  category: { id: number; name: string; slug: string };
  subcategoryId: number | null;
  media: { type: "image" | "video"; url: string; alt: string; width: number; height: number }[];
  colors: { name: string; hex: string }[];
  sizes: SizePrice[];
  paragraph1: string;
  paragraph2: string;
  meta: { title: string; description: string; keywords: string };
  details: ProductDetails;
  rating: { average: number | null; count: number };
  createdAt: Date;
}

const activeProduct = eq(s.products.isActive, true);

/**
 * What a product card shows (app/lib/product-card.server.ts): no long texts, details or meta, and of
 * its media only the first picture. A full `Product` is one too, so a page that has whole products
 * (search, wishlist) makes its cards from them.
 */
export type CardProduct = Pick<Product, "id" | "slug" | "name" | "description" | "category" | "media" | "colors" | "sizes" | "rating">;

/**
 * The columns of a product, with its category, media, colours and sizes folded into JSON by SQLite:
 * one row per product, one statement per list. Written as constants so building a query costs next
 * to nothing (drizzle's relational builder took several milliseconds per product query, the largest
 * part of a render's CPU time). A card's statement leaves out what cards never show: a product's
 * row is about three times a card's, on the wire from the database and in the Worker's parsing.
 */
const CARD_COLUMNS = `"products"."id" as id, "products"."slug" as slug, "products"."name" as name,
  "products"."description" as description, "products"."rating_count" as ratingCount, "products"."rating_sum" as ratingSum,
  pc.id as categoryId, pc.name as categoryName, pc.slug as categorySlug,
  (select json_group_array(json_array(c.name, c.hex) order by c.position, c.id)
     from product_colors c where c.product_id = "products"."id") as colors,
  (select json_group_array(json_array(z.size, z.price_paise, z.discount_price_paise, z.stock) order by z.position, z.id)
     from product_sizes z where z.product_id = "products"."id") as sizes`;
const ALL_MEDIA = `(select json_group_array(json_array(m.type, m.url, m.alt, m.width, m.height) order by m.position, m.id)
     from product_media m where m.product_id = "products"."id") as media`;
const FIRST_PICTURE = `coalesce((select json_array(json_array(m.type, m.url, m.alt, m.width, m.height))
     from product_media m where m.product_id = "products"."id" and m.type = 'image' order by m.position, m.id limit 1), '[]') as media`;
const DETAIL_COLUMNS = `"products"."brand" as brand, "products"."subcategory_id" as subcategoryId, "products"."paragraph1" as paragraph1,
  "products"."paragraph2" as paragraph2, "products"."meta_title" as metaTitle, "products"."meta_description" as metaDescription,
  "products"."meta_keywords" as metaKeywords, "products"."fabric" as fabric, "products"."fit_type" as fitType,
  "products"."length" as garmentLength, "products"."sleeve_neck_type" as sleeveNeckType, "products"."pattern_print" as patternPrint,
  "products"."occasion_type" as occasionType, "products"."wash_care" as washCare, "products"."country_of_origin" as countryOfOrigin,
  "products"."delivery_returns" as deliveryReturns, "products"."created_at" as createdAt`;
const FROM_PRODUCTS = `from products join categories pc on pc.id = "products"."category_id"`;
const PRODUCT_SELECT = sql.raw(`select ${CARD_COLUMNS}, ${ALL_MEDIA}, ${DETAIL_COLUMNS} ${FROM_PRODUCTS}`);
const CARD_SELECT = sql.raw(`select ${CARD_COLUMNS}, ${FIRST_PICTURE} ${FROM_PRODUCTS}`);

/** A row of `CARD_SELECT`. */
interface CardRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  ratingCount: number;
  ratingSum: number;
  categoryId: number;
  categoryName: string;
  categorySlug: string;
  media: string;
  colors: string;
  sizes: string;
}

/** A row of `PRODUCT_SELECT`: the details as the product shows them, except `length` (see below). */
type ProductRow = CardRow &
  ProductDetailsRow &
  Pick<ProductTexts, "brand" | "paragraph1" | "paragraph2" | "metaTitle" | "metaDescription" | "metaKeywords"> & {
    subcategoryId: number | null;
    createdAt: number;
  };

interface ListOptions {
  join?: SQL;
  where?: SQL;
  orderBy: SQL;
  limit: number;
  offset?: number;
}

function listQuery<Row>(ctx: ServiceContext, select: SQL, opts: ListOptions) {
  return ctx.db.all<Row>(
    sql`${select} ${opts.join ?? sql``} where ${and(activeProduct, opts.where)} order by ${opts.orderBy} limit ${opts.limit} offset ${opts.offset ?? 0}`,
  );
}

/** Active products matching `where`, in `orderBy` order, as a read for the request's batch (the wishlist joins its entries). */
export function productsQuery(ctx: ServiceContext, opts: ListOptions) {
  return listQuery<ProductRow>(ctx, PRODUCT_SELECT, opts);
}

/** The same, with only what their cards show (`toCardProduct`). */
function cardsQuery(ctx: ServiceContext, opts: ListOptions) {
  return listQuery<CardRow>(ctx, CARD_SELECT, opts);
}

/** A product as a card shows it; its rating comes from the kept count and sum. */
export function toCardProduct(row: CardRow): CardProduct {
  const media = JSON.parse(row.media) as [Product["media"][number]["type"], string, string, number, number][];
  const colors = JSON.parse(row.colors) as [string, string][];
  const sizes = JSON.parse(row.sizes) as [string, number, number | null, number][];
  const ratingCount = Number(row.ratingCount);
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: { id: Number(row.categoryId), name: row.categoryName, slug: row.categorySlug },
    media: media.map(([type, url, alt, width, height]) => ({ type, url, alt, width, height })),
    colors: colors.map(([name, hex]) => ({ name, hex })),
    sizes: sizes.map(([size, pricePaise, discountPricePaise, stock]) => ({ size, pricePaise, discountPricePaise, stock })),
    rating: { average: ratingCount ? Number(row.ratingSum) / ratingCount : null, count: ratingCount },
  };
}

/** A product as every page and the API show it. */
export function toProduct(row: ProductRow): Product {
  return {
    ...toCardProduct(row),
    brand: row.brand,
    subcategoryId: row.subcategoryId === null ? null : Number(row.subcategoryId),
    paragraph1: row.paragraph1,
    paragraph2: row.paragraph2,
    meta: { title: row.metaTitle, description: row.metaDescription, keywords: row.metaKeywords },
    details: {
      fabric: row.fabric,
      fitType: row.fitType,
      length: row.garmentLength,
      sleeveNeckType: row.sleeveNeckType,
      patternPrint: row.patternPrint,
      occasionType: row.occasionType,
      washCare: row.washCare,
      countryOfOrigin: row.countryOfOrigin,
      deliveryReturns: row.deliveryReturns,
    },
    createdAt: new Date(Number(row.createdAt)),
  };
}

/** The lowest in-stock effective price of a product, in SQL, for sorting by price. */
// Written as plain SQL with explicit aliases: drizzle drops or rebinds table qualifiers inside
// subqueries, which would silently correlate them with the wrong table.
const cardPriceSql = sql.raw(`(
  select min(coalesce(ps.discount_price_paise, ps.price_paise))
  from product_sizes ps
  where ps.product_id = "products"."id" and ps.stock > 0
)`);

/** A list's order by its `sort` (newest first unless by price). */
function listOrder(sort: string): SQL {
  const orderBy =
    sort === "price-asc"
      ? [sql`${cardPriceSql} is null`, asc(cardPriceSql), desc(s.products.createdAt)]
      : sort === "price-desc"
        ? [sql`${cardPriceSql} is null`, desc(cardPriceSql), desc(s.products.createdAt)]
        : [desc(s.products.createdAt), desc(s.products.id)];
  return sql.join(orderBy, sql`, `);
}

type ListPage = { sort: string; limit: number; offset: number };

/** A list of whole products (the API's). */
function productListQuery(ctx: ServiceContext, where: SQL | undefined, opts: ListPage) {
  return productsQuery(ctx, { where, orderBy: listOrder(opts.sort), limit: opts.limit, offset: opts.offset });
}

/** A list of cards (the pages'). */
function cardListQuery(ctx: ServiceContext, where: SQL | undefined, opts: ListPage) {
  return cardsQuery(ctx, { where, orderBy: listOrder(opts.sort), limit: opts.limit, offset: opts.offset });
}

function categoriesQuery(ctx: ServiceContext) {
  return ctx.db
    .select({
      id: s.categories.id,
      slug: s.categories.slug,
      name: s.categories.name,
      icon: s.categories.icon,
      productCount:
        sql<number>`${sql.raw(`(select count(*) from products p where p.category_id = "categories"."id" and p.is_active = 1)`)}`.mapWith(
          Number,
        ),
    })
    .from(s.categories)
    .orderBy(asc(s.categories.position), asc(s.categories.id));
}

export async function listCategories(ctx: ServiceContext): Promise<Category[]> {
  return ctx.read(categoriesQuery(ctx));
}

function subcategoriesQuery(ctx: ServiceContext, categoryId: number) {
  return ctx.db
    .select({ id: s.subcategories.id, categoryId: s.subcategories.categoryId, name: s.subcategories.name, slug: s.subcategories.slug })
    .from(s.subcategories)
    .where(eq(s.subcategories.categoryId, categoryId))
    .orderBy(asc(s.subcategories.id));
}

export async function listSubcategories(ctx: ServiceContext, input: unknown) {
  const { category } = parseInput(subcategoryQuerySchema, input);
  return ctx.read(subcategoriesQuery(ctx, category));
}

interface ProductFilter {
  category?: number;
  subcategory?: number;
  size?: string;
  color?: string;
}

function productFilter(q: ProductFilter): SQL | undefined {
  return and(
    q.category ? eq(s.products.categoryId, q.category) : undefined,
    q.subcategory ? eq(s.products.subcategoryId, q.subcategory) : undefined,
    q.size
      ? sql`exists (select 1 from product_sizes fs where fs.product_id = "products"."id" and fs.size = ${q.size} collate nocase and fs.stock > 0)`
      : undefined,
    q.color
      ? sql`exists (select 1 from product_colors fc where fc.product_id = "products"."id" and fc.name = ${q.color} collate nocase)`
      : undefined,
  );
}

export async function listProducts(ctx: ServiceContext, input: ProductListQuery | Record<string, unknown>): Promise<Product[]> {
  const q = parseInput(productListQuerySchema, input);
  const rows = await ctx.read(productListQuery(ctx, productFilter(q), q));
  return rows.map(toProduct);
}

function productBySlugQuery(ctx: ServiceContext, slug: string) {
  return productsQuery(ctx, { where: sql`"products"."slug" = ${slug}`, orderBy: sql`"products"."id"`, limit: 1 });
}

export async function getProductBySlug(ctx: ServiceContext, slugInput: unknown): Promise<Product> {
  const slug = parseInput(slugSchema, slugInput);
  const [row] = await ctx.read(productBySlugQuery(ctx, slug));
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return toProduct(row);
}

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

/** What a product card needs, derived from the product's sizes by the shared price rules. */
export function cardOf(p: Pick<Product, "sizes">) {
  return { price: cardPrice(p.sizes), outOfStock: isOutOfStock(p.sizes) };
}

/** Every public catalogue URL's parts, for the sitemap: one round trip. */
export async function listSitemapEntries(ctx: ServiceContext) {
  const [products, categories] = await readAll(ctx, [
    ctx.db
      .select({ slug: s.products.slug, category: s.categories.name, createdAt: s.products.createdAt })
      .from(s.products)
      .innerJoin(s.categories, eq(s.categories.id, s.products.categoryId))
      .where(activeProduct)
      .orderBy(asc(s.products.id)),
    ctx.db.select({ id: s.categories.id }).from(s.categories).orderBy(asc(s.categories.position)),
  ]);
  return { products, categories };
}

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

/** Sizes in the order shoppers expect (XS to 4XL), unknown ones last. */
export function sortSizes(sizes: string[]): string[] {
  const order: readonly string[] = settings.catalogue.sizeOrder;
  const rank = (x: string) => (order.includes(x) ? order.indexOf(x) : order.length);
  return [...sizes].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The home page's catalogue: category tiles and the newest products, in one round trip. */
export async function getHomePage(ctx: ServiceContext, opts: { products: number }) {
  const [categories, rows] = await readAll(ctx, [
    categoriesQuery(ctx),
    cardListQuery(ctx, undefined, { sort: "newest", limit: opts.products, offset: 0 }),
  ]);
  return { categories, products: rows.map(toCardProduct) };
}
