import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { RAZORPAY_TEST_KEY_ID, RAZORPAY_TEST_KEY_SECRET } from "../../stand-ins/razorpay/server";
import { createUser, mailsTo, postJson, TEST_ADDRESS, type TestUser, uniqueEmail } from "../../tooling/accounts";
import { type ApiProduct, cartCall } from "../../tooling/cart";
import { formatRupees } from "../../workers/services/catalog/pricing";
import { productPath } from "../../workers/services/platform/paths";
import { seriousAxeViolations } from "../support/axe";
import { type OpenOptions, onPhone, useBrowser, viewports } from "../support/browser";
import { holdNextPost, waitForHydration as hydrated } from "../support/page";
import { sqlRows } from "../support/sql";
import { useStockedProduct } from "../support/stocked";

/**
 * Checkout as a shopper goes through it, in Chromium at phone and
 * desktop widths against the built Worker and the Razorpay stand-in: cart -> checkout -> a new address
 * with the PIN autofill -> coupon -> cash on delivery -> thank-you -> My Orders; online payment through
 * the stand-in's "Success"; its window closed ("Payment cancelled.") and "Failure"; a guest's Buy Now;
 * and checkout with JavaScript off. What she sees is asserted on the page; the stock and the payment
 * status, which she cannot see, in the database.
 */
const browser = useBrowser();
const base = browser.baseUrl;
const dbUrl = inject("dbUrl");

// Known stock for two sizes of one product (put back after the file); other files use other picks.
const stocked = useStockedProduct(base, dbUrl, [30, 30], (list) => list.slice(-4, -2));
let kurti: ApiProduct;
let sizeA: string;
let sizeB: string;
let color: string;
/** What one piece of each size costs today, in paise, as the database says (the order service's source). */
const unit: Record<string, number> = {};

const sql = (query: string, args: (string | number)[] = []) => sqlRows(dbUrl, query, args);

beforeAll(async () => {
  ({ product: kurti, sizeA, sizeB } = stocked);
  color = kurti.colors[0]!.name;
  for (const size of [sizeA, sizeB]) {
    const [row] = await sql("SELECT price_paise, discount_price_paise FROM product_sizes WHERE product_id = ? AND size = ?", [
      Number(kurti._id),
      size,
    ]);
    unit[size] = Number(row!.discount_price_paise ?? row!.price_paise);
  }
});

const DELIVERY = 100_00;
const razorpayUrl = inject("razorpayUrl");

/**
 * The stand-in's webhook deliveries for one of our orders (its Razorpay order id, which the shopper
 * never sees), once none is still on its way.
 */
async function settledWebhooks(orderNumber: number) {
  const [row] = await sql("SELECT provider_order_id FROM orders WHERE order_number = ?", [orderNumber]);
  const auth = `Basic ${Buffer.from(`${RAZORPAY_TEST_KEY_ID}:${RAZORPAY_TEST_KEY_SECRET}`).toString("base64")}`;
  let items: { event: string; state: string }[] = [];
  await expect
    .poll(async () => {
      const res = await fetch(new URL(`/v1/standin/webhooks?order_id=${String(row!.provider_order_id)}`, razorpayUrl), {
        headers: { Authorization: auth },
      });
      items = ((await res.json()) as { items: typeof items }).items;
      return items.length > 0 && items.every((d) => d.state !== "pending");
    })
    .toBe(true);
  return items.map((d) => `${d.event}: ${d.state}`);
}

const stockOf = async (size: string) =>
  Number((await sql("SELECT stock FROM product_sizes WHERE product_id = ? AND size = ?", [Number(kurti._id), size]))[0]!.stock);

const ordersOf = async (user: TestUser) =>
  (await sql("SELECT order_number, payment_status, total_paise FROM orders WHERE user_id = ? ORDER BY id", [Number(user.id)])).map((r) => ({
    orderNumber: Number(r.order_number),
    paymentStatus: String(r.payment_status),
    totalPaise: Number(r.total_paise),
  }));

/** A fresh page; a step that does not happen fails in seconds, naming what it waited for. */
async function open(viewport: keyof typeof viewports, opts: OpenOptions = {}) {
  const opened = await browser.open(viewport, opts);
  opened.page.setDefaultTimeout(8_000);
  return opened;
}

function openAs(user: TestUser, viewport: keyof typeof viewports, opts: OpenOptions = {}) {
  return open(viewport, {
    ...opts,
    cookies: [{ name: "aanchal_session", value: user.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }],
  });
}

async function putInCart(user: TestUser, size: string, quantity: number) {
  const { status } = await cartCall(base, user.token, "POST", "/api/cart", { items: [{ product: kurti._id, size, color, quantity }] });
  expect(status).toBe(200);
}

async function saveAddress(user: TestUser) {
  const res = await postJson(base, "/api/addresses/save", TEST_ADDRESS, { Authorization: `Bearer ${user.token}` });
  expect(res.ok).toBe(true);
}

const toasts = (page: Page) => page.locator(".toasts .toast p").allTextContents();
const cartLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Cart/ });
const placeButton = (page: Page) => page.getByRole("button", { name: /^(Place Order|Placing Order\.\.\.)$/ });
/** The figure of one row (`dt` text) of the checkout's order summary. */
const summaryFigure = (page: Page, label: string) =>
  page
    .locator(".checkout-totals > div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");
const orderNumberOf = (page: Page) => Number(new URL(page.url()).searchParams.get("order"));

async function fitsTheScreen(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** Fills the new-address form's street lines (her name, phone and e-mail come from her account). */
async function fillStreet(page: Page) {
  await page.getByLabel("House No. / Building Name").fill("14 Lohia Nagar");
  await page.getByLabel("Road Name / Area / Colony").fill("Near Shiv Mandir, Kavi Nagar");
}

/** The PIN autofill: a bad PIN is refused aloud, 201001 fills Ghaziabad, Uttar Pradesh. */
async function pinAutofill(page: Page) {
  const pin = page.getByLabel("ZIP / PIN Code");
  await pin.fill("999999");
  await page.locator(".new-address__zipcode").getByText("Invalid PIN Code.", { exact: true }).waitFor();
  expect(await pin.getAttribute("aria-invalid")).toBe("true");
  await pin.fill("201001");
  await page.locator(".new-address__zipcode").getByText("PIN code verified: State & City auto-filled", { exact: true }).waitFor();
  expect(await page.getByLabel("City / District").inputValue()).toBe("Ghaziabad");
  expect(await page.getByLabel("State", { exact: true }).inputValue()).toBe("Uttar Pradesh");
  expect(await pin.getAttribute("aria-invalid")).toBeNull();
  // The note under the PIN does not stretch the City box beside it (side by side on a desktop).
  const [pinBox, cityBox] = [await pin.boundingBox(), await page.getByLabel("City / District").boundingBox()];
  expect(Math.round(cityBox!.height)).toBe(Math.round(pinBox!.height));
  if (Math.abs(cityBox!.x - pinBox!.x) > 10) expect(Math.round(cityBox!.y)).toBe(Math.round(pinBox!.y));
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("checkout on a %s", (viewport) => {
  onPhone(viewport)("cart -> new address with PIN autofill -> WELCOME10 -> cash on delivery -> thank-you -> My Orders", async () => {
    const user = await createUser(base, `checkout-cod-${viewport}`, "Kavya Iyer");
    await saveAddress(user);
    await putInCart(user, sizeA, 2);
    const stockBefore = await stockOf(sizeA);
    const subtotal = unit[sizeA]! * 2;
    const discount = Math.ceil(subtotal / 10 / 100) * 100; // whole rupees, rounded up in her favour
    const total = subtotal - discount + DELIVERY;
    // 404: the unknown PIN's lookup; 400: the expired coupon's refusal.
    const { page } = await openAs(user, viewport, { expectStatuses: [400, 404] });

    await page.goto("/cart");
    await hydrated(page);
    await page.getByRole("button", { name: "Proceed to checkout" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout");
    // The address bar changes a moment before the page is drawn: wait for the page itself.
    await page.getByRole("heading", { level: 1, name: "Checkout details" }).waitFor();
    expect(await page.locator(".checkout-steps [aria-current=step]").textContent()).toContain("Checkout details");
    expect(await page.locator(".checkout-line").textContent()).toContain(kurti.productName);
    expect(await summaryFigure(page, "Subtotal").textContent()).toBe(formatRupees(subtotal));
    expect(await summaryFigure(page, "Delivery").textContent()).toBe(formatRupees(DELIVERY));
    expect(await summaryFigure(page, "Total").textContent()).toBe(formatRupees(subtotal + DELIVERY));
    await fitsTheScreen(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Her saved address is chosen; she adds a new one instead.
    expect(await page.getByRole("radio", { name: /Asha Verma/ }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: "Add a new address" }).check();
    expect(await page.getByLabel("Full Name").inputValue()).toBe("Kavya Iyer");
    // Her name and phone alone are no address: nothing is sent.
    await placeButton(page).click();
    await expect.poll(() => toasts(page)).toContain("Please provide a delivery address.");
    expect(new URL(page.url()).pathname).toBe("/checkout");
    await fillStreet(page);
    await pinAutofill(page);

    // The coupon box: empty, expired, then WELCOME10 typed loosely.
    const box = page.locator(".coupon-box");
    const code = box.getByLabel("Coupon code");
    await box.getByRole("button", { name: "Apply" }).click();
    await box.getByText("Please enter a coupon code.", { exact: true }).waitFor();
    await code.fill("monsoon25");
    await box.getByRole("button", { name: "Apply" }).click();
    await box.getByText("This coupon has expired.", { exact: true }).waitFor();
    expect(await summaryFigure(page, "Total").textContent()).toBe(formatRupees(subtotal + DELIVERY));
    await code.fill(" welcome10 ");
    await box.getByRole("button", { name: "Apply" }).click();
    await box.getByRole("button", { name: /^Remove/ }).waitFor();
    expect(await code.inputValue()).toBe("WELCOME10");
    expect(await code.isDisabled()).toBe(true);
    expect(await box.getByRole("status").textContent()).toBe(`WELCOME10 applied: you save ${formatRupees(discount)}`);
    expect(await summaryFigure(page, "Discount (WELCOME10)").textContent()).toBe(`−${formatRupees(discount)}`);
    expect(await summaryFigure(page, "Total").textContent()).toBe(formatRupees(total));
    expect(await box.getByText("This coupon has expired.").count()).toBe(0);
    // One notice at a time: the expired code's refusal does not stand beside the applied one.
    const shown = await toasts(page);
    expect(shown.length).toBeLessThanOrEqual(1);
    expect(shown).not.toContain("This coupon has expired.");

    await page.getByRole("radio", { name: /Cash on Delivery/ }).check();
    const release = await holdNextPost(page, "intent=place");
    try {
      await placeButton(page).click();
      await expect.poll(() => placeButton(page).textContent()).toBe("Placing Order...");
      expect(await placeButton(page).isDisabled()).toBe(true);
    } finally {
      release();
    }

    await page.waitForURL((url) => url.pathname === "/thankyou");
    const orderNumber = orderNumberOf(page);
    expect(orderNumber).toBeGreaterThan(0);
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Thank you for your order!" }).waitFor();
    expect(await page.locator(".checkout-steps [aria-current=step]").textContent()).toContain("Order complete");
    expect(await page.locator(".thankyou__number").textContent()).toBe(`Order number #${orderNumber}`);
    const figures = page.locator(".order-card").filter({ hasText: "Order summary" });
    await figures.getByText(`−${formatRupees(discount)}`, { exact: true }).waitFor();
    await figures.getByText("Discount (WELCOME10)", { exact: true }).waitFor();
    expect(await figures.locator("dt:text-is('Total') + dd").textContent()).toBe(formatRupees(total));
    await figures.getByText("Cash on Delivery", { exact: true }).waitFor();
    await page.getByText("14 Lohia Nagar").waitFor();
    // The checkout's notices ("PIN code verified", the coupon's) stayed on the checkout.
    expect(await toasts(page)).toEqual([]);
    await fitsTheScreen(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The cart is empty now: the header's badge says no count.
    expect(await cartLink(page).getAttribute("aria-label")).toBe("Cart");
    expect(await stockOf(sizeA)).toBe(stockBefore - 2);

    await page.getByRole("link", { name: "My Orders" }).last().click();
    await page.waitForURL((url) => url.pathname === "/my-orders");
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: `Order #${orderNumber}` }) });
    expect(await card.locator(".my-order__total").textContent()).toBe(formatRupees(total));
    await card.getByText("Cash on Delivery", { exact: true }).waitFor();
    await card.getByText("Pay on delivery", { exact: true }).waitFor();
    expect(await page.getByRole("article").count()).toBe(1);
  });

  onPhone(viewport)("pays online through the stand-in's Success, and the thank-you page says paid", async () => {
    const user = await createUser(base, `checkout-pay-${viewport}`, "Ritu Singh");
    await saveAddress(user);
    await putInCart(user, sizeB, 1);
    const stockBefore = await stockOf(sizeB);
    const total = unit[sizeB]! + DELIVERY;
    const { page } = await openAs(user, viewport);

    await page.goto("/checkout");
    await hydrated(page);
    // Her saved address is used as it is; online payment is the default where the shop takes it.
    expect(await page.getByRole("radio", { name: /Asha Verma/ }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: /Bank \/ UPI \/ Wallets/ }).check();
    await placeButton(page).click();
    const amount = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(total / 100);
    const dialog = page.getByRole("dialog", { name: new RegExp(`Pay ${amount.replace(/[.$]/g, "\\$&")}`) });
    await dialog.waitFor();
    expect(await placeButton(page).textContent()).toBe("Placing Order...");
    await dialog.getByRole("button", { name: "Success" }).click();

    await page.waitForURL((url) => url.pathname === "/thankyou");
    const orderNumber = orderNumberOf(page);
    await page.getByRole("heading", { level: 1, name: "Thank you for your order!" }).waitFor();
    const figures = page.locator(".order-card").filter({ hasText: "Order summary" });
    expect(await figures.locator("dt:text-is('Total') + dd").textContent()).toBe(formatRupees(total));
    await figures.getByText("Bank / UPI / Wallets", { exact: true }).waitFor();
    expect(await figures.locator("dt:text-is('Payment status') + dd").textContent()).toBe("Paid");
    await hydrated(page);
    expect(await cartLink(page).getAttribute("aria-label")).toBe("Cart");

    // The stand-in's webhooks confirm the same payment again: still one paid order, stock taken once.
    expect(await settledWebhooks(orderNumber)).toEqual(["payment.captured: delivered", "order.paid: delivered"]);
    expect(await ordersOf(user)).toEqual([{ orderNumber, paymentStatus: "paid", totalPaise: total }]);
    expect(await stockOf(sizeB)).toBe(stockBefore - 1);
  });

  it("closing the payment window says 'Payment cancelled.'; Failure says the payment failed; nothing is paid", async () => {
    const user = await createUser(base, `checkout-cancel-${viewport}`, "Nisha Rao");
    await saveAddress(user);
    await putInCart(user, sizeB, 1);
    const { page } = await openAs(user, viewport);

    await page.goto("/checkout");
    await hydrated(page);
    await page.getByRole("radio", { name: /Bank \/ UPI \/ Wallets/ }).check();
    await placeButton(page).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    if (viewport === "phone") await page.keyboard.press("Escape");
    else await dialog.getByRole("button", { name: "Close payment window" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => toasts(page)).toContain("Payment cancelled.");
    await expect.poll(() => placeButton(page).textContent()).toBe("Place Order");
    expect(await placeButton(page).isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/checkout");
    const [pending] = await ordersOf(user);
    expect(pending?.paymentStatus).toBe("pending");

    // She tries again: the same pending order is paid for (not a second one), and this time it fails.
    await placeButton(page).click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Failure" }).click();
    await expect.poll(() => toasts(page)).toContain("Payment failed. Please try again.");
    await dialog.getByText(/^Payment failed: .* You may try again or close this window\.$/).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await placeButton(page).isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/checkout");
    expect(await settledWebhooks(pending!.orderNumber)).toEqual(["payment.failed: delivered"]);
    const orders = await ordersOf(user);
    expect(orders.map((o) => o.orderNumber)).toEqual([pending!.orderNumber]);
    expect(orders.some((o) => o.paymentStatus === "paid")).toBe(false);
    // Her cart is still there for the next try.
    expect(await cartLink(page).getAttribute("aria-label")).toBe("Cart, 1 item");
  });
});

describe("a guest", () => {
  it("Buy Now -> 'Continue as guest' -> her e-mail in the address form -> cash on delivery -> her order's link", async () => {
    const email = uniqueEmail("checkout-guest");
    const total = unit[sizeA]! + DELIVERY;
    const stockBefore = await stockOf(sizeA);
    const { page } = await open("phone");

    await page.goto(productPath(kurti.category.name, kurti.slug));
    await hydrated(page);
    await page.getByRole("radio", { name: sizeA, exact: true }).check();
    await page.getByRole("button", { name: "Buy Now", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/create-account");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/checkout");
    await page.getByRole("link", { name: "Continue as guest" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout");
    await hydrated(page);
    await page.getByText("You are checking out as a guest.").waitFor();
    expect(await page.locator(".checkout-line").textContent()).toContain(kurti.productName);
    expect(await summaryFigure(page, "Total").textContent()).toBe(formatRupees(total));
    await fitsTheScreen(page);

    // The e-mail field is hers to fill: her confirmation goes there.
    const form = page.getByRole("group", { name: "Delivery address" });
    await form.getByText("Your order confirmation and its link are sent to the e-mail address you give here.").waitFor();
    await page.getByLabel("Full Name").fill("Gauri Menon");
    await fillStreet(page);
    await page.getByLabel("ZIP / PIN Code").fill("201001");
    await page.getByText("PIN code verified: State & City auto-filled", { exact: true }).first().waitFor();
    await page.getByLabel("Phone Number").fill("9812345670");
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("radio", { name: /Cash on Delivery/ }).check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await placeButton(page).click();

    await page.waitForURL((url) => url.pathname === "/thankyou");
    const link = new URL(page.url());
    const orderNumber = Number(link.searchParams.get("order"));
    expect(link.searchParams.get("key")).toMatch(/^[\w-]{32,}$/);
    await page.getByRole("heading", { level: 1, name: "Thank you for your order!" }).waitFor();
    await page.getByText(`A confirmation is on its way to ${email}.`).waitFor();
    expect(await page.locator(".order-card").filter({ hasText: "Order summary" }).locator("dt:text-is('Total') + dd").textContent()).toBe(
      formatRupees(total),
    );
    expect(await stockOf(sizeA)).toBe(stockBefore - 1);

    // Her confirmation mail carries the same link, which opens her order in a fresh browser.
    let mailed: string | undefined;
    await expect
      .poll(async () => {
        const mail = (await mailsTo(base, email)).find((m) => m.subject.includes(`#${orderNumber}`));
        mailed = mail && /(https?:\/\/\S+\/thankyou\?\S+)/.exec(mail.text)?.[1];
        return mailed;
      })
      .toBeTruthy();
    const again = await open("desktop");
    const res = await again.page.goto(new URL(mailed!).pathname + new URL(mailed!).search);
    expect(res?.status()).toBe(200);
    await again.page
      .getByRole("strong")
      .filter({ hasText: `#${orderNumber}` })
      .waitFor();
    await again.page.getByText("Gauri Menon").waitFor();
  });
});

describe("checkout without JavaScript", () => {
  it("takes a coupon and a new address with plain forms and places a cash-on-delivery order", async () => {
    const user = await createUser(base, "checkout-no-js", "Lata Kulkarni");
    await putInCart(user, sizeA, 1);
    const stockBefore = await stockOf(sizeA);
    const subtotal = unit[sizeA]!;
    const discount = Math.ceil(subtotal / 10 / 100) * 100; // whole rupees, rounded up in her favour
    const total = subtotal - discount + DELIVERY;
    const { page } = await openAs(user, "desktop", { javaScriptEnabled: false });

    await page.goto("/cart");
    await page.getByRole("button", { name: "Proceed to checkout" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout");
    await page.getByRole("heading", { level: 1, name: "Checkout details" }).waitFor();

    // No saved address: the form is there at once, her name, phone and e-mail filled in. She types
    // the address first, her own name over the account's, and City and State not at all.
    expect(await page.getByLabel("Full Name").inputValue()).toBe("Lata Kulkarni");
    await page.getByLabel("Full Name").fill("Lata K.");
    await fillStreet(page);
    await page.getByLabel("ZIP / PIN Code").fill("201001");

    // Apply posts the one checkout form: the page comes back with the coupon applied and every field kept.
    await page.locator(".coupon-box").getByLabel("Coupon code").fill(" welcome10 ");
    await page.locator(".coupon-box").getByRole("button", { name: "Apply" }).click();
    await page.waitForLoadState();
    await page
      .locator(".coupon-box")
      .getByRole("button", { name: /^Remove/ })
      .waitFor();
    expect(await summaryFigure(page, "Total").textContent()).toBe(formatRupees(total));
    expect(await page.getByLabel("Full Name").inputValue()).toBe("Lata K.");
    expect(await page.getByLabel("House No. / Building Name").inputValue()).toBe("14 Lohia Nagar");
    expect(await page.getByLabel("ZIP / PIN Code").inputValue()).toBe("201001");
    await page.getByRole("radio", { name: /Cash on Delivery/ }).check();
    await placeButton(page).click();

    await page.waitForURL((url) => url.pathname === "/thankyou");
    const orderNumber = orderNumberOf(page);
    await page.getByRole("heading", { level: 1, name: "Thank you for your order!" }).waitFor();
    expect(await page.locator(".thankyou__number").textContent()).toBe(`Order number #${orderNumber}`);
    const figures = page.locator(".order-card").filter({ hasText: "Order summary" });
    await figures.getByText("Discount (WELCOME10)", { exact: true }).waitFor();
    expect(await figures.locator("dt:text-is('Total') + dd").textContent()).toBe(formatRupees(total));
    await figures.getByText("Cash on Delivery", { exact: true }).waitFor();
    expect(await cartLink(page).getAttribute("aria-label")).toBe("Cart");
    expect(await stockOf(sizeA)).toBe(stockBefore - 1);
    // Shipped where she typed; City and State from the PIN, filled in by the server.
    await page.getByText("Lata K.", { exact: true }).waitFor();
    const [order] = await sql("SELECT ship_full_name, ship_town_city, ship_state FROM orders WHERE order_number = ?", [orderNumber]);
    expect(order).toMatchObject({ ship_full_name: "Lata K.", ship_town_city: "Ghaziabad", ship_state: "Uttar Pradesh" });
  });
});

describe("checkout at a desktop's width", () => {
  it("sets the order summary beside the form, fits the screen, and has no serious accessibility problem", async () => {
    const user = await createUser(base, "checkout-desktop", "Meera Nair");
    await saveAddress(user);
    await putInCart(user, sizeA, 1);
    const { page } = await openAs(user, "desktop");
    await page.goto("/checkout");
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Checkout details" }).waitFor();
    const [form, summary] = [await page.locator(".checkout-main").boundingBox(), await page.locator(".order-summary").boundingBox()];
    expect(summary!.x).toBeGreaterThan(form!.x + form!.width - 1);
    await fitsTheScreen(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
