import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { settings } from "../../workers/services/settings";
import { createUser, latestCode, latestResetLink, postJson, TEST_PASSWORD, uniqueEmail } from "../support/accounts";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser, type viewports } from "../support/browser";
import { waitForHydration } from "../support/page";

const browser = useBrowser();
const base = browser.baseUrl;

async function expectNoAxeViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

async function fillSignUp(page: Page, email: string, password = TEST_PASSWORD) {
  await page.getByLabel("Full name").fill("Kavya Iyer");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mobile number").fill("9812345678");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

describe.each(["phone", "desktop"] as (keyof typeof viewports)[])("accounts at %s width", (viewport) => {
  it("creates an account, verifies the mailed code, lands on the redirect target; signs out and in again", async () => {
    // A refused sign-up form (400) and a wrong password (401) are part of the story.
    const { page, close } = await browser.open(viewport, { expectStatuses: [400, 401] });
    try {
      // A long address, as some shoppers have: the verify page must wrap it, not scroll sideways.
      const email = uniqueEmail(`e2e-${viewport}-kavya.iyer.family.account`);
      await page.goto("/create-account?redirect=%2Fall-products");
      await waitForHydration(page);
      await expectNoAxeViolations(page);

      // The confirmation must match before anything is sent.
      await fillSignUp(page, email);
      await page.getByLabel("Confirm password").fill("Kesar@Chai8");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect.poll(() => page.getByText("Passwords do not match").count()).toBeGreaterThan(0);

      await page.getByLabel("Confirm password").fill(TEST_PASSWORD);
      await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.waitForURL(/\/verify-otp\?redirect=%2Fall-products$/);
      await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await expectNoAxeViolations(page);

      await page.getByLabel("Verification code").fill(await latestCode(base, email));
      await page.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL(/\/all-products$/);
      await page.locator("summary.user-menu__toggle").click();
      await expect.poll(() => page.getByRole("link", { name: "My Orders" }).isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "Profile" }).isVisible()).toBe(true);
      expect(await page.locator(".user-menu .avatar--initials").textContent()).toBe("KI");

      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL(`${base}/`);
      await expect.poll(() => page.locator("a.sign-in").count()).toBe(1);

      await page.goto("/signin?redirect=%2Fsearch%3Fquery%3Dsilk");
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await signIn(page, email, "Wrong@Pass1");
      await expect.poll(() => page.getByText("Invalid email or password").count()).toBeGreaterThan(0);
      await signIn(page, email, TEST_PASSWORD);
      await page.waitForURL(/\/search\?query=silk$/);
      await expect.poll(() => page.locator("summary.user-menu__toggle").count()).toBe(1);
    } finally {
      await close();
    }
  });
});

describe("verification codes", () => {
  it("locks the code after 5 wrong tries and refuses an early resend", async () => {
    const { page, close } = await browser.open("desktop", { expectStatuses: [400, 429] });
    try {
      const email = uniqueEmail("e2e-lock");
      await page.goto("/create-account");
      await waitForHydration(page);
      await fillSignUp(page, email);
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.waitForURL(/\/verify-otp/);
      const code = await latestCode(base, email);
      const wrong = code === "123456" ? "654321" : "123456";
      for (let i = 1; i <= 5; i++) {
        await page.getByLabel("Verification code").fill(wrong);
        await page.getByRole("button", { name: "Verify" }).click();
        const expected = i < 5 ? `Incorrect code. ${5 - i} ${5 - i === 1 ? "try" : "tries"} left.` : "Too many wrong codes.";
        await expect.poll(() => page.locator(".field__error").textContent()).toContain(expected);
      }
      await page.getByLabel("Verification code").fill(code);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect.poll(() => page.locator(".field__error").textContent()).toContain("locked");
      expect(page.url()).toContain("/verify-otp");

      await page.getByRole("button", { name: "Resend code" }).click();
      await expect.poll(() => page.getByText(/Please wait \d+ seconds/).count()).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});

describe("password reset", () => {
  it("mails a link; the new password works, the old one does not, and other sessions end", async () => {
    const user = await createUser(base, "e2e-reset");
    const signedIn = await browser.open("desktop");
    const resetter = await browser.open("phone", { expectStatuses: [400, 401] });
    try {
      // A browser session and an API token, both to be ended by the reset.
      await signedIn.page.goto("/signin?redirect=%2Fall-products");
      await waitForHydration(signedIn.page);
      await signIn(signedIn.page, user.email, TEST_PASSWORD);
      await signedIn.page.waitForURL(/\/all-products$/);

      const { page } = resetter;
      await page.goto("/signin");
      await waitForHydration(page);
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await page.waitForURL(/\/forgot-password$/);
      await expectNoAxeViolations(page);
      await page.getByLabel("Email").fill(user.email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect.poll(() => page.getByRole("heading", { name: "Check your inbox" }).count()).toBe(1);

      await page.goto(await latestResetLink(base, user.email));
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await page.getByLabel("New password", { exact: true }).fill("weak");
      await page.getByLabel("Confirm new password").fill("weak");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect
        .poll(() => page.getByText("Password must have 6+ chars, 1 uppercase, 1 lowercase, 1 number, 1 special char").count())
        .toBeGreaterThan(0);
      await page.getByLabel("New password", { exact: true }).fill("Gulab$Jamun7");
      await page.getByLabel("Confirm new password").fill("Gulab$Jamun8");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect.poll(() => page.getByText("Passwords do not match").count()).toBeGreaterThan(0);
      await page.getByLabel("Confirm new password").fill("Gulab$Jamun7");
      // The page's clock stands still, so the pause before sign-in is measured exactly, not raced.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1_000);
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect.poll(() => page.getByRole("heading", { name: "Password changed" }).count()).toBe(1);
      await page.clock.runFor(settings.timing.passwordResetRedirectMs - 1);
      expect(new URL(page.url()).pathname).toMatch(/^\/reset-password\//);
      await page.clock.runFor(1);
      await page.waitForURL(/\/signin\?notice=reset$/);
      await page.clock.resume();

      // The old password is refused, the new one works.
      await waitForHydration(page);
      await signIn(page, user.email, TEST_PASSWORD);
      await expect.poll(() => page.getByText("Invalid email or password").count()).toBeGreaterThan(0);
      await signIn(page, user.email, "Gulab$Jamun7");
      await page.waitForURL(`${base}/`);

      // Every earlier session has ended.
      expect((await fetch(`${base}/api/auth/profile`, { headers: { Authorization: `Bearer ${user.token}` } })).status).toBe(401);
      await signedIn.page.goto("/profile");
      await signedIn.page.waitForURL(/\/signin\?redirect=%2Fprofile$/);
    } finally {
      await signedIn.close();
      await resetter.close();
    }
  });
});

describe("redirects", () => {
  it("sends a signed-out visit to /profile to sign-in and back; /login is sign-in; foreign redirects are ignored", async () => {
    const user = await createUser(base, "e2e-redirect");
    const { page, close } = await browser.open("phone");
    try {
      await page.goto("/profile");
      await page.waitForURL(/\/signin\?redirect=%2Fprofile$/);
      await page.goto("/login?redirect=%2Fprofile");
      await page.waitForURL(/\/signin\?redirect=%2Fprofile$/);

      await page.goto("/signin?redirect=https%3A%2F%2Fevil.example%2F");
      await waitForHydration(page);
      await signIn(page, user.email, TEST_PASSWORD);
      await page.waitForURL(`${base}/`);
      await page.goto("/signin?redirect=%2F%2Fevil.example");
      await page.waitForURL(`${base}/`); // already signed in: straight to the (safe) target
    } finally {
      await close();
    }
  });

  it("signs in and out without JavaScript", async () => {
    const user = await createUser(base, "e2e-nojs");
    const { page, close } = await browser.open("desktop", { javaScriptEnabled: false });
    try {
      await page.goto("/signin?redirect=%2Fall-products");
      await signIn(page, user.email, "Wrong@Pass1");
      expect(await page.locator(".form-message").textContent()).toContain("Invalid email or password");
      expect(await page.getByLabel("Email").inputValue()).toBe(user.email);
      await signIn(page, user.email, TEST_PASSWORD);
      await page.waitForURL(/\/all-products$/);
      await page.locator("summary.user-menu__toggle").click();
      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL(`${base}/`);
      expect(await page.locator("a.sign-in").count()).toBe(1);
    } finally {
      await close();
    }
  });

  it("keeps the API's sign-in and the page's session apart from other sites", async () => {
    const res = await postJson(base, "/signin", {}, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});
