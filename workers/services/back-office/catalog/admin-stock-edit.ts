import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { shopSettings } from "../../content/shop-settings";
import type { ServiceContext } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { invalidInput, parseInput } from "../../platform/validate";
import { requireStaff } from "../staff";
import { purgeProducts } from "../storefront-purge";
import { PRICE_MAX_RUPEES, STOCK_MAX, STOCK_MESSAGES } from "./admin-stock.rules";
import { type SizeRow, type StockItem, sizeColumns, sizeFrom, toItem } from "./admin-stock-list";

/**
 * One size's inline edit on the back office's Stock page and `PATCH /api/admin/stock/:sizeId`: its
 * stock and prices, in paise.
 *
 * Stock is never written as a figure read earlier: an edit carries the stock the owner saw (`was`)
 * and the one she wants, and the statement adds the difference to what the row holds when it runs.
 * An order placed meanwhile keeps its decrement and her restock is kept too; an edit that would
 * take the stock below 0 is refused by its own WHERE and changes nothing.
 */

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
