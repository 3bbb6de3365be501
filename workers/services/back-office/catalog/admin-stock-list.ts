import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../../db/client";
import { lowStockThresholdSql, shopSettings } from "../../content/shop-settings";
import type { ServiceContext } from "../../platform/context";
import { productPath } from "../../platform/paths";
import { readAll } from "../../platform/read-batch";
import { likeContains } from "../../platform/sql-like";
import { requireStaff } from "../staff";
import { STOCK_PAGE_SIZE } from "./admin-stock.rules";

/**
 * The back office's stock: a quick view of every size of every product, filtered
 * and paged, for the /admin/stock page and `/api/admin/stock`; the inline edit (admin-stock-edit.ts)
 * and the CSV (admin-stock-csv.ts) read sizes with the same columns. Money is paise here; the API
 * speaks rupees.
 */

const blank = (v: unknown) => (v === undefined || v === null || v === "" || v === "all" ? undefined : v);

export const listQuerySchema = z.object({
  category: z.preprocess(blank, z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional()).catch(undefined),
  low: z.preprocess((v) => v === "1" || v === "true" || v === true || v === "on", z.boolean()).catch(false),
  q: z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, 100) || undefined : undefined), z.string().optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce.number().int().min(1).max(200).catch(STOCK_PAGE_SIZE),
});
export type StockQuery = z.output<typeof listQuerySchema>;

export function listWhere(f: StockQuery): SQL {
  const parts: SQL[] = [sql`1`];
  if (f.category) parts.push(sql`p.category_id = ${f.category}`);
  if (f.low) parts.push(sql`s.stock <= ${lowStockThresholdSql}`);
  if (f.q) {
    const like = likeContains(f.q.toLowerCase());
    parts.push(sql`(lower(p.name) like ${like} escape '\\' or lower(p.slug || '-' || s.size) like ${like} escape '\\')`);
  }
  return sql.join(parts, sql` and `);
}

export interface SizeRow {
  sizeId: number;
  productId: number;
  product: string;
  slug: string;
  categoryId: number;
  category: string;
  size: string;
  pricePaise: number;
  discountPricePaise: number | null;
  stock: number;
  isActive: number;
  archivedAt: number | null;
}

/** One size as the Stock page and the API show it. */
export interface StockItem {
  sizeId: number;
  productId: number;
  product: string;
  /** The product's page on the storefront. */
  path: string;
  category: { id: number; name: string };
  size: string;
  sku: string;
  pricePaise: number;
  discountPricePaise: number | null;
  stock: number;
  low: boolean;
  state: "published" | "draft" | "archived";
}

export const sizeColumns = sql`s.id as sizeId, p.id as productId, p.name as product, p.slug as slug, p.category_id as categoryId, c.name as category,
  s.size as size, s.price_paise as pricePaise, s.discount_price_paise as discountPricePaise, s.stock as stock,
  p.is_active as isActive, p.archived_at as archivedAt`;
export const sizeFrom = sql`from product_sizes s join products p on p.id = s.product_id join categories c on c.id = p.category_id`;
const sizeOrder = sql`order by p.name collate nocase, p.id, s.position, s.id`;

export const sizesQuery = (db: Db, where: SQL, limit: number, offset: number) =>
  db.all<SizeRow & { total: number }>(
    sql`select ${sizeColumns}, count(*) over () as total ${sizeFrom} where ${where} ${sizeOrder} limit ${limit} offset ${offset}`,
  );

export function toItem(r: SizeRow, threshold: number): StockItem {
  const stock = Number(r.stock);
  return {
    sizeId: Number(r.sizeId),
    productId: Number(r.productId),
    product: r.product,
    path: productPath(r.category, r.slug),
    category: { id: Number(r.categoryId), name: r.category },
    size: r.size,
    sku: `${r.slug}-${r.size}`,
    pricePaise: Number(r.pricePaise),
    discountPricePaise: r.discountPricePaise === null ? null : Number(r.discountPricePaise),
    stock,
    low: stock <= threshold,
    state: r.archivedAt !== null ? "archived" : Number(r.isActive) === 1 ? "published" : "draft",
  };
}

/**
 * Every size of every product, a page of it (by product name), filtered by category, low stock and a
 * search of the name or sku, with the categories for the filter: one round trip with the staff check.
 */
export async function listStock(ctx: ServiceContext, query: unknown) {
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  const filters = listQuerySchema.parse(query ?? {});
  const [, [rows, categories], { lowStockThreshold: threshold }] = await Promise.all([
    staff,
    readAll(ctx, [
      sizesQuery(ctx.db, listWhere(filters), filters.limit, (filters.page - 1) * filters.limit),
      ctx.db.all<{ id: number; name: string }>(sql`select id, name from categories order by position, id`),
    ] as const),
    shopSettings(ctx),
  ]);
  const total = rows.length ? Number(rows[0]!.total) : 0;
  return {
    items: rows.map((r) => toItem(r, threshold)),
    categories: categories.map((c) => ({ id: Number(c.id), name: c.name })),
    filters,
    threshold,
    page: filters.page,
    limit: filters.limit,
    total,
    pages: Math.max(1, Math.ceil(total / filters.limit)),
  };
}
export type StockPage = Awaited<ReturnType<typeof listStock>>;
