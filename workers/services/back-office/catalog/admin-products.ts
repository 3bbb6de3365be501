import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ProductDetailsRow, ProductTexts } from "../../../../db/schema";
import { effectivePrice } from "../../catalog/pricing";
import { settings } from "../../content/settings";
import { lowStockThresholdSql, shopSettings } from "../../content/shop-settings";
import type { ServiceContext } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { productPath } from "../../platform/paths";
import { readAll } from "../../platform/read-batch";
import { likeContains } from "../../platform/sql-like";
import { auditStatement, requireStaff } from "../staff";
import { purgeProducts, type ShownProduct } from "../storefront-purge";
import { ADMIN_PRODUCTS_PAGE_SIZE, PRODUCT_MESSAGES as M, type ProductState } from "./admin-products.rules";
import { listQuerySchema } from "./admin-products.schema";

/**
 * Products in the back office: the list, the editor's reads, publish /
 * unpublish, archive / restore and delete here; create and update in admin-product-save.ts; the
 * pictures (R2, binding MEDIA) in admin-product-media.ts. Pages (app/routes/admin-product*.tsx) and
 * the API (workers/api/back-office/admin-products.ts) call these alone.
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

export type Stmt = BatchItem<"sqlite">;
export const batch = (ctx: ServiceContext, statements: Stmt[]) => ctx.db.batch(statements as [Stmt, ...Stmt[]]) as Promise<unknown[]>;

export const NOT_FOUND = () => new AppError(404, M.notFound);

export function productId(input: unknown): number {
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
      (select json_group_array(json_array(m.id, m.type, m.url, m.alt, m.width, m.height, m.color) order by m.position, m.id)
         from product_media m where m.product_id = p.id) as media,
      (select json_group_array(json_array(k.name, k.hex) order by k.position, k.id)
         from product_colors k where k.product_id = p.id) as colors,
      (select json_group_array(json_array(z.id, z.size, z.price_paise, z.discount_price_paise, z.stock) order by z.position, z.id)
         from product_sizes z where z.product_id = p.id) as sizes,
      exists (select 1 from order_lines o where o.product_id = p.id) as ordered
    from products p join categories c on c.id = p.category_id where p.id = ${id}`);

function toEditable(r: ProductRow) {
  const media = JSON.parse(r.media) as [number, "image" | "video", string, string, number, number, string | null][];
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
    media: media.map(([id, type, url, alt, width, height, color]) => ({ id, type, url, alt, width, height, color: color ?? null })),
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

export async function editable(ctx: ServiceContext, id: number): Promise<EditableProduct> {
  const [row] = await productRowQuery(ctx, id);
  if (!row) throw NOT_FOUND();
  return toEditable(row);
}

/** Removes pictures of ours from R2 (never an outside URL); a failure is logged, the change stands. */
export async function removeFromR2(ctx: ServiceContext, urls: readonly string[]) {
  const keys = urls.filter((u) => u.startsWith("/media/products/")).map((u) => u.slice("/media/".length));
  if (keys.length) await ctx.env.MEDIA.delete(keys).catch((err: unknown) => console.warn("Could not remove product pictures", keys, err));
}

export const shown = (p: { path: string; categoryId: number }): ShownProduct => ({ path: p.path, categoryId: p.categoryId });

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

/** A product's price range as the list shows it (paise). */
export const priceRange = (sizes: readonly { pricePaise: number; discountPricePaise: number | null }[]) => {
  const prices = sizes.map(effectivePrice);
  return prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null;
};
