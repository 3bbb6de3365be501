import { createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { productPath } from "../../workers/services/platform/paths";
import { seriousAxeViolations } from "../support/axe";
import { laptop, onPhone, useBrowser, viewports } from "../support/browser";
import { actBeforeHydration, holdScripts, waitForReactOn } from "../support/page";

const browser = useBrowser();

interface ApiProduct {
  slug: string;
  productName: string;
  category: { name: string };
  media: { type: string; url: string }[];
  colors: { name: string }[];
  sizes: { size: string; price: number; discountPrice: number; stock: number }[];
}

let products: ApiProduct[] = [];
const pathOf = (p: ApiProduct) => productPath(p.category.name, p.slug);

beforeAll(async () => {
  const res = await fetch(`${browser.baseUrl}/api/products?limit=100`);
  products = ((await res.json()) as { data: ApiProduct[] }).data;
});

/** A product with a sold-out size and an in-stock size of only a few pieces, the one the test counts up to. */
function productWithSoldOutAndLowStockSizes() {
  for (const product of products) {
    const soldOut = product.sizes.find((s) => s.stock === 0);
    const low = product.sizes.filter((s) => s.stock > 1 && s.stock <= 5).sort((a, b) => a.stock - b.stock)[0];
    if (soldOut && low) return { product, soldOut, low };
  }
  throw new Error("The seeded catalogue has no product with both a sold-out size and a low-stock size");
}

function productWithManyImages() {
  const product = products.find((p) => p.media.filter((m) => m.type === "image").length >= 3);
  if (!product) throw new Error("No product with three images");
  return product;
}

/** Waits until React has hydrated the page, so clicks reach React's handlers. */
const hydrated = (page: Page) => waitForReactOn(page, "main");

/** Waits for opening animations to end, so axe measures the colours the shopper ends up seeing. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("product page (%s)", (viewport) => {
  onPhone(viewport)(
    "disables a sold-out size, ticks none until she picks one, asks for one at the choice, and stops the stepper at its stock",
    async () => {
      const { product, soldOut, low } = productWithSoldOutAndLowStockSizes();
      const { page, close } = await browser.open(viewport);
      try {
        const res = await page.goto(pathOf(product));
        expect(res?.status()).toBe(200);
        // No size is ticked in the page the server wrote, nor once the script has taken over.
        const sizeInputs = (await res!.text()).match(/<input[^>]*name="size"[^>]*>/g) ?? [];
        expect(sizeInputs).toHaveLength(product.sizes.length);
        expect(sizeInputs.filter((input) => /\schecked/.test(input))).toEqual([]);
        await hydrated(page);
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(product.productName);

        const soldOutRadio = page.getByRole("radio", { name: `${soldOut.size} (out of stock)`, exact: true });
        expect(await soldOutRadio.isDisabled()).toBe(true);
        expect(await page.locator('.purchase input[name="size"]:checked').count()).toBe(0);
        expect(await page.getByRole("radio", { name: product.colors[0]!.name, exact: true }).isChecked()).toBe(true);
        // Until she chooses, the price is the lowest of the sizes in stock, as the product's card says.
        const lowest = Math.min(...product.sizes.filter((s) => s.stock > 0).map((s) => s.discountPrice || s.price));
        expect(await page.locator(".purchase .price__now").textContent()).toBe(`₹${lowest.toLocaleString("en-IN")}`);

        // Add to Cart and Buy Now without a size ask for one at the size choice, which takes focus; nothing is posted.
        let posts = 0;
        page.on("request", (r) => {
          if (r.method() === "POST") posts++;
        });
        const sizeGroup = page.getByRole("group", { name: "Size" });
        for (const name of ["Add to Cart", "Buy Now"]) {
          await page.getByRole("button", { name, exact: true }).click();
          const alert = sizeGroup.getByRole("alert");
          expect(await alert.textContent()).toBe("Please select a size");
          expect(await sizeGroup.getAttribute("aria-describedby")).toBe(await alert.getAttribute("id"));
          expect(await sizeGroup.evaluate((el) => el === document.activeElement)).toBe(true);
        }
        expect(posts).toBe(0);
        expect(await seriousAxeViolations(page)).toEqual([]);

        await page.getByRole("radio", { name: low.size, exact: true }).check();
        expect(await sizeGroup.getByRole("alert").count()).toBe(0);
        const quantity = page.getByRole("spinbutton", { name: "Quantity" });
        const plus = page.getByRole("button", { name: "Increase quantity" });
        const minus = page.getByRole("button", { name: "Decrease quantity" });
        expect(await quantity.inputValue()).toBe("1");
        expect(await minus.isDisabled()).toBe(true);
        for (let i = 1; i < low.stock; i++) await plus.click();
        expect(await quantity.inputValue()).toBe(String(low.stock));
        expect(await plus.isDisabled()).toBe(true);
        expect(await minus.isDisabled()).toBe(false);
        expect(await page.locator(".purchase").textContent()).toContain(`Only ${low.stock} left`);
        // The price is the chosen size's.
        expect(await page.locator(".purchase .price__now").textContent()).toContain(low.discountPrice.toLocaleString("en-IN"));

        // Another size with more stock keeps the quantity she chose.
        const roomier = product.sizes.find((s) => s.stock > low.stock)!;
        await page.getByRole("radio", { name: roomier.size, exact: true }).check();
        expect(await quantity.inputValue()).toBe(String(low.stock));
      } finally {
        await close();
      }
    },
  );

  it("opens the size chart with the size chart's eight rows and closes it on Escape", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      await page.goto(pathOf(products[0]!));
      await hydrated(page);
      // The server's page keeps its disclosure; once the script is there its summary opens the modal.
      const button = page.locator(".size-chart-disclosure summary");
      await button.click();
      const dialog = page.getByRole("dialog", { name: "Size Chart" });
      await dialog.waitFor();
      const rows = await dialog.locator("tbody tr").allTextContents();
      expect(rows).toEqual(["XS302632", "S322834", "M343036", "L363238", "XL383440", "XXL403642", "3XL423844", "4XL444046"]);
      expect(await dialog.locator("thead th").allTextContents()).toEqual(["Size", "Chest", "Waist", "Hip"]);
      // Focus stays inside the modal, however far the shopper tabs.
      for (const key of ["Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
        await page.keyboard.press(key);
        expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await close();
    }
  });

  it("opens the full-screen viewer; previous, next, arrow keys and a swipe move the counter", async () => {
    const product = productWithManyImages();
    const count = product.media.length;
    const { page, close } = await browser.open(viewport);
    try {
      await page.goto(pathOf(product));
      await hydrated(page);
      const thumbs = page.getByRole("button", { name: /^Show (image|video) \d+ of \d+$/ });
      expect(await thumbs.count()).toBe(count);
      expect(await thumbs.first().getAttribute("aria-current")).toBe("true");
      await thumbs.nth(1).click();
      expect(await thumbs.nth(1).getAttribute("aria-current")).toBe("true");
      expect(await thumbs.first().getAttribute("aria-current")).toBeNull();

      await page.getByRole("button", { name: /View full screen/ }).click();
      const viewer = page.getByRole("dialog");
      await viewer.waitFor();
      const counter = viewer.locator(".viewer__counter [aria-hidden]");
      expect(await counter.textContent()).toBe(`2 / ${count}`);
      await viewer.getByRole("button", { name: "Next" }).click();
      expect(await counter.textContent()).toBe(`3 / ${count}`);
      await viewer.getByRole("button", { name: "Previous" }).click();
      await viewer.getByRole("button", { name: "Previous" }).click();
      expect(await counter.textContent()).toBe(`1 / ${count}`);
      await viewer.getByRole("button", { name: "Previous" }).click();
      expect(await counter.textContent()).toBe(`${count} / ${count}`);
      await page.keyboard.press("ArrowRight");
      expect(await counter.textContent()).toBe(`1 / ${count}`);
      await page.keyboard.press("ArrowLeft");
      expect(await counter.textContent()).toBe(`${count} / ${count}`);

      // A swipe to the left shows the next picture.
      const box = (await viewer.locator(".viewer__stage").boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + box.width * 0.8, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
      await page.mouse.up();
      expect(await counter.textContent()).toBe(`1 / ${count}`);

      await page.keyboard.press("Escape");
      await viewer.waitFor({ state: "hidden" });
      // The gallery follows the viewer.
      expect(await thumbs.first().getAttribute("aria-current")).toBe("true");
    } finally {
      await close();
    }
  });

  onPhone(viewport)("asks a signed-out shopper to sign in first, the add waiting for her in the cart", async () => {
    // The action's "sign in first" answer is a 401.
    const product = products.find((p) => p.sizes.some((s) => s.stock > 0))!;
    const { page, close } = await browser.open(viewport, { expectStatuses: [401] });
    try {
      await page.goto(pathOf(product));
      await hydrated(page);
      await page.getByRole("radio", { name: product.sizes.find((s) => s.stock > 0)!.size, exact: true }).check();
      await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/signin");
      expect(new URL(page.url()).searchParams.get("redirect")).toBe("/cart");
      await expect.poll(() => page.locator(".toasts").textContent()).toContain("Please login first to continue.");
    } finally {
      await close();
    }
  });
});

describe("product page search data", () => {
  it("has JSON-LD for the product, its offer, rating and breadcrumbs, and no console errors under the CSP", async () => {
    const product = products.find((p) => p.sizes.some((s) => s.stock > 0))!;
    const { page, close } = await browser.open("desktop");
    try {
      const res = await page.goto(pathOf(product));
      expect(res?.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
      await hydrated(page);
      const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
      const item = blocks.find((b) => b["@type"] === "Product");
      expect(item.name).toBe(product.productName);
      expect(item.offers).toMatchObject({
        "@type": "Offer",
        priceCurrency: "INR",
        availability: "https://schema.org/InStock",
      });
      const inStock = product.sizes.filter((s) => s.stock > 0).map((s) => s.discountPrice);
      expect(item.offers.price).toBe(Math.min(...inStock));
      expect(item.offers.url).toBe(browser.baseUrl + pathOf(product));
      const crumbs = blocks.find((b) => b["@type"] === "BreadcrumbList");
      expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual(["Home", product.category.name, product.productName]);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(browser.baseUrl + pathOf(product));
      expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe("product");
      expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toBe(browser.baseUrl + product.media[0]!.url);
    } finally {
      await close();
    }
  });

  it("says a product with no stock is out of stock", async () => {
    const product = products.find((p) => p.sizes.every((s) => s.stock === 0))!;
    const { page, close } = await browser.open("desktop");
    try {
      await page.goto(pathOf(product));
      const item = (await page.locator('script[type="application/ld+json"]').allTextContents())
        .map((t) => JSON.parse(t))
        .find((b) => b["@type"] === "Product");
      expect(item.offers.availability).toBe("https://schema.org/OutOfStock");
      expect(await page.getByRole("button", { name: "Add to Cart", exact: true }).isDisabled()).toBe(true);
    } finally {
      await close();
    }
  });

  it("loads the main picture first and at its size, the others lazily, without layout shift", async () => {
    const product = productWithManyImages();
    const { page, close } = await browser.open("phone");
    try {
      await page.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) w.__cls += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(pathOf(product), { waitUntil: "networkidle" });
      const main = page.locator(".gallery__main");
      expect(await main.getAttribute("fetchpriority")).toBe("high");
      expect(await main.getAttribute("loading")).not.toBe("lazy");
      expect(await main.getAttribute("width")).toBeTruthy();
      expect(await main.getAttribute("height")).toBeTruthy();
      for (const loading of await page
        .locator(".gallery__thumbs img, .related img")
        .evaluateAll((imgs) => imgs.map((i) => i.getAttribute("loading")))) {
        expect(loading).toBe("lazy");
      }
      expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.01);
    } finally {
      await close();
    }
  });
});

describe("missing and misplaced products", () => {
  it("answers an unknown product with the 404 page and says the product was not found", async () => {
    const { page, close } = await browser.open("phone");
    try {
      const res = await page.goto("/women-products/dresses/no-such-dress");
      expect(res?.status()).toBe(404);
      const body = await page.textContent("body");
      expect(body).toContain("SORRY, PAGE NOT FOUND");
      expect(body).toContain("ERROR 404");
      expect(body).toContain("Product not found.");
    } finally {
      await close();
    }
  });

  it("answers a malformed slug with a 404 too", async () => {
    const res = await fetch(`${browser.baseUrl}/women-products/dresses/Not_A_Slug!`);
    expect(res.status).toBe(404);
  });

  it("redirects a wrong category segment to the product's real address", async () => {
    const product = products[0]!;
    const wrong = `/women-products/not-${product.category.name.toLowerCase().replace(/\W+/g, "-")}/${product.slug}`;
    const res = await fetch(browser.baseUrl + wrong, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("location")!, browser.baseUrl).pathname).toBe(pathOf(product));

    const { page, close } = await browser.open("phone");
    try {
      await page.goto(wrong);
      expect(new URL(page.url()).pathname).toBe(pathOf(product));
    } finally {
      await close();
    }
  });
});

describe("product page without JavaScript", () => {
  it("is readable, offers sizes and colours as radio buttons, and its form posts", async () => {
    const { product, low } = productWithSoldOutAndLowStockSizes();
    const { page, close } = await browser.open("phone", { javaScriptEnabled: false });
    try {
      await page.goto(pathOf(product));
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(product.productName);
      // Both tab panels show, under their own headings.
      expect(await page.getByRole("heading", { name: "Description & Details" }).isVisible()).toBe(true);
      expect(await page.getByRole("heading", { name: "Reviews" }).isVisible()).toBe(true);
      expect(await page.getByText("Fabric", { exact: true }).isVisible()).toBe(true);
      expect(await page.locator('input[type="radio"][name="size"]').count()).toBe(product.sizes.length);
      expect(await page.locator('input[type="radio"][name="color"]').count()).toBe(product.colors.length);
      // The size chart is a disclosure here.
      await page.locator(".size-chart-disclosure summary").click();
      expect(await page.locator(".size-chart-disclosure tbody tr").count()).toBe(8);

      // No size is ticked for her: without one, the action asks for it at the size choice.
      expect(await page.locator('input[name="size"]:checked').count()).toBe(0);
      const [unsized] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Add to Cart" }).click(),
      ]);
      expect(unsized.status()).toBe(400);
      await page.waitForLoadState();
      const sizeGroup = page.getByRole("group", { name: "Size" });
      expect(await sizeGroup.getByRole("alert").textContent()).toBe("Please select a size");
      expect(await sizeGroup.getAttribute("aria-describedby")).toBe(await sizeGroup.getByRole("alert").getAttribute("id"));
      // The answer opens at the question, not at the top of the page.
      expect(await sizeGroup.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await sizeGroup.isVisible()).toBe(true);
      const box = (await sizeGroup.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      expect(await page.locator(".purchase [role=alert]").count()).toBe(1);

      await page.getByRole("radio", { name: low.size, exact: true }).check();
      await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(low.stock + 1));
      const [refused] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Buy Now" }).click(),
      ]);
      expect(refused.status()).toBe(400);
      await page.waitForLoadState();
      expect(await page.locator(".purchase [role=alert]").textContent()).toBe(`Only ${low.stock} items available in this size`);
      // The page comes back with the shopper's choice (ticked, not left for her to pick again), its quantity brought
      // down to the size's stock.
      expect(await page.getByRole("radio", { name: low.size, exact: true }).isChecked()).toBe(true);
      expect(await page.getByRole("spinbutton", { name: "Quantity" }).inputValue()).toBe(String(low.stock));

      await page.getByRole("spinbutton", { name: "Quantity" }).fill("1");
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Add to Cart" }).click(),
      ]);
      expect(response.status()).toBe(401);
      await page.waitForLoadState();
      const status = page.locator(".purchase [role=status]");
      expect(await status.textContent()).toContain("Please login first to continue.");
      expect(await status.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/signin?redirect=%2Fcart");
    } finally {
      await close();
    }
  });
});

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("product card modal on the home page (%s)", (viewport) => {
  it('opens "Select Size & Color", asks for both, then sends a guest to make her account before checkout', async () => {
    const { page, close } = await browser.open(viewport);
    try {
      await page.goto("/");
      await hydrated(page);
      const card = page
        .locator("article.product-card")
        .filter({ hasNot: page.locator(".product-card__badge") })
        .first();
      const name = await card.locator(".product-card__name").textContent();

      await card.getByRole("button", { name: /^Add to Cart/ }).click();
      const dialog = page.getByRole("dialog", { name: "Select Size & Color" });
      await dialog.waitFor();
      const action = dialog.getByRole("button", { name: "Add to Cart" });
      expect(await action.getAttribute("aria-disabled")).toBe("true");
      expect(await dialog.getByRole("button", { name: "Increase quantity" }).isDisabled()).toBe(true);
      await action.click({ force: true });
      expect(await dialog.getByRole("alert").textContent()).toBe("Please select size and color");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });

      await card.getByRole("button", { name: /^Buy Now/ }).click();
      await dialog.waitFor();
      const checkout = dialog.getByRole("button", { name: "Checkout" });
      await checkout.click({ force: true });
      expect(await dialog.getByRole("alert").textContent()).toBe("Please select size and color before checkout");

      await dialog.getByRole("radio").first().check();
      const inStock = dialog.locator('input[name="size"]:not([disabled])').first();
      await inStock.check();
      expect(await checkout.getAttribute("aria-disabled")).toBe("false");
      await checkout.click();
      await page.waitForURL((url) => url.pathname === "/create-account");
      expect(new URL(page.url()).searchParams.get("redirect")).toBe("/checkout");
      expect(name).toBeTruthy();
    } finally {
      await close();
    }
  });

  onPhone(viewport)("says an out-of-stock product is out of stock without opening the modal", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      await page.goto("/search?query=sky%20blue%20striped");
      await hydrated(page);
      const card = page
        .locator("article.product-card")
        .filter({ has: page.locator(".product-card__badge") })
        .first();
      await card.getByRole("button", { name: /^Add to Cart/ }).click();
      const toasts = page.locator(".toasts [role=alert] .toast p");
      await expect.poll(() => toasts.allTextContents()).toEqual(["Product is out of stock, please add it to wishlist"]);
      await card.getByRole("button", { name: /^Buy Now/ }).click();
      // One notice at a time: Buy Now's replaces Add to Cart's.
      await expect.poll(() => toasts.allTextContents()).toEqual(["Product is out of stock"]);
      expect(await page.getByRole("dialog").count()).toBe(0);
    } finally {
      await close();
    }
  });
});

describe("accessibility of the product page", () => {
  it("has no serious or critical axe violations, also with the viewer, the size chart and the card modal open", async () => {
    const { page, close } = await browser.open("phone");
    try {
      await page.goto(pathOf(productWithManyImages()));
      await hydrated(page);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole("button", { name: /View full screen/ }).click();
      await page.getByRole("dialog").waitFor();
      await settled(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "hidden" });

      await page.locator(".size-chart-slot").getByText("Size Chart", { exact: true }).click();
      await page.getByRole("dialog").waitFor();
      await settled(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "hidden" });

      await page.getByRole("tab", { name: "Reviews" }).click();
      expect(await seriousAxeViolations(page)).toEqual([]);

      const related = page
        .locator(".related article.product-card")
        .filter({ hasNot: page.locator(".product-card__badge") })
        .first();
      await related.getByRole("button", { name: /^Add to Cart/ }).click();
      await page.getByRole("dialog", { name: "Select Size & Color" }).waitFor();
      await settled(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("moves between tabs with the arrow keys", async () => {
    const { page, close } = await browser.open("desktop");
    try {
      await page.goto(pathOf(products[0]!));
      await hydrated(page);
      const details = page.getByRole("tab", { name: "Description & Details" });
      const reviews = page.getByRole("tab", { name: "Reviews" });
      expect(await details.getAttribute("aria-selected")).toBe("true");
      expect(await page.locator("#reviews").isHidden()).toBe(true);
      await details.focus();
      await page.keyboard.press("ArrowRight");
      expect(await reviews.getAttribute("aria-selected")).toBe("true");
      expect(await reviews.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.locator("#reviews").isVisible()).toBe(true);
      expect(await page.locator("#details").isHidden()).toBe(true);
      await page.keyboard.press("Home");
      expect(await details.getAttribute("aria-selected")).toBe("true");
    } finally {
      await close();
    }
  });
});

/** The box a picture's pixels are drawn in: its element's box narrowed by `object-fit: contain`. */
function drawnPicture(img: HTMLImageElement) {
  const box = img.getBoundingClientRect();
  const scale = Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight);
  const width = img.naturalWidth * scale;
  const height = img.naturalHeight * scale;
  const left = box.left + (box.width - width) / 2;
  const top = box.top + (box.height - height) / 2;
  const stage = img.parentElement!.getBoundingClientRect();
  return {
    picture: { top, bottom: top + height, left, right: left + width },
    stage: { top: stage.top, bottom: stage.bottom, left: stage.left, right: stage.right },
    fit: getComputedStyle(img).objectFit,
    screen: { width: innerWidth, height: innerHeight },
  };
}

describe("product page at the sizes shoppers use", () => {
  it("shows the whole picture in the full-screen viewer on a 1280x800 screen", async () => {
    const product = productWithManyImages();
    const { page, close } = await browser.open(laptop);
    try {
      await page.goto(pathOf(product));
      await hydrated(page);
      await page.getByRole("button", { name: /View full screen/ }).click();
      const picture = page.getByRole("dialog").locator("img.viewer__media");
      await picture.waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>("img.viewer__media");
        return !!img?.complete && img.naturalWidth > 0;
      });
      const { picture: drawn, stage, fit, screen } = await picture.evaluate(drawnPicture);
      expect(fit).toBe("contain");
      // Every edge of the picture inside the (clipping) stage and on the screen: nothing cropped.
      expect(drawn.top).toBeGreaterThanOrEqual(stage.top - 0.5);
      expect(drawn.bottom).toBeLessThanOrEqual(stage.bottom + 0.5);
      expect(drawn.left).toBeGreaterThanOrEqual(stage.left - 0.5);
      expect(drawn.right).toBeLessThanOrEqual(stage.right + 0.5);
      expect(drawn.bottom).toBeLessThanOrEqual(screen.height);
      // And as large as the stage lets it be, not a thumbnail.
      expect(drawn.bottom - drawn.top).toBeGreaterThan((stage.bottom - stage.top) * 0.95);
      await settled(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("brings a quantity typed past the stock down to the stock, and an empty or zero one up to 1 (phone)", async () => {
    const { product, low } = productWithSoldOutAndLowStockSizes();
    const { page, close } = await browser.open("phone");
    try {
      await page.goto(pathOf(product));
      await hydrated(page);
      await page.getByRole("radio", { name: low.size, exact: true }).check();
      const quantity = page.getByRole("spinbutton", { name: "Quantity" });
      await quantity.fill("999");
      expect(await quantity.inputValue()).toBe(String(low.stock));
      expect(await page.locator(".purchase").textContent()).toContain(`Only ${low.stock} items available in this size`);
      expect(await page.getByRole("button", { name: "Increase quantity" }).isDisabled()).toBe(true);

      await quantity.fill("0");
      await quantity.press("Tab");
      expect(await quantity.inputValue()).toBe("1");
      await quantity.fill("");
      await quantity.press("Tab");
      expect(await quantity.inputValue()).toBe("1");
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows the cards' placeholder in the gallery and the viewer when pictures fail to load (phone)", async () => {
    const product = productWithManyImages();
    const failing = /\/media\/products\//;
    const { page, close } = await browser.open("phone", { expectFailedRequests: failing });
    try {
      await page.route(failing, (route) => route.abort());
      await page.goto(pathOf(product));
      await hydrated(page);
      const pictures = page.locator(".gallery img");
      expect(await pictures.count()).toBeGreaterThan(1);
      const shown = () =>
        pictures.evaluateAll((imgs) =>
          (imgs as HTMLImageElement[]).map(
            (img) => new URL(img.currentSrc || img.src).pathname + (img.naturalWidth > 0 ? "" : " (broken)"),
          ),
        );
      await expect.poll(shown).toEqual(Array(await pictures.count()).fill("/media/placeholder.svg"));

      await page.getByRole("button", { name: /View full screen/ }).click();
      const viewerPicture = page.getByRole("dialog").locator("img.viewer__media");
      await expect
        .poll(() => viewerPicture.evaluate((img: HTMLImageElement) => (img.naturalWidth > 0 ? new URL(img.src).pathname : "broken")))
        .toBe("/media/placeholder.svg");
      await settled(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("offers no body-measurement size chart for a Free Size product (phone)", async () => {
    const freeSize = products.find((p) => p.sizes.every((s) => s.size === "Free Size"));
    if (!freeSize) throw new Error("The seeded catalogue has no Free Size product");
    const measured = products.find((p) => p.sizes.some((s) => s.size === "M"))!;
    const { page, close } = await browser.open("phone");
    try {
      await page.goto(pathOf(freeSize));
      await hydrated(page);
      expect(await page.getByRole("radio", { name: "Free Size", exact: true }).count()).toBe(1);
      // Its one size is chosen for her.
      expect(await page.getByRole("radio", { name: "Free Size", exact: true }).isChecked()).toBe(true);
      expect(await page.locator(".size-chart-slot").getByText("Size Chart", { exact: true }).count()).toBe(0);
      expect(await page.locator(".size-chart-disclosure").count()).toBe(0);
      expect(await page.locator(".purchase").textContent()).toContain("no size chart");
      expect(await seriousAxeViolations(page)).toEqual([]);

      // A product in measured sizes keeps its chart.
      await page.goto(pathOf(measured));
      await hydrated(page);
      expect(await page.locator(".size-chart-slot").getByText("Size Chart", { exact: true }).isVisible()).toBe(true);
    } finally {
      await close();
    }
  });

  it("keeps the price and Add to Cart on a 390 px phone's first screen and in sight while scrolling", async () => {
    const product = products.find((p) => p.sizes.some((s) => s.stock > 0))!;
    const { page, close } = await browser.open("phone");
    try {
      await page.goto(pathOf(product));
      await hydrated(page);
      const screen = page.viewportSize()!;
      const bar = page.locator(".purchase__bar");
      const inSight = async () => {
        const price = (await bar.locator(".purchase__bar-price").boundingBox())!;
        const button = (await bar.getByRole("button", { name: "Add to Cart", exact: true }).boundingBox())!;
        return [price, button].every(
          (box) => box.y >= 0 && box.y + box.height <= screen.height && box.x >= 0 && box.x + box.width <= screen.width,
        );
      };
      expect(await inSight()).toBe(true);
      // The chosen size's price, as the page shows it beside the options.
      expect(await bar.locator(".purchase__bar-price").textContent()).toBe(await page.locator(".purchase .price__now").textContent());
      expect(await bar.getByRole("button", { name: "Add to Cart", exact: true }).isEnabled()).toBe(true);

      await page.getByRole("tab", { name: "Reviews" }).scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
      expect(await inSight()).toBe(true);
      // The bar covers no part of the page for good: the page's last line scrolls clear of it.
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
      const footerEnd = await page.locator("footer").evaluate((el) => el.getBoundingClientRect().bottom);
      const barTop = (await bar.boundingBox())!.y;
      expect(footerEnd).toBeLessThanOrEqual(barTop + 1);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("opens the Reviews tab tapped before the page's script has started, and keeps it open once it has (phone, 4x slower CPU)", async () => {
    const product = products.find((p) => p.sizes.some((s) => s.stock > 0))!;
    const { page, close } = await browser.open("phone", { hydrated: false });
    try {
      await actBeforeHydration(page, pathOf(product), async () => {
        await page.getByRole("tab", { name: "Reviews" }).click();
        await page.locator("#reviews").waitFor({ state: "visible", timeout: 2_000 });
        expect(await page.locator("#details").isHidden()).toBe(true);
      });
      expect(await page.locator("#reviews").isVisible()).toBe(true);
      expect(await page.locator("#details").isHidden()).toBe(true);
      expect(await page.getByRole("tab", { name: "Reviews" }).getAttribute("aria-selected")).toBe("true");
      // Once hydrated, the tabs are the script's again.
      await page.getByRole("tab", { name: "Description & Details" }).click();
      expect(await page.locator("#details").isVisible()).toBe(true);
      expect(await page.locator("#reviews").isHidden()).toBe(true);
    } finally {
      await close();
    }
  });

  it("opens the size chart in place and a thumbnail's picture before the script has started, and keeps the chart open after (phone, 4x slower CPU)", async () => {
    const product = productWithManyImages();
    const { page, close } = await browser.open("phone", { hydrated: false });
    try {
      await actBeforeHydration(page, pathOf(product), async () => {
        await page.locator(".size-chart-disclosure summary").click();
        await page.locator(".size-chart-disclosure tbody tr").first().waitFor({ timeout: 2_000 });
        expect(await page.locator(".size-chart-disclosure tbody tr").count()).toBe(8);
        // Buttons that would do nothing yet are not offered: the number box is.
        expect(await page.getByRole("button", { name: "Increase quantity" }).isVisible()).toBe(false);
        expect(await page.getByRole("spinbutton", { name: "Quantity" }).isEditable()).toBe(true);
      });
      expect(await page.locator(".size-chart-disclosure tbody tr").first().isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Increase quantity" }).isVisible()).toBe(true);
    } finally {
      await close();
    }

    const second = product.media[1]!;
    const { page: other, close: closeOther } = await browser.open("phone", { hydrated: false });
    try {
      await holdScripts(other);
      await other.goto(pathOf(product));
      await other.locator(".gallery__thumbs a").nth(1).click();
      await other.waitForURL((url) => url.pathname === second.url);
    } finally {
      await closeOther();
    }
  });

  it("keeps Add to Cart and Buy Now on one line each in the 390 px bar, up to a price of ₹1,29,999", async () => {
    const product = products.find((p) => p.sizes.filter((s) => s.stock > 0).length > 1)!;
    const db = createClient({ url: inject("dbUrl") });
    const before = await db.execute({
      sql: "select id, price_paise, discount_price_paise from product_sizes where product_id = (select id from products where slug = ?)",
      args: [product.slug],
    });
    const { page, close } = await browser.open("phone");
    try {
      await db.execute({
        sql: "update product_sizes set price_paise = 12999900, discount_price_paise = null where product_id = (select id from products where slug = ?)",
        args: [product.slug],
      });
      // A fresh address: the edge keeps the page as it was priced a moment ago.
      await page.goto(`${pathOf(product)}?price=${Date.now()}`);
      const bar = page.locator(".purchase__bar");
      expect(await bar.locator(".purchase__bar-price").textContent()).toBe("₹1,29,999");
      for (const name of ["Add to Cart", "Buy Now"]) {
        const lines = await bar.getByRole("button", { name, exact: true }).evaluate((button) => {
          const range = document.createRange();
          range.selectNodeContents(button);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        });
        expect(lines, `${name} on one line`).toBe(1);
      }
      // Nothing in the bar runs off the screen either.
      expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    } finally {
      await close();
      await db.batch(
        before.rows.map((r) => ({
          sql: "update product_sizes set price_paise = ?, discount_price_paise = ? where id = ?",
          args: [r.price_paise ?? null, r.discount_price_paise ?? null, r.id ?? null],
        })),
        "write",
      );
      db.close();
    }
  });
});
