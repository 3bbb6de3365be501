import { describe, expect, it } from "vitest";
import { useBrowser, viewports } from "../support/browser";

const browser = useBrowser();

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("header search (%s)", (viewport) => {
  it("opens the home page, types in the search box and lands on the results URL", async () => {
    const { page, errors, close } = await browser.open(viewport);
    try {
      const res = await page.goto("/");
      expect(res?.status()).toBe(200);
      await page.getByRole("button", { name: /search/i }).first().click();
      const box = page.getByRole("searchbox");
      await box.fill("  silk saree ");
      await page.waitForURL((url) => url.pathname === "/search", { timeout: 5_000 });
      expect(new URL(page.url()).search).toBe("?query=silk%20saree");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("silk saree");
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("search without JavaScript", () => {
  it("submits the header form and shows results", async () => {
    const { page, close } = await browser.open("desktop", { javaScriptEnabled: false });
    try {
      await page.goto("/");
      const box = page.getByRole("searchbox");
      await box.fill("kurti", { force: true });
      await box.press("Enter");
      await page.waitForURL((url) => url.pathname === "/search");
      expect(new URL(page.url()).searchParams.get("query")).toBe("kurti");
      expect(await page.locator("main a[href^='/women-products/']").count()).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});

describe("not found", () => {
  it("answers an unknown path with a 404 page and a way home", async () => {
    const { page, close } = await browser.open("phone");
    try {
      const res = await page.goto("/no-such-page");
      expect(res?.status()).toBe(404);
      await expect.poll(() => page.textContent("body")).toContain("SORRY, PAGE NOT FOUND");
      expect(await page.textContent("body")).toContain("ERROR 404");
      expect(await page.getByRole("link", { name: /home/i }).count()).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});
