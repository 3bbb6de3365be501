import { describe, expect, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, mailsTo, postJson } from "../../tooling/accounts";
import { productPath } from "../../workers/services/platform/paths";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser } from "../support/browser";
import { waitForHydration } from "../support/page";
import { ownerToken, withSession } from "../support/staff";

/**
 * The back office's inbox and reviews in Chromium at desktop width: the
 * owner opens Messages, opens a contact message, replies and sees the reply listed; opens Reviews,
 * hides one with a reason, and the product page no longer shows it. Axe on each page.
 */
const browser = useBrowser();
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

describe("the back office's inbox and reviews", () => {
  it("lets the owner answer a contact message and hide a review", async () => {
    const base = browser.baseUrl;
    const id = uniq();
    const sent = await postJson(
      base,
      "/api/contact",
      { name: `Lata ${id}`, email: `lata.${id}@example.com`, message: `Can I return a saree bought as a gift? ${id}` },
      { "CF-Connecting-IP": "198.51.100.201" },
    );
    expect(sent.status).toBe(201);
    const shopper = await createUser(base, "admin-inbox-e2e", "Sunita Rao");
    const products = (
      (await (await fetch(new URL("/api/products?limit=40", base))).json()) as {
        data: { _id: string; slug: string; category: { name: string } }[];
      }
    ).data;
    const p = products[products.length - 3]!;
    const comment = `The zari thread came off on the first wear ${id}`;
    const posted = await postJson(
      base,
      `/api/products/${p._id}/reviews`,
      { rating: 1, comment },
      { Authorization: `Bearer ${shopper.token}` },
    );
    expect(posted.status).toBe(201);

    const token = await ownerToken(base);
    const { page, close } = await browser.open("desktop", withSession(token));
    try {
      await page.goto("/admin");
      await waitForHydration(page);
      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Messages" }).click();
      await page.getByRole("heading", { level: 1, name: "Messages" }).waitFor();
      const row = page.getByRole("row").filter({ hasText: `lata.${id}@example.com` });
      expect(await row.getByText("Unread", { exact: true }).isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await row.getByRole("link", { name: /Can I return a saree/ }).click();
      await page.getByRole("heading", { level: 1, name: `Message from Lata ${id}` }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      const reply = `Yes, within 7 days with the tags on. ${id}`;
      await page.getByLabel(`Reply to lata.${id}@example.com`).fill(reply);
      await page.getByRole("button", { name: "Send reply" }).click();
      await page.getByRole("status").filter({ hasText: "Reply sent" }).waitFor();
      const replies = page.getByRole("region", { name: "Replies" });
      await replies.getByText(reply).waitFor();
      expect(await replies.getByText(DEMO_OWNER.email).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Reopen" }).isVisible()).toBe(true);
      expect(await page.getByLabel(`Reply to lata.${id}@example.com`).inputValue()).toBe("");
      // The reply went through the outbox to her, from the shop.
      await expect.poll(async () => (await mailsTo(base, `lata.${id}@example.com`)).filter((m) => m.text.includes(reply)).length).toBe(1);

      await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Reviews" }).click();
      await page.getByRole("heading", { level: 1, name: "Reviews" }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      const review = page.getByRole("listitem").filter({ hasText: comment });
      await review.getByLabel("Reason for hiding").fill("Not about the product");
      await review.getByRole("button", { name: /^Hide/ }).click();
      await page.getByRole("status").filter({ hasText: "Review hidden" }).waitFor();
      await page.getByRole("link", { name: "Hidden", exact: true }).click();
      await page.waitForURL(/filter=hidden/);
      const hiddenOne = page.getByRole("listitem").filter({ hasText: comment });
      await hiddenOne.getByText("(reason: Not about the product)").waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.goto(productPath(p.category.name, p.slug));
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.getByText(comment).count()).toBe(0);
    } finally {
      await close();
    }
  });
});
