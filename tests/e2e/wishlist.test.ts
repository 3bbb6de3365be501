import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createUser, type TestUser } from "../../tooling/accounts";
import { seriousAxeViolations } from "../support/axe";
import { type OpenOptions, onPhone, useBrowser, viewports } from "../support/browser";
import { waitForHydration as hydrated } from "../support/page";

/**
 * The wishlist as a shopper uses it: the heart on a card and on the product page,
 * the header's badge changing at once, the wishlist page, removing from it and "Move to cart".
 */
const browser = useBrowser();

function openAs(user: TestUser, viewport: keyof typeof viewports, opts: OpenOptions = {}) {
  return browser.open(viewport, {
    ...opts,
    cookies: [{ name: "aanchal_session", value: user.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }],
  });
}

const badge = (page: Page) => page.locator(".site-header").getByRole("link", { name: /^Wishlist/ });
const toasts = (page: Page) => page.locator(".toasts .toast p");
const heartOf = (scope: Page | Locator, name: string) => scope.getByRole("button", { name: `Save ${name} to wishlist`, exact: true });
const inStockCards = (page: Page) => page.locator("article.product-card").filter({ hasNot: page.locator(".product-card__badge") });

async function wishlistNames(user: TestUser): Promise<string[]> {
  const res = await fetch(`${browser.baseUrl}/api/wishlist`, { headers: { Authorization: `Bearer ${user.token}` } });
  return ((await res.json()) as { data: { product: { productName: string } }[] }).data.map((e) => e.product.productName);
}

describe("the wishlist heart for a signed-out visitor", () => {
  it("is not there: no heart on cards or the product page", async () => {
    const { page, close } = await browser.open("phone");
    try {
      await page.goto("/all-products");
      await hydrated(page);
      expect(await page.locator("article.product-card").count()).toBeGreaterThan(0);
      expect(await page.getByRole("button", { name: /wishlist$/ }).count()).toBe(0);
      await page.locator("article.product-card .product-card__name a").first().click();
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.getByRole("button", { name: /wishlist$/ }).count()).toBe(0);
    } finally {
      await close();
    }
  });
});

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("the wishlist on a %s", (viewport) => {
  onPhone(viewport)("hearts from a card and from the product page, shows them on /wishlist, removes one there", async () => {
    const user = await createUser(browser.baseUrl, `wish-e2e-${viewport}`, "Ritu Malhotra");
    const { page, close } = await openAs(user, viewport);
    try {
      await page.goto("/all-products");
      await hydrated(page);
      expect(await badge(page).getAttribute("aria-label")).toBe("Wishlist");

      // From a card: the heart fills and the badge counts it at once, then the toast confirms.
      const first = inStockCards(page).nth(0);
      const firstName = (await first.locator(".product-card__name").textContent())!;
      const cardHeart = heartOf(first, firstName);
      expect(await cardHeart.getAttribute("aria-pressed")).toBe("false");
      // The server's answer is held back: what changes before it arrives changed "at once".
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/wishlist\.data/, async (route) => {
        await held;
        await route.continue();
      });
      await cardHeart.click();
      await expect.poll(() => cardHeart.getAttribute("aria-pressed")).toBe("true");
      await expect.poll(() => badge(page).getAttribute("aria-label")).toBe("Wishlist, 1 item");
      expect(await wishlistNames(user)).toEqual([]);
      release();
      await expect.poll(() => toasts(page).allTextContents()).toContain("Added to Wishlist");
      await page.unroute(/\/wishlist\.data/);
      await expect.poll(() => wishlistNames(user)).toEqual([firstName]);
      expect(await cardHeart.getAttribute("aria-pressed")).toBe("true");

      // From the product page of another product.
      const second = inStockCards(page).nth(1);
      const secondName = (await second.locator(".product-card__name").textContent())!;
      await second.locator(".product-card__name a").click();
      await page.getByRole("heading", { level: 1, name: secondName }).waitFor();
      await hydrated(page);
      const pageHeart = heartOf(page.locator(".product-info"), secondName);
      expect(await pageHeart.getAttribute("aria-pressed")).toBe("false");
      await pageHeart.click();
      await expect.poll(() => pageHeart.getAttribute("aria-pressed")).toBe("true");
      await expect.poll(() => badge(page).getAttribute("aria-label")).toBe("Wishlist, 2 items");
      await expect.poll(() => wishlistNames(user)).toEqual([secondName, firstName]);
      await expect.poll(() => toasts(page).allTextContents()).toContain("Added to Wishlist");

      // The wishlist page lists both, newest first, and has no serious accessibility problems.
      await badge(page).click();
      await page.waitForURL((url) => url.pathname === "/wishlist");
      await page.getByRole("heading", { level: 1, name: "Your Wishlist" }).waitFor();
      await hydrated(page);
      await page.getByRole("heading", { level: 2, name: "Your Favorite Picks" }).waitFor();
      const cards = page.locator("article.product-card");
      expect(await cards.locator(".product-card__name").allTextContents()).toEqual([secondName, firstName]);
      expect(
        await cards
          .first()
          .getByRole("button", { name: /^Move to cart/ })
          .count(),
      ).toBe(1);
      expect(
        await cards
          .first()
          .getByRole("button", { name: /^(Add to Cart|Buy Now)/ })
          .count(),
      ).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Removing from the page: the card goes at once, the badge follows, the toast confirms.
      await heartOf(cards.first(), secondName).click();
      await expect.poll(() => cards.locator(".product-card__name:visible").allTextContents()).toEqual([firstName]);
      await expect.poll(() => badge(page).getAttribute("aria-label")).toBe("Wishlist, 1 item");
      await expect.poll(() => toasts(page).allTextContents()).toContain("Removed from Wishlist!");
      await expect.poll(() => wishlistNames(user)).toEqual([firstName]);

      // And after a reload it is still so; the last one gone, the page says it is empty.
      await page.reload();
      await hydrated(page);
      expect(await cards.locator(".product-card__name").allTextContents()).toEqual([firstName]);
      await heartOf(cards.first(), firstName).click();
      await page.getByRole("heading", { level: 1, name: "Your wishlist is empty." }).waitFor();
      await expect.poll(() => badge(page).getAttribute("aria-label")).toBe("Wishlist");
      await expect.poll(() => wishlistNames(user)).toEqual([]);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('"Move to cart" opens the size and colour choice, with the heart in it, and moves the piece to the cart', async () => {
    const user = await createUser(browser.baseUrl, `wish-move-${viewport}`, "Ritu Malhotra");
    const { page, close } = await openAs(user, viewport);
    try {
      await page.goto("/all-products");
      await hydrated(page);
      const card = inStockCards(page).first();
      const name = (await card.locator(".product-card__name").textContent())!;
      await heartOf(card, name).click();
      await expect.poll(() => wishlistNames(user)).toEqual([name]);

      await page.goto("/wishlist");
      await hydrated(page);
      const wished = page.locator("article.product-card").first();
      await wished.getByRole("button", { name: /^Move to cart/ }).click();
      const dialog = page.getByRole("dialog", { name: "Select Size & Color" });
      await dialog.waitFor();
      expect(await dialog.getByText(name, { exact: true }).count()).toBe(1);
      // The heart is in the modal too, showing the product is on the wishlist.
      expect(await heartOf(dialog, name).getAttribute("aria-pressed")).toBe("true");
      expect(await seriousAxeViolations(page)).toEqual([]);

      await dialog.getByRole("radio").first().check();
      await dialog.locator('input[name="size"]:not([disabled])').first().check();
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/women-products/")),
        dialog.getByRole("button", { name: "Add to Cart" }).click(),
      ]);
      // Added: the entry leaves the wishlist (its card at once, the server's list after it) and the
      // piece is in the cart.
      expect(answer.status()).toBe(200);
      await page.getByRole("heading", { level: 1, name: "Your wishlist is empty." }).waitFor();
      await expect.poll(() => wishlistNames(user)).toEqual([]);
      const cart = await fetch(`${browser.baseUrl}/api/cart`, { headers: { Authorization: `Bearer ${user.token}` } });
      const { items } = (await cart.json()) as { items: { productName: string; quantity: number }[] };
      expect(items.map((i) => [i.productName, i.quantity])).toEqual([[name, 1]]);
    } finally {
      await close();
    }
  });
});

describe("the wishlist heart without JavaScript", () => {
  it("posts the form and comes back to the same page, the heart now filled", async () => {
    const user = await createUser(browser.baseUrl, "wish-nojs", "Ritu Malhotra");
    const { page, close } = await openAs(user, "phone", { javaScriptEnabled: false });
    try {
      await page.goto("/all-products");
      const card = inStockCards(page).first();
      const name = (await card.locator(".product-card__name").textContent())!;
      await heartOf(card, name).click();
      await page.waitForLoadState();
      expect(new URL(page.url()).pathname).toBe("/all-products");
      const again = heartOf(inStockCards(page).first(), name);
      expect(await again.getAttribute("aria-pressed")).toBe("true");
      expect(await badge(page).getAttribute("aria-label")).toBe("Wishlist, 1 item");
      expect(await wishlistNames(user)).toEqual([name]);
    } finally {
      await close();
    }
  });
});
