import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, type TestUser } from "../../tooling/accounts";
import { insertOrder, removeOrders } from "../../tooling/orders";
import { seriousAxeViolations } from "../support/axe";
import { laptop, useBrowser } from "../support/browser";
import { waitForHydration as hydrated } from "../support/page";
import { ownerToken, withSession } from "../support/staff";

/**
 * Her tax invoice and her refunds in Chromium, on a phone (390 px) and a laptop (1280 px): she opens
 * the invoice from My Orders, reads its number and total, and prints it on A4 without the shop's
 * header and footer; after the owner refunds her cancelled paid order from the back office's form,
 * her order shows the refund and its credit note, which opens as a printable document.
 */
const browser = useBrowser();
const base = browser.baseUrl;
const dbUrl = inject("dbUrl");

let shopper: TestUser;
let owner: string;
const made: number[] = [];

const LINES = [
  { productId: null, name: "Mulmul anarkali", color: "Sage", size: "S", quantity: 1, unitPricePaise: 2_349_00 },
  { productId: null, name: "Chikankari kurti", color: "White", size: "M", quantity: 2, unitPricePaise: 1_199_50 },
];
// 2,349 + 2 x 1,199.50 + 100 delivery.
const TOTAL = "₹4,848.00";

async function confirmedOrder(): Promise<{ id: number; orderNumber: number }> {
  const order = await insertOrder(dbUrl, {
    userId: Number(shopper.id),
    paymentMethod: "bank",
    paymentStatus: "paid",
    shipping: { emailAddress: shopper.email },
    lines: LINES,
  });
  made.push(order.id);
  const res = await fetch(`${base}/api/admin/orders/${order.orderNumber}/confirm`, {
    method: "POST",
    headers: { Authorization: `Bearer ${owner}` },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return order;
}

beforeAll(async () => {
  [shopper, owner] = await Promise.all([createUser(base, "invoice-e2e", "Ritu Malhotra"), ownerToken(base)]);
});
afterAll(() => removeOrders(dbUrl, made));

const openAs = (viewport: "phone" | typeof laptop, token: string) => browser.open(viewport, withSession(token));

async function fitsTheScreen(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** On paper: the shop's frame and the page's links are gone, the sheet stays; Chromium prints it on A4 pages. */
async function printsOnA4(page: Page, number: string) {
  await page.emulateMedia({ media: "print" });
  const shown = (selector: string) =>
    page.$$eval(selector, (els) => els.some((e) => getComputedStyle(e).display !== "none" && (e as HTMLElement).offsetHeight > 0));
  expect(await shown(".site-header")).toBe(false);
  expect(await shown(".site-footer")).toBe(false);
  expect(await shown(".doc-actions")).toBe(false);
  expect(await shown(".doc-sheet")).toBe(true);
  expect((await page.locator(".doc-sheet").textContent()) ?? "").toContain(number);
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
  const pages = pdf.match(/\/Type\s*\/Page[^s]/g) ?? [];
  expect(pages.length).toBeGreaterThanOrEqual(1);
  expect(pages.length).toBeLessThanOrEqual(2);
  // A4 is 595 x 842 points.
  for (const box of pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)) {
    expect(Math.round(Number(box[1]))).toBe(595);
    expect(Math.round(Number(box[2]))).toBe(842);
  }
  await page.emulateMedia({ media: "screen" });
}

describe.each([
  ["phone", "phone" as const],
  ["laptop", laptop],
])("on a %s", (_, viewport) => {
  it("she opens her tax invoice from My Orders, reads its number and total, and prints it on A4 without the shop around it", async () => {
    const order = await confirmedOrder();
    const { page } = await openAs(viewport, shopper.token);
    await page.goto("/my-orders");
    await hydrated(page);
    const card = page.getByRole("article", { name: `Order #${order.orderNumber}` });
    await card.getByRole("link", { name: `Tax invoice for order #${order.orderNumber}` }).click();
    await page.waitForURL(`**/my-orders/${order.orderNumber}/invoice`);
    await page.getByRole("heading", { level: 1, name: "Tax invoice" }).waitFor();
    const number = ((await page.locator(".doc-facts dd").first().textContent()) ?? "").trim();
    expect(number).toMatch(new RegExp(`^AAN/\\d\\d-\\d\\d/${order.orderNumber}$`));
    await page.locator(".doc-table tfoot").getByText(TOTAL).waitFor();
    await page.getByText("Rupees Four Thousand Eight Hundred Forty-Eight Only").waitFor();
    await page.getByRole("button", { name: "Print invoice" }).waitFor();
    await fitsTheScreen(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await printsOnA4(page, number);
  });
});

describe("a refund", () => {
  it("shows on her order once the owner refunds her cancelled paid order, with its credit note", async () => {
    const order = await confirmedOrder();
    const cancel = await fetch(`${base}/api/admin/orders/${order.orderNumber}/cancel`, {
      method: "POST",
      headers: { Authorization: `Bearer ${owner}` },
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);

    // The owner records the refund on the order's page: its reference and how it was made.
    const admin = await openAs(laptop, owner);
    await admin.page.goto(`/admin/orders/${order.orderNumber}`);
    await hydrated(admin.page);
    await admin.page.getByLabel("Refund reference").fill("UTR 4455 6677");
    await admin.page.getByLabel("Refunded by").selectOption("upi");
    await admin.page.getByRole("button", { name: "Mark refunded" }).click();
    await admin.page.getByRole("status").filter({ hasText: "Refund recorded" }).waitFor({ timeout: 10_000 });
    await admin.page.getByRole("link", { name: /^Credit note AAN\/CN\// }).waitFor();

    for (const viewport of ["phone" as const, laptop]) {
      const { page } = await openAs(viewport, shopper.token);
      await page.goto(`/thankyou?order=${order.orderNumber}`);
      await hydrated(page);
      const refunds = page.getByRole("region", { name: "Refunds" });
      await refunds.getByText(`${TOTAL} refunded on`).waitFor();
      await refunds.getByText("UTR 4455 6677").waitFor();
      await refunds.getByText("UPI", { exact: false }).waitFor();
      const link = refunds.getByRole("link", { name: /^AAN\/CN\// });
      const creditNote = ((await link.textContent()) ?? "").trim();
      await fitsTheScreen(page);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await link.click();
      await page.waitForURL(`**/my-orders/${order.orderNumber}/credit-notes/1`);
      await page.getByRole("heading", { level: 1, name: "Credit note" }).waitFor();
      await page.locator(".doc-facts").getByText(creditNote).waitFor();
      await page.locator(".doc-table tfoot").getByText(TOTAL).waitFor();
      await fitsTheScreen(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await printsOnA4(page, creditNote);
    }
  });
});
