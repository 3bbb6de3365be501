import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createUser, type TestUser } from "../../tooling/accounts";
import { seriousAxeViolations } from "../support/axe";
import { type OpenOptions, useBrowser, viewports } from "../support/browser";
import { waitForHydration as hydrated } from "../support/page";

const browser = useBrowser();

/** A 1x1 PNG: small enough for any limit, real enough for the browser to draw. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const ADDRESS = {
  "Full Name": "Meera Sharma",
  "Street Address": "12 Raj Nagar Extension",
  "Phone Number": "9876501234",
  "Email Address": "meera.home@example.com",
};

interface ApiProfile {
  name: string;
  mobile: string;
  profileImage: string | null;
  addresses: { fullName: string; zipcode: string; townCity: string; state: string; phoneNumber: string }[];
}

/** Opens a browser signed in as `user` (the session cookie the sign-in page would set). */
function openAs(user: TestUser, viewport: keyof typeof viewports, opts: OpenOptions = {}) {
  return browser.open(viewport, {
    ...opts,
    cookies: [{ name: "aanchal_session", value: user.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" }],
  });
}

async function apiProfile(user: TestUser): Promise<ApiProfile> {
  const res = await fetch(`${browser.baseUrl}/api/auth/profile`, { headers: { Authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as ApiProfile;
}

const address = (page: Page, n: number) => page.getByRole("group", { name: `Address ${n}`, exact: true });
const input = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

async function fillAddress(scope: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await input(scope, label).fill(value);
}

async function shows(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

describe("profile page", () => {
  it("sends a signed-out shopper to sign in, coming back here afterwards", async () => {
    const { page, close } = await browser.open("phone");
    try {
      await page.goto("/profile");
      const url = new URL(page.url());
      expect(url.pathname + url.search).toBe("/signin?redirect=%2Fprofile");
    } finally {
      await close();
    }
  });

  describe.each(Object.keys(viewports) as (keyof typeof viewports)[])("on a %s", (viewport) => {
    it("shows the read view and the edit view, both free of serious accessibility problems", async () => {
      const user = await createUser(browser.baseUrl, `profile-view-${viewport}`);
      const { page, close } = await openAs(user, viewport);
      try {
        const res = await page.goto("/profile");
        expect(res?.status()).toBe(200);
        expect(res?.headers()["cache-control"]).toBe("private, no-store");
        expect(await page.title()).toBe("My profile | Aanchal");
        await hydrated(page);
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("My profile");
        await page.getByRole("heading", { name: user.name }).waitFor();
        await shows(page, "Verified");
        await shows(page, user.email);
        await shows(page, "No addresses added.");
        await page.getByText(/^Member since \d{1,2} [A-Z][a-z]{2,3} \d{4}$/).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);

        await page.getByRole("link", { name: "Edit Profile" }).click();
        await page.getByRole("heading", { level: 1, name: "Edit profile" }).waitFor();
        expect(new URL(page.url()).search).toBe("?edit=1");
        expect(await input(page, "Email").getAttribute("readonly")).not.toBeNull();
        await page.getByRole("button", { name: "Add address" }).click();
        await address(page, 1).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);

        await page.getByRole("link", { name: "Cancel", exact: true }).click();
        await page.getByRole("heading", { level: 1, name: "My profile" }).waitFor();
        await shows(page, "No addresses added.");
      } finally {
        await close();
      }
    });
  });

  it("stops a save at the first bad address (and at a bad mobile number) with the server's message, and saves nothing", async () => {
    const user = await createUser(browser.baseUrl, "profile-bad-pin");
    const { page, close } = await openAs(user, "phone", { expectStatuses: [400] });
    try {
      await page.goto("/profile?edit=1");
      await hydrated(page);
      let posts = 0;
      page.on("request", (req) => void (req.method() === "POST" && posts++));
      // The address check comes with the first edit, not with the page.
      const checkArrives = page.waitForResponse((res) => /\/address\.schema-[\w-]+\.js$/.test(res.url()));
      await input(page, "Name").fill("Someone Else");
      await checkArrives;
      await page.getByRole("button", { name: "Add address" }).click();
      const first = address(page, 1);
      await fillAddress(first, { ...ADDRESS, "City/Town": "Ghaziabad", State: "Uttar Pradesh", "PIN Code": "2010" });
      // Enter saves (it must not press the first "Remove" button, which comes earlier in the form).
      await input(first, "PIN Code").press("Enter");
      await shows(page, "Address 1: PIN Code must be 6 digits");
      // Refused in the browser: nothing (a picture, say) was uploaded only to be turned down.
      expect(posts).toBe(0);
      expect(await input(first, "PIN Code").getAttribute("aria-invalid")).toBe("true");
      expect(await input(first, "Full Name").inputValue()).toBe(ADDRESS["Full Name"]);

      // The addresses pass now; the server refuses the mobile number and the draft stays as typed.
      await input(first, "PIN Code").fill("201001");
      await expect.poll(() => input(first, "City/Town").inputValue()).toBe("Ghaziabad");
      await input(page, "Mobile").fill("12345");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await shows(page, "Enter a valid 10-digit mobile number");
      expect(await input(page, "Mobile").getAttribute("aria-invalid")).toBe("true");
      expect(await input(page, "Name").inputValue()).toBe("Someone Else");

      const saved = await apiProfile(user);
      expect(saved.addresses).toEqual([]);
      expect(saved.name).toBe(user.name);
    } finally {
      await close();
    }
  });

  it("flags the name, the mobile and every bad address field at once, and focuses the first", async () => {
    const user = await createUser(browser.baseUrl, "profile-all-fields");
    const { page, close } = await openAs(user, "phone");
    try {
      await page.goto("/profile?edit=1");
      await hydrated(page);
      const checkArrives = page.waitForResponse((res) => /\/address\.schema-[\w-]+\.js$/.test(res.url()));
      await input(page, "Name").fill("");
      await checkArrives;
      await input(page, "Mobile").fill("12345");
      await page.getByRole("button", { name: "Add address" }).click();
      await fillAddress(address(page, 1), { ...ADDRESS, "Street Address": "", "City/Town": "Ghaziabad", State: "", "PIN Code": "2010" });
      await page.getByRole("button", { name: "Save Changes" }).click();

      const flagged = [
        input(page, "Name"),
        input(page, "Mobile"),
        ...["Street Address", "PIN Code", "State"].map((l) => input(address(page, 1), l)),
      ];
      for (const field of flagged) await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator(".field__error").allTextContents()).toEqual([
        "Name is required",
        "Enter a valid 10-digit mobile number",
        "Street Address is required",
        "PIN Code must be 6 digits",
        "State is required",
      ]);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it("takes mobile numbers as Indians write them (+91, 0, spaces, dashes) and keeps their 10 digits", async () => {
    const user = await createUser(browser.baseUrl, "profile-mobile-forms");
    const { page, close } = await openAs(user, "phone");
    try {
      await page.goto("/profile?edit=1");
      await hydrated(page);
      await input(page, "Mobile").fill("+91 98765 43210");
      await page.getByRole("button", { name: "Add address" }).click();
      const first = address(page, 1);
      await fillAddress(first, { ...ADDRESS, "Phone Number": "098765-01234", "City/Town": "Ghaziabad", State: "Uttar Pradesh" });
      await input(first, "PIN Code").fill("201001");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await shows(page, "Profile updated successfully");
      const saved = await apiProfile(user);
      expect(saved.mobile).toBe("9876543210");
      expect(saved.addresses).toMatchObject([{ phoneNumber: "9876501234" }]);
    } finally {
      await close();
    }
  });

  it("fills city and state from a known PIN and empties them for an unknown one", async () => {
    const user = await createUser(browser.baseUrl, "profile-pin");
    // The unknown PIN's lookup answers 404.
    const { page, close } = await openAs(user, "phone", { expectStatuses: [404] });
    try {
      await page.goto("/profile?edit=1");
      await hydrated(page);
      await page.getByRole("button", { name: "Add address" }).click();
      const first = address(page, 1);
      await input(first, "PIN Code").fill("201001");
      await expect.poll(() => input(first, "City/Town").inputValue()).toBe("Ghaziabad");
      expect(await input(first, "State").inputValue()).toBe("Uttar Pradesh");

      await input(first, "PIN Code").fill("999999");
      await shows(page, "Invalid PIN Code.");
      await expect.poll(() => input(first, "City/Town").inputValue()).toBe("");
      expect(await input(first, "State").inputValue()).toBe("");
    } finally {
      await close();
    }
  });

  it("keeps only digits in phone fields while typing, and removes the chosen address", async () => {
    const user = await createUser(browser.baseUrl, "profile-phone");
    const { page, close } = await openAs(user, "phone");
    try {
      await page.goto("/profile?edit=1");
      await hydrated(page);
      const mobile = input(page, "Mobile");
      await mobile.fill("");
      await mobile.pressSequentially("98a76-54");
      expect(await mobile.inputValue()).toBe("987654");

      await page.getByRole("button", { name: "Add address" }).click();
      await page.getByRole("button", { name: "Add address" }).click();
      const phone = input(address(page, 1), "Phone Number");
      await phone.pressSequentially("98a76-54");
      expect(await phone.inputValue()).toBe("987654");
      await input(address(page, 2), "Full Name").fill("Second Address");

      await page.getByRole("button", { name: "Remove address 1" }).click();
      expect(await page.getByRole("group", { name: /^Address \d+$/ }).count()).toBe(1);
      expect(await input(address(page, 1), "Full Name").inputValue()).toBe("Second Address");
    } finally {
      await close();
    }
  });

  it("saves name, picture and an address, then shows them in the read view", async () => {
    const user = await createUser(browser.baseUrl, "profile-save");
    const { page, close } = await openAs(user, "desktop");
    try {
      await page.goto("/profile");
      await hydrated(page);
      await page.getByRole("link", { name: "Edit Profile" }).click();
      await input(page, "Name").fill("Meera S Sharma");
      await page.getByLabel("Profile picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
      await expect.poll(() => page.locator(".photo-picker img").getAttribute("src")).toMatch(/^blob:/);

      await page.getByRole("button", { name: "Add address" }).click();
      const first = address(page, 1);
      await fillAddress(first, ADDRESS);
      await input(first, "PIN Code").fill("201001");
      await expect.poll(() => input(first, "City/Town").inputValue()).toBe("Ghaziabad");
      // The clock stands still while the page tidies its URL, so the toast cannot time out meanwhile:
      // only dropping `?updated=1` could take it away, and it must not.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1_000);
      await page.getByRole("button", { name: "Save Changes" }).click();

      await shows(page, "Profile updated successfully");
      await page.getByRole("heading", { level: 1, name: "My profile" }).waitFor();
      await expect.poll(() => new URL(page.url()).search).toBe("");
      expect(await page.locator(".toast").allTextContents()).toEqual([expect.stringContaining("Profile updated successfully")]);
      await page.clock.resume();
      await page.getByRole("heading", { name: "Meera S Sharma" }).waitFor();
      await page.locator(".address-card").getByText("Ghaziabad, Uttar Pradesh 201001").waitFor();

      const avatar = page.locator(".profile-card img.avatar");
      expect(await avatar.getAttribute("src")).toMatch(new RegExp(`^${browser.baseUrl}/media/profiles/`));
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>(".profile-card img.avatar");
        return !!img && img.complete && img.naturalWidth > 0;
      });

      const saved = await apiProfile(user);
      expect(saved.name).toBe("Meera S Sharma");
      expect(saved.profileImage).toMatch(/^\/media\/profiles\//);
      expect(saved.addresses).toMatchObject([
        { fullName: "Meera Sharma", zipcode: "201001", townCity: "Ghaziabad", state: "Uttar Pradesh", phoneNumber: "9876501234" },
      ]);
    } finally {
      await close();
    }
  });

  it("works without JavaScript: add an address on the server, see its problem, fix it and save", async () => {
    const user = await createUser(browser.baseUrl, "profile-nojs");
    const { page, close } = await openAs(user, "phone", { javaScriptEnabled: false });
    try {
      await page.goto("/profile");
      await page.getByRole("link", { name: "Edit Profile" }).click();
      await page.waitForURL(/\/profile\?edit=1$/);
      // Each button posts the form and the next page comes from the server: wait for it each time.
      await page.getByRole("button", { name: "Add address" }).click();
      await address(page, 1).waitFor();
      await page.getByRole("button", { name: "Add address" }).click();
      await address(page, 2).waitFor();
      await input(address(page, 2), "Full Name").fill("Goes Away");
      await page.getByRole("button", { name: "Remove address 2" }).click();
      await address(page, 2).waitFor({ state: "detached" });
      await address(page, 1).waitFor();
      expect(await page.getByRole("group", { name: /^Address \d+$/ }).count()).toBe(1);

      const first = address(page, 1);
      await fillAddress(first, {
        ...ADDRESS,
        "Street Address": "",
        "PIN Code": "201001",
        "City/Town": "Ghaziabad",
        State: "Uttar Pradesh",
      });
      await page.getByRole("button", { name: "Save Changes" }).click();
      // The refused field says so under itself, in its address's group.
      await address(page, 1).getByText("Street Address is required", { exact: true }).waitFor();
      expect(await input(address(page, 1), "Street Address").getAttribute("aria-invalid")).toBe("true");
      expect(await input(address(page, 1), "Full Name").inputValue()).toBe(ADDRESS["Full Name"]);
      expect((await apiProfile(user)).addresses).toEqual([]);

      await input(address(page, 1), "Street Address").fill(ADDRESS["Street Address"]);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await shows(page, "Profile updated successfully");
      await page.locator(".address-card").getByText("Ghaziabad, Uttar Pradesh 201001").waitFor();

      const saved = await apiProfile(user);
      expect(saved.addresses).toMatchObject([{ fullName: "Meera Sharma", zipcode: "201001", state: "Uttar Pradesh" }]);
    } finally {
      await close();
    }
  });
});
