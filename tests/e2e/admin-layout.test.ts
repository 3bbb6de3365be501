import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createUser, postJson, TEST_ADDRESS } from "../../tooling/accounts";
import { fillBasket } from "../../tooling/cart";
import { settings } from "../../workers/services/content/settings";
import { laptop, useBrowser } from "../support/browser";
import { ownerToken, withSession } from "../support/staff";

/**
 * The back office on a phone (390 px) and a laptop (1280 px): no page is wider than the screen, so
 * the owner never scrolls a whole page sideways; wide tables scroll inside their own region.
 */
const browser = useBrowser();

const PAGES = [
  "/admin",
  "/admin/orders",
  "/admin/messages",
  "/admin/reviews",
  "/admin/products",
  "/admin/products/new",
  "/admin/stock",
  "/admin/categories",
  "/admin/coupons",
  "/admin/coupons/new",
  "/admin/settings",
  "/admin/staff",
  "/admin/audit-log",
];

/** How far the page runs past the screen, and the elements that stick out furthest (for the failure message). */
const overflowOf = (page: Page) =>
  page.evaluate(() => {
    const over = document.documentElement.scrollWidth - window.innerWidth;
    const widest = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.parentElement?.closest(".admin-scroll"))
      .filter((el) => getComputedStyle(el).position !== "fixed" && !el.closest(".visually-hidden"))
      .slice(0, 6)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} right=${Math.round(el.getBoundingClientRect().right)}`);
    return over > 0 ? { over, widest } : null;
  });

/** An order of the shopper's, so the order's page has something to show. */
async function anOrder(base: string): Promise<number> {
  const buyer = await createUser(base, "admin-layout", "Rekha Pillai");
  await fillBasket(base, buyer.token);
  const placed = await postJson(
    base,
    "/api/orders/place",
    { shippingInfo: { ...TEST_ADDRESS, emailAddress: buyer.email }, paymentMethod: "cashOnDelivery" },
    { Authorization: `Bearer ${buyer.token}` },
  );
  return ((await placed.json()) as { order: { orderNumber: number } }).order.orderNumber;
}

/**
 * A staff member with a long e-mail address confirms `order`: the audit log's "Who" filter then
 * names her, one long word, whatever other test files left in this stack's log.
 */
async function confirmedByLongAddress(base: string, owner: string, order: number) {
  const staff = await createUser(base, "admin-layout-staff-member-with-a-long-address", "Vasundhara Raghunathan");
  const asOwner = { Authorization: `Bearer ${owner}`, "Content-Type": "application/json" };
  const given = await fetch(new URL(`/api/admin/staff/${staff.id}`, base), { method: "PUT", headers: asOwner, body: '{"role":"staff"}' });
  expect(given.status).toBe(200);
  // A change of role ends her sessions: she signs in again (docs/product/back-office.md).
  const signedIn = await postJson(base, "/api/auth/login", { email: staff.email, password: staff.password });
  const { token } = (await signedIn.json()) as { token: string };
  const confirmed = await fetch(new URL(`/api/admin/orders/${order}/confirm`, base), {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: "{}",
  });
  expect(confirmed.status).toBe(200);
}

describe("the back office's width", () => {
  it("fits a 390 px phone on every main page, a record's page included", async () => {
    const base = browser.baseUrl;
    const order = await anOrder(base);
    const owner = await ownerToken(base);
    await confirmedByLongAddress(base, owner, order);
    const { page } = await browser.open("phone", withSession(owner));
    const firstLink = async (list: string, pattern: RegExp) => {
      await page.goto(list);
      const hrefs = await page.locator("main a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
      return hrefs.find((h) => pattern.test(h));
    };
    const product = await firstLink("/admin/products", /^\/admin\/products\/\d+$/);
    const coupon = await firstLink("/admin/coupons?status=all", /^\/admin\/coupons\/\d+$/);
    const overflowing: Record<string, unknown> = {};
    for (const path of [...PAGES, `/admin/orders/${order}`, product!, coupon!]) {
      await page.goto(path);
      const over = await overflowOf(page);
      if (over) overflowing[path] = over;
    }
    expect(overflowing).toEqual({});
  });

  it("keeps the audit log within a 1280 px laptop, and the orders table scrolls in its own labelled region on a phone", async () => {
    const base = browser.baseUrl;
    const token = await ownerToken(base);
    // Rows with long values: a stock change there and back, and a long promo line set and put back.
    const api = (path: string, method: string, body: unknown) =>
      fetch(new URL(path, base), {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const { items } = (await (await api("/api/admin/stock?limit=1", "GET", undefined)).json()) as {
      items: { sizeId: number; stock: number }[];
    };
    const size = items[0];
    expect((await api(`/api/admin/stock/${size!.sizeId}`, "POST", { was: size!.stock, stock: size!.stock + 1 })).status).toBe(200);
    expect((await api(`/api/admin/stock/${size!.sizeId}`, "POST", { was: size!.stock + 1, stock: size!.stock })).status).toBe(200);
    const promo = settings.brand.promo;
    // A web address is one long word: it cannot wrap at a space.
    const long = "https://aanchal.example/collections/festive-sarees-and-kurtis-for-the-diwali-edit-2026";
    expect((await api("/api/admin/settings", "PUT", { promoLine: long })).status).toBe(200);
    expect((await api("/api/admin/settings", "PUT", { promoLine: promo })).status).toBe(200);

    // A staff role given and taken back: an account with a long e-mail address, named in the log.
    const helper = await createUser(base, "admin-layout-audit-log-with-a-rather-long-address", "Parvati Subramaniam");
    expect((await api("/api/admin/staff", "POST", { email: helper.email })).status).toBe(200);
    expect((await api(`/api/admin/staff/${helper.id}`, "PUT", { role: "shopper" })).status).toBe(200);

    const laptopPage = (await browser.open(laptop, withSession(token))).page;
    await laptopPage.goto("/admin/audit-log");
    expect(await laptopPage.locator(".admin-audit tbody tr").count()).toBeGreaterThanOrEqual(6);
    expect(await overflowOf(laptopPage)).toBeNull();
    // With every full record open too.
    await laptopPage.locator(".admin-audit__full").evaluateAll((all) => {
      for (const d of all) d.setAttribute("open", "");
    });
    expect(await overflowOf(laptopPage)).toBeNull();
    // It fits without scrolling sideways in its own region either.
    expect(await laptopPage.locator(".admin-audit").evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth)).toBe(
      true,
    );

    const { page } = await browser.open("phone", withSession(token));
    await page.goto("/admin/orders");
    const region = page.getByRole("region", { name: /orders/i });
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // It can be reached and scrolled from the keyboard.
    expect(await region.getAttribute("tabindex")).toBe("0");
  });
});
