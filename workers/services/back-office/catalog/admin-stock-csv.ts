import { sql } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { formatRupees } from "../../catalog/pricing";
import type { ServiceContext } from "../../platform/context";
import { CSV_AMOUNT, csvFile, parseCsv, unguardCell } from "../../platform/csv";
import { AppError } from "../../platform/errors";
import { productPath } from "../../platform/paths";
import { rupeesToPaise } from "../../platform/rupees-input.rules";
import { requireStaff } from "../staff";
import { purgeProducts, type ShownProduct } from "../storefront-purge";
import {
  PRICE_MAX_RUPEES,
  STOCK_CSV_COLUMNS,
  STOCK_CSV_MAX_BYTES,
  STOCK_CSV_MAX_ROWS,
  STOCK_CSV_REQUIRED,
  STOCK_MAX,
  STOCK_MESSAGES,
} from "./admin-stock.rules";
import { listQuerySchema, listWhere, sizeFrom, sizesQuery } from "./admin-stock-list";

/**
 * The back office's stock as CSV: an export of every size and an import of the
 * same file, edited in a spreadsheet. Money is rupees in the file, paise here.
 */

/** Every size (with the list's filters, if any), as the CSV the import reads back. UTF-8 with a BOM, for Excel. */
export async function stockCsv(ctx: ServiceContext, query: unknown): Promise<string> {
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  const filters = listQuerySchema.parse(query ?? {});
  const where = listWhere(filters);
  const [, rows] = await Promise.all([staff, ctx.read(sizesQuery(ctx.db, where, STOCK_CSV_MAX_ROWS, 0))]);
  const lines = rows.map((r) => [
    `${r.slug}-${r.size}`,
    r.product,
    r.size,
    formatRupees(Number(r.pricePaise), CSV_AMOUNT),
    formatRupees(r.discountPricePaise === null ? null : Number(r.discountPricePaise), CSV_AMOUNT),
    Number(r.stock),
    Number(r.stock),
  ]);
  return csvFile(STOCK_CSV_COLUMNS, lines, { bom: true });
}

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
    const cell = (name: string) => unguardCell(cells[col(name)] ?? "");
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
