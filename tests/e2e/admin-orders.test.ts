import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, postJson, TEST_ADDRESS, type TestUser } from "../support/accounts";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser } from "../support/browser";
import { fillBasket } from "../support/cart";
import { waitForHydration } from "../support/page";

/**
 * The back office's orders in Chromium at desktop width (issue 13): the owner opens the list, finds
 * a new order from the storefront, confirms it, ships it with a tracking number and marks it
 * delivered, axe passing on the list and the order page; the shopper's My Orders then says "Delivered".
 */
const browser = useBrowser();

let ownerToken: string;
let shopper: TestUser;
let orderNumber: number;

beforeAll(async () => {
  const base = browser.baseUrl;
  const login = await postJson(base, "/api/auth/login", { email: DEMO_OWNER.email, password: DEMO_OWNER.password });
  expect(login.status).toBe(200);
  ownerToken = ((await login.json()) as { token: string }).token;
  shopper = await createUser(base, "admin-orders-e2e", "Nandini Pillai");
  await fillBasket(base, shopper.token);
  const placed = await postJson(
    base,
    "/api/orders/place",
    { shippingInfo: { ...TEST_ADDRESS, emailAddress: shopper.email }, paymentMethod: "cashOnDelivery" },
    { Authorization: `Bearer ${shopper.token}` },
  );
  expect(placed.status, await placed.clone().text()).toBe(201);
  orderNumber = ((await placed.json()) as { order: { orderNumber: number } }).order.orderNumber;
});

const session = (token: string) => ({
  cookies: [{ name: "aanchal_session", value: token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" as const }],
});

describe("the back office's orders", () => {
  it("takes a new order from placed to delivered, and the shopper's My Orders follows", async () => {
    const { page, close } = await browser.open("desktop", session(ownerToken));
    try {
      await page.goto("/admin/orders");
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Search by its number, then open it from the table.
      const filters = page.getByRole("form", { name: "Filter orders" });
      await filters.getByLabel("Search").fill(String(orderNumber));
      await filters.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(new RegExp(`q=${orderNumber}`));
      const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: `#${orderNumber}` }) });
      expect(await row.textContent()).toContain("Placed");
      await row.getByRole("link", { name: `#${orderNumber}` }).click();
      await page.getByRole("heading", { level: 1, name: `Order #${orderNumber}` }).waitFor();
      await waitForHydration(page);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Confirm", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "Order confirmed." }).waitFor();

      // Ship with a courier and a tracking number.
      await page.getByLabel("Courier").fill("Blue Dart");
      await page.getByLabel("Tracking number").fill("BD 90817263");
      await page.getByRole("button", { name: "Ship", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "Order marked shipped" }).waitFor();
      expect(await page.getByText("BD 90817263").first().isVisible()).toBe(true);

      await page.getByRole("button", { name: "Mark delivered", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "Order marked delivered." }).waitFor();
      expect(await page.getByRole("button", { name: "Mark delivered" }).count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }

    const mine = await browser.open("desktop", session(shopper.token));
    try {
      await mine.page.goto("/my-orders");
      await waitForHydration(mine.page);
      const card = mine.page
        .locator("article, li, section")
        .filter({ hasText: `#${orderNumber}` })
        .last();
      expect(await card.textContent()).toContain("Delivered");
    } finally {
      await mine.close();
    }
  });
});
