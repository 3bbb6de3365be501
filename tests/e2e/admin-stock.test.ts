import { randomBytes } from "node:crypto";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CATEGORY_ICONS, CATEGORY_MESSAGES } from "../../workers/services/back-office/catalog/admin-categories.rules";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser } from "../support/browser";
import { waitForHydration } from "../support/page";
import { ownerToken, withSession } from "../support/staff";

/**
 * The back office's Stock and Categories pages in Chromium at desktop width:
 * the owner changes a size's stock inline (saved in place, a toast says so, the page stays where it
 * was) and moves a category's home tile up. Axe on both pages. The file's own draft product and
 * category are made and removed here.
 */
const browser = useBrowser();
const dbUrl = inject("dbUrl");
const db = createClient({ url: dbUrl });
const TAG = randomBytes(3).toString("hex");
const SLUG = `e2e-stock-${TAG}`;
const PRODUCT = `Stock Browser Kurti ${TAG}`;
let productId: number;
let sizeId: number;
const madeCategories: number[] = [];

beforeAll(async () => {
  const category = (await db.execute("select id from categories order by position limit 1")).rows[0]!;
  productId = Number(
    (
      await db.execute({
        sql: "insert into products (slug, name, description, brand, category_id, is_active) values (?, ?, 'A test kurti.', 'Aanchal', ?, 0) returning id",
        args: [SLUG, PRODUCT, Number(category.id)],
      })
    ).rows[0]!.id,
  );
  sizeId = Number(
    (
      await db.execute({
        sql: "insert into product_sizes (product_id, size, price_paise, discount_price_paise, stock, position) values (?, 'M', 149900, 129900, 2, 0) returning id",
        args: [productId],
      })
    ).rows[0]!.id,
  );
});
afterAll(async () => {
  await db.execute({ sql: "delete from products where id = ?", args: [productId] });
  for (const id of madeCategories) await db.execute({ sql: "delete from categories where id = ?", args: [id] });
  db.close();
});

const stockNow = async () =>
  Number((await db.execute({ sql: "select stock from product_sizes where id = ?", args: [sizeId] })).rows[0]!.stock);

describe("the Stock and Categories pages", () => {
  it("saves a size's stock inline, in place, with a toast", async () => {
    const token = await ownerToken(browser.baseUrl);
    // The refused edit at the end answers 409.
    const { page, close } = await browser.open("desktop", { ...withSession(token), expectStatuses: [409] });
    try {
      await page.goto(`/admin/stock?q=${SLUG}`);
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: "Stock" }).waitFor();
      const row = page.getByRole("row").filter({ hasText: `${SLUG}-M` });
      // Two pieces: at the low-stock line.
      expect(await row.getByText("Low", { exact: true }).isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);

      const stock = page.getByLabel(`Stock, ${PRODUCT}, size M`);
      expect(await stock.inputValue()).toBe("2");
      await stock.fill("12");
      await page.getByRole("button", { name: `Save ${PRODUCT}, size M` }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `${PRODUCT}, M: Saved.` })
        .waitFor();
      expect(await stockNow()).toBe(12);
      // Saved in place: the same address, the field showing the saved figure, no longer low.
      expect(new URL(page.url()).search).toBe(`?q=${SLUG}`);
      expect(await stock.inputValue()).toBe("12");
      await row.getByText("Low", { exact: true }).waitFor({ state: "detached" });

      // An order took 5 meanwhile: the owner's next edit (12 -> 10) is added as a difference, 7 -> 5.
      await db.execute({ sql: "update product_sizes set stock = 7 where id = ?", args: [sizeId] });
      await stock.fill("10");
      await page.getByRole("button", { name: `Save ${PRODUCT}, size M` }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `${PRODUCT}, M: Saved.` })
        .nth(0)
        .waitFor();
      await expect.poll(stockNow).toBe(5);
      await expect.poll(() => stock.inputValue()).toBe("5");
      // Taking more than is there is refused next to the row, and nothing changes.
      await stock.fill("0");
      await db.execute({ sql: "update product_sizes set stock = 1 where id = ?", args: [sizeId] });
      await page.getByRole("button", { name: `Save ${PRODUCT}, size M` }).click();
      await row.getByRole("alert").filter({ hasText: "That would take the stock below 0" }).waitFor();
      expect(await stockNow()).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("saves a size's stock without JavaScript too: the same form posts and comes back with a notice", async () => {
    await db.execute({ sql: "update product_sizes set stock = 3 where id = ?", args: [sizeId] });
    const token = await ownerToken(browser.baseUrl);
    const { page, close } = await browser.open("desktop", { ...withSession(token), javaScriptEnabled: false });
    try {
      await page.goto(`/admin/stock?q=${SLUG}`);
      const stock = page.getByLabel(`Stock, ${PRODUCT}, size M`);
      expect(await stock.inputValue()).toBe("3");
      await stock.fill("6");
      await page.getByRole("button", { name: `Save ${PRODUCT}, size M` }).click();
      await page.waitForURL(/done=saved/);
      expect(new URL(page.url()).searchParams.get("q")).toBe(SLUG);
      await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
      expect(await page.getByLabel(`Stock, ${PRODUCT}, size M`).inputValue()).toBe("6");
      expect(await stockNow()).toBe(6);
    } finally {
      await close();
    }
  });

  it("moves a category's home tile up with its button", async () => {
    const token = await ownerToken(browser.baseUrl);
    const name = `Browser ${TAG}`;
    const created = await fetch(new URL("/api/admin/categories", browser.baseUrl), {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name, icon: CATEGORY_ICONS[4].value }),
    });
    expect(created.status).toBe(201);
    madeCategories.push(((await created.json()) as { id: number }).id);
    const { page, close } = await browser.open("desktop", withSession(token));
    try {
      await page.goto("/admin/categories");
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: "Categories" }).waitFor();
      const names = () => page.locator(".admin-category__name").allTextContents();
      const before = await names();
      expect(before.at(-1)).toBe(name);
      expect(await page.getByRole("button", { name: `Move down ${name}` }).isDisabled()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole("button", { name: `Move up ${name}` }).click();
      await page.getByRole("status").filter({ hasText: CATEGORY_MESSAGES.moved }).waitFor();
      expect(await names()).toEqual([...before.slice(0, -2), name, before.at(-2)]);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
