import { createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { createUser } from "../../tooling/accounts";
import { fillBasket } from "../../tooling/cart";
import { formatRupees } from "../../workers/services/catalog/pricing";
import { settings } from "../../workers/services/content/settings";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser } from "../support/browser";
import { waitForHydration } from "../support/page";
import { ownerToken, withSession } from "../support/staff";

/**
 * The owner's coupons and settings in Chromium at desktop width: the owner creates a coupon from the Coupons
 * page and a shopper applies it at checkout; the owner changes the delivery charge in Settings and
 * the shopper's checkout and the FAQ show it. Axe on the Settings page, the Coupons list and the
 * coupon form. The delivery charge goes back to its default at the end.
 */
const browser = useBrowser();

const summaryFigure = (page: Page, label: string) =>
  page
    .locator(".checkout-totals > div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");

describe("the owner's coupons and settings", () => {
  it("a new coupon works at checkout, and a new delivery charge shows in checkout and the FAQ", async () => {
    const base = browser.baseUrl;
    const token = await ownerToken(base);
    const shopper = await createUser(base, "admin-settings-e2e", "Sunita Verma");
    await fillBasket(base, shopper.token);
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const owner = await browser.open("desktop", withSession(token));
    const buyer = await browser.open("desktop", withSession(shopper.token));
    try {
      const page = owner.page;
      await page.goto("/admin");
      await waitForHydration(page);
      const nav = page.getByRole("navigation", { name: "Back office" });
      await nav.getByRole("link", { name: "Coupons", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Coupons" }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole("link", { name: "New coupon" }).click();
      await page.getByRole("heading", { level: 1, name: "New coupon" }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByLabel("Code").fill(code.toLowerCase());
      await page.getByRole("radio", { name: "Flat amount in rupees" }).check();
      await page.getByLabel("Value (percent, or rupees when flat)").fill("120");
      await page.getByRole("button", { name: "Create coupon" }).click();
      await page.getByRole("heading", { level: 1, name: `Coupon ${code}` }).waitFor();
      await page.getByRole("status").filter({ hasText: "Coupon created." }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The shopper applies it at checkout.
      const shop = buyer.page;
      await shop.goto("/checkout");
      await waitForHydration(shop);
      const box = shop.locator(".coupon-box");
      await box.getByLabel("Coupon code").fill(code.toLowerCase());
      await box.getByRole("button", { name: "Apply" }).click();
      await box.getByRole("button", { name: /^Remove/ }).waitFor();
      expect(await box.getByRole("status").textContent()).toBe(`${code} applied: you save ${formatRupees(120_00)}`);
      expect(await summaryFigure(shop, `Discount (${code})`).textContent()).toBe(`−${formatRupees(120_00)}`);
      expect(await summaryFigure(shop, "Delivery").textContent()).toBe(formatRupees(settings.money.deliveryChargePaise));

      // The owner changes the delivery charge.
      await nav.getByRole("link", { name: "Settings", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      const charge = page.getByLabel("Delivery charge (₹)");
      expect(await charge.inputValue()).toBe(String(settings.money.deliveryChargePaise / 100));
      await charge.fill("60");
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByRole("status").filter({ hasText: "Settings saved." }).waitFor();
      await page.getByText(`Now: ${formatRupees(60_00)}`).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await shop.reload();
      await waitForHydration(shop);
      expect(await summaryFigure(shop, "Delivery").textContent()).toBe(formatRupees(60_00));
      await shop.goto("/faqs?topic=shipping-delivery");
      await shop.getByRole("heading", { level: 2, name: "Shipping & Delivery" }).waitFor();
      expect(await shop.locator(".faq-list").textContent()).toContain(formatRupees(60_00));
    } finally {
      await fetch(new URL("/api/admin/settings", base), {
        method: "PUT",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ deliveryCharge: settings.money.deliveryChargePaise / 100 }),
      });
      const db = createClient({ url: inject("dbUrl") });
      await db.execute({ sql: "delete from coupons where code = ?", args: [code] });
      db.close();
      await owner.close();
      await buyer.close();
    }
  });
});
