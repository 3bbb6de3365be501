/**
 * The account pages as a browser without JavaScript uses them: form posts (urlencoded or
 * multipart) and document GETs, following no redirects, with the session in the `aanchal_session`
 * cookie and the pending sign-up (its token and e-mail) in `aanchal_pending_signup`.
 */
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
import { untilCached } from "../support/edge-cache";
import { roundTripsOf } from "../support/round-trips";

const base = inject("baseUrl");
const url = (path: string) => new URL(path, base);

const SESSION = "aanchal_session";
const PENDING = "aanchal_pending_signup";
/** The pending cookie for `email`: the sign-up's own 43-character token, a dot, the encoded e-mail. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]{}\\]/g, "\\$&");
const pendingFor = (email: string) => new RegExp(`^${PENDING}=[A-Za-z0-9_-]{43}\\.${escapeRegExp(encodeURIComponent(email))};`);
const SESSION_SET = /^aanchal_session=([^;]+); Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/;
const SESSION_CLEARED = "aanchal_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0";
const FORGOT_MESSAGE = "If an account exists for this email, we have sent a link to reset the password. Please check your inbox.";
const EXPIRED_LINK = "This link has expired";

const sessionCookie = (token: string) => `${SESSION}=${token}`;

/** A form post as a browser without JavaScript sends it. */
function postForm(path: string, fields: Record<string, string>, opts: { cookie?: string; origin?: string } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Origin: opts.origin ?? base };
  if (opts.cookie) headers.Cookie = opts.cookie;
  return fetch(url(path), { method: "POST", redirect: "manual", headers, body: new URLSearchParams(fields) });
}

/** A document GET, redirects not followed. */
function getPage(path: string, cookie?: string) {
  return fetch(url(path), { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

const setCookies = (res: Response): string[] => res.headers.getSetCookie();
const cookieNamed = (res: Response, name: string) => setCookies(res).find((c) => c.startsWith(`${name}=`));

/** The token of the session cookie a response sets, checked against the cookie's exact attributes. */
function sessionTokenOf(res: Response): string {
  const cookie = cookieNamed(res, SESSION);
  expect(cookie).toMatch(SESSION_SET);
  return SESSION_SET.exec(cookie!)![1]!;
}

const profileOf = (token: string) => fetch(url("/api/auth/profile"), { headers: { Authorization: `Bearer ${token}` } });
const profileStatus = async (token: string) => (await profileOf(token)).status;

/** Whether a page's HTML holds `text`, asserted as a boolean so a failure names the text, not 100 kB of HTML. */
function expectShows(html: string, text: string, shown = true, where = "") {
  expect(html.includes(text), `${where ? `${where}: ` : ""}page ${shown ? "shows" : "does not show"} ${JSON.stringify(text)}`).toBe(shown);
}

/** The header's Sign In link, shown only to a signed-out shopper. */
const SIGN_IN_LINK = 'class="sign-in__label">Sign In<';

function expectNotPublic(res: Response) {
  expect(res.headers.get("Cache-Control") ?? "").not.toMatch(/\bpublic\b/);
}

describe("search engines", () => {
  it("may index sign-in and create-account, described and under a canonical URL without the redirect", async () => {
    for (const path of ["/signin", "/create-account"]) {
      const html = await (await getPage(`${path}?redirect=%2Fcart`)).text();
      expectShows(html, `<link rel="canonical" href="${base}${path}"/>`, true, path);
      expectShows(html, '<meta name="description" content="', true, path);
      expectShows(html, "noindex", false, path);
    }
  });

  it("are kept off the code, forgot-password and reset pages", async () => {
    for (const path of ["/verify-otp", "/forgot-password", `/reset-password/${"A".repeat(43)}`]) {
      expectShows(await (await getPage(path)).text(), '<meta name="robots" content="noindex"/>', true, path);
    }
  });
});

describe("sign-in page", () => {
  it("answers bad input and a wrong password on the page, without a session", async () => {
    const user = await createUser(base, "page-signin-bad");

    const badEmail = await postForm("/signin", { email: "not-an-email", password: TEST_PASSWORD });
    expect(badEmail.status).toBe(400);
    expectShows(await badEmail.text(), "Enter a valid email");
    expect(cookieNamed(badEmail, SESSION)).toBeUndefined();

    const noPassword = await postForm("/signin", { email: user.email, password: "" });
    expect(noPassword.status).toBe(400);
    const noPasswordHtml = await noPassword.text();
    expectShows(noPasswordHtml, "Password is required");
    // The e-mail the shopper typed is kept in the form.
    expectShows(noPasswordHtml, `value="${user.email}"`);

    const wrong = await postForm("/signin", { email: user.email, password: "Wrong#Pass1" });
    expect(wrong.status).toBe(401);
    expectShows(await wrong.text(), "Invalid email or password");
    expect(setCookies(wrong)).toEqual([]);
  });

  it("signs in with an HttpOnly session cookie and goes on to the asked-for page", async () => {
    const user = await createUser(base, "page-signin");
    // The page keeps the target in the form, so the post works without JavaScript.
    const form = await getPage("/signin?redirect=%2Fprofile");
    expect(form.status).toBe(200);
    expectShows(await form.text(), 'type="hidden" name="redirect" value="/profile"');

    const res = await postForm("/signin?redirect=%2Fprofile", { email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/profile");
    const cookie = cookieNamed(res, SESSION)!;
    expect(cookie).not.toMatch(/Secure/i);
    expectNotPublic(res);
    const token = sessionTokenOf(res);

    const profile = await profileOf(token);
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ email: user.email });

    // The same cookie opens the page it was sent to.
    const page = await getPage("/profile", sessionCookie(token));
    expect(page.status).toBe(200);
    expectShows(await page.text(), user.email);
  });

  it("sends a foreign redirect target home instead", async () => {
    const user = await createUser(base, "page-signin-evil");
    const targets = ["https://evil.example", "//evil.example", "/\\evil.example"];
    for (const target of targets) {
      // As a query parameter of the page...
      const byQuery = await postForm(`/signin?redirect=${encodeURIComponent(target)}`, { email: user.email, password: TEST_PASSWORD });
      expect(byQuery.status, target).toBe(302);
      expect(byQuery.headers.get("Location"), target).toBe("/");
      // ...and as the form's hidden field.
      const byField = await postForm("/signin", { email: user.email, password: TEST_PASSWORD, redirect: target });
      expect(byField.status, target).toBe(302);
      expect(byField.headers.get("Location"), target).toBe("/");
    }
    // A same-site target in the hidden field is kept.
    const own = await postForm("/signin", { email: user.email, password: TEST_PASSWORD, redirect: "/wishlist?x=1" });
    expect(own.headers.get("Location")).toBe("/wishlist?x=1");
    // An already signed-in shopper opening the page is sent on, but never off-site either.
    const signedIn = await getPage("/signin?redirect=%2F%2Fevil.example", sessionCookie(user.token));
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/");
  });

  it("sends an unverified account on to verify-otp with its pending e-mail", async () => {
    const email = uniqueEmail("page-unverified");
    const reg = await postJson(base, "/api/auth/register", { name: "Nisha Rao", email, mobile: "9812345678", password: TEST_PASSWORD });
    expect(reg.status).toBe(201);
    await ageSignupCodes(inject("dbUrl"), email, 61);
    const res = await postForm("/signin?redirect=%2Fcart", { email, password: TEST_PASSWORD });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/verify-otp?notice=unverified&redirect=%2Fcart");
    expect(cookieNamed(res, PENDING)).toMatch(pendingFor(email));
    expect(cookieNamed(res, SESSION)).toBeUndefined();
  });
});

describe("create-account and verify-otp pages", () => {
  const newAccount = (email: string, overrides: Record<string, string> = {}) => ({
    name: "Kavya Iyer",
    email,
    mobile: "9812345678",
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    ...overrides,
  });

  it("refuses a mismatched confirmation without creating the account or mailing a code", async () => {
    const email = uniqueEmail("page-mismatch");
    const res = await postForm("/create-account", newAccount(email, { confirmPassword: "Other@Pass9" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expectShows(html, "Passwords do not match");
    expectShows(html, `value="${email}"`);
    expect(cookieNamed(res, PENDING)).toBeUndefined();
    expect(await mailsTo(base, email)).toHaveLength(0);
    // No account was created: sign-in says "invalid", not "please verify".
    expect((await postJson(base, "/api/auth/login", { email, password: TEST_PASSWORD })).status).toBe(401);
  });

  it("mails a code and moves on to verify-otp with the pending e-mail; a second post within a minute says 'already sent'", async () => {
    const email = uniqueEmail("page-signup");
    const res = await postForm("/create-account?redirect=%2Fwishlist", newAccount(email));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/verify-otp?redirect=%2Fwishlist");
    expect(cookieNamed(res, PENDING)).toMatch(pendingFor(email));
    expect(cookieNamed(res, PENDING)).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600$/);
    expect(await mailsTo(base, email)).toHaveLength(1);

    // The verify page shows which address the code went to.
    const verifyPage = await getPage("/verify-otp?redirect=%2Fwishlist", cookieNamed(res, PENDING)!.split(";")[0]);
    expect(verifyPage.status).toBe(200);
    expectShows(await verifyPage.text(), email);

    const again = await postForm("/create-account?redirect=%2Fwishlist", newAccount(email), {
      cookie: cookieNamed(res, PENDING)!.split(";")[0],
    });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/verify-otp?notice=already-sent&redirect=%2Fwishlist");
    expect(cookieNamed(again, PENDING)!.split(";")[0]).toBe(cookieNamed(res, PENDING)!.split(";")[0]);
    expect(await mailsTo(base, email)).toHaveLength(1);

    const notice = await getPage("/verify-otp?notice=already-sent", cookieNamed(again, PENDING)!.split(";")[0]);
    expectShows(await notice.text(), "We have already sent a code to this email.");
  });

  it("verifies the code from the pending cookie, signs in and clears the pending cookie", async () => {
    const email = uniqueEmail("page-verify");
    const signup = await postForm("/create-account?redirect=%2Fwishlist", newAccount(email));
    const pending = cookieNamed(signup, PENDING)!.split(";")[0]!;
    const otp = await latestCode(base, email);
    const wrongCode = otp === "000000" ? "111111" : "000000";

    const wrong = await postForm(
      "/verify-otp?redirect=%2Fwishlist",
      { otp: wrongCode, intent: "verify", redirect: "/wishlist" },
      { cookie: pending },
    );
    expect(wrong.status).toBe(400);
    expectShows(await wrong.text(), "Incorrect code");
    expect(cookieNamed(wrong, SESSION)).toBeUndefined();

    const right = await postForm("/verify-otp?redirect=%2Fwishlist", { otp, intent: "verify", redirect: "/wishlist" }, { cookie: pending });
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/wishlist");
    expect(cookieNamed(right, PENDING)).toBe(`${PENDING}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
    const token = sessionTokenOf(right);
    const profile = await profileOf(token);
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ email, isVerified: true });

    const wishlist = await getPage("/wishlist", sessionCookie(token));
    expect(wishlist.status).toBe(200);
  });

  it("cannot resend or verify without the pending cookie", async () => {
    const res = await postForm("/verify-otp", { intent: "resend" });
    expect(res.status).toBe(400);
    expectShows(await res.text(), "No email found to resend OTP.");
    const verify = await postForm("/verify-otp", { intent: "verify", otp: "123456" });
    expect(verify.status).toBe(400);
    expectShows(await verify.text(), "Your sign-up has timed out. Please create your account again.");
    expect(cookieNamed(verify, SESSION)).toBeUndefined();
  });
});

describe("forgot-password and reset-password pages", () => {
  it("answers unknown and known e-mails alike, and mails a link only to the account", async () => {
    const user = await createUser(base, "page-forgot");
    const ghost = uniqueEmail("page-ghost");
    const unknown = await postForm("/forgot-password", { email: ghost });
    const known = await postForm("/forgot-password", { email: user.email });
    expect([unknown.status, known.status]).toEqual([200, 200]);
    const [unknownHtml, knownHtml] = [await unknown.text(), await known.text()];
    expectShows(unknownHtml, FORGOT_MESSAGE);
    expectShows(knownHtml, FORGOT_MESSAGE);
    expectShows(unknownHtml, ghost, false);
    expectShows(knownHtml, user.email, false);
    expect(await mailsTo(base, ghost)).toHaveLength(0);
    expect(await latestResetLink(base, user.email)).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/);
  });

  it("says a bogus link has expired", async () => {
    const res = await getPage(`/reset-password/${"x".repeat(43)}`);
    expectShows(await res.text(), EXPIRED_LINK);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
  });

  it("checks the new password, then resets it, ends every session and points to sign-in", async () => {
    const user = await createUser(base, "page-reset");
    await postForm("/forgot-password", { email: user.email });
    const link = new URL(await latestResetLink(base, user.email));
    expect(link.origin).toBe(new URL(base).origin);
    const path = link.pathname;

    const live = await getPage(path, sessionCookie(user.token));
    const liveHtml = await live.text();
    expectShows(liveHtml, "Choose a new password");
    expectShows(liveHtml, EXPIRED_LINK, false);

    const weak = await postForm(path, { password: "short", confirmPassword: "short" }, { cookie: sessionCookie(user.token) });
    expect(weak.status).toBe(400);
    expectShows(await weak.text(), "Password must have 6+ chars, 1 uppercase, 1 lowercase, 1 number, 1 special char");

    const mismatch = await postForm(
      path,
      { password: "Nimbu@Pani7", confirmPassword: "Nimbu@Pani8" },
      { cookie: sessionCookie(user.token) },
    );
    expect(mismatch.status).toBe(400);
    expectShows(await mismatch.text(), "Passwords do not match");
    // Neither refusal used up the link or ended the session.
    expect(await profileStatus(user.token)).toBe(200);

    // Any special character counts, # included.
    const done = await postForm(path, { password: "Priya#2024", confirmPassword: "Priya#2024" }, { cookie: sessionCookie(user.token) });
    expect(done.status).toBe(200);
    expect(done.headers.get("Refresh")).toBe("2; url=/signin?notice=reset");
    expect(cookieNamed(done, SESSION)).toBe(SESSION_CLEARED);
    expectNotPublic(done);
    expectShows(await done.text(), "Your password has been reset.");

    expect(await profileStatus(user.token)).toBe(401);
    expect((await postJson(base, "/api/auth/login", { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await postJson(base, "/api/auth/login", { email: user.email, password: "Priya#2024" })).status).toBe(200);

    // The link worked once.
    expectShows(await (await getPage(path)).text(), EXPIRED_LINK);
    const reuse = await postForm(path, { password: "Other@Pass9", confirmPassword: "Other@Pass9" });
    expect(reuse.status).toBe(400);
    expect((await postJson(base, "/api/auth/login", { email: user.email, password: "Other@Pass9" })).status).toBe(401);
  });
});

describe("logout page", () => {
  it("signs out on POST: back home, cookie cleared, the token ended", async () => {
    const user = await createUser(base, "page-logout");
    const res = await postForm("/logout", {}, { cookie: sessionCookie(user.token) });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(cookieNamed(res, SESSION)).toBe(SESSION_CLEARED);
    expect(await profileStatus(user.token)).toBe(401);
    expect((await getPage("/profile", sessionCookie(user.token))).status).toBe(302);
  });

  it("does nothing on GET but go home", async () => {
    const user = await createUser(base, "page-logout-get");
    const res = await getPage("/logout", sessionCookie(user.token));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(cookieNamed(res, SESSION)).toBeUndefined();
    expect(await profileStatus(user.token)).toBe(200);
  });
});

describe("protected pages", () => {
  const pages = ["/profile", "/cart", "/wishlist", "/my-orders"];

  it("send a signed-out shopper to sign-in and back", async () => {
    for (const path of pages) {
      const res = await getPage(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toBe(`/signin?redirect=${encodeURIComponent(path)}`);
    }
    const withQuery = await getPage("/my-orders?page=2");
    expect(withQuery.headers.get("Location")).toBe("/signin?redirect=%2Fmy-orders%3Fpage%3D2");
  });

  it("open for a signed-in shopper and are never publicly cacheable", async () => {
    const user = await createUser(base, "page-protected");
    for (const path of pages) {
      const res = await getPage(path, sessionCookie(user.token));
      expect(res.status, path).toBe(200);
      expectShows(await res.text(), user.name, true, path);
      const cc = res.headers.get("Cache-Control") ?? "";
      expect(cc, path).not.toMatch(/\bpublic\b/);
      expect(res.headers.get("X-Edge-Cache"), path).toBeNull();
      // A personal page must tell browsers and proxies not to share it.
      expect.soft(cc, `${path} Cache-Control`).toMatch(/\b(private|no-store|no-cache)\b/);
    }
  });

  it("render the profile in one database round trip: the session check and the addresses travel together", async () => {
    const user = await createUser(base, "page-round-trips");
    const oneTrip = { status: 200, trips: 1 };
    expect(await roundTripsOf("/profile", { Cookie: sessionCookie(user.token) })).toMatchObject(oneTrip);
    expect(await roundTripsOf("/api/auth/profile", { Authorization: `Bearer ${user.token}` })).toMatchObject(oneTrip);
    expect(await roundTripsOf("/api/addresses/my", { Authorization: `Bearer ${user.token}` })).toMatchObject(oneTrip);
  });

  it("/login is the old name of /signin and keeps the redirect", async () => {
    const res = await getPage("/login?redirect=%2Fcart");
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/signin?redirect=%2Fcart");
  });
});

describe("edge cache and privacy", () => {
  /** Every signed-out copy of `path` up to and including the one the edge cache keeps: none may show `name`. */
  async function expectAnonymous(path: string, name: string, where: string) {
    const { html } = await untilCached(path);
    for (const page of html) {
      expectShows(page, name, false, where);
      expectShows(page, SIGN_IN_LINK, true, where);
    }
  }

  it("shows the signed-in shopper's name only to them, never to the next signed-out visitor", async () => {
    const name = `Tanvi Privacy ${Date.now().toString(36)}`;
    const user = await createUser(base, "page-privacy", name);
    // Fresh URLs, so a signed-in render would be the first copy the cache could keep.
    const fresh = Date.now();
    for (const path of ["/", `/?privacy=${fresh}`, "/all-products", `/all-products?privacy=${fresh}`]) {
      const mine = await getPage(path, sessionCookie(user.token));
      expect(mine.status, path).toBe(200);
      expectNotPublic(mine);
      const mineHtml = await mine.text();
      expectShows(mineHtml, name, true, path);
      expectShows(mineHtml, SIGN_IN_LINK, false, path);

      await expectAnonymous(path, name, path);
    }
  });

  it("does not keep a page personalised by a Bearer token in the shared cache", async () => {
    const name = `Bearer Privacy ${Date.now().toString(36)}`;
    const user = await createUser(base, "page-bearer", name);
    const path = `/all-products?bearer=${Date.now()}`;
    const mine = await fetch(url(path), { headers: { Authorization: `Bearer ${user.token}` } });
    expect(mine.status).toBe(200);
    expectShows(await mine.text(), name);

    await expectAnonymous(path, name, "signed-out visit");
  });

  it("sends a tampered or revoked session cookie to sign-in (no error) and drops it", async () => {
    const user = await createUser(base, "page-tampered");
    const [h, p, s] = user.token.split(".") as [string, string, string];
    const flipped = `${h}.${p}.${s.slice(0, -2)}${s.endsWith("AA") ? "BB" : "AA"}`;
    for (const value of ["garbage", flipped]) {
      const res = await getPage("/profile", `${SESSION}=${value}`);
      expect(res.status, value).toBe(302);
      expect(res.headers.get("Location"), value).toBe("/signin?redirect=%2Fprofile");
      expect(cookieNamed(res, SESSION), value).toBe(SESSION_CLEARED);
    }
    // A token ended by logout elsewhere counts as signed out too.
    expect((await fetch(url("/api/auth/logout"), { method: "POST", headers: { Authorization: `Bearer ${user.token}` } })).status).toBe(200);
    const revoked = await getPage("/wishlist", sessionCookie(user.token));
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("Location")).toBe("/signin?redirect=%2Fwishlist");
    expect(cookieNamed(revoked, SESSION)).toBe(SESSION_CLEARED);

    // A page anyone may see still renders, signed out, and the dead cookie is dropped.
    const home = await getPage("/all-products", `${SESSION}=garbage`);
    expect(home.status).toBe(200);
    expect(cookieNamed(home, SESSION)).toBe(SESSION_CLEARED);
    expectNotPublic(home);
    expectShows(await home.text(), SIGN_IN_LINK);
  });

  it("never marks a response that sets a cookie as public", async () => {
    const user = await createUser(base, "page-cookie-cache");
    const responses: [string, Response][] = [
      ["sign-in", await postForm("/signin", { email: user.email, password: TEST_PASSWORD })],
      [
        "sign-up",
        await postForm("/create-account", {
          name: "Ravi Nair",
          email: uniqueEmail("page-cc"),
          mobile: "9812345678",
          password: TEST_PASSWORD,
          confirmPassword: TEST_PASSWORD,
        }),
      ],
      ["dead cookie on home", await getPage("/", `${SESSION}=garbage`)],
      ["dead cookie on a category", await getPage("/all-products?sort=newest", `${SESSION}=garbage`)],
    ];
    for (const [what, res] of responses) {
      expect(setCookies(res).length, what).toBeGreaterThan(0);
      expect(res.headers.get("Cache-Control") ?? "", what).not.toMatch(/\bpublic\b/);
      expect(res.headers.get("X-Edge-Cache"), what).toBeNull();
    }
  });
});

describe("cross-site form posts", () => {
  const evil = "https://evil.example";

  it("refuses a sign-in posted from another site", async () => {
    const user = await createUser(base, "page-csrf-signin");
    const res = await postForm("/signin", { email: user.email, password: TEST_PASSWORD }, { origin: evil });
    expect(res.status).toBe(403);
    expect(cookieNamed(res, SESSION)).toBeUndefined();
  });

  it("refuses a logout posted from another site, and the session lives on", async () => {
    const user = await createUser(base, "page-csrf-logout");
    const res = await postForm("/logout", {}, { cookie: sessionCookie(user.token), origin: evil });
    expect(res.status).toBe(403);
    expect(cookieNamed(res, SESSION)).toBeUndefined();
    expect(await profileStatus(user.token)).toBe(200);

    // Without an Origin header, the browser's Sec-Fetch-Site says the same.
    const noOrigin = await fetch(url("/logout"), {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: sessionCookie(user.token), "Sec-Fetch-Site": "cross-site" },
      body: "",
    });
    expect(noOrigin.status).toBe(403);
    expect(await profileStatus(user.token)).toBe(200);
  });
});

describe("profile page action", () => {
  const address = {
    fullName: "Meera Sharma",
    streetAddress: "12 Lotus Lane",
    apartment: "Flat 4B",
    zipcode: "201001",
    townCity: "Ghaziabad",
    state: "Uttar Pradesh",
    phoneNumber: "9876543210",
    emailAddress: "meera.home@example.com",
  };

  function profileForm(fields: { name: string; mobile: string; address: Record<string, string> }) {
    const form = new FormData();
    form.set("intent", "save");
    form.set("name", fields.name);
    form.set("mobile", fields.mobile);
    for (const [key, value] of Object.entries(fields.address)) form.set(`addresses[0].${key}`, value);
    return form;
  }

  const postProfile = (token: string, form: FormData) =>
    fetch(url("/profile"), { method: "POST", redirect: "manual", headers: { Origin: base, Cookie: sessionCookie(token) }, body: form });

  it("refuses a 4-digit PIN code with the address's message and saves nothing", async () => {
    const user = await createUser(base, "page-profile-bad");
    const res = await postProfile(
      user.token,
      profileForm({ name: "Meera S Sharma", mobile: "9876501234", address: { ...address, zipcode: "2010" } }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expectShows(html, "Address 1: PIN Code must be 6 digits");
    // The form comes back filled in as it was posted.
    expectShows(html, 'value="12 Lotus Lane"');
    expect(res.headers.get("Cache-Control") ?? "").toMatch(/\b(private|no-store)\b/);

    const profile = (await (await profileOf(user.token)).json()) as { name: string; mobile: string; addresses: unknown[] };
    expect(profile.addresses).toEqual([]);
    expect(profile.name).toBe(user.name);
    expect(profile.mobile).toBe("9876543210");
  });

  it("saves a valid address and goes back to the profile", async () => {
    const user = await createUser(base, "page-profile-ok");
    const res = await postProfile(user.token, profileForm({ name: "Meera S Sharma", mobile: "+91 98765 01234", address }));
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("Location")).toBe("/profile?updated=1");

    const profile = (await (await profileOf(user.token)).json()) as { name: string; mobile: string; addresses: Record<string, unknown>[] };
    expect(profile.name).toBe("Meera S Sharma");
    expect(profile.mobile).toBe("9876501234");
    expect(profile.addresses).toHaveLength(1);
    expect(profile.addresses[0]).toMatchObject(address);

    const page = await getPage("/profile?updated=1", sessionCookie(user.token));
    const html = await page.text();
    expectShows(html, "Profile updated successfully");
    expectShows(html, "12 Lotus Lane");
  });

  it("refuses a signed-out post and a cross-site post", async () => {
    const user = await createUser(base, "page-profile-guard");
    const signedOut = await fetch(url("/profile"), {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base },
      body: profileForm({ name: "Intruder", mobile: "9876501234", address }),
    });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/signin?redirect=%2Fprofile");

    const crossSite = await fetch(url("/profile"), {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://evil.example", Cookie: sessionCookie(user.token) },
      body: profileForm({ name: "Intruder", mobile: "9876501234", address }),
    });
    expect(crossSite.status).toBe(403);
    const profile = (await (await profileOf(user.token)).json()) as { name: string; addresses: unknown[] };
    expect(profile.name).toBe(user.name);
    expect(profile.addresses).toEqual([]);
  });
});

describe("page forms refuse what is not a form", () => {
  it("answers 400, not an error page, to a JSON or broken multipart body", async () => {
    for (const [type, body] of [
      ["application/json", JSON.stringify({ email: "a@b.in", password: "x" })],
      ["multipart/form-data; boundary=nothing", "not multipart at all"],
    ] as const) {
      const res = await fetch(url("/signin"), {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": type, Origin: base },
        body,
      });
      expect(res.status, type).toBe(400);
      await res.arrayBuffer();
    }
  });

  it("refuses a page post over 3 MB with 413", async () => {
    const res = await fetch(url("/forgot-password"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: `email=${"a".repeat(3 * 1024 * 1024 + 10)}`,
    });
    expect(res.status).toBe(413);
    await res.arrayBuffer();
  });
});
