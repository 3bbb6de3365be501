import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, type TestUser } from "../../tooling/accounts";
import { insertOrder, newOrderKey, removeOrders } from "../../tooling/orders";
import { seriousAxeViolations } from "../support/axe";
import { onPhone, useBrowser, viewports } from "../support/browser";
import { waitForHydration as hydrated } from "../support/page";

/**
 * The thank-you page and My Orders in Chromium, at phone and desktop widths: what a shopper sees of
 * her orders (written straight into the test database), axe on each page, nothing wider than the screen.
 */
const browser = useBrowser();
const dbUrl = inject("dbUrl");

interface ProductJson {
  _id: string;
  productName: string;
}

let products: ProductJson[];
let shopper: TestUser;
const made: number[] = [];
let older: { id: number; orderNumber: number };
let newer: { id: number; orderNumber: number };
let guest: { id: number; orderNumber: number };
const key = newOrderKey();

beforeAll(async () => {
  products = ((await (await fetch(`${browser.baseUrl}/api/products?limit=2`)).json()) as { data: ProductJson[] }).data;
  shopper = await createUser(browser.baseUrl, "orders-e2e", "Kavya Iyer");
  const [p1, p2] = products as [ProductJson, ProductJson];
  const line = (p: ProductJson, quantity: number, unitPricePaise: number) => ({
    productId: Number(p._id),
    name: p.productName,
    color: "Rani Pink",
    size: "M",
    quantity,
    unitPricePaise,
  });
  older = await insertOrder(dbUrl, {
    userId: Number(shopper.id),
    lines: [line(p1, 1, 799_00)],
    createdAt: new Date("2026-11-20T10:00:00Z"),
  });
  newer = await insertOrder(dbUrl, {
    userId: Number(shopper.id),
    paymentMethod: "bank",
    paymentStatus: "paid",
    orderStatus: "confirmed",
    couponCode: "WELCOME10",
    discountPaise: 379_80,
    giftEligible: true,
    lines: [
      line(p1, 2, 1299_00),
      line(p2, 1, 1200_00),
      // A piece the shop no longer sells: its name and price stay, with the placeholder picture.
      { productId: null, name: "Retired Chanderi Dupatta", color: "", size: "Free Size", quantity: 1, unitPricePaise: 500_00 },
    ],
    createdAt: new Date("2026-11-25T10:00:00Z"),
  });
  guest = await insertOrder(dbUrl, { key, shipping: { fullName: "Guest Gauri" }, lines: [line(p2, 1, 999_00)] });
  made.push(older.id, newer.id, guest.id);
});

afterAll(() => removeOrders(dbUrl, made));

function openAs(user: TestUser, viewport: keyof typeof viewports) {
  return browser.open(viewport, {
    cookies: [{ name: "aanchal_session", value: user.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }],
  });
}

async function fitsTheScreen(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("on a %s", (viewport) => {
  it("My Orders lists her orders newest first, and one opens on the thank-you page", async () => {
    const { page } = await openAs(shopper, viewport);
    page.setDefaultTimeout(5_000);
    const res = await page.goto("/my-orders");
    expect(res?.status()).toBe(200);
    expect(await page.title()).toBe("My Orders | Aanchal");
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("My Orders");
    const cards = page.getByRole("article");
    expect(await cards.count()).toBe(2);
    expect(await cards.nth(0).getByRole("heading", { level: 2 }).textContent()).toBe(`Order #${newer.orderNumber}`);
    expect(await cards.nth(1).getByRole("heading", { level: 2 }).textContent()).toBe(`Order #${older.orderNumber}`);
    const first = cards.nth(0);
    await first.getByText("₹4,018.20").waitFor(); // 2 x 1,299 + 1,200 + 500 - 379.80 + 100
    await first.getByText("Bank / UPI / Wallets").waitFor();
    await first.getByText("25 Nov 2026").waitFor();
    await first.getByText("Retired Chanderi Dupatta").waitFor();
    await cards.nth(1).getByText("Cash on Delivery").waitFor();
    expect(await first.getByRole("link", { name: `Send an enquiry about order #${newer.orderNumber}` }).getAttribute("href")).toBe(
      `/enquiry-us?type=Order%20Cancellation%20Query&order=${newer.orderNumber}`,
    );
    // Every picture drew (a product's own, or the placeholder for the retired piece).
    await page.waitForFunction(() => [...document.querySelectorAll("main img")].every((img) => (img as HTMLImageElement).complete));
    const broken = await page.$$eval("main img", (imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth === 0).length);
    expect(broken).toBe(0);
    await fitsTheScreen(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await first.getByRole("link", { name: `View details of order #${newer.orderNumber}` }).click();
    await page.waitForURL(`**/thankyou?order=${newer.orderNumber}`);
    await page.getByRole("heading", { level: 1, name: "Thank you for your order!" }).waitFor();
  });

  onPhone(viewport)("the thank-you page shows the order, the discount, the gift note and the way on, accessibly", async () => {
    const { page } = await openAs(shopper, viewport);
    const res = await page.goto(`/thankyou?order=${newer.orderNumber}`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    await hydrated(page);
    expect(await page.locator('[aria-current="step"]').textContent()).toContain("Order complete");
    await page.getByText(`#${newer.orderNumber}`, { exact: true }).waitFor();
    await page.getByText("Discount (WELCOME10)").waitFor();
    await page.getByText("Your order is among our first 100: a complimentary gift comes with it.").waitFor();
    for (const p of products) await page.getByRole("link", { name: p.productName }).first().waitFor();
    await page.getByRole("link", { name: "My Orders" }).last().waitFor();
    await fitsTheScreen(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  onPhone(viewport)("a guest opens hers with the link's key; without it, the page is not found", async () => {
    const { page } = await browser.open(viewport);
    const res = await page.goto(`/thankyou?order=${guest.orderNumber}&key=${key}`);
    expect(res?.status()).toBe(200);
    await hydrated(page);
    await page.getByText("Guest Gauri").waitFor();
    await page.getByRole("link", { name: "Continue shopping" }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const wrong = await page.goto(`/thankyou?order=${guest.orderNumber}&key=${newOrderKey()}`);
    expect(wrong?.status()).toBe(404);
    await page.getByText("Order not found.").waitFor();
    expect(await page.getByText("Guest Gauri").count()).toBe(0);
  });
});

it("a shopper with no orders reads 'No orders found.'", async () => {
  const fresh = await createUser(browser.baseUrl, "orders-e2e-empty");
  const { page } = await openAs(fresh, "phone");
  await page.goto("/my-orders");
  await hydrated(page);
  await page.getByText("No orders found.").waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
});
