import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { ProductDetails, ProductDetailsRow, ProductTexts } from "../../../db/schema";
import * as s from "../../../db/schema";
import { settings } from "../content/settings";
import type { ServiceContext } from "../platform/context";
import { notFound } from "../platform/errors";
import { readAll } from "../platform/read-batch";
import { parseInput } from "../platform/validate";
import { PRODUCT_NOT_FOUND } from "./catalog.rules";
import { type ProductListQuery, productListQuerySchema, slugSchema, subcategoryQuerySchema } from "./catalog.schema";
import { cardPrice, isOutOfStock, type SizePrice } from "./pricing";

/**
 * The catalogue's products as the shop reads them: the product and card statements, categories and
 * the lists. The pages' reads (home, listing, product page) are in catalog-pages.ts, search in
 * catalog-search.ts; both build on these statements.
 */

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
  /** `color`: the colour the picture shows (one of `colors`' names), or null. */
  media: { type: "image" | "video"; url: string; alt: string; width: number; height: number; color: string | null }[];
  /** `picture`: the first picture tagged with the colour (the card's pop-up shows it), or null. */
  colors: { name: string; hex: string; picture: string | null }[];
  sizes: SizePrice[];
  paragraph1: string;
  paragraph2: string;
  meta: { title: string; description: string; keywords: string };
  details: ProductDetails;
  rating: { average: number | null; count: number };
  createdAt: Date;
}

export const activeProduct = eq(s.products.isActive, true);

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
  (select json_group_array(json_array(c.name, c.hex, (select m.url from product_media m
       where m.product_id = "products"."id" and m.type = 'image' and m.color = c.name order by m.position, m.id limit 1)) order by c.position, c.id)
     from product_colors c where c.product_id = "products"."id") as colors,
  (select json_group_array(json_array(z.size, z.price_paise, z.discount_price_paise, z.stock) order by z.position, z.id)
     from product_sizes z where z.product_id = "products"."id") as sizes`;
const ALL_MEDIA = `(select json_group_array(json_array(m.type, m.url, m.alt, m.width, m.height, m.color) order by m.position, m.id)
     from product_media m where m.product_id = "products"."id") as media`;
const FIRST_PICTURE = `coalesce((select json_array(json_array(m.type, m.url, m.alt, m.width, m.height, m.color))
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
export function cardsQuery(ctx: ServiceContext, opts: ListOptions) {
  return listQuery<CardRow>(ctx, CARD_SELECT, opts);
}

/** A product as a card shows it; its rating comes from the kept count and sum. */
export function toCardProduct(row: CardRow): CardProduct {
  const media = JSON.parse(row.media) as [Product["media"][number]["type"], string, string, number, number, string | null][];
  const colors = JSON.parse(row.colors) as [string, string, string | null][];
  const sizes = JSON.parse(row.sizes) as [string, number, number | null, number][];
  const ratingCount = Number(row.ratingCount);
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: { id: Number(row.categoryId), name: row.categoryName, slug: row.categorySlug },
    media: media.map(([type, url, alt, width, height, color]) => ({ type, url, alt, width, height, color: color ?? null })),
    colors: colors.map(([name, hex, picture]) => ({ name, hex, picture: picture ?? null })),
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
export function cardListQuery(ctx: ServiceContext, where: SQL | undefined, opts: ListPage) {
  return cardsQuery(ctx, { where, orderBy: listOrder(opts.sort), limit: opts.limit, offset: opts.offset });
}

export function categoriesQuery(ctx: ServiceContext) {
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

export function subcategoriesQuery(ctx: ServiceContext, categoryId: number) {
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

export function productFilter(q: ProductFilter): SQL | undefined {
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

export function productBySlugQuery(ctx: ServiceContext, slug: string) {
  return productsQuery(ctx, { where: sql`"products"."slug" = ${slug}`, orderBy: sql`"products"."id"`, limit: 1 });
}

export async function getProductBySlug(ctx: ServiceContext, slugInput: unknown): Promise<Product> {
  const slug = parseInput(slugSchema, slugInput);
  const [row] = await ctx.read(productBySlugQuery(ctx, slug));
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return toProduct(row);
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

/** Sizes in the order shoppers expect (XS to 4XL), unknown ones last. */
export function sortSizes(sizes: string[]): string[] {
  const order: readonly string[] = settings.catalogue.sizeOrder;
  const rank = (x: string) => (order.includes(x) ? order.indexOf(x) : order.length);
  return [...sizes].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
