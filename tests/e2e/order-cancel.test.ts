import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { createUser, postJson, TEST_ADDRESS, type TestUser } from "../../tooling/accounts";
import { seriousAxeViolations } from "../support/axe";
import { laptop, useBrowser } from "../support/browser";
import { actBeforeHydration } from "../support/page";
import { sqlRows } from "../support/sql";
import { useStockedProduct } from "../support/stocked";

/**
 * She cancels an order herself from My Orders, in Chromium against the built Worker, at a phone's
 * and a laptop's width: "Cancel order" opens its confirming step, "Yes, cancel this order" cancels
 * it, and the order shows as cancelled with the button gone; an order past the window gives the
 * shop's phone, e-mail and the enquiry form filled in for it. Tapped before the page's script has
 * started, the same steps work.
 */
const browser = useBrowser();
const base = browser.baseUrl;
const dbUrl = inject("dbUrl");
const stocked = useStockedProduct(base, dbUrl, [30, 30], (list) => list.slice(-16, -14));

const sql = (query: string, args: (string | number)[] = []) => sqlRows(dbUrl, query, args);
const statusOf = async (n: number) => String((await sql("select order_status from orders where order_number = ?", [n]))[0]!.order_status);
const stockOf = async () =>
  Number(
    (await sql("select stock from product_sizes where product_id = ? and size = ?", [Number(stocked.product._id), stocked.sizeA]))[0]!
      .stock,
  );

/** She buys one piece now (cash on delivery): its order number. */
async function place(user: TestUser): Promise<number> {
  const res = await postJson(
    base,
    "/api/orders/place",
    {
      shippingInfo: { ...TEST_ADDRESS, fullName: user.name, emailAddress: user.email },
      paymentMethod: "cashOnDelivery",
      buyNow: true,
      items: [{ product: stocked.product._id, size: stocked.sizeA, color: stocked.product.colors[0]!.name, quantity: 1 }],
    },
    { Authorization: `Bearer ${user.token}` },
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { order: { orderNumber: number } }).order.orderNumber;
}

const session = (user: TestUser) => [
  { name: "aanchal_session", value: user.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" as const },
];
const card = (page: Page, n: number) => page.getByRole("article", { name: `Order #${n}` });

describe.each([
  ["phone", "phone"],
  ["laptop", laptop],
] as const)("cancelling from My Orders (%s)", (_, viewport) => {
  it("confirms, cancels and shows it cancelled; an order past the window offers the shop and the enquiry filled in", async () => {
    const user = await createUser(base, "cancel-e2e", "Nandini Rao");
    const old = await place(user);
    await sql("update orders set created_at = created_at - ? where order_number = ?", [30 * 3_600_000, old]);
    const n = await place(user);
    const stock = await stockOf();

    const { page } = await browser.open(viewport, { cookies: session(user), expectStatuses: [] });
    page.setDefaultTimeout(8_000);
    await page.goto("/my-orders");
    await page.getByText("An order can be cancelled here within 24 hours of placing it").waitFor();
    const mine = card(page, n);
    await mine.locator("summary", { hasText: "Cancel order" }).click();
    await mine.getByText(`Cancel order #${n}? Its pieces go back on sale`).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await mine.getByRole("button", { name: "Yes, cancel this order" }).click();
    await page.waitForURL(`**/my-orders?cancelled=${n}`);
    await page
      .getByRole("status")
      .filter({ hasText: `Order #${n} is cancelled.` })
      .waitFor();
    await card(page, n).locator(".order-badge", { hasText: "Cancelled" }).waitFor();
    expect(await card(page, n).locator("summary", { hasText: "Cancel order" }).count()).toBe(0);
    expect(await statusOf(n)).toBe("cancelled");
    expect(await stockOf()).toBe(stock + 1);

    const past = card(page, old);
    expect(await past.locator("summary", { hasText: "Cancel order" }).count()).toBe(0);
    await past.getByText(`Order #${old} can no longer be cancelled here.`).waitFor();
    await past.getByRole("link", { name: /^Call / }).waitFor();
    await past.getByRole("link", { name: /^Write to / }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await past.getByRole("link", { name: `Send an enquiry about order #${old}` }).click();
    await page.waitForURL(/\/enquiry-us\?/);
    expect(await page.getByLabel("Enquiry type").inputValue()).toBe("Order Cancellation Query");
    expect(await page.getByLabel("Order number").inputValue()).toBe(String(old));
  });
});

describe("before the page's script has started", () => {
  it("a tap on Cancel order opens the confirming step, and it stays open and cancels once the script runs", async () => {
    const user = await createUser(base, "cancel-early", "Ishita Sen");
    const n = await place(user);
    const { page } = await browser.open("phone", { cookies: session(user), hydrated: false });
    page.setDefaultTimeout(15_000);
    await actBeforeHydration(page, "/my-orders", async () => {
      await card(page, n).locator("summary", { hasText: "Cancel order" }).click();
      await card(page, n).getByRole("button", { name: "Yes, cancel this order" }).waitFor();
    });
    const yes = card(page, n).getByRole("button", { name: "Yes, cancel this order" });
    expect(await yes.isVisible()).toBe(true);
    await yes.click();
    await page.waitForURL(`**/my-orders?cancelled=${n}`);
    await page
      .getByRole("status")
      .filter({ hasText: `Order #${n} is cancelled.` })
      .waitFor();
    expect(await statusOf(n)).toBe("cancelled");
  });

  it("both taps before the script starts cancel it as a plain form post", async () => {
    const user = await createUser(base, "cancel-early-post", "Ruchi Jain");
    const n = await place(user);
    const { page } = await browser.open("phone", { cookies: session(user), hydrated: false });
    page.setDefaultTimeout(15_000);
    await actBeforeHydration(page, "/my-orders", async () => {
      await card(page, n).locator("summary", { hasText: "Cancel order" }).click();
      await card(page, n).getByRole("button", { name: "Yes, cancel this order" }).click();
      await page.waitForURL(`**/my-orders?cancelled=${n}`, { waitUntil: "domcontentloaded" });
    });
    await page
      .getByRole("status")
      .filter({ hasText: `Order #${n} is cancelled.` })
      .waitFor();
    expect(await card(page, n).locator("summary", { hasText: "Cancel order" }).count()).toBe(0);
    expect(await statusOf(n)).toBe("cancelled");
  });
});
