import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ProductDetailsRow, ProductTexts } from "../../db/schema";
import { ADMIN_PRODUCTS_PAGE_SIZE, IMAGE_TYPES, PRODUCT_MESSAGES as M, PRODUCT_LIMITS, type ProductState } from "./admin-products.rules";
import { listQuerySchema, type ProductInput, productInputSchema } from "./admin-products.schema";
import type { ServiceContext } from "./context";
import { AppError } from "./errors";
import { readImageInfo } from "./image";
import { productPath } from "./paths";
import { effectivePrice } from "./pricing";
import { readAll } from "./read-batch";
import { settings } from "./settings";
import { lowStockThresholdSql, shopSettings } from "./shop-settings";
import { likeContains } from "./sql-like";
import { auditStatement, requireStaff } from "./staff";
import { purgeProducts, type ShownProduct } from "./storefront-purge";
import { invalidInput, parseInput } from "./validate";

/**
 * Products in the back office: the list, the editor's reads, create,
 * update, publish / unpublish, archive / restore, delete, and the pictures (R2, binding MEDIA). Pages
 * (app/routes/admin-product*.tsx) and the API (workers/api/admin-products.ts) call these alone.
 *
 * - A product's write is one db.batch (the row, its colours, sizes and media) with its one audit entry.
 * - Size rows keep their ids while the size stays (an upsert on (product_id, size)): a shopper's cart
 *   line points at the size row and shows the new price at once. A size taken off the product is
 *   deleted, and the cart lines holding it with it (the cart drops them); orders keep their own copy
 *   of the line (name, size, price), their size_id is cleared.
 * - Delete happens only while no order line references the product, checked in the statements
 *   themselves; otherwise a 409 that offers archiving.
 * - After each write, the storefront pages showing the product (before and after) leave the edge cache.
 */

type Stmt = BatchItem<"sqlite">;
const batch = (ctx: ServiceContext, statements: Stmt[]) => ctx.db.batch(statements as [Stmt, ...Stmt[]]) as Promise<unknown[]>;

const NOT_FOUND = () => new AppError(404, M.notFound);

function productId(input: unknown): number {
  const s = typeof input === "number" ? String(input) : typeof input === "string" ? input : "";
  if (!/^[1-9]\d{0,14}$/.test(s)) throw NOT_FOUND();
  return Number(s);
}

export const stateOf = (p: { isActive: unknown; archivedAt: unknown }): ProductState =>
  p.archivedAt !== null && p.archivedAt !== undefined ? "archived" : Number(p.isActive) ? "published" : "draft";

// ---------- the list ----------

interface ListRow {
  id: number;
  name: string;
  slug: string;
  isActive: number;
  archivedAt: number | null;
  updatedAt: number | null;
  createdAt: number;
  categoryId: number;
  categoryName: string;
  cover: string | null;
  coverAlt: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  totalStock: number | null;
  lowSizes: number | null;
  total: number;
}

/**
 * One page of products, the most recently changed first, searched by name or slug, filtered by
 * category and by state (or low stock); each with its cover, category, price range (the sizes'
 * effective prices), total stock and how many sizes are at or under the low-stock setting. One round
 * trip with the staff check (and the categories for the filter).
 */
export async function listAdminProducts(ctx: ServiceContext, query: unknown) {
  const q = listQuerySchema.parse(query ?? {});
  const low = lowStockThresholdSql;
  const where: SQL[] = [sql`1`];
  if (q.q) where.push(sql`(p.name like ${likeContains(q.q)} escape '\\' or p.slug like ${likeContains(q.q.toLowerCase())} escape '\\')`);
  if (q.category) where.push(sql`p.category_id = ${q.category}`);
  if (q.state === "draft") where.push(sql`p.is_active = 0 and p.archived_at is null`);
  if (q.state === "published") where.push(sql`p.is_active = 1 and p.archived_at is null`);
  if (q.state === "archived") where.push(sql`p.archived_at is not null`);
  if (q.state === "low-stock") where.push(sql`exists (select 1 from product_sizes l where l.product_id = p.id and l.stock <= ${low})`);
  await ctx.claims();
  const [, [rows, categories], { lowStockThreshold }] = await Promise.all([
    requireStaff(ctx),
    readAll(ctx, [
      ctx.db.all<ListRow>(sql`select p.id as id, p.name as name, p.slug as slug, p.is_active as isActive, p.archived_at as archivedAt,
          p.updated_at as updatedAt, p.created_at as createdAt, c.id as categoryId, c.name as categoryName,
          (select m.url from product_media m where m.product_id = p.id and m.type = 'image' order by m.position, m.id limit 1) as cover,
          (select m.alt from product_media m where m.product_id = p.id and m.type = 'image' order by m.position, m.id limit 1) as coverAlt,
          (select min(coalesce(z.discount_price_paise, z.price_paise)) from product_sizes z where z.product_id = p.id) as minPrice,
          (select max(coalesce(z.discount_price_paise, z.price_paise)) from product_sizes z where z.product_id = p.id) as maxPrice,
          (select sum(z.stock) from product_sizes z where z.product_id = p.id) as totalStock,
          (select count(*) from product_sizes z where z.product_id = p.id and z.stock <= ${low}) as lowSizes,
          count(*) over () as total
        from products p join categories c on c.id = p.category_id
        where ${sql.join(where, sql` and `)}
        order by coalesce(p.updated_at, p.created_at) desc, p.id desc
        limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
      ctx.db.all<{ id: number; name: string }>(sql`select id, name from categories order by position, id`),
    ] as const),
    shopSettings(ctx),
  ]);
  const total = rows.length ? Number(rows[0]!.total) : 0;
  return {
    products: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      slug: r.slug,
      state: stateOf(r),
      category: { id: Number(r.categoryId), name: r.categoryName },
      path: productPath(r.categoryName, r.slug),
      cover: r.cover ? { url: r.cover, alt: r.coverAlt ?? "" } : null,
      minPricePaise: r.minPrice === null ? null : Number(r.minPrice),
      maxPricePaise: r.maxPrice === null ? null : Number(r.maxPrice),
      totalStock: Number(r.totalStock ?? 0),
      lowStockSizes: Number(r.lowSizes ?? 0),
      updatedAt: new Date(Number(r.updatedAt ?? r.createdAt)).toISOString(),
    })),
    categories: categories.map((c) => ({ id: Number(c.id), name: c.name })),
    query: q,
    lowStockThreshold,
    page: q.page,
    limit: q.limit || ADMIN_PRODUCTS_PAGE_SIZE,
    total,
    pages: Math.max(1, Math.ceil(total / q.limit)),
  };
}
export type AdminProductList = Awaited<ReturnType<typeof listAdminProducts>>;

// ---------- one product ----------

interface ProductRow extends ProductTexts, ProductDetailsRow {
  id: number;
  categoryId: number;
  categoryName: string;
  subcategoryId: number | null;
  isActive: number;
  archivedAt: number | null;
  updatedAt: number | null;
  createdAt: number;
  media: string;
  colors: string;
  sizes: string;
  ordered: number;
}

const productRowQuery = (ctx: ServiceContext, id: number) =>
  ctx.db.all<ProductRow>(sql`select p.id as id, p.slug as slug, p.name as name, p.brand as brand, p.description as description,
      p.paragraph1 as paragraph1, p.paragraph2 as paragraph2, p.category_id as categoryId, c.name as categoryName,
      p.subcategory_id as subcategoryId, p.meta_title as metaTitle, p.meta_description as metaDescription,
      p.meta_keywords as metaKeywords, p.fabric as fabric, p.fit_type as fitType, p.length as garmentLength,
      p.sleeve_neck_type as sleeveNeckType, p.pattern_print as patternPrint, p.occasion_type as occasionType,
      p.wash_care as washCare, p.country_of_origin as countryOfOrigin, p.delivery_returns as deliveryReturns,
      p.is_active as isActive, p.archived_at as archivedAt, p.updated_at as updatedAt, p.created_at as createdAt,
      (select json_group_array(json_array(m.id, m.type, m.url, m.alt, m.width, m.height) order by m.position, m.id)
         from product_media m where m.product_id = p.id) as media,
      (select json_group_array(json_array(k.name, k.hex) order by k.position, k.id)
         from product_colors k where k.product_id = p.id) as colors,
      (select json_group_array(json_array(z.id, z.size, z.price_paise, z.discount_price_paise, z.stock) order by z.position, z.id)
         from product_sizes z where z.product_id = p.id) as sizes,
      exists (select 1 from order_lines o where o.product_id = p.id) as ordered
    from products p join categories c on c.id = p.category_id where p.id = ${id}`);

function toEditable(r: ProductRow) {
  const media = JSON.parse(r.media) as [number, "image" | "video", string, string, number, number][];
  const colors = JSON.parse(r.colors) as [string, string][];
  const sizes = JSON.parse(r.sizes) as [number, string, number, number | null, number][];
  return {
    id: Number(r.id),
    slug: r.slug,
    name: r.name,
    brand: r.brand,
    description: r.description,
    paragraph1: r.paragraph1,
    paragraph2: r.paragraph2,
    categoryId: Number(r.categoryId),
    categoryName: r.categoryName,
    subcategoryId: r.subcategoryId === null ? null : Number(r.subcategoryId),
    details: {
      fabric: r.fabric,
      fitType: r.fitType,
      length: r.garmentLength,
      sleeveNeckType: r.sleeveNeckType,
      patternPrint: r.patternPrint,
      occasionType: r.occasionType,
      washCare: r.washCare,
      countryOfOrigin: r.countryOfOrigin,
      deliveryReturns: r.deliveryReturns,
    },
    meta: { title: r.metaTitle, description: r.metaDescription, keywords: r.metaKeywords },
    media: media.map(([id, type, url, alt, width, height]) => ({ id, type, url, alt, width, height })),
    colors: colors.map(([name, hex]) => ({ name, hex })),
    sizes: sizes.map(([id, size, pricePaise, discountPricePaise, stock]) => ({ id, size, pricePaise, discountPricePaise, stock })),
    state: stateOf(r),
    /** Whether an order line references it: then it cannot be deleted, only archived. */
    ordered: Boolean(Number(r.ordered)),
    path: productPath(r.categoryName, r.slug),
    updatedAt: new Date(Number(r.updatedAt ?? r.createdAt)).toISOString(),
    createdAt: new Date(Number(r.createdAt)).toISOString(),
  };
}
export type EditableProduct = ReturnType<typeof toEditable>;

interface OptionRow {
  id: number;
  name: string;
  categoryId: number | null;
}
const optionsQuery = (ctx: ServiceContext) =>
  ctx.db.all<OptionRow>(sql`select id, name, categoryId from (
      select id, name, null as categoryId, position from categories
      union all select id, name, category_id as categoryId, 0 as position from subcategories)
    order by categoryId is not null, position, id`);

function toOptions(rows: OptionRow[]) {
  return {
    categories: rows.filter((r) => r.categoryId === null).map((r) => ({ id: Number(r.id), name: r.name })),
    subcategories: rows
      .filter((r) => r.categoryId !== null)
      .map((r) => ({ id: Number(r.id), name: r.name, categoryId: Number(r.categoryId) })),
    sizeChart: [...settings.catalogue.sizeOrder] as string[],
  };
}
export type ProductFormOptions = ReturnType<typeof toOptions>;

/** The editor's product with the categories, subcategories and size chart to choose from: one round trip with the staff check. */
export async function productForEdit(ctx: ServiceContext, idInput: unknown) {
  const id = productId(idInput);
  await ctx.claims();
  const [, [[row], options]] = await Promise.all([requireStaff(ctx), readAll(ctx, [productRowQuery(ctx, id), optionsQuery(ctx)] as const)]);
  if (!row) throw NOT_FOUND();
  return { product: toEditable(row), options: toOptions(options) };
}

/** What the new-product form chooses from: one round trip with the staff check. */
export async function productFormOptions(ctx: ServiceContext) {
  await ctx.claims();
  const [, [options]] = await Promise.all([requireStaff(ctx), readAll(ctx, [optionsQuery(ctx)] as const)]);
  return toOptions(options);
}

// ---------- create and update ----------

/** The category, the subcategory's category and the product now holding the slug, for clear messages. */
async function checkReferences(ctx: ServiceContext, input: ProductInput, selfId: number | null) {
  const [check] = await ctx.db.all<{ category: string | null; subcategoryOf: number | null; slugOwner: string | null }>(
    sql`select (select name from categories where id = ${input.categoryId}) as category,
      (select category_id from subcategories where id = ${input.subcategoryId}) as subcategoryOf,
      (select name from products where slug = ${input.slug} and id is not ${selfId}) as slugOwner`,
  );
  const fields: Record<string, string> = {};
  if (!check?.category) fields.categoryId = M.categoryUnknown;
  if (input.subcategoryId !== null && Number(check?.subcategoryOf) !== input.categoryId) fields.subcategoryId = M.subcategoryInvalid;
  if (check?.slugOwner) fields.slug = M.slugTaken(check.slugOwner);
  const first = Object.values(fields)[0];
  if (first) throw invalidInput(first, fields);
  return { categoryName: check!.category! };
}

/** A unique-index refusal of the slug (a race the check above lost) as the same message. */
async function translateSlugConflict(ctx: ServiceContext, error: unknown, slug: string): Promise<never> {
  if (/UNIQUE constraint failed: products\.slug/i.test(errorText(error))) {
    const [owner] = await ctx.db.all<{ name: string }>(sql`select name from products where slug = ${slug}`);
    const message = M.slugTaken(owner?.name ?? "another product");
    throw invalidInput(message, { slug: message });
  }
  throw error;
}

function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, i = 0; e && i < 6; e = (e as { cause?: unknown }).cause, i++) parts.push(String((e as Error).message ?? e));
  return parts.join(" | ");
}

/** The product's own columns, as the audit entry records them. */
const auditView = (p: ProductInput) => ({
  name: p.name,
  slug: p.slug,
  brand: p.brand,
  description: p.description,
  categoryId: p.categoryId,
  subcategoryId: p.subcategoryId,
  colors: p.colors,
  sizes: p.sizes.map((s) => ({ size: s.size, pricePaise: s.price, discountPricePaise: s.discountPrice, stock: s.stock })),
});

const productColumns = (p: ProductInput) => sql`${p.name}, ${p.slug}, ${p.description}, ${p.brand}, ${p.categoryId}, ${p.subcategoryId},
  ${p.paragraph1}, ${p.paragraph2}, ${p.meta.title}, ${p.meta.description}, ${p.meta.keywords}, ${p.details.fabric}, ${p.details.fitType},
  ${p.details.length}, ${p.details.sleeveNeckType}, ${p.details.patternPrint}, ${p.details.occasionType}, ${p.details.washCare},
  ${p.details.countryOfOrigin || "India"}, ${p.details.deliveryReturns}`;

/** The same columns as `col = value` pairs, for an update. */
const productSet = (p: ProductInput) =>
  sql`name = ${p.name}, slug = ${p.slug}, description = ${p.description}, brand = ${p.brand}, category_id = ${p.categoryId},
  subcategory_id = ${p.subcategoryId}, paragraph1 = ${p.paragraph1}, paragraph2 = ${p.paragraph2}, meta_title = ${p.meta.title},
  meta_description = ${p.meta.description}, meta_keywords = ${p.meta.keywords}, fabric = ${p.details.fabric},
  fit_type = ${p.details.fitType}, length = ${p.details.length}, sleeve_neck_type = ${p.details.sleeveNeckType},
  pattern_print = ${p.details.patternPrint}, occasion_type = ${p.details.occasionType}, wash_care = ${p.details.washCare},
  country_of_origin = ${p.details.countryOfOrigin || "India"}, delivery_returns = ${p.details.deliveryReturns}`;

const PRODUCT_COLUMN_NAMES = sql.raw(`name, slug, description, brand, category_id, subcategory_id, paragraph1, paragraph2, meta_title,
  meta_description, meta_keywords, fabric, fit_type, length, sleeve_neck_type, pattern_print, occasion_type, wash_care,
  country_of_origin, delivery_returns`);

/** A video's reserved box (the player scales it): 16:9. */
const VIDEO_BOX = { width: 1280, height: 720 };

/**
 * Creates a draft from the shared schema's input (colours, sizes, video links; pictures are uploaded
 * to it afterwards): the row, its colours and sizes and one audit entry in one batch.
 */
export async function createProduct(ctx: ServiceContext, input: unknown) {
  const staff = await requireStaff(ctx);
  const p = parseInput(productInputSchema, input);
  if (p.media?.some((m) => m.type === "image")) throw invalidInput(M.mediaUnknown, { media: M.mediaUnknown });
  await checkReferences(ctx, p, null);
  const now = ctx.now().getTime();
  const byId = sql`(select id from products where slug = ${p.slug})`;
  const statements: Stmt[] = [
    ctx.db.run(sql`insert into products (${PRODUCT_COLUMN_NAMES}, is_active, updated_at, created_at)
      values (${productColumns(p)}, 0, ${now}, ${now})`),
    ...p.colors.map((c, i) =>
      ctx.db.run(sql`insert into product_colors (product_id, name, hex, position) values (${byId}, ${c.name}, ${c.hex}, ${i})`),
    ),
    ...p.sizes.map((s, i) =>
      ctx.db.run(sql`insert into product_sizes (product_id, size, price_paise, discount_price_paise, stock, position)
        values (${byId}, ${s.size}, ${s.price}, ${s.discountPrice}, ${s.stock}, ${i})`),
    ),
    ...(p.media ?? []).map((m, i) =>
      ctx.db.run(sql`insert into product_media (product_id, type, url, alt, width, height, position)
        values (${byId}, 'video', ${m.url}, ${m.alt}, ${VIDEO_BOX.width}, ${VIDEO_BOX.height}, ${i})`),
    ),
    ctx.db.run(sql`insert into audit_log (actor_id, action, entity, entity_id, before, after, created_at)
      select ${staff.id}, 'product.create', 'product', cast(id as text), 'null', ${JSON.stringify(auditView(p))}, ${now}
      from products where slug = ${p.slug}`),
    ctx.db.all<{ id: number }>(sql`select id from products where slug = ${p.slug}`),
  ];
  let results: unknown[];
  try {
    results = await batch(ctx, statements);
  } catch (error) {
    return translateSlugConflict(ctx, error, p.slug);
  }
  const [created] = results.at(-1) as { id: number }[];
  const id = Number(created!.id);
  return { id, message: M.created };
}

/** The product as the input compares it (for "nothing changed"). */
function sameAs(before: EditableProduct, p: ProductInput): boolean {
  const b = before;
  const sameMedia =
    p.media === undefined ||
    JSON.stringify(b.media.map((m) => [m.id, m.type, m.type === "video" ? m.url : "", m.alt])) ===
      JSON.stringify(p.media.map((m) => [m.id ?? null, m.type, m.type === "video" ? m.url : "", m.alt]));
  return (
    sameMedia &&
    JSON.stringify([
      b.name,
      b.slug,
      b.brand,
      b.description,
      b.paragraph1,
      b.paragraph2,
      b.categoryId,
      b.subcategoryId,
      b.details,
      b.meta,
      b.colors,
      b.sizes.map((s) => [s.size, s.pricePaise, s.discountPricePaise, s.stock]),
    ]) ===
      JSON.stringify([
        p.name,
        p.slug,
        p.brand,
        p.description,
        p.paragraph1,
        p.paragraph2,
        p.categoryId,
        p.subcategoryId,
        { ...p.details, countryOfOrigin: p.details.countryOfOrigin || "India" },
        p.meta,
        p.colors,
        p.sizes.map((s) => [s.size, s.price, s.discountPrice, stockAfter(s, b.sizes.find((x) => x.size === s.size)?.stock)]),
      ])
  );
}

/** The stock a save leaves: the form's figure, or (when it says what it showed) today's plus the change made. */
function stockAfter(s: ProductInput["sizes"][number], current: number | undefined): number {
  if (s.stockWas === undefined || current === undefined) return s.stock;
  return Math.max(0, current + (s.stock - s.stockWas));
}

async function editable(ctx: ServiceContext, id: number): Promise<EditableProduct> {
  const [row] = await productRowQuery(ctx, id);
  if (!row) throw NOT_FOUND();
  return toEditable(row);
}

/** Removes pictures of ours from R2 (never an outside URL); a failure is logged, the change stands. */
async function removeFromR2(ctx: ServiceContext, urls: readonly string[]) {
  const keys = urls.filter((u) => u.startsWith("/media/products/")).map((u) => u.slice("/media/".length));
  if (keys.length) await ctx.env.MEDIA.delete(keys).catch((err: unknown) => console.warn("Could not remove product pictures", keys, err));
}

const shown = (p: { path: string; categoryId: number }): ShownProduct => ({ path: p.path, categoryId: p.categoryId });

/**
 * Saves the whole product: its row, colours (replaced), sizes (kept by size: same id, new price and
 * stock; new ones added; removed ones deleted with the cart lines holding them) and, when sent, its
 * media list (order, alt text, video links; pictures left out are removed, from R2 too). One batch
 * with one audit entry; nothing changed, nothing written.
 */
export async function updateProduct(ctx: ServiceContext, idInput: unknown, input: unknown) {
  const staff = await requireStaff(ctx);
  const id = productId(idInput);
  const p = parseInput(productInputSchema, input);
  const before = await editable(ctx, id);
  if (p.media) {
    const own = new Set(before.media.map((m) => m.id));
    const bad = p.media.findIndex((m) => m.id !== undefined && !own.has(m.id));
    if (bad >= 0) throw invalidInput(M.mediaUnknown, { [`media.${bad}.id`]: M.mediaUnknown });
  }
  if (sameAs(before, p)) return { id, changed: false, message: M.noChange, product: before };
  const { categoryName } = await checkReferences(ctx, p, id);
  const now = ctx.now().getTime();
  const exists = sql`exists (select 1 from products where id = ${id})`;
  const kept = p.sizes.map((s) => s.size);
  const goneSizes = sql`(select id from product_sizes where product_id = ${id} and size not in (${sql.join(
    kept.map((k) => sql`${k}`),
    sql`, `,
  )}))`;
  const keptMedia = (p.media ?? []).flatMap((m) => (m.id === undefined ? [] : [m.id]));
  const statements: Stmt[] = [
    ctx.db.run(sql`update products set ${productSet(p)}, updated_at = ${now} where id = ${id}`),
    ctx.db.run(sql`delete from product_colors where product_id = ${id}`),
    ...p.colors.map((c, i) =>
      ctx.db.run(sql`insert into product_colors (product_id, name, hex, position) select ${id}, ${c.name}, ${c.hex}, ${i} where ${exists}`),
    ),
    // Sizes taken off: their cart lines go (the cart drops them), orders keep their copy without the link.
    ctx.db.run(sql`delete from cart_lines where size_id in ${goneSizes}`),
    ctx.db.run(sql`update order_lines set size_id = null where size_id in ${goneSizes}`),
    ctx.db.run(sql`delete from product_sizes where id in ${goneSizes}`),
    ...p.sizes.map((s, i) =>
      ctx.db.run(sql`insert into product_sizes (product_id, size, price_paise, discount_price_paise, stock, position)
        select ${id}, ${s.size}, ${s.price}, ${s.discountPrice}, ${s.stock}, ${i} where ${exists}
        on conflict (product_id, size) do update set price_paise = excluded.price_paise,
          discount_price_paise = excluded.discount_price_paise, position = excluded.position,
          stock = ${s.stockWas === undefined ? sql`excluded.stock` : sql`max(0, product_sizes.stock + ${s.stock - s.stockWas})`}`),
    ),
  ];
  let removedMedia = 0;
  if (p.media) {
    removedMedia = statements.length;
    statements.push(
      ctx.db.all<{ url: string }>(
        sql`delete from product_media where product_id = ${id} and id not in (${sql.join(
          keptMedia.length ? keptMedia.map((m) => sql`${m}`) : [sql`0`],
          sql`, `,
        )}) returning url`,
      ),
    );
    p.media.forEach((m, i) => {
      statements.push(
        m.id === undefined
          ? ctx.db.run(sql`insert into product_media (product_id, type, url, alt, width, height, position)
              select ${id}, 'video', ${m.url}, ${m.alt}, ${VIDEO_BOX.width}, ${VIDEO_BOX.height}, ${i} where ${exists}`)
          : ctx.db.run(sql`update product_media set alt = ${m.alt}, position = ${i},
              url = case when type = 'video' then ${m.url || null} else url end where id = ${m.id} and product_id = ${id}`),
      );
    });
  }
  statements.push(
    auditStatement(ctx.db, {
      actorId: staff.id,
      action: "product.update",
      entity: "product",
      entityId: id,
      before: auditView({
        ...p,
        name: before.name,
        slug: before.slug,
        brand: before.brand,
        description: before.description,
        categoryId: before.categoryId,
        subcategoryId: before.subcategoryId,
        colors: before.colors,
        sizes: before.sizes.map((s) => ({
          size: s.size,
          price: s.pricePaise,
          discountPrice: s.discountPricePaise,
          stock: s.stock,
          stockWas: undefined,
        })),
      }),
      after: auditView(p),
      at: new Date(now),
      when: exists,
    }),
  );
  let results: unknown[];
  try {
    results = await batch(ctx, statements);
  } catch (error) {
    return translateSlugConflict(ctx, error, p.slug);
  }
  if (removedMedia)
    await removeFromR2(
      ctx,
      (results[removedMedia] as { url: string }[]).map((r) => r.url),
    );
  const after = { path: productPath(categoryName, p.slug), categoryId: p.categoryId };
  await purgeProducts(ctx, [shown(before), after]);
  return { id, changed: true, message: M.saved, product: await editable(ctx, id) };
}

// ---------- state ----------

export const STATE_ACTIONS = ["publish", "unpublish", "archive", "restore"] as const;
export type StateAction = (typeof STATE_ACTIONS)[number];

const STATE_CHANGES: Record<StateAction, { set: (now: number) => SQL; where: SQL; message: string }> = {
  publish: { set: () => sql`is_active = 1`, where: sql`is_active = 0 and archived_at is null`, message: M.published },
  unpublish: { set: () => sql`is_active = 0`, where: sql`is_active = 1 and archived_at is null`, message: M.unpublished },
  archive: { set: (now) => sql`is_active = 0, archived_at = ${now}`, where: sql`archived_at is null`, message: M.archived },
  restore: { set: () => sql`is_active = 0, archived_at = null`, where: sql`archived_at is not null`, message: M.restored },
};

/**
 * Publishes, unpublishes, archives or restores (as a draft) a product: one statement conditioned on
 * its current state, its audit entry only when it changed; then its storefront pages are purged.
 */
export async function setProductState(ctx: ServiceContext, idInput: unknown, actionInput: unknown) {
  const staff = await requireStaff(ctx);
  const id = productId(idInput);
  if (!(STATE_ACTIONS as readonly unknown[]).includes(actionInput)) throw new AppError(404, "Not found");
  const action = actionInput as StateAction;
  const change = STATE_CHANGES[action];
  const now = ctx.now().getTime();
  const [updated, , [row]] = await ctx.db.batch([
    ctx.db.run(sql`update products set updated_at = ${now}, ${change.set(now)} where id = ${id} and ${change.where}`),
    auditStatement(ctx.db, {
      actorId: staff.id,
      action: `product.${action}`,
      entity: "product",
      entityId: id,
      before: null,
      after: { action },
      at: new Date(now),
      when: sql`changes() = 1`,
    }),
    productRowQuery(ctx, id),
  ]);
  if (!row) throw NOT_FOUND();
  const product = toEditable(row);
  const changed = updated.rowsAffected > 0;
  if (!changed && action === "publish" && product.state === "archived") throw new AppError(409, M.archivedReadOnly);
  if (changed) await purgeProducts(ctx, [shown(product)]);
  return { id, changed, message: changed ? change.message : M.noChange, product };
}

/**
 * Deletes a product that no order references: every statement of the batch carries that condition,
 * so an order placed meanwhile keeps it (then a 409 offering to archive). Its pictures leave R2.
 */
export async function deleteProduct(ctx: ServiceContext, idInput: unknown) {
  const staff = await requireStaff(ctx);
  const id = productId(idInput);
  const before = await editable(ctx, id);
  const unordered = sql`not exists (select 1 from order_lines where product_id = ${id})`;
  const [, , , media, , , removed] = await ctx.db.batch([
    ctx.db.run(sql`delete from cart_lines where product_id = ${id} and ${unordered}`),
    ctx.db.run(sql`delete from wishlist_entries where product_id = ${id} and ${unordered}`),
    ctx.db.run(sql`delete from reviews where product_id = ${id} and ${unordered}`),
    ctx.db.all<{ url: string }>(sql`delete from product_media where product_id = ${id} and ${unordered} returning url`),
    ctx.db.run(sql`delete from product_colors where product_id = ${id} and ${unordered}`),
    ctx.db.run(sql`delete from product_sizes where product_id = ${id} and ${unordered}`),
    ctx.db.run(sql`delete from products where id = ${id} and ${unordered}`),
    auditStatement(ctx.db, {
      actorId: staff.id,
      action: "product.delete",
      entity: "product",
      entityId: id,
      before: { name: before.name, slug: before.slug, categoryId: before.categoryId },
      after: null,
      at: ctx.now(),
      when: sql`changes() = 1`,
    }),
  ]);
  if (removed.rowsAffected === 0) {
    const [still] = await ctx.db.all<{ id: number }>(sql`select id from products where id = ${id}`);
    if (still) throw new AppError(409, M.deleteRefused, { canArchive: true });
    throw NOT_FOUND();
  }
  await removeFromR2(
    ctx,
    media.map((m) => m.url),
  );
  await purgeProducts(ctx, [shown(before)]);
  return { id, message: M.deleted };
}

// ---------- pictures ----------

const isFile = (v: unknown): v is File =>
  typeof v === "object" && v !== null && typeof (v as File).arrayBuffer === "function" && typeof (v as File).size === "number";

/** The files of a form's field(s), leaving out the empty file input a browser sends when none was chosen. */
export function chosenFiles(values: readonly unknown[]): unknown[] {
  return values.filter((v) => !(isFile(v) && v.size === 0 && (v.name === "" || v.name === "blob")) && v !== "");
}

/**
 * Adds pictures to a product: each checked from its own bytes (JPEG, PNG or WebP, at most 5 MB, not
 * empty), stored in R2 under products/<id>/, then recorded with its width and height after the
 * product's other media, with alt text (the product's name unless given), in one batch with one audit
 * entry. A refused file refuses the whole upload: nothing is stored.
 */
export async function addProductImages(ctx: ServiceContext, idInput: unknown, filesInput: readonly unknown[], altInput?: unknown) {
  const staff = await requireStaff(ctx);
  const id = productId(idInput);
  const files = chosenFiles(filesInput);
  if (files.length === 0) throw invalidInput(M.imageNone, { images: M.imageNone });
  if (files.length > PRODUCT_LIMITS.imagesPerUpload) throw invalidInput(M.tooManyImages, { images: M.tooManyImages });
  const checked: { key: string; bytes: Uint8Array; type: string; width: number; height: number; name: string }[] = [];
  for (const file of files) {
    if (!isFile(file)) throw invalidInput(M.imageType, { images: M.imageType });
    const label = file.name ? `${file.name}: ` : "";
    if (file.size === 0) throw invalidInput(`${label}${M.imageEmpty}`, { images: `${label}${M.imageEmpty}` });
    if (file.size > PRODUCT_LIMITS.imageMaxBytes)
      throw new AppError(413, `${label}${M.imageTooLarge}`, { field: "images", fields: { images: `${label}${M.imageTooLarge}` } });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const info = readImageInfo(bytes);
    if (!info || !(IMAGE_TYPES as readonly string[]).includes(info.type))
      throw invalidInput(`${label}${M.imageType}`, { images: `${label}${M.imageType}` });
    checked.push({
      key: `products/${id}/${crypto.randomUUID()}.${info.ext}`,
      bytes,
      type: info.type,
      width: info.width,
      height: info.height,
      name: file.name,
    });
  }
  const before = await editable(ctx, id);
  const alt = typeof altInput === "string" && altInput.trim() ? altInput.trim().slice(0, PRODUCT_LIMITS.alt) : before.name;
  await Promise.all(
    checked.map((c) =>
      ctx.env.MEDIA.put(c.key, c.bytes, { httpMetadata: { contentType: c.type, cacheControl: "public, max-age=31536000, immutable" } }),
    ),
  );
  const exists = sql`exists (select 1 from products where id = ${id})`;
  const now = ctx.now().getTime();
  try {
    await batch(ctx, [
      ...checked.map((c) =>
        ctx.db.run(sql`insert into product_media (product_id, type, url, alt, width, height, position)
          select ${id}, 'image', ${`/media/${c.key}`}, ${alt}, ${c.width}, ${c.height},
            coalesce((select max(position) + 1 from product_media where product_id = ${id}), 0) where ${exists}`),
      ),
      ctx.db.run(sql`update products set updated_at = ${now} where id = ${id}`),
      auditStatement(ctx.db, {
        actorId: staff.id,
        action: "product.images.add",
        entity: "product",
        entityId: id,
        before: null,
        after: { images: checked.map((c) => ({ url: `/media/${c.key}`, width: c.width, height: c.height })) },
        at: new Date(now),
        when: exists,
      }),
    ]);
  } catch (error) {
    await removeFromR2(
      ctx,
      checked.map((c) => `/media/${c.key}`),
    );
    throw error;
  }
  await purgeProducts(ctx, [shown(before)]);
  const product = await editable(ctx, id);
  return { id, message: M.imagesAdded, product, added: product.media.filter((m) => checked.some((c) => m.url === `/media/${c.key}`)) };
}

/** Removes one picture or video link from a product (and the picture from R2). */
export async function removeProductMedia(ctx: ServiceContext, idInput: unknown, mediaInput: unknown) {
  const staff = await requireStaff(ctx);
  const id = productId(idInput);
  const mediaId = productId(mediaInput);
  const before = await editable(ctx, id);
  const [removed] = await ctx.db.batch([
    ctx.db.all<{ url: string }>(sql`delete from product_media where id = ${mediaId} and product_id = ${id} returning url`),
    auditStatement(ctx.db, {
      actorId: staff.id,
      action: "product.media.remove",
      entity: "product",
      entityId: id,
      before: { mediaId },
      after: null,
      at: ctx.now(),
      when: sql`changes() = 1`,
    }),
  ]);
  if (removed.length === 0) throw new AppError(404, M.mediaUnknown);
  await removeFromR2(
    ctx,
    removed.map((r) => r.url),
  );
  await purgeProducts(ctx, [shown(before)]);
  return { id, message: M.imageRemoved };
}

/** A product's price range as the list shows it (paise). */
export const priceRange = (sizes: readonly { pricePaise: number; discountPricePaise: number | null }[]) => {
  const prices = sizes.map(effectivePrice);
  return prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null;
};
