import { createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, postJson, TEST_ADDRESS, type TestUser } from "../../tooling/accounts";
import { cartCall } from "../../tooling/cart";
import { settings } from "../../workers/services/content/settings";
import { productPath } from "../../workers/services/platform/paths";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser } from "../support/browser";
import { waitForHydration } from "../support/page";
import { ownerToken, withSession } from "../support/staff";
import { useStockedProduct } from "../support/stocked";

/**
 * The back office's orders in Chromium at desktop width: a shopper
 * orders on the storefront's checkout page; the owner signs in, finds the order on the dashboard
 * and in the list, confirms it, ships it with a tracking number and marks it delivered, axe passing
 * on each page; the shopper's My Orders shows each step, and her review of the piece becomes a
 * "Verified purchase". A cancel, even sent twice, gives the stock back once.
 */
const browser = useBrowser();
const base = browser.baseUrl;
const dbUrl = inject("dbUrl");
// Known stock for two sizes of one product, put back after the file (other files use other picks).
const stocked = useStockedProduct(base, dbUrl, [12, 12], (list) => list.slice(5, 7));

async function stockOf(size: string): Promise<number> {
  const db = createClient({ url: dbUrl });
  try {
    const { rows } = await db.execute({
      sql: "SELECT stock FROM product_sizes WHERE product_id = ? AND size = ?",
      args: [Number(stocked.product._id), size],
    });
    return Number(rows[0]!.stock);
  } finally {
    db.close();
  }
}

async function inCart(user: TestUser, size: string, quantity: number) {
  const { product } = stocked;
  const res = await cartCall(base, user.token, "POST", "/api/cart", {
    items: [{ product: product._id, size, color: product.colors[0]!.name, quantity }],
  });
  expect(res.status).toBe(200);
}

/** Her order's card on My Orders, read afresh: its status and, once shipped, its tracking. */
async function myOrder(page: Page, orderNumber: number) {
  await page.goto("/my-orders");
  const card = page.locator("article").filter({ has: page.getByRole("heading", { level: 2, name: `Order #${orderNumber}` }) });
  await card.waitFor();
  const figure = async (label: string) => {
    const dd = card.locator(`dt:text-is('${label}') + dd`);
    return (await dd.count()) ? (await dd.textContent())?.trim() : undefined;
  };
  return { status: await figure("Order status"), tracking: await figure("Tracking") };
}

/** Whether her review shows as a verified purchase on the product's page. */
async function reviewVerified(page: Page, comment: string) {
  await page.goto(productPath(stocked.product.category.name, stocked.product.slug));
  // The reviews sit in a tab of their own: present in the page, shown when chosen.
  const review = page.locator(".review").filter({ hasText: comment });
  await review.waitFor({ state: "attached" });
  return (await review.getByText("Verified purchase").count()) === 1;
}

describe("the back office's orders", () => {
  it("takes a storefront order from the dashboard to delivered; her My Orders follows each step and her review becomes a verified purchase", async () => {
    const shopper = await createUser(base, "admin-flow", "Nandini Pillai");
    expect((await postJson(base, "/api/addresses/save", TEST_ADDRESS, { Authorization: `Bearer ${shopper.token}` })).ok).toBe(true);
    await inCart(shopper, stocked.sizeA, 1);
    const comment = `The mirror work catches the light beautifully ${Date.now().toString(36)}`;
    const reviewed = await postJson(
      base,
      `/api/products/${stocked.product._id}/reviews`,
      { rating: 5, comment },
      { Authorization: `Bearer ${shopper.token}` },
    );
    expect(reviewed.status).toBe(201);

    // She orders on the storefront: her saved address, cash on delivery.
    const her = await browser.open("desktop", withSession(shopper.token));
    await her.page.goto("/checkout");
    await waitForHydration(her.page);
    await her.page.getByRole("radio", { name: /Cash on Delivery/ }).check();
    await her.page.getByRole("button", { name: "Place Order" }).click();
    await her.page.waitForURL((url) => url.pathname === "/thankyou");
    const orderNumber = Number(new URL(her.page.url()).searchParams.get("order"));
    expect(await myOrder(her.page, orderNumber)).toEqual({ status: "Placed", tracking: undefined });
    expect(await reviewVerified(her.page, comment)).toBe(false);

    // The owner signs in and finds it on the dashboard.
    const { page } = await browser.open("desktop");
    await page.goto("/signin?redirect=/admin");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(DEMO_OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_OWNER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/admin$/);
    const latest = page.getByRole("region", { name: "Latest orders" });
    const onDashboard = latest.getByRole("row").filter({ has: page.getByRole("link", { name: `#${orderNumber}` }) });
    expect(await onDashboard.textContent()).toContain(shopper.email);
    expect(await onDashboard.textContent()).toContain("Placed");
    await waitForHydration(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // ... and in the list, searched by its number.
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" }).click();
    await page.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
    const filters = page.getByRole("form", { name: "Filter orders" });
    await filters.getByLabel("Search").fill(String(orderNumber));
    await filters.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(new RegExp(`q=${orderNumber}`));
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: `#${orderNumber}` }) });
    expect(await row.textContent()).toContain("Placed");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await row.getByRole("link", { name: `#${orderNumber}` }).click();
    await page.getByRole("heading", { level: 1, name: `Order #${orderNumber}` }).waitFor();
    await waitForHydration(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Confirm", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "Order confirmed." }).waitFor();
    expect(await myOrder(her.page, orderNumber)).toEqual({ status: "Confirmed", tracking: undefined });

    // Shipping needs the courier and the tracking number.
    await page.getByRole("button", { name: "Ship", exact: true }).click();
    await page.getByLabel("Courier").and(page.locator(":invalid")).waitFor();
    await page.getByLabel("Courier").fill("Blue Dart");
    await page.getByLabel("Tracking number").fill("BD 90817263");
    await page.getByRole("button", { name: "Ship", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "Order marked shipped" }).waitFor();
    expect(await page.getByText("BD 90817263").first().isVisible()).toBe(true);
    expect(await myOrder(her.page, orderNumber)).toEqual({ status: "Shipped", tracking: "Blue Dart BD 90817263" });

    await page.getByRole("button", { name: "Mark delivered", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "Order marked delivered." }).waitFor();
    expect(await page.getByRole("button", { name: "Mark delivered" }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await myOrder(her.page, orderNumber)).toEqual({ status: "Delivered", tracking: "Blue Dart BD 90817263" });
    expect(await reviewVerified(her.page, comment)).toBe(true);

    // Its printable packing slip and tax invoice, from the order's page.
    const documents = page.getByRole("region", { name: "Documents" });
    await documents.getByRole("link", { name: /Packing slip/ }).click();
    await page.getByRole("heading", { level: 1, name: /Packing slip/ }).waitFor();
    expect(await page.locator("main").textContent()).toContain(stocked.product.productName);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goBack();
    await documents.getByRole("link", { name: /Tax invoice/ }).click();
    await page.getByRole("heading", { level: 1, name: /Tax invoice/ }).waitFor();
    const invoice = (await page.locator("main").textContent()) ?? "";
    expect(invoice).toContain(settings.tax.gstin);
    expect(invoice).toContain(`${settings.tax.invoicePrefix}/`);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("cancels an order once: its stock comes back once, and a second cancel is refused", async () => {
    const shopper = await createUser(base, "admin-cancel", "Farida Sheikh");
    await inCart(shopper, stocked.sizeB, 2);
    const before = await stockOf(stocked.sizeB);
    const placed = await postJson(
      base,
      "/api/orders/place",
      { shippingInfo: { ...TEST_ADDRESS, emailAddress: shopper.email }, paymentMethod: "cashOnDelivery" },
      { Authorization: `Bearer ${shopper.token}` },
    );
    expect(placed.status, await placed.clone().text()).toBe(201);
    const orderNumber = ((await placed.json()) as { order: { orderNumber: number } }).order.orderNumber;
    expect(await stockOf(stocked.sizeB)).toBe(before - 2);

    const { page } = await browser.open("desktop", { ...withSession(await ownerToken(base)), expectStatuses: [409] });
    await page.goto(`/admin/orders/${orderNumber}`);
    await waitForHydration(page);
    await page.getByRole("checkbox", { name: "Yes, cancel this order" }).check();
    // A double submission with no time between (a double click on a busy machine, before React has
    // disabled the button): one post leaves the page, and it is the one she sees answered.
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname.startsWith(`/admin/orders/${orderNumber}`)) posts.push(r.url());
    });
    await page.getByRole("button", { name: "Cancel order" }).evaluate((button: HTMLButtonElement) => {
      button.form?.requestSubmit(button);
      button.form?.requestSubmit(button);
    });
    await page.getByRole("status").filter({ hasText: "Order cancelled" }).waitFor({ timeout: 10_000 });
    expect(posts).toHaveLength(1);
    expect(await page.getByRole("button", { name: "Cancel order" }).count()).toBe(0);
    expect(await stockOf(stocked.sizeB)).toBe(before);

    // The same cancel posted again (a second tab, a retried request): refused, nothing moves.
    const again = await page.request.post(`/admin/orders/${orderNumber}`, {
      form: { intent: "cancel", confirmCancel: "yes" },
      headers: { Accept: "text/html" },
    });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain("already cancelled");
    expect(await stockOf(stocked.sizeB)).toBe(before);

    await page.reload();
    const history = page.getByRole("region", { name: "History" });
    expect(await history.getByText("Cancelled", { exact: true }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const her = await browser.open("desktop", withSession(shopper.token));
    expect((await myOrder(her.page, orderNumber)).status).toBe("Cancelled");
  });
});
