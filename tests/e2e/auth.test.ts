import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import {
  ageSignupCodes,
  createUser,
  latestCode,
  latestResetLink,
  mailsTo,
  postJson,
  TEST_PASSWORD,
  uniqueEmail,
} from "../../tooling/accounts";
import { settings } from "../../workers/services/content/settings";
import { seriousAxeViolations } from "../support/axe";
import { useBrowser, type viewports } from "../support/browser";
import { waitForHydration } from "../support/page";

const browser = useBrowser();
const base = browser.baseUrl;

async function expectNoAxeViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** BRAND.md's kumkum, the primary button's fill. */
const KUMKUM = "rgb(138, 28, 43)";

/** A link's text and fill colours as the shopper sees them. */
function colours(link: Locator) {
  return link.evaluate((el) => {
    const style = getComputedStyle(el);
    return { color: style.color, background: style.backgroundColor };
  });
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
  it("locks the code after 5 wrong tries; an early resend waits on a disabled button", async () => {
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

      // The code went out moments ago: a new one must wait, and the button says how long.
      const resend = page.getByRole("button", { name: /^Resend code in \d+ s$/ });
      expect(await resend.isDisabled()).toBe(true);
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
      // The refusal before it is gone, and the way on to sign-in is a readable brand button (white on
      // kumkum: axe cannot check it here, as it would wait for transitions the stopped clock holds).
      expect(await page.getByText("Passwords do not match").count()).toBe(0);
      const signInButton = page.locator("main").getByRole("link", { name: "Sign In" });
      expect(await colours(signInButton)).toEqual({ color: "rgb(255, 255, 255)", background: KUMKUM });
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

/** The page's toasts (the region at the top), by their text. */
const toasts = (page: Page) => page.locator(".toast").allTextContents();

/** Signs up `email` through the form (mobile written as `mobile`) and waits for the code page. */
async function signUp(page: Page, email: string, mobile = "9812345678") {
  await page.goto("/create-account");
  await waitForHydration(page);
  await fillSignUp(page, email);
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL(/\/verify-otp/);
  await waitForHydration(page);
}

describe("what a new shopper met on a 390 px phone", () => {
  it("takes a mobile number written +91 98765 43210 whole at sign-up, and keeps its 10 digits", async () => {
    const { page, close } = await browser.open("phone");
    try {
      const email = uniqueEmail("e2e-mobile");
      await page.goto("/create-account");
      await waitForHydration(page);
      await fillSignUp(page, email);
      await page.getByLabel("Mobile number").fill("+91 98765 43210");
      expect(await page.getByLabel("Mobile number").inputValue()).toBe("+91 98765 43210");
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.waitForURL(/\/verify-otp/);
      await waitForHydration(page);
      await page.getByLabel("Verification code").fill(await latestCode(base, email));
      await page.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL(`${base}/`);
      const profile = await page.evaluate(async () => (await fetch("/api/auth/profile")).json());
      expect(profile).toMatchObject({ email, mobile: "9876543210" });
    } finally {
      await close();
    }
  });

  it("flags every refused sign-up field at once and puts the focus on the first", async () => {
    const { page, close } = await browser.open("phone", { expectStatuses: [400] });
    try {
      await page.goto("/create-account");
      await waitForHydration(page);
      await page.getByLabel("Email").fill("asha@");
      await page.getByLabel("Mobile number").fill("12345");
      await page.getByLabel("Password", { exact: true }).fill("weak");
      await page.getByLabel("Confirm password").fill("other");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect
        .poll(() => page.locator("[aria-invalid=true]").evaluateAll((fields) => fields.map((f) => f.getAttribute("name"))))
        .toEqual(["name", "email", "mobile", "password", "confirmPassword"]);
      expect(await page.locator(".field__error").allTextContents()).toEqual([
        "Name is required",
        "Enter a valid email",
        "Enter a valid 10-digit mobile number",
        "Password must have 6+ chars, 1 uppercase, 1 lowercase, 1 number, 1 special char",
        "Passwords do not match",
      ]);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
      await expectNoAxeViolations(page);
    } finally {
      await close();
    }
  });

  it("shows a wrong sign-in on the form itself, in an alert beside the fields", async () => {
    const user = await createUser(base, "e2e-inline");
    const { page, close } = await browser.open("phone", { expectStatuses: [401] });
    try {
      await page.goto("/signin");
      await waitForHydration(page);
      await signIn(page, user.email, "Wrong@Pass1");
      const alert = page.locator("main [role=alert]").filter({ hasText: "Invalid email or password" });
      await alert.waitFor();
      // On the form, not only in the toast region at the top of the page.
      expect(await alert.evaluate((el) => !!el.closest("main") && !el.closest(".toasts"))).toBe(true);
      expect(await page.locator(".toast").filter({ hasText: "Invalid email or password" }).count()).toBe(0);
      await expectNoAxeViolations(page);
    } finally {
      await close();
    }
  });

  it("opened with no sign-up in progress, /verify-otp says so and offers to create an account", async () => {
    const { page, close } = await browser.open("phone");
    try {
      await page.goto("/verify-otp");
      await waitForHydration(page);
      await page.getByRole("heading", { name: "No sign-up to verify" }).waitFor();
      expect(await page.getByLabel("Verification code").count()).toBe(0);
      expect(
        await page
          .getByRole("button")
          .filter({ hasText: /Verify|Resend/ })
          .count(),
      ).toBe(0);
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: "Create an account" }).click();
      await page.waitForURL(/\/create-account$/);
    } finally {
      await close();
    }
  });

  it("counts the resend wait down on a disabled button, then sends a new code", async () => {
    const { page, close } = await browser.open("phone");
    try {
      const email = uniqueEmail("e2e-resend");
      // The page's clock is the test's: the minute's wait is stepped through, not waited out.
      await page.clock.install();
      await signUp(page, email);
      const resend = page.getByRole("button", { name: /^Resend code/ });
      const secondsLeft = async () => Number(/^Resend code in (\d+) s$/.exec((await resend.textContent()) ?? "")?.[1]);
      await expect.poll(secondsLeft).toBeGreaterThan(50);
      // Checked while the clock runs: axe waits for the button's colour transition to end.
      await expectNoAxeViolations(page);
      await page.clock.pauseAt(Date.now() + 1_000);
      const first = await secondsLeft();
      expect(first).toBeLessThanOrEqual(60);
      expect(await resend.isDisabled()).toBe(true);

      await page.clock.runFor(20_000);
      await expect.poll(secondsLeft).toBe(first - 20);
      expect(await resend.isDisabled()).toBe(true);

      // The minute passes, for the page and for the server (its codes moved a minute into the past).
      await page.clock.runFor((first - 20) * 1_000);
      await expect.poll(() => resend.textContent()).toBe("Resend code");
      expect(await resend.isDisabled()).toBe(false);
      await ageSignupCodes(inject("dbUrl"), email, 60);
      await resend.click();
      await expect.poll(async () => (await mailsTo(base, email)).length).toBe(2);
      // The new code starts a new wait.
      await expect.poll(secondsLeft).toBeGreaterThan(50);
      expect(await resend.isDisabled()).toBe(true);
    } finally {
      await close();
    }
  });

  it("leaves the code page's messages behind once the code is accepted", async () => {
    const { page, close } = await browser.open("phone", { expectStatuses: [400] });
    try {
      const email = uniqueEmail("e2e-stale-otp");
      await signUp(page, email);
      // Signing up again from this browser: the code already sent is the one to type (a hint).
      await page.goto("/create-account");
      await waitForHydration(page);
      await fillSignUp(page, email);
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.waitForURL(/notice=already-sent/);
      await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining("We have already sent a code"));
      const code = await latestCode(base, email);
      await page.getByLabel("Verification code").fill(code === "123456" ? "654321" : "123456");
      await page.getByRole("button", { name: "Verify" }).click();
      await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining("Incorrect code. 4 tries left."));

      // Toasts stay 4 seconds; with the clock stopped only leaving the page can take them away.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1_000);
      await page.getByLabel("Verification code").fill(code);
      await page.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL(`${base}/`);
      await page.locator("summary.user-menu__toggle").waitFor();
      expect(await toasts(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows the reset page's way forward after a used or bad link as a readable brand button", async () => {
    const { page, close } = await browser.open("phone");
    try {
      await page.goto(`/reset-password/${"A".repeat(43)}`);
      await waitForHydration(page);
      await page.getByRole("heading", { name: "This link has expired" }).waitFor();
      const link = page.getByRole("link", { name: "Send a new link" });
      expect(await colours(link)).toEqual({ color: "rgb(255, 255, 255)", background: KUMKUM });
      await expectNoAxeViolations(page);
      await link.click();
      await page.waitForURL(/\/forgot-password$/);
    } finally {
      await close();
    }
  });
});
