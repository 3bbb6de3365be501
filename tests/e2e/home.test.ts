import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createUser } from "../../tooling/accounts";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser, viewports } from "../support/browser";
import { waitForHydration } from "../support/page";
import { roundTripsOf } from "../support/round-trips";

const browser = useBrowser();

const section = (page: Page, heading: string) =>
  page.locator("main section").filter({ has: page.getByRole("heading", { name: heading, level: 2 }) });
const cardsIn = (page: Page, heading: string) => section(page, heading).locator("article.product-card");

/** The computed opacity of every section on the page, in order. */
const sectionOpacities = (page: Page) => page.$$eval("main section", (els) => els.map((el) => Number(getComputedStyle(el).opacity)));

const revealing = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("home-reveal"));

const homeLink = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" });

/** The home route's own data request after a client-side navigation (its clientLoader asks the server). */
const HOME_DATA = /\/_root\.data\?(.*&)?_routes=routes%2Fcatalog%2Fhome(&|$)/;

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("home (%s)", (viewport) => {
  it("shows the hero, 8 new arrivals, the outfit tiles, the offer poster and exactly 4 featured products", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      const res = await page.goto("/");
      expect(res?.status()).toBe(200);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBeTruthy();
      expect(await cardsIn(page, "Featured Products").count()).toBe(4);
      expect(await cardsIn(page, "New Arrivals").count()).toBe(8);
      // Featured and new arrivals never repeat a product.
      const names = await page.locator("main article.product-card h3").allTextContents();
      expect(new Set(names).size).toBe(12);

      const tiles = section(page, "Shop by Outfit").locator("a[href^='/all-products?category=']");
      expect(await tiles.count()).toBeGreaterThan(0);
      const poster = section(page, "Complimentary gifts with the first 100 orders");
      expect(await poster.textContent()).toContain("Exclusive Offer");
      expect(await poster.getByRole("link", { name: "Shop Now" }).getAttribute("href")).toBe("/all-products");

      // Phones swipe through new arrivals; wider screens get a grid. The page itself never scrolls sideways.
      const rail = section(page, "New Arrivals").locator(".home-rail");
      const [scrollWidth, clientWidth] = await rail.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      if (viewport === "phone") expect(scrollWidth).toBeGreaterThan(clientWidth);
      else expect(scrollWidth).toBe(clientWidth);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await close();
    }
  });

  it("has no serious or critical accessibility violations", async () => {
    const { page, close } = await browser.open(viewport);
    try {
      await page.goto("/");
      // The first-visit reveal is a finite animation: seriousAxeViolations lets it finish first.
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("home without JavaScript", () => {
  it("shows every section at full opacity with all its products", async () => {
    const { page, close } = await browser.open("phone", { javaScriptEnabled: false });
    try {
      await page.goto("/");
      expect(await revealing(page)).toBe(false);
      expect(await sectionOpacities(page)).toEqual([1, 1, 1, 1, 1]);
      expect(await cardsIn(page, "Featured Products").count()).toBe(4);
      expect(await cardsIn(page, "New Arrivals").count()).toBe(8);
      expect(await page.locator("img[fetchpriority='high']").count()).toBe(1);
    } finally {
      await close();
    }
  });
});

describe("home staged reveal", () => {
  it("staggers the sections on the first visit of a session and shows them at once on the next", async () => {
    const { page, close } = await browser.open("desktop");
    try {
      await page.goto("/");
      expect(await revealing(page)).toBe(true);
      const delays = await page.$$eval("main section", (els) => els.map((el) => getComputedStyle(el).animationDelay));
      expect(delays).toEqual(["0s", "0.5s", "0.7s", "0.9s", "1.2s"]);
      // The animation ends fully visible.
      await expect.poll(() => sectionOpacities(page), { timeout: 5_000 }).toEqual([1, 1, 1, 1, 1]);

      await page.reload();
      expect(await revealing(page)).toBe(false);
      expect(await sectionOpacities(page)).toEqual([1, 1, 1, 1, 1]);
    } finally {
      await close();
    }
  });

  it("does not animate for shoppers who prefer reduced motion", async () => {
    const { page, close } = await browser.open("phone");
    try {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto("/");
      expect(await page.$$eval("main section", (els) => els.map((el) => getComputedStyle(el).animationName))).toEqual(
        Array(5).fill("none"),
      );
      expect(await sectionOpacities(page)).toEqual([1, 1, 1, 1, 1]);
    } finally {
      await close();
    }
  });
});

describe("home after a client-side navigation", () => {
  it("shows skeleton cards while the products load, then the products", async () => {
    const { page, close } = await browser.open("desktop");
    try {
      await page.goto("/search?query=kurti");
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(HOME_DATA, async (route) => {
        await held;
        await route.continue();
      });
      await homeLink(page).click();
      await page.waitForURL((url) => url.pathname === "/");
      await expect.poll(() => section(page, "Featured Products").locator(".skeleton-card").count()).toBe(4);
      expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
      release();
      await expect.poll(() => cardsIn(page, "Featured Products").count()).toBe(4);
      expect(await page.locator(".skeleton-card").count()).toBe(0);
    } finally {
      await close();
    }
  });

  it("keeps the inline stylesheet through hydration and the navigation", async () => {
    const { page, close } = await browser.open("desktop");
    try {
      await page.goto("/search?query=kurti");
      await waitForHydration(page);
      const sheet = () => page.evaluate(() => document.getElementById("shop-css")?.textContent?.length ?? 0);
      const served = await sheet();
      expect(served).toBeGreaterThan(10_000);
      await homeLink(page).click();
      await page.waitForURL((url) => url.pathname === "/");
      await expect.poll(() => cardsIn(page, "Featured Products").count()).toBe(4);
      expect(await sheet()).toBe(served);
      // Styled, not bare HTML: the header still sticks to the top.
      expect(await page.locator(".site-header").evaluate((el) => getComputedStyle(el).position)).toBe("sticky");
    } finally {
      await close();
    }
  });

  it("keeps the products on screen while home reloads its own data", async () => {
    const { page, close } = await browser.open("desktop");
    try {
      await page.goto("/");
      // Any skeleton shown at any moment, not only at the moment the test looks, fails the test.
      await page.evaluate(() => {
        const w = window as unknown as { skeletonSeen: boolean };
        w.skeletonSeen = false;
        const isSkeleton = (node: Node) =>
          node instanceof Element && (node.matches(".skeleton-card") || node.querySelector(".skeleton-card") !== null);
        new MutationObserver((records) => {
          if (records.some((r) => [...r.addedNodes].some(isSkeleton))) w.skeletonSeen = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      const skeletonSeen = () => page.evaluate(() => (window as unknown as { skeletonSeen: boolean }).skeletonSeen);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = false;
      await page.route(HOME_DATA, async (route) => {
        asked = true;
        await held;
        await route.continue();
      });
      // Following a link to the page already shown reloads its data, as a revalidation does.
      await homeLink(page).click();
      await expect.poll(() => asked).toBe(true);
      expect(await cardsIn(page, "Featured Products").count()).toBe(4);
      release();
      await page.waitForLoadState("networkidle");
      expect(await cardsIn(page, "Featured Products").count()).toBe(4);
      expect(await skeletonSeen()).toBe(false);
    } finally {
      await close();
    }
  });

  it("says the products failed to load when they cannot be fetched", async () => {
    const { page, close } = await browser.open("desktop", { expectFailedRequests: HOME_DATA });
    try {
      await page.goto("/search?query=kurti");
      await page.route(HOME_DATA, (route) => route.abort());
      await homeLink(page).click();
      await page.waitForURL((url) => url.pathname === "/");
      await expect.poll(() => page.getByRole("alert").filter({ hasText: "Failed to load products" }).count()).toBe(2);
    } finally {
      await close();
    }
  });
});

describe("the stylesheet of a returning shopper", () => {
  it("is fetched once after the first visit, then linked from the browser's cache on her own pages", async () => {
    const shopper = await createUser(browser.baseUrl, "e2e-stylesheet", "Ritu Kapoor");
    const { page, close } = await browser.open("phone", {
      cookies: [{ name: "aanchal_session", value: shopper.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }],
    });
    try {
      await page.goto("/faqs");
      const sheet = page.locator("#shop-css");
      expect(await sheet.evaluate((el) => el.tagName)).toBe("STYLE");
      const href = (await sheet.getAttribute("data-href")) ?? "";
      expect(href).toMatch(/^\/assets\/shop-[\w-]+\.css$/);
      // After hydration the browser keeps the file and says so.
      const held = async () => (await page.context().cookies()).find((c) => c.name === "aanchal_css")?.value;
      await expect.poll(held, { timeout: 5_000 }).toBe(href.slice("/assets/".length));

      await page.goto("/profile");
      expect(await sheet.evaluate((el) => el.tagName)).toBe("LINK");
      expect(await sheet.getAttribute("href")).toBe(href);
      expect(await page.content()).not.toContain('<style id="shop-css"');
      // Styled from the cache: the header sticks, and the file did not travel again (not even a 304).
      expect(await page.locator(".site-header").evaluate((el) => getComputedStyle(el).position)).toBe("sticky");
      const transfers = await page.evaluate(
        (path) =>
          performance
            .getEntriesByType("resource")
            .filter((e) => e.name.endsWith(path))
            .map((e) => (e as PerformanceResourceTiming).transferSize),
        href,
      );
      expect(transfers).toEqual([0]);
      // A client-side navigation keeps the linked sheet.
      await page.locator("header a.wordmark").click();
      await page.waitForURL((url) => url.pathname === "/");
      expect(await sheet.evaluate((el) => el.tagName)).toBe("LINK");
      expect(await page.locator(".site-header").evaluate((el) => getComputedStyle(el).position)).toBe("sticky");
    } finally {
      await close();
    }
  });
});

describe("footer", () => {
  it('lists under "We accept" only what checkout offers: Razorpay\'s methods and cash on delivery (phone)', async () => {
    const { page, close } = await browser.open("phone");
    try {
      await page.goto("/all-products");
      const accepted = page.getByRole("contentinfo").getByRole("list", { name: "We accept" });
      expect(await accepted.getByRole("listitem").allTextContents()).toEqual([
        "UPI",
        "Credit & debit cards",
        "Net banking",
        "Wallets",
        "Cash on delivery",
      ]);
      expect(await page.getByRole("contentinfo").textContent()).not.toContain("PayPal");
      await accepted.scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("home data", () => {
  it("renders from one database round trip", async () => {
    // A query string the page ignores keeps the edge cache from answering instead of the loader.
    expect(await roundTripsOf(`/?round-trip=${Date.now()}`)).toMatchObject({ status: 200, trips: 1 });
  });
});
