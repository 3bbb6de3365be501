import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, type TestUser } from "../../tooling/accounts";
import { setStock } from "../../tooling/cart";
import { insertOrder, removeOrders } from "../../tooling/orders";
import { seriousAxeViolations } from "../support/axe";
import { laptop, useBrowser, viewports } from "../support/browser";
import { actBeforeHydration } from "../support/page";
import { sqlRows } from "../support/sql";

/**
 * She exchanges a size herself, in Chromium at a phone's and a laptop's width: from My Orders to the
 * returns page and back to her order, which shows the request; and what she ticks before the script
 * has started is still ticked after it has.
 */
const browser = useBrowser();
const dbUrl = inject("dbUrl");
const DAY = 86_400_000;

let shopper: TestUser;
let kurti: { id: number; name: string };
const made: number[] = [];
const restore: (() => Promise<void>)[] = [];

beforeAll(async () => {
  shopper = await createUser(browser.baseUrl, "returns-e2e", "Kavya Iyer");
  const [k] = await sqlRows(
    dbUrl,
    `select p.id, p.name from products p where p.returnable = 1 and p.is_active = 1
      and (select count(*) from product_sizes s where s.product_id = p.id and s.size in ('S', 'M')) = 2 order by p.id desc limit 1`,
  );
  kurti = { id: Number(k!.id), name: String(k!.name) };
  restore.push(await setStock(dbUrl, kurti.id, "M", 6));
});

afterAll(async () => {
  await removeOrders(dbUrl, made);
  for (const undo of restore.splice(0)) await undo();
});

/** A delivered order of hers, two days ago: one kurti in size S. */
async function deliveredOrder() {
  const order = await insertOrder(dbUrl, {
    userId: Number(shopper.id),
    lines: [{ productId: kurti.id, name: kurti.name, color: "Indigo", size: "S", quantity: 1, unitPricePaise: 1299_00 }],
  });
  made.push(order.id);
  await sqlRows(dbUrl, "update orders set order_status = 'delivered', payment_status = 'paid', delivered_at = ? where id = ?", [
    Date.now() - 2 * DAY,
    order.id,
  ]);
  return order;
}

function openAs(size: { width: number; height: number }, hydrated = true) {
  return browser.open(size, {
    hydrated,
    cookies: [{ name: "aanchal_session", value: shopper.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }],
  });
}

async function fitsTheScreen(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

describe.each([
  ["phone", viewports.phone],
  ["laptop", laptop],
] as const)("on a %s", (_, size) => {
  it("she exchanges a size from My Orders and sees the request on her order", async () => {
    const order = await deliveredOrder();
    const { page } = await openAs(size);
    page.setDefaultTimeout(5_000);
    await page.goto("/my-orders");
    await page.getByRole("link", { name: `Return or exchange pieces of order #${order.orderNumber}` }).click();
    await page.waitForURL(`**/my-orders/${order.orderNumber}/return`);
    await page.getByRole("heading", { level: 1, name: "Return or exchange" }).waitFor();
    await fitsTheScreen(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole("checkbox", { name: kurti.name }).check();
    await page.getByRole("radio", { name: "Too small" }).check();
    await page.getByRole("radio", { name: "Exchange for size" }).check();
    await page.getByRole("combobox", { name: "Size instead of S" }).selectOption("M");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Ask for the return" }).click();

    await page.waitForURL(`**/thankyou?order=${order.orderNumber}&returned=1`);
    await page.getByText(`Your return request for order #${order.orderNumber} is with us.`).first().waitFor();
    const returns = page.getByRole("region", { name: "Returns and exchanges" });
    await returns.getByText("Requested", { exact: true }).waitFor();
    await returns.getByText("Reason: Too small").waitFor();
    await returns.getByText(/× 1: for size M/).waitFor();
    await fitsTheScreen(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const [line] = await sqlRows(
      dbUrl,
      `select rl.exchange_size from return_lines rl join return_requests r on r.id = rl.request_id where r.order_id = ?`,
      [order.id],
    );
    expect(line?.exchange_size).toBe("M");
  });
});

it("keeps the box she ticked and the reason she chose before the script started", async () => {
  const order = await deliveredOrder();
  const { page } = await openAs(viewports.phone, false);
  page.setDefaultTimeout(10_000);
  await actBeforeHydration(page, `/my-orders/${order.orderNumber}/return`, async () => {
    await page.getByRole("checkbox", { name: kurti.name }).check();
    await page.getByRole("radio", { name: "Too small" }).check();
  });
  expect(await page.getByRole("checkbox", { name: kurti.name }).isChecked()).toBe(true);
  expect(await page.getByRole("radio", { name: "Too small" }).isChecked()).toBe(true);
  // The size reason shows the exchange choice, without any script.
  expect(await page.getByRole("radio", { name: "Exchange for size" }).isVisible()).toBe(true);
  // And what she ticked is what is sent: a refund of that piece, for Too small.
  await page.getByRole("button", { name: "Ask for the return" }).click();
  await page.waitForURL(`**/thankyou?order=${order.orderNumber}&returned=1`);
  expect(await sqlRows(dbUrl, "select kind, reason from return_requests where order_id = ?", [order.id])).toMatchObject([
    { kind: "refund", reason: "too-small" },
  ]);
});
