import { createClient } from "@libsql/client";
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { createUser, latestCode, latestResetLink, postJson, TEST_ADDRESS, type TestUser, uniqueEmail } from "../../tooling/accounts";
import { useBrowser } from "../support/browser";
import { actBeforeHydration } from "../support/page";

/**
 * A shopper on a mid-range phone (390 px, the CPU slowed 4x) starts typing as soon as a form is
 * painted, seconds before the page's script has started. Whatever she typed, ticked or chose then
 * is still there once the script has taken over, and is what the form sends.
 */
const browser = useBrowser();
const base = browser.baseUrl;
const db = createClient({ url: inject("dbUrl") });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
let ipCount = 0;
/** Each test writes from an address of its own, so the message forms' rate limits do not mix. */
const freshIp = () => `10.78.${Math.floor(++ipCount / 250)}.${(ipCount % 250) + 1}`;

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

/** Types as a thumb does, key by key (a `fill` would land in one event). */
const type = (locator: Locator, text: string) => locator.pressSequentially(text, { delay: 10 });

function sessionCookie(user: TestUser) {
  return [{ name: "aanchal_session", value: user.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" as const }];
}

async function row(table: "contact_messages" | "enquiries", email: string) {
  const { rows } = await db.execute({ sql: `SELECT * FROM ${table} WHERE email = ?`, args: [email] });
  return rows.map((r) => ({ ...r }));
}

// A page on a CPU slowed 4x, a sign-up or a post and its answer: more than the default 30 s on a busy machine.
describe("what a shopper typed before the page's script started", { timeout: 60_000 }, () => {
  it("sign-in keeps the e-mail and password and signs in with them", async () => {
    const user = await createUser(base, "early-signin");
    const { page, close } = await browser.open("phone", { hydrated: false });
    try {
      await actBeforeHydration(page, "/signin?redirect=%2Fprofile", async () => {
        await type(field(page, "Email"), user.email);
        await type(field(page, "Password"), user.password);
      });
      expect(await field(page, "Email").inputValue()).toBe(user.email);
      expect(await field(page, "Password").inputValue()).toBe(user.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL(/\/profile$/);
      await page.getByRole("heading", { level: 1, name: "My profile" }).waitFor();
      await page.getByRole("heading", { name: user.name }).waitFor();
    } finally {
      await close();
    }
  });

  it("create-account keeps every field, a # password included, and registers exactly that; so does the code step", async () => {
    const email = uniqueEmail("early-signup");
    const { page, close } = await browser.open("phone", { hydrated: false });
    try {
      await actBeforeHydration(page, "/create-account", async () => {
        await type(field(page, "Full name"), "Priya Nair");
        await type(field(page, "Email"), email);
        await type(field(page, "Mobile number"), "+91 98450 12345");
        await type(field(page, "Password"), "Priya#2024");
        await type(field(page, "Confirm password"), "Priya#2024");
      });
      expect(await field(page, "Full name").inputValue()).toBe("Priya Nair");
      expect(await field(page, "Email").inputValue()).toBe(email);
      expect(await field(page, "Mobile number").inputValue()).toBe("+91 98450 12345");
      expect(await field(page, "Password").inputValue()).toBe("Priya#2024");
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.waitForURL(/\/verify-otp/);
      // The code step, opened afresh (from the mail, say) and typed into before its script starts.
      const code = await latestCode(base, email);
      await actBeforeHydration(page, "/verify-otp", async () => {
        await type(field(page, "Verification code"), code);
      });
      expect(await field(page, "Verification code").inputValue()).toBe(code);
      await page.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL(`${base}/`);
      const profile = await page.evaluate(async () => (await fetch("/api/auth/profile")).json());
      expect(profile).toMatchObject({ name: "Priya Nair", email, mobile: "9845012345" });
      const signIn = await postJson(base, "/api/auth/login", { email, password: "Priya#2024" });
      expect(signIn.status).toBe(200);
    } finally {
      await close();
    }
  });

  it("forgot-password and reset-password keep what was typed; the new password (with a #) is the one that works", async () => {
    const user = await createUser(base, "early-reset");
    const { page, close } = await browser.open("phone", { hydrated: false });
    try {
      await actBeforeHydration(page, "/forgot-password", async () => {
        await type(field(page, "Email"), user.email);
      });
      expect(await field(page, "Email").inputValue()).toBe(user.email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page.getByRole("heading", { name: "Check your inbox" }).waitFor();

      const link = new URL(await latestResetLink(base, user.email));
      await actBeforeHydration(page, link.pathname, async () => {
        await type(field(page, "New password"), "Priya#2024");
        await type(field(page, "Confirm new password"), "Priya#2024");
      });
      expect(await field(page, "New password").inputValue()).toBe("Priya#2024");
      expect(await field(page, "Confirm new password").inputValue()).toBe("Priya#2024");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await page.getByRole("heading", { name: "Password changed" }).waitFor();
      expect((await postJson(base, "/api/auth/login", { email: user.email, password: "Priya#2024" })).status).toBe(200);
    } finally {
      await close();
    }
  });

  it("the contact form keeps the name, e-mail and message and sends exactly that", async () => {
    const id = uniq();
    const email = `early.contact.${id}@example.com`;
    const message = `Does the Kesar kurti come in XXL? ${id}`;
    const { page, close } = await browser.open("phone", { hydrated: false });
    try {
      await page.setExtraHTTPHeaders({ "CF-Connecting-IP": freshIp() });
      await actBeforeHydration(page, "/contact-us", async () => {
        await type(field(page, "Name"), "Meera Joshi");
        await type(page.getByRole("textbox", { name: "Email" }), email);
        await type(field(page, "Message"), message);
      });
      expect(await field(page, "Name").inputValue()).toBe("Meera Joshi");
      expect(await page.getByRole("textbox", { name: "Email" }).inputValue()).toBe(email);
      expect(await field(page, "Message").inputValue()).toBe(message);
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect
        .poll(() => row("contact_messages", email), { timeout: 5_000 })
        .toEqual([expect.objectContaining({ name: "Meera Joshi", message })]);
    } finally {
      await close();
    }
  });

  it("the contact form sent too early and refused keeps the message edited after, and sends that", async () => {
    const id = uniq();
    const email = `early.refused.${id}@example.com`;
    // The post before the script started is answered as without JavaScript: the page again, 400.
    const { page, close } = await browser.open("phone", { hydrated: false, expectStatuses: [400] });
    try {
      await page.setExtraHTTPHeaders({ "CF-Connecting-IP": freshIp() });
      await actBeforeHydration(page, "/contact-us", async () => {
        await type(field(page, "Name"), "Meera Joshi");
        await type(field(page, "Message"), `Is the Kesar kurti lined? ${id}`);
        await Promise.all([page.waitForURL("**/contact-us"), page.getByRole("button", { name: "Send Message" }).click()]);
        await page.locator(".field__error").first().waitFor();
        expect(await field(page, "Message").inputValue()).toBe(`Is the Kesar kurti lined? ${id}`);
        await field(page, "Message").press("Control+End");
        await type(field(page, "Message"), " And does it come in XXL?");
        await type(page.getByRole("textbox", { name: "Email" }), email);
      });
      const message = `Is the Kesar kurti lined? ${id} And does it come in XXL?`;
      expect(await field(page, "Message").inputValue()).toBe(message);
      expect(await page.getByRole("textbox", { name: "Email" }).inputValue()).toBe(email);
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect
        .poll(() => row("contact_messages", email), { timeout: 5_000 })
        .toEqual([expect.objectContaining({ name: "Meera Joshi", message })]);
    } finally {
      await close();
    }
  });

  it("the enquiry form keeps a cancellation's type, order number and contact method, and sends them", async () => {
    const id = uniq();
    const email = `early.enquiry.${id}@example.com`;
    const { page, close } = await browser.open("phone", { hydrated: false });
    try {
      await page.setExtraHTTPHeaders({ "CF-Connecting-IP": freshIp() });
      await actBeforeHydration(page, "/enquiry-us", async () => {
        await type(field(page, "Full name"), "Meera Joshi");
        await type(page.getByRole("textbox", { name: "Email" }), email);
        await type(field(page, "Phone (optional)"), "+91 98765 43210");
        await field(page, "Enquiry type").selectOption("Order Cancellation Query");
        await type(field(page, "Order number"), "1042");
        await type(field(page, "Message"), `Please cancel, wrong size ${id}`);
        await page.getByRole("radio", { name: "Phone" }).check();
      });
      expect(await field(page, "Enquiry type").inputValue()).toBe("Order Cancellation Query");
      expect(await field(page, "Order number").inputValue()).toBe("1042");
      expect(await field(page, "Phone (optional)").inputValue()).toBe("+91 98765 43210");
      expect(await page.getByRole("radio", { name: "Phone" }).isChecked()).toBe(true);
      await page.getByRole("button", { name: "Send Enquiry" }).click();
      await expect
        .poll(() => row("enquiries", email), { timeout: 5_000 })
        .toEqual([
          expect.objectContaining({
            full_name: "Meera Joshi",
            phone: "9876543210",
            // A cancellation is kept as a General enquiry with its order number.
            enquiry_type: "General",
            order_number: 1042,
            preferred_contact_method: "Phone",
            message: `Please cancel, wrong size ${id}`,
          }),
        ]);
    } finally {
      await close();
    }
  });

  it("the profile keeps the name, mobile and an address, looks up a PIN typed then, and saves exactly that", async () => {
    const user = await createUser(base, "early-profile");
    const saved = await postJson(base, "/api/addresses/save", TEST_ADDRESS, { Authorization: `Bearer ${user.token}` });
    expect(saved.status).toBe(201);
    const where = (await (await fetch(`${base}/api/pincode/110001`)).json()) as { district: string; state: string };
    expect(where.district).not.toBe(TEST_ADDRESS.townCity);
    const { page, close } = await browser.open("phone", { hydrated: false, cookies: sessionCookie(user) });
    try {
      const first = page.getByRole("group", { name: "Address 1", exact: true });
      await actBeforeHydration(page, "/profile?edit=1", async () => {
        await field(page, "Name").clear();
        await type(field(page, "Name"), "Meera S Sharma");
        await field(page, "Mobile").clear();
        await type(field(page, "Mobile"), "+91 98111 22233");
        await field(first, "Street Address").clear();
        await type(field(first, "Street Address"), "7 Janpath");
        await field(first, "City/Town").clear();
        await field(first, "State").clear();
        await field(first, "PIN Code").clear();
        await type(field(first, "PIN Code"), "110001");
      });
      expect(await field(page, "Name").inputValue()).toBe("Meera S Sharma");
      expect((await field(page, "Mobile").inputValue()).replace(/\D/g, "")).toBe("919811122233");
      expect(await field(first, "Street Address").inputValue()).toBe("7 Janpath");
      expect(await field(first, "PIN Code").inputValue()).toBe("110001");
      await expect.poll(() => field(first, "City/Town").inputValue(), { timeout: 5_000 }).toBe(where.district);
      expect(await field(first, "State").inputValue()).toBe(where.state);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.getByRole("heading", { level: 1, name: "My profile" }).waitFor();
      const res = await fetch(`${base}/api/auth/profile`, { headers: { Authorization: `Bearer ${user.token}` } });
      expect(await res.json()).toMatchObject({
        name: "Meera S Sharma",
        mobile: "9811122233",
        addresses: [{ streetAddress: "7 Janpath", zipcode: "110001", townCity: where.district, state: where.state }],
      });
    } finally {
      await close();
    }
  });

  it("the header's search keeps what was typed after the shopper has moved on from the box", async () => {
    const { page, close } = await browser.open("phone", { hydrated: false });
    try {
      await actBeforeHydration(page, "/contact-us", async () => {
        await page.getByRole("button", { name: "Search", exact: true }).first().click();
        await type(page.getByRole("searchbox", { name: "Search products" }), "silk saree");
        await field(page, "Name").click();
      });
      expect(await page.getByRole("searchbox", { name: "Search products" }).inputValue()).toBe("silk saree");
      await page.getByRole("button", { name: "Search", exact: true }).first().click();
      const box = page.getByRole("searchbox", { name: "Search products" }).or(page.getByRole("combobox", { name: "Search products" }));
      await box.press("Enter");
      await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("query") === "silk saree");
    } finally {
      await close();
    }
  });
});
