import { Hono } from "hono";
import { STOCK_CSV_MAX_BYTES, STOCK_MESSAGES } from "../../services/back-office/catalog/admin-stock.rules";
import { importStockCsv, stockCsv } from "../../services/back-office/catalog/admin-stock-csv";
import { editSize } from "../../services/back-office/catalog/admin-stock-edit";
import { listStock, type StockItem } from "../../services/back-office/catalog/admin-stock-list";
import { paiseToRupees } from "../../services/catalog/pricing";
import { AppError } from "../../services/platform/errors";
import { rupeesToPaise } from "../../services/platform/rupees-input.rules";
import { readBody } from "../body";
import type { ApiEnv } from "../types";

/**
 * `/api/admin/stock*`: the Stock page's services for tools and scripts. Rupees at
 * this edge only; the gate in admin.ts has already answered 404 to anyone who is not staff.
 *
 * - GET  /admin/stock?category=&low=1&q=&page=&limit=  -> { items, total, page, pages, ... }
 * - POST /admin/stock/:sizeId { was, stock, price?, discountPrice? (null: none) } -> { item, changed, message }
 * - GET  /admin/stock.csv?category=&low=1&q=  -> text/csv (UTF-8 with BOM)
 * - POST /admin/stock.csv  (text/csv body, or multipart with a `file`) -> { rows, changed, ... }; refused rows: 422 { refused: [{ line, sku, reason }] }
 */
const NO_STORE = { "Cache-Control": "private, no-store" };

export const stockItemJson = ({ pricePaise, discountPricePaise, ...item }: StockItem) => ({
  ...item,
  price: paiseToRupees(pricePaise),
  discountPrice: discountPricePaise === null ? null : paiseToRupees(discountPricePaise),
});

/** The API's rupees as the service's paise; a value that is not an amount stays one the service refuses. */
function editInput(body: Record<string, unknown>) {
  const money = (v: unknown) => {
    const p = rupeesToPaise(v);
    return p === undefined ? undefined : p === null ? null : Number.isNaN(p) ? "not an amount" : p;
  };
  const price = money(body.price);
  return {
    was: body.was,
    stock: body.stock,
    ...(price === undefined ? {} : { pricePaise: price === null ? "not an amount" : price }),
    ...("discountPrice" in body ? { discountPricePaise: money(body.discountPrice) } : {}),
  };
}

/** The CSV file: the body itself (text/csv), or a multipart form's `file`. */
async function csvText(req: Request): Promise<string> {
  const type = req.headers.get("Content-Type") ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    let form: FormData;
    try {
      form = await req.formData();
    } catch {
      throw new AppError(400, "The form could not be read.");
    }
    const file = form.get("file");
    if (file === null || typeof file === "string") throw new AppError(400, STOCK_MESSAGES.importEmpty);
    if (file.size > STOCK_CSV_MAX_BYTES) throw new AppError(413, STOCK_MESSAGES.importTooBig);
    return file.text();
  }
  if (/^text\/(csv|plain)/i.test(type)) return req.text();
  throw new AppError(415, "Send the CSV as text/csv, or as a multipart form with a file field.");
}

export const adminStockApi = new Hono<ApiEnv>()
  .get("/admin/stock", async (c) => {
    const { items, filters: _f, ...page } = await listStock(c.var.ctx, c.req.query());
    return c.json({ items: items.map(stockItemJson), ...page }, 200, NO_STORE);
  })
  .get("/admin/stock.csv", async (c) => {
    const csv = await stockCsv(c.var.ctx, c.req.query());
    const day = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="stock-${day}.csv"`,
    });
  })
  .post("/admin/stock.csv", async (c) => c.json(await importStockCsv(c.var.ctx, await csvText(c.req.raw))))
  .post("/admin/stock/:sizeId", async (c) => {
    const res = await editSize(c.var.ctx, c.req.param("sizeId"), editInput(await readBody(c)));
    return c.json({ ...res, item: stockItemJson(res.item) });
  });
