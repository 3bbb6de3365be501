import { randomBytes } from "node:crypto";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, TEST_ADDRESS, type TestUser } from "../../tooling/accounts";
import { buyableProducts, setStock } from "../../tooling/cart";
import { STOCK_CSV_COLUMNS, STOCK_MESSAGES } from "../../workers/services/back-office/catalog/admin-stock.rules";
import { productPath } from "../../workers/services/platform/paths";
import { untilCached } from "../support/edge-cache";
import { pageForms } from "../support/page-forms";
import { ownerToken as signInOwner } from "../support/staff";

/**
 * The back office's stock over `/api/admin/stock*` and the /admin/stock page,
 * against the built Worker: a 404 for everyone but staff; an inline edit while an order is being
 * placed keeps both changes; an edit below 0 is refused; the CSV export parses and reads back; a CSV
 * with one bad row changes nothing and names the row; a good one applies, as differences from the
 * export's figures; one audit entry per change; the page's forms without JavaScript.
 *
 * The CSV and price tests work on a draft product of this file's own (shoppers never see it); the
 * order test on a real product's size, its stock put back after.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const db = createClient({ url: dbUrl });
const forms = pageForms(base);
const one = async <T>(q: string, args: (string | number | null)[] = []) => (await db.execute({ sql: q, args })).rows[0] as T;
const count = async (q: string, args: (string | number | null)[] = []) => Number((await one<{ n: number }>(q, args)).n);

let token: string;
let owner: TestUser;
let shopper: TestUser;
const restore: (() => Promise<void>)[] = [];
const SLUG = `stock-test-${randomBytes(3).toString("hex")}`;
let productId: number;
/** The draft's sizes: M (price 1000, discount 800, stock 4) and L (price 1200, no discount, stock 10). */
const sizeIds: Record<"M" | "L", number> = { M: 0, L: 0 };

beforeAll(async () => {
  token = await signInOwner(base);
  owner = { email: DEMO_OWNER.email, password: DEMO_OWNER.password, name: DEMO_OWNER.name, token, id: "0" };
  shopper = await createUser(base, "admin-stock", "Anjali Rao");
  const category = await one<{ id: number }>("select id from categories order by position limit 1");
  const inserted = await db.execute({
    sql: "insert into products (slug, name, description, brand, category_id, is_active) values (?, ?, 'A test kurti.', 'Aanchal', ?, 0) returning id",
    args: [SLUG, `Stock Test Kurti ${SLUG.slice(-6)}`, Number(category.id)],
  });
  productId = Number(inserted.rows[0]!.id);
  for (const [size, price, discount, stock, position] of [
    ["M", 100000, 80000, 4, 0],
    ["L", 120000, null, 10, 1],
  ] as const) {
    const r = await db.execute({
      sql: "insert into product_sizes (product_id, size, price_paise, discount_price_paise, stock, position) values (?, ?, ?, ?, ?, ?) returning id",
      args: [productId, size, price, discount, stock, position],
    });
    sizeIds[size] = Number(r.rows[0]!.id);
  }
});
afterAll(async () => {
  for (const undo of restore.splice(0)) await undo();
  await db.execute({ sql: "delete from products where id = ?", args: [productId] });
  db.close();
});

async function api(path: string, opts: { token?: string | null; method?: string; body?: unknown; csv?: string } = {}) {
  const t = opts.token === undefined ? token : opts.token;
  const headers: Record<string, string> = t ? { Authorization: `Bearer ${t}` } : {};
  let body: string | undefined;
  if (opts.csv !== undefined) {
    headers["Content-Type"] = "text/csv";
    body = opts.csv;
  } else if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(new URL(path, base), { method: opts.method ?? (body === undefined ? "GET" : "POST"), headers, body });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: answers read field by field.
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text, headers: res.headers };
}

const sizeRow = (id: number) =>
  one<{ stock: number; price: number; discount: number | null }>(
    "select stock, price_paise as price, discount_price_paise as discount from product_sizes where id = ?",
    [id],
  );
const audits = (where: string, args: (string | number)[] = []) => count(`select count(*) as n from audit_log where ${where}`, args);

/** RFC 4180 lines of a CSV (no quoted line breaks in these files). */
function parseCsvLines(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter((l) => l !== "")
    .map((line) => {
      const cells: string[] = [];
      let cell = "";
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i]!;
        if (quoted) {
          if (ch === '"' && line[i + 1] === '"') {
            cell += '"';
            i++;
          } else if (ch === '"') quoted = false;
          else cell += ch;
        } else if (ch === '"') quoted = true;
        else if (ch === ",") {
          cells.push(cell);
          cell = "";
        } else cell += ch;
      }
      cells.push(cell);
      return cells;
    });
}

describe("the door", () => {
  it("answers 404 to a shopper and a signed-out visitor on every stock page, form and endpoint, changing nothing", async () => {
    const notFoundPage = await (await fetch(new URL("/no-such-page-here", base))).text();
    const before = await sizeRow(sizeIds.M);
    const auditBefore = await count("select count(*) as n from audit_log");
    for (const who of [shopper, null]) {
      const page = await forms.get("/admin/stock", who);
      expect({ who: who?.email, status: page.status }).toEqual({ who: who?.email, status: 404 });
      expect(await page.text()).toContain("SORRY, PAGE NOT FOUND");
      const post = await forms.post(
        "/admin/stock",
        { intent: "edit", sizeId: String(sizeIds.M), was: "4", stock: "9", price: "1000" },
        who,
      );
      // As a post to an unknown address: the shop's routes have no form there.
      expect(post.status).toBe(405);
      const t = who?.token ?? null;
      for (const [method, path, body] of [
        ["GET", "/api/admin/stock", undefined],
        ["GET", "/api/admin/stock.csv", undefined],
        ["POST", `/api/admin/stock/${sizeIds.M}`, { was: 4, stock: 9 }],
      ] as const) {
        const res = await api(path, { token: t, method, body });
        expect({ who: who?.email, path, status: res.status, json: res.json }).toEqual({
          who: who?.email,
          path,
          status: 404,
          json: { message: "Not found" },
        });
      }
      const csv = await api("/api/admin/stock.csv", { token: t, csv: `sku,price,discount_price,stock\n${SLUG}-M,1000,,9\n` });
      expect(csv.status).toBe(404);
    }
    expect(notFoundPage).toContain("SORRY, PAGE NOT FOUND");
    expect(await sizeRow(sizeIds.M)).toEqual(before);
    expect(await count("select count(*) as n from audit_log")).toBe(auditBefore);
  });
});

describe("the quick view", () => {
  it("lists every size with its sku, rupees, stock and low-stock flag; filters by search, category and low stock", async () => {
    const res = await api(`/api/admin/stock?q=${SLUG}`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.total).toBe(2);
    expect(res.json.items).toEqual([
      expect.objectContaining({ sku: `${SLUG}-M`, size: "M", price: 1000, discountPrice: 800, stock: 4, low: false, state: "draft" }),
      expect.objectContaining({ sku: `${SLUG}-L`, size: "L", price: 1200, discountPrice: null, stock: 10, low: false }),
    ]);
    restore.push(async () => void (await db.execute({ sql: "update product_sizes set stock = 4 where id = ?", args: [sizeIds.M] })));
    await db.execute({ sql: "update product_sizes set stock = 2 where id = ?", args: [sizeIds.M] });
    const low = await api(`/api/admin/stock?q=${SLUG}&low=1`);
    expect(low.json.items.map((i: { sku: string; low: boolean }) => [i.sku, i.low])).toEqual([[`${SLUG}-M`, true]]);
    const other = await one<{ id: number }>("select id from categories order by position desc limit 1");
    expect((await api(`/api/admin/stock?q=${SLUG}&category=${other.id}`)).json.total).toBe(0);
    await db.execute({ sql: "update product_sizes set stock = 4 where id = ?", args: [sizeIds.M] });
  });
});

describe("an inline edit", () => {
  it("keeps both changes when an order is placed at the same moment: stock 5, an order of 1 and an edit 5 -> 8 at once leave 7", async () => {
    const [product] = await buyableProducts(base);
    const size = product!.sizes.find((z) => z.stock > 0)!;
    restore.push(await setStock(dbUrl, product!._id, size.size, 5));
    const sizeId = Number(
      (await one<{ id: number }>("select id from product_sizes where product_id = ? and size = ?", [Number(product!._id), size.size])).id,
    );
    const auditBefore = await audits("entity = 'product-size' and entity_id = ?", [String(sizeId)]);
    const [order, edit] = await Promise.all([
      api("/api/orders/place", {
        token: shopper.token,
        body: {
          shippingInfo: { ...TEST_ADDRESS, fullName: shopper.name, emailAddress: shopper.email },
          paymentMethod: "cashOnDelivery",
          buyNow: true,
          items: [{ product: product!._id, size: size.size, color: product!.colors[0]!.name, quantity: 1 }],
        },
      }),
      api(`/api/admin/stock/${sizeId}`, { body: { was: 5, stock: 8 } }),
    ]);
    expect(order.status, order.text).toBe(201);
    expect(edit.status, edit.text).toBe(200);
    expect(edit.json).toMatchObject({ changed: true, message: STOCK_MESSAGES.saved });
    expect((await sizeRow(sizeId)).stock).toBe(7);
    expect(await audits("entity = 'product-size' and entity_id = ?", [String(sizeId)])).toBe(auditBefore + 1);
    // The order goes back (its piece with it), so the size is as the test found it once restored.
    const cancel = await api(`/api/admin/orders/${order.json.order.orderNumber}/cancel`, { body: {} });
    expect(cancel.status, cancel.text).toBe(200);
    expect((await sizeRow(sizeId)).stock).toBe(8);
  });

  it("keeps an order placed after the page was loaded: the page showed 5, an order took 1, the owner's 8 is saved as 7", async () => {
    const [, product] = await buyableProducts(base);
    const size = product!.sizes.find((z) => z.stock > 0)!;
    restore.push(await setStock(dbUrl, product!._id, size.size, 5));
    const sizeId = Number(
      (await one<{ id: number }>("select id from product_sizes where product_id = ? and size = ?", [Number(product!._id), size.size])).id,
    );
    const order = await api("/api/orders/place", {
      token: shopper.token,
      body: {
        shippingInfo: { ...TEST_ADDRESS, fullName: shopper.name, emailAddress: shopper.email },
        paymentMethod: "cashOnDelivery",
        buyNow: true,
        items: [{ product: product!._id, size: size.size, color: product!.colors[0]!.name, quantity: 1 }],
      },
    });
    expect(order.status, order.text).toBe(201);
    expect((await sizeRow(sizeId)).stock).toBe(4);
    const edit = await api(`/api/admin/stock/${sizeId}`, { body: { was: 5, stock: 8 } });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.json.item.stock).toBe(7);
    expect((await sizeRow(sizeId)).stock).toBe(7);
    expect((await api(`/api/admin/orders/${order.json.order.orderNumber}/cancel`, { body: {} })).status).toBe(200);
  });

  it("refuses an edit that would take the stock below 0 (an order took pieces since the page was loaded), changing nothing", async () => {
    const before = await sizeRow(sizeIds.M);
    const auditBefore = await audits("entity = 'product-size'");
    // The page showed 9; the shop has 4 now; the owner sets 2: 4 + (2 - 9) < 0.
    const res = await api(`/api/admin/stock/${sizeIds.M}`, { body: { was: 9, stock: 2, price: 900 } });
    expect(res.status, res.text).toBe(409);
    expect(res.json.message).toBe(STOCK_MESSAGES.belowZero(4, -7));
    expect(await sizeRow(sizeIds.M)).toEqual(before);
    expect(await audits("entity = 'product-size'")).toBe(auditBefore);
  });

  it("refuses bad figures with a clear message: a negative or fractional stock, a discount not below the price, a missing size", async () => {
    const before = await sizeRow(sizeIds.M);
    const cases: [unknown, number, string][] = [
      [{ was: 4, stock: -1 }, 400, STOCK_MESSAGES.stockWhole],
      [{ was: 4, stock: 2.5 }, 400, STOCK_MESSAGES.stockWhole],
      [{ was: 4, stock: 4, price: 800, discountPrice: 800 }, 400, STOCK_MESSAGES.discountBelowPrice],
      // The price alone, under the saved discount of 800.
      [{ was: 4, stock: 4, price: 700 }, 400, STOCK_MESSAGES.discountBelowPrice],
      [{ was: 4, stock: 4, price: "12,00" }, 400, STOCK_MESSAGES.price],
      [{ stock: 5 }, 400, STOCK_MESSAGES.wasWhole],
    ];
    for (const [body, status, message] of cases) {
      const res = await api(`/api/admin/stock/${sizeIds.M}`, { body });
      expect({ body, status: res.status, message: res.json?.message }).toEqual({ body, status, message });
    }
    expect((await api("/api/admin/stock/999999999", { body: { was: 1, stock: 2 } })).status).toBe(404);
    expect((await api("/api/admin/stock/abc", { body: { was: 1, stock: 2 } })).status).toBe(404);
    expect(await sizeRow(sizeIds.M)).toEqual(before);
  });

  it("saves a price and a discount in paise with one audit entry, and a repeat changes nothing and writes none", async () => {
    const auditBefore = await audits("entity = 'product-size' and entity_id = ?", [String(sizeIds.L)]);
    const res = await api(`/api/admin/stock/${sizeIds.L}`, { body: { was: 10, stock: 12, price: 1199.5, discountPrice: 999 } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.item).toMatchObject({ stock: 12, price: 1199.5, discountPrice: 999 });
    expect(await sizeRow(sizeIds.L)).toEqual({ stock: 12, price: 119950, discount: 99900 });
    const again = await api(`/api/admin/stock/${sizeIds.L}`, { body: { was: 12, stock: 12, price: 1199.5, discountPrice: 999 } });
    expect(again.json).toMatchObject({ changed: false, message: STOCK_MESSAGES.nothingChanged });
    expect(await audits("entity = 'product-size' and entity_id = ?", [String(sizeIds.L)])).toBe(auditBefore + 1);
    const entry = await one<{ before: string; after: string; actor: string }>(
      "select a.before, a.after, u.email as actor from audit_log a join users u on u.id = a.actor_id where entity = 'product-size' and entity_id = ? order by a.id desc limit 1",
      [String(sizeIds.L)],
    );
    expect(entry.actor).toBe(DEMO_OWNER.email);
    expect(JSON.parse(entry.before)).toEqual({ stock: 10, pricePaise: 120000, discountPricePaise: null });
    expect(JSON.parse(entry.after)).toMatchObject({ stock: 12, pricePaise: 119950, discountPricePaise: 99900, sku: `${SLUG}-L`, was: 10 });
    // Back as it was (and no discount: null clears it).
    const back = await api(`/api/admin/stock/${sizeIds.L}`, { body: { was: 12, stock: 10, price: 1200, discountPrice: null } });
    expect(back.status, back.text).toBe(200);
    expect(await sizeRow(sizeIds.L)).toEqual({ stock: 10, price: 120000, discount: null });
  });
});

describe("the storefront follows", () => {
  it("shows a saved price on the product's cached page at once", async () => {
    const [, , product] = await buyableProducts(base);
    const size = product!.sizes.find((z) => z.stock > 0)!;
    const path = productPath(product!.category.name, product!.slug);
    const row = await one<{ id: number; stock: number }>("select id, stock from product_sizes where product_id = ? and size = ?", [
      Number(product!._id),
      size.size,
    ]);
    const { html } = await untilCached(path);
    expect(html.at(-1)).not.toContain("1234567");
    // A colour's view (a swatch's link) is never kept: the purge names the plain address only.
    const colourView = `${path}?colour=${encodeURIComponent(product!.colors[0]!.name)}`;
    // Kept, it would answer from the cache within a few of these tries (the plain page above did).
    for (let i = 0; i < 15; i++) {
      const view = await fetch(new URL(colourView, base));
      expect(view.headers.get("x-edge-cache"), colourView).toBeNull();
      expect(await view.text()).not.toContain("1234567");
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    const saved = await api(`/api/admin/stock/${row.id}`, {
      body: { was: Number(row.stock), stock: Number(row.stock), price: 12345.67, discountPrice: null },
    });
    expect(saved.status, saved.text).toBe(200);
    try {
      const res = await fetch(new URL(path, base));
      expect(res.headers.get("x-edge-cache")).not.toBe("HIT");
      expect(await res.text()).toContain("1234567");
      expect(await (await fetch(new URL(colourView, base))).text()).toContain("1234567");
    } finally {
      const back = await api(`/api/admin/stock/${row.id}`, {
        body: {
          was: Number(row.stock),
          stock: Number(row.stock),
          price: size.price,
          discountPrice: size.discountPrice < size.price ? size.discountPrice : null,
        },
      });
      expect(back.status, back.text).toBe(200);
    }
  });
});

describe("the CSV", () => {
  const exportMine = async () => {
    const res = await api(`/api/admin/stock.csv?q=${SLUG}`);
    expect(res.status).toBe(200);
    return res;
  };

  it("exports UTF-8 with a BOM, the header row and one row per size that reads back", async () => {
    const res = await fetch(new URL("/api/admin/stock.csv", base), { headers: { Authorization: `Bearer ${token}` } });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="stock-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsvLines(new TextDecoder().decode(bytes));
    expect(rows[0]).toEqual([...STOCK_CSV_COLUMNS]);
    const total = await count("select count(*) as n from product_sizes");
    expect(rows.length - 1).toBe(total);
    expect(rows.every((r) => r.length === STOCK_CSV_COLUMNS.length)).toBe(true);
    const mine = rows.filter((r) => r[0]!.startsWith(`${SLUG}-`));
    expect(mine).toEqual([
      [`${SLUG}-M`, expect.stringContaining("Stock Test Kurti"), "M", "1000.00", "800.00", "4", "4"],
      [`${SLUG}-L`, expect.stringContaining("Stock Test Kurti"), "L", "1200.00", "", "10", "10"],
    ]);
  });

  it("refuses a file with one bad row whole: nothing changes, and the row is named by its line with its reason", async () => {
    const before = [await sizeRow(sizeIds.M), await sizeRow(sizeIds.L)];
    const auditBefore = await audits("entity = 'stock-import'");
    const header = STOCK_CSV_COLUMNS.join(",");
    const good = `${SLUG}-M,Kurti,M,1000.00,800.00,6,4`;
    const files: [string, number, { line: number; reason: RegExp }[]][] = [
      [`${header}\r\n${good}\r\n${SLUG}-L,Kurti,L,1200.00,,-3,10\r\n`, 3, [{ line: 3, reason: /Negative stock/ }]],
      [`${header}\r\n${good}\r\n${SLUG}-XXL,Kurti,XXL,1200.00,,3,10\r\n`, 3, [{ line: 3, reason: /Unknown sku/ }]],
      [`${header}\r\n${SLUG}-L,Kurti,L,12OO,,3,10\r\n${good}\r\n`, 2, [{ line: 2, reason: /Bad price/ }]],
      [`${header}\r\n${good}\r\n${SLUG}-L,Kurti,L,1200.00,1200.00,3,10\r\n`, 3, [{ line: 3, reason: /discount price must be below/i }]],
      [`${header}\r\n${good}\r\n${good}\r\n`, 3, [{ line: 3, reason: /Duplicate sku \(also on line 2\)/ }]],
      [`sku,product,size,cost,stock\r\n${SLUG}-M,Kurti,M,1000,6\r\n`, 1, [{ line: 1, reason: /Wrong header/ }]],
      [`${header}\r\n${good}\r\n${SLUG}-L,Kurti,L,1200.00,,2.5,10\r\n`, 3, [{ line: 3, reason: /Bad stock/ }]],
    ];
    for (const [csv, line, expected] of files) {
      const res = await api("/api/admin/stock.csv", { csv });
      expect({ line, status: res.status }).toEqual({ line, status: 422 });
      expect(res.json.message).toBe(STOCK_MESSAGES.importRefused(1));
      expect(res.json.refused).toHaveLength(expected.length);
      for (const [i, e] of expected.entries()) {
        expect(res.json.refused[i].line).toBe(e.line);
        expect(res.json.refused[i].reason).toMatch(e.reason);
      }
    }
    expect([await sizeRow(sizeIds.M), await sizeRow(sizeIds.L)]).toEqual(before);
    expect(await audits("entity = 'stock-import'")).toBe(auditBefore);
  });

  it("applies a good file in one go, stock as the difference from the export (an order taken since is kept), one audit entry", async () => {
    const exported = parseCsvLines((await exportMine()).text);
    const [header, m, l] = exported as [string[], string[], string[]];
    // Since the export, an order took 1 piece of M (4 -> 3).
    await db.execute({ sql: "update product_sizes set stock = stock - 1 where id = ?", args: [sizeIds.M] });
    m[5] = "10"; // +6 on M
    m[3] = "1100.00";
    l[4] = "999.00"; // a discount on L, stock unchanged
    const csv = [header, m, l].map((r) => r.map((c) => (c.includes(",") ? `"${c}"` : c)).join(",")).join("\r\n");
    const auditBefore = await audits("entity = 'stock-import'");
    const res = await api("/api/admin/stock.csv", { csv });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ rows: 2, changed: 2, stockChanged: 1, priceChanged: 2 });
    expect(await sizeRow(sizeIds.M)).toEqual({ stock: 9, price: 110000, discount: 80000 });
    expect(await sizeRow(sizeIds.L)).toEqual({ stock: 10, price: 120000, discount: 99900 });
    expect(await audits("entity = 'stock-import'")).toBe(auditBefore + 1);
    const entry = await one<{ after: string }>("select after from audit_log where entity = 'stock-import' order by id desc limit 1");
    expect(JSON.parse(entry.after)).toMatchObject({ rows: 2, changed: 2, stockChanged: 1, priceChanged: 2 });

    // Without the stock_at_export column, the figures are set as written.
    const absolute = [
      ["sku", "price", "discount_price", "stock"],
      [`${SLUG}-M`, "1000", "800", "4"],
      [`${SLUG}-L`, "1200", "", "10"],
    ]
      .map((r) => r.join(","))
      .join("\n");
    const reset = await api("/api/admin/stock.csv", { csv: absolute });
    expect(reset.status, reset.text).toBe(200);
    expect(await sizeRow(sizeIds.M)).toEqual({ stock: 4, price: 100000, discount: 80000 });
    expect(await sizeRow(sizeIds.L)).toEqual({ stock: 10, price: 120000, discount: null });
  });

  it("fails the whole file when orders took a size below what a row takes away, naming the row", async () => {
    const exported = parseCsvLines((await exportMine()).text);
    const [header, m, l] = exported as [string[], string[], string[]];
    m[5] = "0"; // takes 4 away from M
    l[5] = "15"; // adds 5 to L
    await db.execute({ sql: "update product_sizes set stock = 2 where id = ?", args: [sizeIds.M] });
    const res = await api("/api/admin/stock.csv", { csv: [header, m, l].map((r) => r.join(",")).join("\r\n") });
    expect(res.status, res.text).toBe(409);
    expect(res.json.refused).toEqual([{ line: 2, sku: `${SLUG}-M`, reason: expect.stringMatching(/below 0/) }]);
    expect((await sizeRow(sizeIds.M)).stock).toBe(2);
    expect((await sizeRow(sizeIds.L)).stock).toBe(10);
    await db.execute({ sql: "update product_sizes set stock = 4 where id = ?", args: [sizeIds.M] });
  });

  it("takes the file as a multipart upload too, and refuses an empty one", async () => {
    const form = new FormData();
    form.set("file", new Blob([`\uFEFFsku,price,discount_price,stock\r\n${SLUG}-M,1000,800,4\r\n`], { type: "text/csv" }), "stock.csv");
    const res = await fetch(new URL("/api/admin/stock.csv", base), {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ rows: 1, changed: 0 });
    expect((await api("/api/admin/stock.csv", { csv: "" })).status).toBe(400);
  });
});

describe("the page", () => {
  it("shows the sizes, saves an edit without JavaScript (redirect with a notice), and lists a refused CSV's rows", async () => {
    const page = await forms.get(`/admin/stock?q=${SLUG}`, owner);
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("<h1>Stock</h1>");
    expect(html).toContain(`${SLUG}-M`);
    expect(html).toMatch(/<a[^>]*href="\/admin\/stock"[^>]*>Stock<\/a>/);
    expect(html).toContain("stock_at_export");
    const auditBefore = await audits("entity = 'product-size' and entity_id = ?", [String(sizeIds.M)]);
    const saved = await forms.post(
      `/admin/stock?q=${SLUG}`,
      { intent: "edit", sizeId: String(sizeIds.M), was: "4", stock: "6", price: "1000", discountPrice: "800" },
      owner,
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/admin/stock?q=${SLUG}&done=saved`);
    expect((await sizeRow(sizeIds.M)).stock).toBe(6);
    expect(await audits("entity = 'product-size' and entity_id = ?", [String(sizeIds.M)])).toBe(auditBefore + 1);
    const after = (await (await forms.get(saved.headers.get("location")!, owner)).text()).replaceAll("<!-- -->", "");
    expect(after).toContain(STOCK_MESSAGES.saved);

    const refused = await forms.post(
      `/admin/stock?q=${SLUG}`,
      { intent: "edit", sizeId: String(sizeIds.M), was: "20", stock: "0", price: "1000" },
      owner,
    );
    expect(refused.status).toBe(409);
    expect((await refused.text()).replaceAll("&#x27;", "'")).toContain("That would take the stock below 0");

    const upload = new FormData();
    upload.set("intent", "import");
    upload.set("file", new Blob([`sku,price,discount_price,stock\r\n${SLUG}-M,1000,800,-2\r\n`], { type: "text/csv" }), "stock.csv");
    const bad = await fetch(new URL(`/admin/stock?q=${SLUG}`, base), {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: `aanchal_session=${token}`, Origin: base },
      body: upload,
    });
    expect(bad.status).toBe(422);
    const report = (await bad.text()).replaceAll("<!-- -->", "");
    expect(report).toContain("Refused rows");
    expect(report).toMatch(/<td class="admin-num">2<\/td>/);
    expect((await sizeRow(sizeIds.M)).stock).toBe(6);
    await db.execute({ sql: "update product_sizes set stock = 4 where id = ?", args: [sizeIds.M] });
  });
});
