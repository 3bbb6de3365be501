import { describe, expect, inject, it } from "vitest";
import { createUser, type TestUser } from "../../tooling/accounts";
import { cartCall } from "../../tooling/cart";
import { useBrowser } from "../support/browser";
import { actBeforeHydration, slowCpu } from "../support/page";
import { sqlRows } from "../support/sql";
import { useStockedProduct } from "../support/stocked";

/**
 * Checkout on a mid-range phone: 390 px wide, the CPU slowed 4x, and the shopper typing as soon as
 * the fields show, before the page's script has started (docs/style-guide.md, "Forms that survive
 * the first seconds"). What she typed is what the form holds once the script runs, and what the
 * order stores.
 */
const browser = useBrowser();
const base = browser.baseUrl;
const dbUrl = inject("dbUrl");
const stocked = useStockedProduct(base, dbUrl, [20, 20], (list) => list.slice(-6, -4));

const sql = (query: string, args: (string | number)[] = []) => sqlRows(dbUrl, query, args);

async function shopperWithOneLine(tag: string): Promise<TestUser> {
  const user = await createUser(base, tag, "Account Name");
  const added = await cartCall(base, user.token, "POST", "/api/cart", {
    items: [{ product: stocked.product._id, size: stocked.sizeA, color: stocked.product.colors[0]!.name, quantity: 1 }],
  });
  expect(added.status).toBe(200);
  return user;
}

const signedIn = (user: TestUser) => ({
  cookies: [{ name: "aanchal_session", value: user.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" as const }],
});

describe("checkout typed into before the script starts (390 px, CPU 4x)", () => {
  it("keeps the name typed over the prefilled one, fills City and State from a PIN typed then, and ships to what she typed", async () => {
    const user = await shopperWithOneLine("before-script-checkout");
    const { page, close } = await browser.open("phone", { hydrated: false, ...signedIn(user) });
    try {
      await actBeforeHydration(page, "/checkout", async () => {
        const name = page.getByLabel("Full Name");
        expect(await name.inputValue()).toBe("Account Name");
        await name.fill("Riya Kapoor");
        await page.getByLabel("House No. / Building Name").fill("House 21, Shanti Kunj");
        await page.getByLabel("Road Name / Area / Colony").fill("Kavi Nagar");
        await page.getByLabel("ZIP / PIN Code").fill("201001");
      });
      // The script has taken over: nothing she typed was put back to the account's values...
      expect(await page.getByLabel("Full Name").inputValue()).toBe("Riya Kapoor");
      expect(await page.getByLabel("House No. / Building Name").inputValue()).toBe("House 21, Shanti Kunj");
      expect(await page.getByLabel("ZIP / PIN Code").inputValue()).toBe("201001");
      // ...and the PIN typed before it is looked up now.
      await expect.poll(() => page.getByLabel("City / District").inputValue()).toBe("Ghaziabad");
      expect(await page.getByLabel("State", { exact: true }).inputValue()).toBe("Uttar Pradesh");

      await page.getByRole("radio", { name: /Cash on Delivery/ }).check();
      await page.getByRole("button", { name: "Place Order" }).click();
      await page.waitForURL(/\/thankyou\?order=\d+/);
      const [order] = await sql("SELECT ship_full_name, ship_street_address, ship_town_city, ship_state FROM orders WHERE user_id = ?", [
        Number(user.id),
      ]);
      expect(order).toMatchObject({
        ship_full_name: "Riya Kapoor",
        ship_street_address: "House 21, Shanti Kunj",
        ship_town_city: "Ghaziabad",
        ship_state: "Uttar Pradesh",
      });
    } finally {
      await close();
    }
  });

  it("keeps a coupon code and a payment choice made before the script, and applies that code", async () => {
    const user = await shopperWithOneLine("before-script-coupon");
    const { page, close } = await browser.open("phone", { hydrated: false, ...signedIn(user) });
    try {
      await actBeforeHydration(page, "/checkout", async () => {
        await page.getByLabel("Coupon code").fill("welcome10");
        await page.getByRole("radio", { name: /Bank \/ UPI \/ Wallets/ }).check();
      });
      expect(await page.getByLabel("Coupon code").inputValue()).toBe("welcome10");
      expect(await page.getByRole("radio", { name: /Bank \/ UPI \/ Wallets/ }).isChecked()).toBe(true);
      await page.getByRole("button", { name: "Apply" }).click();
      await page.getByText("WELCOME10 applied: you save", { exact: false }).waitFor();
      // One notice at a time: the success is the only toast showing...
      expect(await page.locator(".toast").count()).toBe(1);
      // ...it leaves the header in reach (the cart link is clicked while it shows: under the header,
      // not over it)...
      await slowCpu(page, 1);
      const cart = page.getByRole("banner").getByRole("link", { name: /^Cart/ });
      await cart.click({ trial: true, timeout: 1_000 });
      expect(await page.locator(".toast").count()).toBe(1);
      // ...and it stays on the checkout: going to the cart, long before it would time out, clears it.
      await cart.click();
      await page.waitForURL((url) => url.pathname === "/cart");
      // The cart's own heading: the checkout's can still be on screen when the address changes.
      await page.getByRole("heading", { name: "Your cart", level: 1 }).waitFor();
      expect(await page.locator(".toast").count()).toBe(0);
    } finally {
      await close();
    }
  });
});
