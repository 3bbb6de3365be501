import { createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { createUser, type TestUser } from "../../tooling/accounts";
import { REVIEW_MESSAGES } from "../../workers/services/shopping/reviews.rules";
import { seriousAxeViolations } from "../support/axe";
import { type OpenOptions, useBrowser, type viewports } from "../support/browser";
import { actBeforeHydration, waitForHydration as hydrated, waitForReactOn } from "../support/page";

const browser = useBrowser();

function openAs(user: TestUser, viewport: keyof typeof viewports, opts: OpenOptions = {}) {
  return browser.open(viewport, {
    ...opts,
    cookies: [{ name: "aanchal_session", value: user.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }],
  });
}

interface Categories {
  data: { _id: string; productCount: number }[];
}

/** A category with several products: its page's first cards are the products these tests review. */
async function busyCategory(): Promise<string> {
  const { data } = (await (await fetch(`${browser.baseUrl}/api/categories`)).json()) as Categories;
  const category = data.find((c) => c.productCount >= 4);
  if (!category) throw new Error("no category with 4 products: is the database seeded?");
  return `/all-products?category=${category._id}`;
}

/** The n-th card of a listing page: its name and link. */
async function nthCard(page: Page, n: number) {
  const link = page.locator("article.product-card").nth(n).locator(".product-card__name a");
  return { name: (await link.textContent())!, href: (await link.getAttribute("href"))! };
}

/** The product's average and count as the API gives them, in the words the page speaks them. */
async function ratingLabel(href: string): Promise<{ value: string; count: number; label: string }> {
  const slug = href.split("/").pop()!;
  const product = (await (await fetch(`${browser.baseUrl}/api/products/slug/${slug}`)).json()) as {
    averageRating: number;
    reviewCount: number;
  };
  const value = product.averageRating.toFixed(1);
  const count = product.reviewCount;
  return { value, count, label: `Rated ${value} out of 5, ${count} ${count === 1 ? "review" : "reviews"}` };
}

const reviewsTab = (page: Page) => page.getByRole("tabpanel", { name: "Reviews" });
const stars = (page: Page) => page.getByRole("group", { name: /^Your rating/ });

describe("reviews", () => {
  it("signed out, the Reviews tab offers sign-in, which comes back to the reviews with the form", async () => {
    const { page, close } = await browser.open("phone");
    try {
      const category = await busyCategory();
      await page.goto(category);
      const { href } = await nthCard(page, 2);
      await page.goto(href);
      await hydrated(page);
      await page.getByRole("tab", { name: "Reviews" }).click();
      const signIn = reviewsTab(page).getByRole("link", { name: "Sign in" });
      expect(await signIn.getAttribute("href")).toBe(`/signin?redirect=${encodeURIComponent(`${href}#reviews`)}`);
      expect(await reviewsTab(page).getByRole("textbox").count()).toBe(0);

      // Signed in, she is back on the product with its Reviews tab open and the form in it.
      const user = await createUser(browser.baseUrl, "reviews-back", "Anjali Gupta");
      await signIn.click();
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === href && url.hash === "#reviews");
      await reviewsTab(page).getByRole("textbox", { name: "Your review" }).waitFor();
      expect(await page.getByRole("tab", { name: "Reviews" }).getAttribute("aria-selected")).toBe("true");
    } finally {
      await close();
    }
  });

  it("keeps the stars ticked and the words typed before the page's script started (phone, 4x slower CPU)", async () => {
    const user = await createUser(browser.baseUrl, "reviews-early", "Kavya Iyer");
    const { page, close } = await openAs(user, "phone", { hydrated: false });
    try {
      await page.goto(await busyCategory());
      const product = await nthCard(page, 2);
      const words = "Lovely drape, and the print is even finer in person";
      await actBeforeHydration(page, product.href, async () => {
        await page.getByRole("tab", { name: "Reviews" }).click();
        await stars(page).locator("label").nth(3).click();
        await reviewsTab(page).getByRole("textbox", { name: "Your review" }).fill(words);
      });
      await waitForReactOn(page, "form.review-form");
      expect(await stars(page).getByRole("radio", { name: "4 stars, very good" }).isChecked()).toBe(true);
      expect(await reviewsTab(page).getByRole("textbox", { name: "Your review" }).inputValue()).toBe(words);
    } finally {
      await close();
    }
  });

  describe.each(["phone"] as (keyof typeof viewports)[])("on a %s", (viewport) => {
    it("asks for a rating, takes one by keyboard, and shows the review and the new average on the page and the card", async () => {
      const user = await createUser(browser.baseUrl, `reviews-${viewport}`, viewport === "phone" ? "Ritu Malhotra" : "Sunita Rao");
      const { page, close } = await openAs(user, viewport, { expectStatuses: [] });
      try {
        const category = await busyCategory();
        await page.goto(category);
        // Each viewport reviews its own product, so the two tests' averages do not mix.
        const product = await nthCard(page, viewport === "phone" ? 0 : 1);
        await page.goto(product.href);
        await hydrated(page);
        await page.getByRole("tab", { name: "Reviews" }).click();
        const panel = reviewsTab(page);
        const comment = panel.getByRole("textbox", { name: "Your review" });
        const comment_text = `Soft fabric and the colour is true (${viewport})`;

        // No rating: the form says so at the rating, and nothing is sent. (The form's code arrives
        // after the page's; before it, Submit is the plain post of a page without JavaScript.)
        await waitForReactOn(page, "form.review-form");
        await comment.fill(comment_text);
        await panel.getByRole("button", { name: "Submit Review" }).click();
        await panel.getByText("Please select a rating", { exact: true }).waitFor();
        expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("rating");
        expect(await seriousAxeViolations(page)).toEqual([]);

        // By keyboard: Space picks the focused star, the arrow keys move along the radio group, Tab
        // leaves it for the comment and then the button.
        await page.keyboard.press("Space");
        for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
        expect(await stars(page).getByRole("radio", { name: "4 stars, very good" }).isChecked()).toBe(true);
        await expect.poll(() => panel.getByText("Please select a rating", { exact: true }).count()).toBe(0);
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA");
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Submit Review");
        await page.keyboard.press("Enter");

        await page.getByText(REVIEW_MESSAGES.created, { exact: true }).waitFor();
        // The form clears; her review heads the list, under her name, with the new average above.
        await expect.poll(() => comment.inputValue()).toBe("");
        expect(await stars(page).locator("input:checked").count()).toBe(0);
        const first = panel.locator(".review").first();
        await first.getByText(comment_text, { exact: true }).waitFor();
        expect(await first.locator(".review__name").textContent()).toBe(user.name);
        expect(await first.getByText("Rated 4 out of 5").count()).toBe(1);
        const rating = await ratingLabel(product.href);
        await expect.poll(() => page.locator(".rating-summary .visually-hidden").first().textContent()).toBe(rating.label);
        expect(await panel.locator(".reviews-panel__summary").textContent()).toContain(
          `${rating.value} out of 5 · ${rating.count} reviews`,
        );

        // The listing's card shows the same average and count.
        await page.goto(category);
        const card = page.locator("article.product-card").filter({ has: page.getByRole("link", { name: product.name, exact: true }) });
        expect(await card.locator(".product-card__rating").textContent()).toBe(`${rating.value} (${rating.count})${rating.label}`);
      } finally {
        await close();
      }
    });
  });

  it("works without JavaScript: a refusal comes back with the message and her text, a success returns to the reviews", async () => {
    const user = await createUser(browser.baseUrl, "reviews-nojs", "Pooja Nair");
    const { page, close } = await openAs(user, "desktop", { javaScriptEnabled: false, expectStatuses: [400] });
    try {
      await page.goto(await busyCategory());
      const product = await nthCard(page, 3);
      await page.goto(product.href);
      const form = page.locator("form.review-form");
      await form.getByRole("textbox", { name: "Your review" }).fill("Drapes beautifully");
      await form.getByRole("button", { name: "Submit Review" }).click();
      await page.getByText("Please select a rating", { exact: true }).waitFor();
      expect(await page.getByRole("textbox", { name: "Your review" }).inputValue()).toBe("Drapes beautifully");

      await page.getByRole("radio", { name: "5 stars, excellent" }).check();
      await page.getByRole("button", { name: "Submit Review" }).click();
      await page.waitForURL((url) => url.pathname === product.href && url.searchParams.get("reviewed") === "new");
      await page.getByText(REVIEW_MESSAGES.created, { exact: true }).waitFor();
      await page.locator(".review").first().getByText("Drapes beautifully", { exact: true }).waitFor();
      const rating = await ratingLabel(product.href);
      expect(await page.locator(".rating-summary .visually-hidden").first().textContent()).toBe(rating.label);
    } finally {
      await close();
    }
  });

  it("shows 10 reviews, then the rest with Show more: in place with JavaScript, as a longer page without", async () => {
    const category = await busyCategory();
    const first = await browser.open("phone");
    let product: { name: string; href: string };
    try {
      await first.page.goto(category);
      product = await nthCard(first.page, 5);
    } finally {
      await first.close();
    }
    // Fourteen more reviews than the seed gave it, written straight into the test database.
    const slug = product.href.split("/").pop()!;
    const db = createClient({ url: inject("dbUrl") });
    try {
      for (let i = 1; i <= 14; i++) {
        await db.execute({
          sql: "INSERT INTO reviews (product_id, name, rating, comment, created_at) SELECT id, ?, 5, ?, ? FROM products WHERE slug = ?",
          args: [`Reader ${i}`, `Show more review ${i}`, Date.UTC(2026, 10, 21) + i * 60_000, slug],
        });
      }
    } finally {
      db.close();
    }
    const total = (await ratingLabel(product.href)).count;

    const { page, close } = await browser.open("desktop");
    try {
      await page.goto(product.href);
      await hydrated(page);
      await page.getByRole("tab", { name: "Reviews" }).click();
      const items = reviewsTab(page).locator(".review");
      expect(await items.count()).toBe(10);
      await reviewsTab(page).getByRole("link", { name: "Show more reviews" }).click();
      await expect.poll(() => items.count()).toBe(Math.min(total, 20));
      expect(new URL(page.url()).search).toBe("");
      expect(await items.nth(10).locator(".review__comment").textContent()).toBe("Show more review 4");
      if (total <= 20) expect(await reviewsTab(page).getByRole("link", { name: "Show more reviews" }).count()).toBe(0);
    } finally {
      await close();
    }

    const noJs = await browser.open("phone", { javaScriptEnabled: false });
    try {
      await noJs.page.goto(product.href);
      expect(await noJs.page.locator("#reviews .review").count()).toBe(10);
      await noJs.page.getByRole("link", { name: "Show more reviews" }).click();
      await noJs.page.waitForURL((url) => url.searchParams.get("reviews") === "20");
      expect(await noJs.page.locator("#reviews .review").count()).toBe(Math.min(total, 20));
    } finally {
      await noJs.close();
    }
  });
});
