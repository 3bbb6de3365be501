import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { createUser } from "../../tooling/accounts";
import { PRODUCT_MESSAGES } from "../../workers/services/back-office/catalog/admin-products.rules";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser } from "../support/browser";
import { useCatalogueRestored } from "../support/catalogue";
import { waitForHydration } from "../support/page";
import { ownerToken, withSession } from "../support/staff";

/**
 * The back office's products in Chromium at desktop width: the owner
 * creates a product with two sizes and an uploaded picture and publishes it (axe on the list and the
 * form); a shopper, signed in in another browser, finds it in search and on the listing at once and
 * adds it to her cart; the owner lowers its price and her cart and its page show the new price. A
 * draft never shows to her.
 */
const browser = useBrowser();
useCatalogueRestored(inject("dbUrl"));
const base = browser.baseUrl;
const picture = fileURLToPath(new URL("../fixtures/images/red-640x480.jpg", import.meta.url));
const text = async (page: Page) => ((await page.locator("main").textContent()) ?? "").replace(/\s+/g, " ");
const toasts = (page: Page) => page.locator(".toasts .toast p").allTextContents();

describe("the back office's products", () => {
  it("creates and publishes a product the shopper finds and buys, and a lower price reaches her cart", async () => {
    const tag = Date.now().toString(36);
    const name = `Saffron Mulmul Kurti ${tag}`;
    const { page } = await browser.open("desktop", withSession(await ownerToken(base)));

    await page.goto("/admin/products");
    await page.getByRole("heading", { level: 1, name: "Products" }).waitFor();
    await waitForHydration(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "New product" }).click();
    await page.getByRole("heading", { level: 1, name: "New product" }).waitFor();
    await waitForHydration(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel("Name", { exact: true }).fill(name);
    // The slug the name makes, shown while the slug is left blank.
    expect(await page.getByLabel("Slug (web address)").getAttribute("placeholder")).toBe(`saffron-mulmul-kurti-${tag}`);
    await page.getByLabel("Short description").fill("Soft mulmul cotton in saffron, for long summer days.");
    await page.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Fabric").fill("Mulmul cotton");
    await page.getByLabel("Colour 1 name").fill("Saffron");
    await page.getByLabel("Colour 1 hex code").fill("#f4a300");
    await page.getByLabel("Size, row 1").selectOption("M");
    await page.getByLabel("Price in rupees, row 1", { exact: true }).fill("1499");
    await page.getByLabel("Stock, row 1").fill("6");
    await page.getByLabel("Size, row 2").selectOption("L");
    await page.getByLabel("Price in rupees, row 2", { exact: true }).fill("1499");
    await page.getByLabel("Discount price in rupees, row 2").fill("1299");
    await page.getByLabel("Stock, row 2").fill("4");
    await page.getByLabel("Add pictures").setInputFiles(picture);
    await page.getByRole("list", { name: "Chosen pictures" }).getByText("red-640x480.jpg").waitFor();
    await page.getByRole("button", { name: "Save draft" }).first().click();

    await page.waitForURL(/\/admin\/products\/\d+\?done=created$/);
    await page.getByRole("status").filter({ hasText: PRODUCT_MESSAGES.created }).waitFor();
    const productId = Number(/\/admin\/products\/(\d+)/.exec(page.url())![1]);
    expect(await page.getByText("640 × 480").count()).toBe(1);
    expect(await page.getByLabel("Alt text of item 1").inputValue()).toBe(name);
    await waitForHydration(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A draft: not in her search, nor on the listing.
    const her = await browser.open("desktop", withSession((await createUser(base, "admin-products-e2e", "Ishita Rao")).token));
    await her.page.goto(`/search?query=${encodeURIComponent(`mulmul ${tag}`)}`);
    expect(await text(her.page)).not.toContain(name);
    await her.page.goto("/all-products");
    expect(await text(her.page)).not.toContain(name);

    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByRole("status").filter({ hasText: PRODUCT_MESSAGES.published }).waitFor();
    const shopLink = page.getByRole("link", { name: /View in shop/ });
    const productPage = (await shopLink.getAttribute("href"))!;

    // She finds it at once: in search, and first on the listing (the newest).
    await her.page.goto(`/search?query=${encodeURIComponent(`mulmul ${tag}`)}`);
    await her.page.getByRole("link", { name }).first().waitFor();
    await her.page.goto("/all-products");
    await her.page.getByRole("link", { name }).first().waitFor();
    await her.page.goto(productPage);
    await waitForHydration(her.page);
    await her.page.getByRole("radio", { name: "L", exact: true }).check();
    await her.page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect.poll(() => toasts(her.page)).toContain("Added to cart");
    await her.page.goto("/cart");
    expect(await text(her.page)).toContain(name);
    expect(await text(her.page)).toContain("₹1,299");

    // The owner lowers the price of L for a sale.
    await page.goto(`/admin/products/${productId}`);
    await waitForHydration(page);
    await page.getByLabel("Discount price in rupees, row 2").fill("999");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await page.getByRole("status").filter({ hasText: PRODUCT_MESSAGES.saved }).waitFor();

    await her.page.goto("/cart");
    await expect.poll(() => text(her.page)).toContain("₹999");
    expect(await text(her.page)).not.toContain("₹1,299");
    await her.page.goto(productPage);
    await her.page.getByRole("radio", { name: "L", exact: true }).check();
    // Picked before or after hydration, the price follows the size.
    await expect.poll(() => text(her.page)).toContain("₹999");
  });

  it("shows the form's problems next to their fields, focusing the first", async () => {
    const { page } = await browser.open("desktop", { ...withSession(await ownerToken(base)), expectStatuses: [400] });
    await page.goto("/admin/products/new");
    await waitForHydration(page);
    await page.getByLabel("Name", { exact: true }).fill(`Draft only ${Date.now().toString(36)}`);
    await page.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
    await page.getByLabel("Size, row 1").selectOption("S");
    await page.getByLabel("Price in rupees, row 1", { exact: true }).fill("999");
    await page.getByLabel("Discount price in rupees, row 1").fill("999");
    await page.getByLabel("Stock, row 1").fill("2");
    await page.getByRole("button", { name: "Save draft" }).first().click();
    const description = page.getByLabel("Short description");
    await expect.poll(() => description.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("f-description");
    expect(await page.getByLabel("Discount price in rupees, row 1").getAttribute("aria-invalid")).toBe("true");
    expect(await text(page)).toContain(PRODUCT_MESSAGES.discountNotBelow);
    expect(await text(page)).toContain(PRODUCT_MESSAGES.colourRequired);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("reorders pictures with Move up / Move down, with JavaScript and without; the first is the cover", async () => {
    const token = await ownerToken(base);
    const api = (path: string, init: RequestInit = {}) =>
      fetch(new URL(path, base), { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
    const made = await api("/api/admin/products", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: `Two picture kurti ${Date.now().toString(36)}`,
        description: "Cotton.",
        categoryId: 1,
        colors: [{ name: "Red", hex: "#aa0000" }],
        sizes: [{ size: "M", price: 999, stock: 2 }],
      }),
    });
    const { product } = (await made.json()) as { product: { id: number } };
    const form = new FormData();
    for (const f of ["red-5x3.png", "red-640x480.jpg"])
      form.append("images", new Blob([readFileSync(new URL(`../fixtures/images/${f}`, import.meta.url))]), f);
    expect((await api(`/api/admin/products/${product.id}/images`, { method: "POST", body: form })).status).toBe(201);
    const order = async () =>
      ((await (await api(`/api/admin/products/${product.id}`)).json()) as { product: { media: { width: number }[] } }).product.media.map(
        (m) => m.width,
      );
    expect(await order()).toEqual([5, 640]);

    // With JavaScript: the move happens on the page (announced), then Save keeps it.
    const { page } = await browser.open("desktop", withSession(token));
    await page.goto(`/admin/products/${product.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Move down item 1" }).click();
    await expect.poll(() => page.locator("[aria-live=polite]").first().textContent()).toContain("Moved to position 2 of 2");
    expect(await page.locator(".admin-product__medium").first().textContent()).toContain("Cover · 640 × 480");
    await page.getByRole("button", { name: "Save", exact: true }).first().click();
    await page.getByRole("status").filter({ hasText: PRODUCT_MESSAGES.saved }).waitFor();
    expect(await order()).toEqual([640, 5]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Without JavaScript: the same button posts the form with the move.
    const plain = await browser.open("desktop", { ...withSession(token), javaScriptEnabled: false });
    await plain.page.goto(`/admin/products/${product.id}`);
    await plain.page.getByRole("button", { name: "Move up item 2" }).click();
    await plain.page.getByRole("status").filter({ hasText: PRODUCT_MESSAGES.saved }).waitFor();
    expect(await order()).toEqual([5, 640]);
  });
});
