import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, latestCode, TEST_PASSWORD, type TestUser, uniqueEmail } from "../../tooling/accounts";
import { type ApiProduct, cartCall, setStock } from "../../tooling/cart";
import { formatRupees } from "../../workers/services/catalog/pricing";
import { productPath } from "../../workers/services/platform/paths";
import { seriousAxeViolations } from "../support/axe";
import { type OpenOptions, onPhone, useBrowser, viewports } from "../support/browser";
import { holdNextPost, waitForHydration as hydrated } from "../support/page";
import { useStockedProduct } from "../support/stocked";

/**
 * The cart as a shopper uses it: adding from the product page and from a card's modal,
 * the header badge, the cart page's stepper and Remove, the stock's limits, signing in on the way,
 * Buy Now through account creation, and the cart page without JavaScript.
 */
const browser = useBrowser();
const base = browser.baseUrl;
const dbUrl = inject("dbUrl");

// Known stock for the two sizes these tests fill (put back after the file).
const stocked = useStockedProduct(base, dbUrl, [4, 6], (list) => list.slice(-2));
let kurti: ApiProduct;
let other: ApiProduct;
let sizeA: string;
let sizeB: string;

beforeAll(async () => {
  ({ product: kurti, other, sizeA, sizeB } = stocked);
});

const pathOf = (p: ApiProduct) => productPath(p.category.name, p.slug);

function openAs(user: TestUser, viewport: keyof typeof viewports, opts: OpenOptions = {}) {
  return browser.open(viewport, {
    ...opts,
    cookies: [{ name: "aanchal_session", value: user.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }],
  });
}

/** The header's cart link, whose name carries the badge's count. */
const cartLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Cart/ });
const badge = async (page: Page) => ((await cartLink(page).getAttribute("aria-label")) ?? "").replace(/^Cart(, )?/, "");

async function choose(page: Page, size: string, quantity: number) {
  await page.getByRole("radio", { name: size, exact: true }).check();
  await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(quantity));
}

/** `product`'s card in the search results, its "Select Size & Color" open with a colour and the first size in stock chosen. */
async function chosenInCardModal(page: Page, product: ApiProduct) {
  await page.goto(`/search?query=${encodeURIComponent(product.productName)}`);
  await hydrated(page);
  const card = page.locator("article.product-card").filter({ hasText: product.productName }).first();
  await card.getByRole("button", { name: /^Add to Cart/ }).click();
  const dialog = page.getByRole("dialog", { name: "Select Size & Color" });
  await dialog.getByRole("radio", { name: product.colors[0]!.name }).check();
  await dialog.locator('input[name="size"]:not([disabled])').first().check();
  return { card, dialog };
}

const toasts = (page: Page) => page.locator(".toasts .toast p").allTextContents();
/** The cart page's line of product `name` in `size`. */
const lineOf = (page: Page, name: string, size: string) =>
  page
    .locator("li.cart-line")
    .filter({ hasText: name })
    .filter({ has: page.locator(".line-options dd").getByText(size, { exact: true }) });

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("the cart on a %s", (viewport) => {
  it("adds two sizes of one product and one of another, the badge showing the sum at once", async () => {
    const user = await createUser(base, `cart-add-${viewport}`, "Kavya Iyer");
    const { page, close } = await openAs(user, viewport);
    try {
      await page.goto(pathOf(kurti));
      await hydrated(page);
      expect(await badge(page)).toBe("");

      await choose(page, sizeA, 2);
      const release = await holdNextPost(page);
      await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
      // Before the server has answered, the badge already counts the two.
      await expect.poll(() => badge(page)).toBe("2 items");
      release();
      await expect.poll(() => toasts(page)).toContain("Added to cart");

      await choose(page, sizeB, 1);
      await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
      await expect.poll(() => badge(page)).toBe("3 items");

      // Another product, from its card's "Select Size & Color".
      const { card, dialog } = await chosenInCardModal(page, other);
      await dialog.getByRole("button", { name: "Add to Cart" }).click();
      await dialog.waitFor({ state: "hidden" });
      await expect.poll(() => badge(page)).toBe("4 items");
      await expect.poll(() => toasts(page)).toContain("Added to cart");

      // The modal starts afresh after a successful add.
      await card.getByRole("button", { name: /^Add to Cart/ }).click();
      await dialog.waitFor();
      expect(await dialog.locator("input:checked").count()).toBe(0);
      await dialog.getByRole("button", { name: "Cancel" }).click();

      await cartLink(page).click();
      await page.waitForURL("**/cart");
      await page.getByRole("heading", { name: "Your cart", level: 1 }).waitFor();
      expect(await page.locator("li.cart-line").count()).toBe(3);
      expect(await page.locator(".checkout-steps [aria-current=step]").textContent()).toContain("Shopping cart");
      expect(await lineOf(page, kurti.productName, sizeA).locator("output").textContent()).toBe("2");
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  onPhone(viewport)("changes and removes lines, the stepper stopping at 1 and at the stock", async () => {
    const user = await createUser(base, `cart-edit-${viewport}`, "Ritu Singh");
    const color = kurti.colors[0]!.name;
    await cartCall(base, user.token, "POST", "/api/cart", {
      items: [
        { product: kurti._id, size: sizeA, color, quantity: 3 },
        { product: kurti._id, size: sizeB, color, quantity: 1 },
      ],
    });
    const { page, close } = await openAs(user, viewport);
    try {
      await page.goto("/cart");
      await hydrated(page);
      const a = lineOf(page, kurti.productName, sizeA);
      const b = lineOf(page, kurti.productName, sizeB);
      const unit = kurti.sizes.find((z) => z.size === sizeA)!.discountPrice;

      await a.getByRole("button", { name: "Increase quantity" }).click();
      await expect.poll(() => a.locator("output").textContent()).toBe("4");
      await expect.poll(() => badge(page)).toBe("5 items");
      expect(await a.locator(".cart-line__total").textContent()).toContain((unit * 4).toLocaleString("en-IN"));
      // At the stock (4) the plus button says so and changes nothing (aria-disabled: it still answers).
      await a.getByRole("button", { name: "Increase quantity" }).click({ force: true });
      await expect.poll(() => toasts(page)).toContain("Only 4 left in this size");
      expect(await a.locator("output").textContent()).toBe("4");

      // At 1 the minus button says so and changes nothing.
      expect(await b.locator("output").textContent()).toBe("1");
      await b.getByRole("button", { name: "Decrease quantity" }).click({ force: true });
      await expect.poll(() => toasts(page)).toContain("Quantity cannot be less than 1");
      expect(await b.locator("output").textContent()).toBe("1");

      // The remove's own answer: an earlier change's answer may still be on its way.
      const removed = page.waitForResponse((r) => r.request().method() === "POST" && (r.request().postData() ?? "").includes("remove"));
      await b.getByRole("button", { name: /^Remove/ }).focus();
      await page.keyboard.press("Enter");
      // The focus is not lost with the hidden line: it moves to the cart's heading, and she hears why.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Your cart");
      await expect.poll(() => toasts(page)).toContain("Item removed from your cart");
      await expect.poll(() => page.locator("li.cart-line:visible").count()).toBe(1);
      await expect.poll(() => badge(page)).toBe("4 items");
      expect((await removed).status()).toBe(200);
      await page.reload();
      expect(await page.locator("li.cart-line").count()).toBe(1);

      await a.getByRole("button", { name: /^Remove/ }).click();
      await page.getByText("Your cart is empty.").waitFor();
      await expect.poll(() => badge(page)).toBe("");
    } finally {
      await close();
    }
  });
});

describe("a double click", () => {
  it("adds the piece once, from the product page and from a card's modal", async () => {
    const user = await createUser(base, "cart-double", "Ira Sen");
    const { page, close } = await openAs(user, "desktop");
    try {
      const posts: string[] = [];
      page.on("request", (r) => {
        // The enhanced form posts to the page's data URL (React Router's single fetch).
        if (r.method() === "POST") posts.push(new URL(r.url()).pathname.replace(/\.data$/, ""));
      });
      // Two submissions with no time between (a double click before React has disabled the button).
      const submitTwice = (button: HTMLButtonElement) => {
        button.form?.requestSubmit(button);
        button.form?.requestSubmit(button);
      };
      await page.goto(pathOf(kurti));
      await hydrated(page);
      await choose(page, sizeA, 1);
      await page.getByRole("button", { name: "Add to Cart", exact: true }).evaluate(submitTwice);
      await expect.poll(() => toasts(page)).toContain("Added to cart");
      expect(posts).toEqual([pathOf(kurti)]);

      const { dialog } = await chosenInCardModal(page, other);
      await dialog.getByRole("button", { name: "Add to Cart" }).evaluate(submitTwice);
      await expect.poll(() => dialog.count()).toBe(0);
      expect(posts).toEqual([pathOf(kurti), pathOf(other)]);

      const { items } = await cartCall(base, user.token, "GET", "/api/cart");
      expect(items?.map((i) => i.quantity)).toEqual([1, 1]);
    } finally {
      await close();
    }
  });
});

describe("the stock's limits", () => {
  it("says so when an add would pass the size's stock with what is already in the cart", async () => {
    const user = await createUser(base, "cart-beyond", "Nisha Rao");
    const { page, close } = await openAs(user, "desktop", { expectStatuses: [409] });
    try {
      await page.goto(pathOf(kurti));
      await hydrated(page);
      await choose(page, sizeA, 3);
      await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
      await expect.poll(() => toasts(page)).toContain("Added to cart");
      await choose(page, sizeA, 2);
      await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
      await expect.poll(() => toasts(page)).toContain("Only 4 items available in this size You already have 3 in your cart.");
      // The badge went up while the add was on its way and came back when the server refused it.
      await expect.poll(() => badge(page)).toBe("3 items");
    } finally {
      await close();
    }
  });

  it("marks a line whose size sold out after it was added, and keeps it from checkout", async () => {
    const user = await createUser(base, "cart-sold-out", "Pooja Das");
    const color = kurti.colors[0]!.name;
    await cartCall(base, user.token, "POST", "/api/cart", { items: [{ product: kurti._id, size: sizeB, color, quantity: 2 }] });
    const undo = await setStock(dbUrl, kurti._id, sizeB, 0);
    const { page, close } = await openAs(user, "phone", { expectStatuses: [409] });
    try {
      await page.goto("/cart");
      await hydrated(page);
      await page.getByText("This size has sold out. Remove it to go on to checkout.").waitFor();
      const proceed = page.getByRole("button", { name: "Proceed to checkout" });
      expect(await proceed.getAttribute("aria-disabled")).toBe("true");
      await proceed.click({ force: true });
      expect(new URL(page.url()).pathname).toBe("/cart");
    } finally {
      await undo();
      await close();
    }
  });
});

describe("a cart drawn before the stock changed", () => {
  it("refuses checkout aloud, then shows which line and leaves it out of the subtotal", async () => {
    const user = await createUser(base, "cart-stale", "Farah Khan");
    const color = kurti.colors[0]!.name;
    await cartCall(base, user.token, "POST", "/api/cart", {
      items: [
        { product: kurti._id, size: sizeA, color, quantity: 1 },
        { product: kurti._id, size: sizeB, color, quantity: 2 },
      ],
    });
    const { page, close } = await openAs(user, "desktop", { expectStatuses: [409] });
    const undo = await setStock(dbUrl, kurti._id, sizeB, 0);
    try {
      // Drawn from a copy of the page made before the size sold out: the button still looks ready.
      await page.route("**/cart", async (route) => {
        if (route.request().method() !== "GET" || !route.request().isNavigationRequest()) return route.fallback();
        await undo();
        const response = await route.fetch();
        await setStock(dbUrl, kurti._id, sizeB, 0);
        await route.fulfill({ response });
      });
      await page.goto("/cart");
      await page.unroute("**/cart");
      await hydrated(page);
      expect(await page.locator(".cart-summary dt").first().textContent()).toBe("Subtotal (3 items)");
      await page.getByRole("button", { name: "Proceed to checkout" }).click();
      await expect.poll(() => toasts(page)).toContain("Some items in your cart need your attention before checkout.");
      await lineOf(page, kurti.productName, sizeB).getByText("This size has sold out. Remove it to go on to checkout.").waitFor();
      expect(await page.locator(".cart-summary dt").first().textContent()).toBe("Subtotal (1 item)");
      expect(new URL(page.url()).pathname).toBe("/cart");
    } finally {
      await undo();
      await close();
    }
  });
});

describe("signing in on the way", () => {
  it("completes a signed-out shopper's add once she has signed in", async () => {
    const user = await createUser(base, "cart-later", "Anita Joshi");
    const { page, close } = await browser.open("phone", { expectStatuses: [401] });
    try {
      await page.goto(pathOf(kurti));
      await hydrated(page);
      await choose(page, sizeB, 2);
      await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/signin");
      await expect.poll(() => toasts(page)).toContain("Please login first to continue.");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/cart");
      expect(await lineOf(page, kurti.productName, sizeB).locator("output").textContent()).toBe("2");
      await hydrated(page);
      await expect.poll(() => badge(page)).toBe("2 items");
      // Done once: coming back to the cart adds nothing more.
      await page.reload();
      expect(await lineOf(page, kurti.productName, sizeB).locator("output").textContent()).toBe("2");
    } finally {
      await close();
    }
  });

  it("takes a guest's Buy Now through account creation to checkout with that line, and places her order", async () => {
    const email = uniqueEmail("buy-now");
    const { page, close } = await browser.open("desktop");
    try {
      await page.goto(pathOf(kurti));
      await hydrated(page);
      await choose(page, sizeA, 2);
      await page.getByRole("button", { name: "Buy Now", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/create-account");
      expect(new URL(page.url()).searchParams.get("redirect")).toBe("/checkout");
      await page.getByLabel("Full name").fill("Divya Menon");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Mobile number").fill("9812345670");
      await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
      await page.getByLabel("Confirm password").fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.waitForURL((url) => url.pathname === "/verify-otp");
      await page.getByLabel("Verification code").fill(await latestCode(base, email));
      await page.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL((url) => url.pathname === "/checkout");
      expect(await page.locator(".checkout-steps [aria-current=step]").textContent()).toContain("Checkout details");
      const line = page.locator(".checkout-line");
      expect(await line.count()).toBe(1);
      expect(await line.textContent()).toContain(kurti.productName);
      expect(await line.locator("dt:text-is('Size') + dd").textContent()).toBe(sizeA);
      expect(await line.locator("dt:text-is('Qty') + dd").textContent()).toBe("2");

      // Her new account has no address yet: she writes one (the PIN fills city and state) and pays on delivery.
      await hydrated(page);
      await page.getByLabel("House No. / Building Name").fill("22 Raj Nagar");
      await page.getByLabel("Road Name / Area / Colony").fill("Sector 9");
      await page.getByLabel("ZIP / PIN Code").fill("201002");
      await page.locator(".new-address__zipcode").getByText("PIN code verified: State & City auto-filled", { exact: true }).waitFor();
      await page.getByRole("radio", { name: /Cash on Delivery/ }).check();
      await page.getByRole("button", { name: "Place Order" }).click();
      await page.waitForURL((url) => url.pathname === "/thankyou");
      await page.getByRole("heading", { level: 1, name: "Thank you for your order!" }).waitFor();
      const unit = kurti.sizes.find((z) => z.size === sizeA)!.discountPrice * 100;
      expect(await page.locator(".order-card").filter({ hasText: "Order summary" }).locator("dt:text-is('Total') + dd").textContent()).toBe(
        formatRupees(unit * 2 + 100_00),
      );
      await page.getByText("Divya Menon").first().waitFor();
    } finally {
      await close();
      // Her order took 2 of size A: the file's other tests count on the stock they were given.
      await setStock(dbUrl, kurti._id, sizeA, 4);
    }
  });
});

describe("the cart page without JavaScript", () => {
  it("adds, changes a quantity, refuses one past the stock and removes lines with plain forms", async () => {
    const user = await createUser(base, "cart-no-js", "Lata Kulkarni");
    const color = kurti.colors[0]!.name;
    await cartCall(base, user.token, "POST", "/api/cart", { items: [{ product: kurti._id, size: sizeA, color, quantity: 3 }] });
    const { page, close } = await openAs(user, "phone", { javaScriptEnabled: false, expectStatuses: [409] });
    try {
      // Add to Cart as a plain form: the answer is the cart itself, saying so (a reload adds nothing).
      await page.goto(pathOf(kurti));
      await page.getByRole("radio", { name: sizeB, exact: true }).check();
      await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/cart");
      expect(await page.getByRole("status").filter({ hasText: "Added to cart" }).count()).toBe(1);
      await page.reload();
      expect(await lineOf(page, kurti.productName, sizeB).locator("output").textContent()).toBe("1");

      const line = lineOf(page, kurti.productName, sizeA);
      await line.getByRole("button", { name: "Increase quantity" }).click();
      await page.waitForLoadState();
      expect(await line.locator("output").textContent()).toBe("4");
      expect(await cartLink(page).getAttribute("aria-label")).toBe("Cart, 5 items");
      await line.getByRole("button", { name: "Increase quantity" }).click({ force: true });
      await page.waitForLoadState();
      expect(await page.getByRole("alert").first().textContent()).toBe("Failed to update quantity: Only 4 left in this size");
      expect(await line.locator("output").textContent()).toBe("4");
      await line.getByRole("button", { name: /^Remove/ }).click();
      await page.waitForLoadState();
      await lineOf(page, kurti.productName, sizeB)
        .getByRole("button", { name: /^Remove/ })
        .click();
      await page.waitForLoadState();
      await page.getByText("Your cart is empty.").waitFor();
    } finally {
      await close();
    }
  });
});
