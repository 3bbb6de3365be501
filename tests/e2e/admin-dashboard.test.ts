import { describe, expect, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser } from "../../tooling/accounts";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser } from "../support/browser";
import { waitForHydration } from "../support/page";

/**
 * The back office's frame and dashboard in Chromium at desktop width: the owner signs in
 * on the shop's sign-in page and lands on the dashboard, which passes axe and whose navigation the
 * keyboard reaches; a shopper opening /admin meets the shop's 404 page.
 */
const browser = useBrowser();

describe("the back office's dashboard", () => {
  it("takes the owner from sign-in to the dashboard, accessible and reachable by keyboard", async () => {
    const { page, close } = await browser.open("desktop");
    try {
      await page.goto("/signin?redirect=/admin");
      await waitForHydration(page);
      await page.getByLabel("Email").fill(DEMO_OWNER.email);
      await page.getByLabel("Password", { exact: true }).fill(DEMO_OWNER.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL(/\/admin$/);
      await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
      await waitForHydration(page);

      const nav = page.getByRole("navigation", { name: "Back office" });
      const links = [
        "Audit log",
        "Categories",
        "Coupons",
        "Dashboard",
        "Messages",
        "Orders",
        "Products",
        "Returns",
        "Reviews",
        "Settings",
        "Staff",
        "Stock",
      ];
      for (const name of links) expect(await nav.getByRole("link", { name }).isVisible()).toBe(true);
      expect(await nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
      expect(await page.locator(".admin-bar__user").textContent()).toContain(DEMO_OWNER.name);
      expect(await page.getByRole("button", { name: "Sign out" }).isVisible()).toBe(true);
      for (const heading of ["Sales", "Waiting for you", "Unread messages", "Low stock"])
        expect(await page.getByRole("heading", { level: 2, name: heading }).isVisible()).toBe(true);
      // The storefront's header and footer are not part of the work page.
      expect(await page.getByRole("link", { name: "Cart" }).isVisible()).toBe(false);

      expect(await seriousAxeViolations(page)).toEqual([]);

      // From the top of the page, the keyboard reaches every link of the back office's navigation.
      await page.locator("body").focus();
      const reached = new Set<string>();
      for (let i = 0; i < 40 && reached.size < links.length; i++) {
        await page.keyboard.press("Tab");
        const link = await page.evaluate(() => {
          const el = document.activeElement;
          return el?.closest('nav[aria-label="Back office"]') ? (el.textContent ?? "") : null;
        });
        if (link) reached.add(link.trim());
      }
      expect([...reached].sort()).toEqual(links);
    } finally {
      await close();
    }
  });

  it("shows a shopper who opens /admin the shop's 404 page", async () => {
    const shopper = await createUser(browser.baseUrl, "admin-e2e", "Ishita Rao");
    const { page, close } = await browser.open("desktop", {
      cookies: [{ name: "aanchal_session", value: shopper.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }],
    });
    try {
      const res = await page.goto("/admin");
      expect(res?.status()).toBe(404);
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: "SORRY, PAGE NOT FOUND" }).waitFor();
      expect(await page.title()).toBe("Page not found | Aanchal");
      expect(await page.getByRole("navigation", { name: "Back office" }).count()).toBe(0);
      expect(await page.getByText("Dashboard").count()).toBe(0);
    } finally {
      await close();
    }
  });
});
