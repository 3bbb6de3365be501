import { createClient } from "@libsql/client";
import { describe, expect, inject, it } from "vitest";
import { createUser, postJson, TEST_ADDRESS, type TestUser } from "../../tooling/accounts";
import { cartCall } from "../../tooling/cart";
import { useBrowser } from "../support/browser";
import { actBeforeHydration, waitForHydration as hydrated } from "../support/page";
import { useStockedProduct } from "../support/stocked";

/**
 * A failed online payment is a payment still due (docs/payments.md), in Chromium against the built
 * Worker and the Razorpay stand-in: she pays by Bank, presses Failure in the stand-in's window, closes
 * it and reloads; My Orders shows the order as "Payment pending" with Pay now; Pay now opens the
 * window for the same order, Success lands on the thank-you page saying paid, and My Orders then
 * holds that one order.
 */
const browser = useBrowser();
const base = browser.baseUrl;
const dbUrl = inject("dbUrl");

const stocked = useStockedProduct(base, dbUrl, [20, 20], (list) => list.slice(-12, -10));

async function sql(query: string, args: (string | number)[] = []) {
  const db = createClient({ url: dbUrl });
  try {
    return (await db.execute({ sql: query, args })).rows;
  } finally {
    db.close();
  }
}

const ordersOf = async (user: TestUser) =>
  (await sql("SELECT order_number, payment_status, order_status FROM orders WHERE user_id = ? ORDER BY id", [Number(user.id)])).map(
    (r) => ({
      orderNumber: Number(r.order_number),
      paymentStatus: String(r.payment_status),
      orderStatus: String(r.order_status),
    }),
  );
const stockOf = async (size: string) =>
  Number((await sql("SELECT stock FROM product_sizes WHERE product_id = ? AND size = ?", [Number(stocked.product._id), size]))[0]!.stock);

describe("a failed online payment", () => {
  it("Bank -> Failure -> reload -> My Orders 'Payment pending' -> Pay now -> Success -> thank-you paid; one order", async () => {
    const user = await createUser(base, "pay-now-e2e", "Kiran Bedi");
    const saved = await postJson(base, "/api/addresses/save", TEST_ADDRESS, { Authorization: `Bearer ${user.token}` });
    expect(saved.ok).toBe(true);
    const { product, sizeA } = stocked;
    const added = await cartCall(base, user.token, "POST", "/api/cart", {
      items: [{ product: product._id, size: sizeA, color: product.colors[0]!.name, quantity: 1 }],
    });
    expect(added.status).toBe(200);
    const stockBefore = await stockOf(sizeA);

    const { page } = await browser.open("phone", {
      cookies: [{ name: "aanchal_session", value: user.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }],
    });
    page.setDefaultTimeout(8_000);
    await page.goto("/checkout");
    await hydrated(page);
    await page.getByRole("radio", { name: /Bank \/ UPI \/ Wallets/ }).check();
    await page.getByRole("button", { name: "Place Order" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Failure" }).click();
    await dialog.getByText(/^Payment failed: .* You may try again or close this window\.$/).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await page.reload();
    await hydrated(page);
    await page.goto("/my-orders");
    await hydrated(page);
    const card = page.getByRole("article");
    expect(await card.count()).toBe(1);
    await card.locator(".my-order__statuses").getByText("Payment pending", { exact: true }).first().waitFor();
    expect(await card.getByText("Placed", { exact: true }).count()).toBe(0);
    const [waiting] = await ordersOf(user);
    expect(waiting).toMatchObject({ paymentStatus: "pending", orderStatus: "placed" });

    await card.getByRole("button", { name: /^Pay now/ }).click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Success" }).click();
    await page.waitForURL((url) => url.pathname === "/thankyou");
    expect(Number(new URL(page.url()).searchParams.get("order"))).toBe(waiting!.orderNumber);
    await page.getByRole("heading", { level: 1, name: "Thank you for your order!" }).waitFor();
    const figures = page.locator(".order-card").filter({ hasText: "Order summary" });
    expect(await figures.locator("dt:text-is('Payment status') + dd").textContent()).toBe("Paid");
    expect(await page.getByRole("button", { name: /^Pay now/ }).count()).toBe(0);

    await page.goto("/my-orders");
    await hydrated(page);
    expect(await page.getByRole("article").count()).toBe(1);
    expect(await page.getByRole("button", { name: /^Pay now/ }).count()).toBe(0);
    expect(await ordersOf(user)).toEqual([{ orderNumber: waiting!.orderNumber, paymentStatus: "paid", orderStatus: "placed" }]);
    expect(await stockOf(sizeA)).toBe(stockBefore - 1);
  });
});

describe("Pay now before the script, and without it", () => {
  const sessionOf = (user: TestUser) => [
    { name: "aanchal_session", value: user.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" as const },
  ];

  /** A signed-in shopper with one online order waiting for its payment (placed through the API, as checkout places it). */
  async function waitingOrder(tag: string) {
    const user = await createUser(base, tag, "Lata Menon");
    const { product, sizeB } = stocked;
    const res = await postJson(
      base,
      "/api/payment/create-order",
      {
        paymentMethod: "bank",
        buyNow: true,
        shippingInfo: { ...TEST_ADDRESS, emailAddress: user.email },
        items: [{ product: product._id, size: sizeB, color: product.colors[0]!.name, quantity: 1 }],
      },
      { Authorization: `Bearer ${user.token}` },
    );
    expect(res.status).toBe(201);
    return { user, orderNumber: ((await res.json()) as { orderNumber: number }).orderNumber };
  }

  it("tapped before the page's script has started, opens Razorpay's window once it has, and pays", async () => {
    const { user, orderNumber } = await waitingOrder("pay-now-early");
    const { page } = await browser.open("phone", { hydrated: false, cookies: sessionOf(user), expectStatuses: [400] });
    page.setDefaultTimeout(15_000);
    await actBeforeHydration(page, "/my-orders", async () => {
      await page.getByRole("button", { name: /^Pay now/ }).click();
      // A plain form post: the page comes back saying what a browser without JavaScript would need.
      await page.getByText("Paying online needs JavaScript", { exact: false }).waitFor();
    });
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Success" }).click();
    await page.waitForURL((url) => url.pathname === "/thankyou");
    await page.getByRole("heading", { level: 1, name: "Thank you for your order!" }).waitFor();
    expect(await ordersOf(user)).toEqual([{ orderNumber, paymentStatus: "paid", orderStatus: "placed" }]);
  });

  it("without JavaScript, says paying online needs it and changes nothing", async () => {
    const { user, orderNumber } = await waitingOrder("pay-now-noscript");
    const { page } = await browser.open("phone", { javaScriptEnabled: false, cookies: sessionOf(user), expectStatuses: [400] });
    page.setDefaultTimeout(8_000);
    await page.goto(`/thankyou?order=${orderNumber}`);
    await page.getByRole("heading", { level: 1, name: "Payment pending" }).waitFor();
    await page.getByRole("button", { name: /^Pay now/ }).click();
    await page.getByText("Paying online needs JavaScript turned on in your browser.", { exact: false }).waitFor();
    expect(await ordersOf(user)).toEqual([{ orderNumber, paymentStatus: "pending", orderStatus: "placed" }]);
  });
});
