import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { csvCell } from "./admin-orders";
import {
  PRICE_MAX_RUPEES,
  STOCK_CSV_COLUMNS,
  STOCK_CSV_MAX_BYTES,
  STOCK_CSV_MAX_ROWS,
  STOCK_CSV_REQUIRED,
  STOCK_MAX,
  STOCK_MESSAGES,
  STOCK_PAGE_SIZE,
} from "./admin-stock.rules";
import type { ServiceContext } from "./context";
import { AppError } from "./errors";
import { productPath } from "./paths";
import { readAll } from "./read-batch";
import { lowStockThresholdSql, shopSettings } from "./shop-settings";
import { requireStaff } from "./staff";
import { purgeProducts, type ShownProduct } from "./storefront-purge";
import { invalidInput, parseInput } from "./validate";

/**
 * The back office's stock: a quick view of every size of every product, an inline
 * edit of one size's stock and prices, and a CSV export and import of the same. The /admin/stock page
 * and `/api/admin/stock*` call these and nothing else. Money is paise here; the API speaks rupees.
 *
 * Stock is never written as a figure read earlier: an edit carries the stock the owner saw (`was`)
 * and the one she wants, and the statement adds the difference to what the row holds when it runs.
 * An order placed meanwhile keeps its decrement and her restock is kept too; an edit that would
 * take the stock below 0 is refused by its own WHERE and changes nothing.
 */

// ---------------------------------------------------------------------------------------------
// Shared bits

const blank = (v: unknown) => (v === undefined || v === null || v === "" || v === "all" ? undefined : v);

/** Rupees as the API and the forms send them ("1299", "1299.5", 1299.5) -> paise; null for blank. */
export function rupeesToPaise(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || (typeof value === "string" && value.trim() === "")) return null;
  const s = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "x") : typeof value === "string" ? value.trim() : "x";
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return Number.NaN;
  const [whole, frac = ""] = s.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

const paiseField = (message: string) =>
  z
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(PRICE_MAX_RUPEES * 100, message);

/** A whole number of pieces, as a number or a form's text ("12"); blank, null or anything else is refused. */
const stockField = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(0, message).max(STOCK_MAX, message),
  );

const rupeeText = (paise: number | null) => (paise === null ? "" : (paise / 100).toFixed(2));

// ---------------------------------------------------------------------------------------------
// The quick view

const listQuerySchema = z.object({
  category: z.preprocess(blank, z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional()).catch(undefined),
  low: z.preprocess((v) => v === "1" || v === "true" || v === true || v === "on", z.boolean()).catch(false),
  q: z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, 100) || undefined : undefined), z.string().optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce.number().int().min(1).max(200).catch(STOCK_PAGE_SIZE),
});
export type StockQuery = z.output<typeof listQuerySchema>;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function listWhere(f: StockQuery): SQL {
  const parts: SQL[] = [sql`1`];
  if (f.category) parts.push(sql`p.category_id = ${f.category}`);
  if (f.low) parts.push(sql`s.stock <= ${lowStockThresholdSql}`);
  if (f.q) {
    const like = `%${likeEscape(f.q.toLowerCase())}%`;
    parts.push(sql`(lower(p.name) like ${like} escape '\\' or lower(p.slug || '-' || s.size) like ${like} escape '\\')`);
  }
  return sql.join(parts, sql` and `);
}

interface SizeRow {
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

const sizeColumns = sql`s.id as sizeId, p.id as productId, p.name as product, p.slug as slug, p.category_id as categoryId, c.name as category,
  s.size as size, s.price_paise as pricePaise, s.discount_price_paise as discountPricePaise, s.stock as stock,
  p.is_active as isActive, p.archived_at as archivedAt`;
const sizeFrom = sql`from product_sizes s join products p on p.id = s.product_id join categories c on c.id = p.category_id`;
const sizeOrder = sql`order by p.name collate nocase, p.id, s.position, s.id`;

const sizesQuery = (db: Db, where: SQL, limit: number, offset: number) =>
  db.all<SizeRow & { total: number }>(
    sql`select ${sizeColumns}, count(*) over () as total ${sizeFrom} where ${where} ${sizeOrder} limit ${limit} offset ${offset}`,
  );

function toItem(r: SizeRow, threshold: number): StockItem {
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

// ---------------------------------------------------------------------------------------------
// One size's inline edit

const sizeIdSchema = z
  .unknown()
  .transform((v) => (typeof v === "number" ? String(v) : v))
  .pipe(z.string().regex(/^[1-9]\d{0,14}$/))
  .transform(Number);

const editSchema = z
  .object({
    was: stockField(STOCK_MESSAGES.wasWhole),
    stock: stockField(STOCK_MESSAGES.stockWhole),
    pricePaise: paiseField(STOCK_MESSAGES.price).optional(),
    discountPricePaise: paiseField(STOCK_MESSAGES.discount).nullable().optional(),
  })
  .refine((e) => e.pricePaise === undefined || e.discountPricePaise == null || e.discountPricePaise < e.pricePaise, {
    message: STOCK_MESSAGES.discountBelowPrice,
    path: ["discountPricePaise"],
  });
/** A size's edit, in paise: the stock the page showed, the stock wanted, and optionally its prices. */
export type SizeEdit = z.input<typeof editSchema>;

export interface SizeEditResult {
  item: StockItem;
  changed: boolean;
  message: string;
}

/** A JSON object of the size's fields as SQL, for the audit entry. */
const sizeJson = (stock: SQL, price: SQL, discount: SQL) =>
  sql`json_object('stock', ${stock}, 'pricePaise', ${price}, 'discountPricePaise', ${discount})`;

/**
 * One size's stock (as the difference from what the owner saw) and optionally its price and discount
 * price. One batch: the audit entry (the row's figures before and after, written only when the
 * change goes through: the same condition as the update, in the same transaction), the update, the
 * product's updated_at, and the size as it is now. Then the product's pages are purged.
 */
export async function editSize(ctx: ServiceContext, sizeIdInput: unknown, input: unknown): Promise<SizeEditResult> {
  const staff = await requireStaff(ctx);
  const id = sizeIdSchema.safeParse(sizeIdInput);
  if (!id.success) throw new AppError(404, STOCK_MESSAGES.notFound);
  const sizeId = id.data;
  const edit = parseInput(editSchema, input);
  const delta = edit.stock - edit.was;
  const price = edit.pricePaise === undefined ? sql`price_paise` : sql`${edit.pricePaise}`;
  const discount = edit.discountPricePaise === undefined ? sql`discount_price_paise` : sql`${edit.discountPricePaise}`;
  // The rule, where the update and its audit entry both hold it: the size exists, its stock stays 0
  // or more, its discount stays below its price, and something changes.
  const applies = sql`id = ${sizeId} and stock + ${delta} >= 0
    and (${discount} is null or ${discount} < ${price})
    and (${delta} <> 0 or price_paise <> ${price} or discount_price_paise is not ${discount})`;
  const now = ctx.now().getTime();
  const [audit, , , current] = await ctx.db.batch([
    ctx.db.run(sql`insert into audit_log (actor_id, action, entity, entity_id, before, after, created_at)
      select ${staff.id}, 'stock.edit', 'product-size', cast(id as text),
        ${sizeJson(sql`stock`, sql`price_paise`, sql`discount_price_paise`)},
        json_insert(${sizeJson(sql`stock + ${delta}`, price, discount)}, '$.sku', (select p.slug from products p where p.id = product_id) || '-' || size,
          '$.was', ${edit.was}),
        ${now}
      from product_sizes where ${applies}`),
    ctx.db.run(
      sql`update product_sizes set stock = stock + ${delta}, price_paise = ${price}, discount_price_paise = ${discount} where ${applies}`,
    ),
    ctx.db.run(
      sql`update products set updated_at = ${now} where changes() = 1 and id = (select product_id from product_sizes where id = ${sizeId})`,
    ),
    ctx.db.all<SizeRow>(sql`select ${sizeColumns} ${sizeFrom} where s.id = ${sizeId}`),
  ]);
  const [row] = current;
  if (!row) throw new AppError(404, STOCK_MESSAGES.notFound);
  const threshold = (await shopSettings(ctx)).lowStockThreshold;
  const item = toItem(row, threshold);
  if (audit.rowsAffected === 1) {
    await purgeProducts(ctx, [{ path: item.path, categoryId: item.category.id }]);
    return { item, changed: true, message: STOCK_MESSAGES.saved };
  }
  // Refused by the statement: say why, from the row as it is now.
  if (item.stock + delta < 0) {
    throw new AppError(409, STOCK_MESSAGES.belowZero(item.stock, delta), { field: "stock", stock: item.stock });
  }
  const newPrice = edit.pricePaise ?? item.pricePaise;
  const newDiscount = edit.discountPricePaise === undefined ? item.discountPricePaise : edit.discountPricePaise;
  if (newDiscount !== null && newDiscount >= newPrice) {
    throw invalidInput(STOCK_MESSAGES.discountBelowPrice, { discountPricePaise: STOCK_MESSAGES.discountBelowPrice });
  }
  return { item, changed: false, message: STOCK_MESSAGES.nothingChanged };
}

// ---------------------------------------------------------------------------------------------
// CSV export

/** Every size (with the list's filters, if any), as the CSV the import reads back. UTF-8 with a BOM, for Excel. */
export async function stockCsv(ctx: ServiceContext, query: unknown): Promise<string> {
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  const filters = listQuerySchema.parse(query ?? {});
  const where = listWhere(filters);
  const [, rows] = await Promise.all([staff, ctx.read(sizesQuery(ctx.db, where, STOCK_CSV_MAX_ROWS, 0))]);
  const lines = rows.map((r) =>
    [
      `${r.slug}-${r.size}`,
      r.product,
      r.size,
      rupeeText(Number(r.pricePaise)),
      rupeeText(r.discountPricePaise === null ? null : Number(r.discountPricePaise)),
      Number(r.stock),
      Number(r.stock),
    ]
      .map(csvCell)
      .join(","),
  );
  return `\uFEFF${[STOCK_CSV_COLUMNS.join(","), ...lines].join("\r\n")}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// CSV import

/** A row the import refused: its line in the file (the header is line 1), its sku as written, and why. */
export interface RefusedRow {
  line: number;
  sku: string;
  reason: string;
}

export interface ImportResult {
  rows: number;
  changed: number;
  stockChanged: number;
  priceChanged: number;
  message: string;
}

/** RFC 4180 records, each with the line it starts on; a quoted cell may hold commas, quotes and line breaks. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === "\n") line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell === "") {
      quoted = true;
      touched = true;
    } else if (ch === ",") {
      cells.push(cell);
      cell = "";
      touched = true;
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      cells.push(cell);
      if (touched || cells.some((c) => c !== "")) records.push({ line: start, cells });
      cells = [];
      cell = "";
      touched = false;
      line++;
      start = line;
    } else {
      cell += ch;
      touched = true;
    }
  }
  cells.push(cell);
  if (touched || cells.some((c) => c !== "")) records.push({ line: start, cells });
  return records;
}

/** A cell the export guarded against formulas ("'-5") is read as what it guarded. */
const unguard = (s: string) => s.trim().replace(/^'(?=[=+\-@\t\r])/, "");

interface CatalogueSize {
  sizeId: number;
  sku: string;
  productId: number;
  slug: string;
  category: string;
  categoryId: number;
  pricePaise: number;
  discountPricePaise: number | null;
  stock: number;
}

interface PlannedRow {
  line: number;
  size: CatalogueSize;
  pricePaise: number;
  discountPricePaise: number | null;
  /** The stock as the difference from the export's figure, or the absolute figure (no stock_at_export column). */
  stock: { delta: number } | { set: number };
}

const WHOLE = /^\d{1,9}$/;

/** Checks every row of the file against the catalogue; returns the plan, or every refused row. */
function planImport(records: { line: number; cells: string[] }[], catalogue: Map<string, CatalogueSize>) {
  const refused: RefusedRow[] = [];
  const [head, ...rows] = records;
  if (!head) return { refused: [{ line: 1, sku: "", reason: STOCK_MESSAGES.importEmpty }], plan: [] };
  const names = head.cells.map((c) =>
    c
      .trim()
      .replace(/^\uFEFF/, "")
      .toLowerCase(),
  );
  const col = (name: string) => names.indexOf(name);
  const unknown = names.filter((n) => !(STOCK_CSV_COLUMNS as readonly string[]).includes(n));
  const missing = STOCK_CSV_REQUIRED.filter((n) => col(n) === -1);
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  if (unknown.length || missing.length || repeated.length) {
    const why = [
      missing.length ? `missing ${missing.join(", ")}` : "",
      unknown.length ? `unknown ${unknown.map((n) => `"${n.slice(0, 40)}"`).join(", ")}` : "",
      repeated.length ? `repeated ${repeated.join(", ")}` : "",
    ].filter(Boolean);
    return {
      refused: [
        { line: head.line, sku: "", reason: `Wrong header (${why.join("; ")}): the first row must be ${STOCK_CSV_COLUMNS.join(",")}` },
      ],
      plan: [],
    };
  }
  const hasExport = col("stock_at_export") !== -1;
  const seen = new Map<string, number>();
  const plan: PlannedRow[] = [];
  for (const { line, cells } of rows) {
    const cell = (name: string) => unguard(cells[col(name)] ?? "");
    const sku = cell("sku");
    const refuse = (reason: string) => refused.push({ line, sku: sku.slice(0, 120), reason });
    if (cells.length !== names.length) {
      refuse(`Expected ${names.length} cells, found ${cells.length}`);
      continue;
    }
    if (sku === "") {
      refuse("The sku is empty");
      continue;
    }
    const size = catalogue.get(sku);
    if (!size) {
      refuse(`Unknown sku "${sku.slice(0, 120)}"`);
      continue;
    }
    const earlier = seen.get(sku);
    if (earlier !== undefined) {
      refuse(`Duplicate sku (also on line ${earlier})`);
      continue;
    }
    seen.set(sku, line);
    const reasons: string[] = [];
    const price = rupeesToPaise(cell("price"));
    const priceOk = typeof price === "number" && Number.isInteger(price) && price >= 1 && price <= PRICE_MAX_RUPEES * 100;
    if (!priceOk) reasons.push(`Bad price "${cell("price").slice(0, 20)}": ${STOCK_MESSAGES.price}`);
    const discount = rupeesToPaise(cell("discount_price"));
    const discountOk =
      discount === null ||
      (typeof discount === "number" && Number.isInteger(discount) && discount >= 1 && discount <= PRICE_MAX_RUPEES * 100);
    if (!discountOk) reasons.push(`Bad discount price "${cell("discount_price").slice(0, 20)}": ${STOCK_MESSAGES.discount}`);
    if (priceOk && discountOk && discount !== null && discount !== undefined && discount >= (price as number))
      reasons.push(STOCK_MESSAGES.discountBelowPrice);
    const stockText = cell("stock");
    const stockOk = WHOLE.test(stockText) && Number(stockText) <= STOCK_MAX;
    if (!stockOk)
      reasons.push(
        /^-\s*\d/.test(stockText)
          ? `Negative stock "${stockText.slice(0, 20)}": stock cannot be below 0`
          : `Bad stock "${stockText.slice(0, 20)}": ${STOCK_MESSAGES.stockWhole}`,
      );
    const atExportText = hasExport ? cell("stock_at_export") : "";
    const atExportOk = !hasExport || (WHOLE.test(atExportText) && Number(atExportText) <= STOCK_MAX);
    if (!atExportOk) reasons.push(`Bad stock_at_export "${atExportText.slice(0, 20)}": leave the figure the export wrote`);
    if (reasons.length) {
      refuse(reasons.join("; "));
      continue;
    }
    plan.push({
      line,
      size,
      pricePaise: price as number,
      discountPricePaise: discount as number | null,
      stock: hasExport ? { delta: Number(stockText) - Number(atExportText) } : { set: Number(stockText) },
    });
  }
  return { refused, plan };
}

const catalogueQuery = (db: Db) =>
  db.all<CatalogueSize>(sql`select s.id as sizeId, p.slug || '-' || s.size as sku, p.id as productId, p.slug as slug, c.name as category,
      p.category_id as categoryId, s.price_paise as pricePaise, s.discount_price_paise as discountPricePaise, s.stock as stock
    ${sizeFrom}`);

const refusedError = (refused: RefusedRow[], status: 409 | 422 = 422, message = STOCK_MESSAGES.importRefused(refused.length)) =>
  new AppError(status, message, { refused });

/** Whether the batch failed on the stock check (a size would go below 0). */
function stockCheckFailed(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const m = (e as { message?: unknown }).message;
    if (typeof m === "string" && /product_sizes_stock_check|CHECK constraint/i.test(m)) return true;
  }
  return false;
}

/**
 * The CSV import: every row is checked first (header, unknown or duplicate sku, numbers, negative
 * stock, discount not below price); any refused row -> 422 with each one's line and reason, and
 * nothing changes. A good file is applied in ONE batch: each changed size's stock as the difference
 * from stock_at_export (or set, without that column), its prices set; a size that orders took below 0
 * meanwhile fails the whole batch on the stock CHECK -> 409 naming the rows, nothing changed. One audit
 * entry for the import (entity "stock-import": the counts and each changed sku's figures).
 */
export async function importStockCsv(ctx: ServiceContext, input: unknown): Promise<ImportResult> {
  const staff = await requireStaff(ctx);
  if (typeof input !== "string" || input.replace(/^\uFEFF/, "").trim() === "") throw new AppError(400, STOCK_MESSAGES.importEmpty);
  if (new TextEncoder().encode(input).length > STOCK_CSV_MAX_BYTES) throw new AppError(413, STOCK_MESSAGES.importTooBig);
  const records = parseCsv(input.replace(/^\uFEFF/, ""));
  if (records.length - 1 > STOCK_CSV_MAX_ROWS) throw new AppError(413, STOCK_MESSAGES.importTooBig);
  const sizes = await ctx.read(catalogueQuery(ctx.db));
  const catalogue = new Map(sizes.map((s) => [s.sku, { ...s, stock: Number(s.stock) }]));
  const { refused, plan } = planImport(records, catalogue);
  if (refused.length) throw refusedError(refused);

  const changes = plan.filter((r) => {
    const stockMoves = "delta" in r.stock ? r.stock.delta !== 0 : r.stock.set !== r.size.stock;
    return (
      stockMoves ||
      r.pricePaise !== Number(r.size.pricePaise) ||
      r.discountPricePaise !== (r.size.discountPricePaise === null ? null : Number(r.size.discountPricePaise))
    );
  });
  const stockChanged = changes.filter((r) => ("delta" in r.stock ? r.stock.delta !== 0 : r.stock.set !== r.size.stock)).length;
  const priceChanged = changes.filter(
    (r) =>
      r.pricePaise !== Number(r.size.pricePaise) ||
      r.discountPricePaise !== (r.size.discountPricePaise === null ? null : Number(r.size.discountPricePaise)),
  ).length;
  const result = (message: string): ImportResult => ({ rows: plan.length, changed: changes.length, stockChanged, priceChanged, message });
  if (changes.length === 0) return result(STOCK_MESSAGES.importDone(0, plan.length));

  const now = ctx.now().getTime();
  const productIds = [...new Set(changes.map((r) => Number(r.size.productId)))];
  const statements = changes.map((r) =>
    ctx.db.run(sql`update product_sizes set stock = ${"delta" in r.stock ? sql`stock + ${r.stock.delta}` : sql`${r.stock.set}`},
        price_paise = ${r.pricePaise}, discount_price_paise = ${r.discountPricePaise}
      where id = ${r.size.sizeId}`),
  );
  try {
    await ctx.db.batch([
      ...(statements as [(typeof statements)[number], ...(typeof statements)[number][]]),
      ctx.db.run(
        sql`update products set updated_at = ${now} where id in (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
      ctx.db.run(sql`insert into audit_log (actor_id, action, entity, entity_id, before, after, created_at)
        values (${staff.id}, 'stock.import', 'stock-import', ${String(now)},
          ${JSON.stringify({ sizes: changes.slice(0, 500).map((r) => ({ sku: r.size.sku, stock: r.size.stock, pricePaise: Number(r.size.pricePaise), discountPricePaise: r.size.discountPricePaise === null ? null : Number(r.size.discountPricePaise) })) })},
          ${JSON.stringify({
            rows: plan.length,
            changed: changes.length,
            stockChanged,
            priceChanged,
            sizes: changes.slice(0, 500).map((r) => ({
              sku: r.size.sku,
              stock: "delta" in r.stock ? { add: r.stock.delta } : r.stock.set,
              pricePaise: r.pricePaise,
              discountPricePaise: r.discountPricePaise,
            })),
          })}, ${now})`),
    ]);
  } catch (error) {
    if (!stockCheckFailed(error)) throw error;
    // Which rows: the sizes as they are now, against each row's change.
    const fresh = await ctx.db.all<{ sizeId: number; stock: number }>(
      sql`select id as sizeId, stock from product_sizes where id in (${sql.join(
        changes.map((r) => sql`${r.size.sizeId}`),
        sql`, `,
      )})`,
    );
    const stockNow = new Map(fresh.map((f) => [Number(f.sizeId), Number(f.stock)]));
    const below = changes
      .filter((r) => "delta" in r.stock && (stockNow.get(r.size.sizeId) ?? 0) + r.stock.delta < 0)
      .map((r) => {
        const now = stockNow.get(r.size.sizeId) ?? 0;
        const delta = "delta" in r.stock ? r.stock.delta : 0;
        return { line: r.line, sku: r.size.sku, reason: `Stock would go below 0: ${now} left now, the row takes ${-delta}` };
      });
    throw refusedError(below, 409, STOCK_MESSAGES.importFailedBelowZero);
  }
  await purgeProducts(
    ctx,
    productIds.map((id): ShownProduct => {
      const r = changes.find((c) => Number(c.size.productId) === id)!;
      return { path: productPath(r.size.category, r.size.slug), categoryId: Number(r.size.categoryId) };
    }),
  );
  return result(STOCK_MESSAGES.importDone(changes.length, plan.length));
}
