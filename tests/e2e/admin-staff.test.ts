import { describe, expect, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser } from "../../tooling/accounts";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser } from "../support/browser";
import { waitForHydration } from "../support/page";
import { ownerToken } from "../support/staff";

/**
 * The owner's Staff and Audit log pages in Chromium at desktop width: the owner
 * gives a new account the staff role from the Staff page and sees her listed; opens the Audit log
 * and finds that change at the top, with who made it and what it was. Axe on each page.
 */
const browser = useBrowser();

describe("the owner's Staff and Audit log pages", () => {
  it("gives a new account the staff role and shows that change at the top of the audit log", async () => {
    const base = browser.baseUrl;
    const newcomer = await createUser(base, "admin-staff-e2e", "Lakshmi Nair");
    const token = await ownerToken(base);
    const { page, close } = await browser.open("desktop", {
      cookies: [{ name: "aanchal_session", value: token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }],
    });
    try {
      await page.goto("/admin");
      await waitForHydration(page);
      const nav = page.getByRole("navigation", { name: "Back office" });
      await nav.getByRole("link", { name: "Staff", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Staff" }).waitFor();
      expect(await page.getByRole("row").filter({ hasText: DEMO_OWNER.email }).getByRole("button").count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByLabel("E-mail address of a verified account").fill(newcomer.email);
      await page.getByRole("button", { name: "Give staff role" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `Lakshmi Nair (${newcomer.email}) now has the staff role` })
        .waitFor();
      const row = page.getByRole("row").filter({ hasText: newcomer.email });
      await row.getByRole("cell", { name: "Staff", exact: true }).waitFor();
      expect(await row.getByRole("button", { name: "Remove staff role from Lakshmi Nair" }).isVisible()).toBe(true);
      // The form is empty again, ready for the next one.
      expect(await page.getByLabel("E-mail address of a verified account").inputValue()).toBe("");
      expect(await seriousAxeViolations(page)).toEqual([]);

      await nav.getByRole("link", { name: "Audit log" }).click();
      await page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
      const top = page.locator("table.admin-audit tbody tr").first();
      expect(await top.getByRole("rowheader").textContent()).toBe("Gave staff role");
      expect(await top.getByText(DEMO_OWNER.email).isVisible()).toBe(true);
      expect(await top.getByText(`Account ${newcomer.email}`).isVisible()).toBe(true);
      expect((await top.locator(".admin-audit__changes").textContent())?.replace(/\s+/g, " ")).toBe("Role: shopper → to staff");
      await top.getByText("Full record").click();
      expect(await top.locator("pre").textContent()).toContain('"role": "staff"');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Filtered to staff roles, by the owner: still at the top.
      await page.getByRole("navigation", { name: "Filter by record" }).getByRole("link", { name: "Staff roles" }).click();
      await page.waitForURL(/entity=user/);
      await page.getByRole("navigation", { name: "Filter by who" }).getByRole("link", { name: DEMO_OWNER.email }).click();
      await page.waitForURL(/actor=/);
      expect(await page.locator("table.admin-audit tbody tr").first().getByText(`Account ${newcomer.email}`).isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
