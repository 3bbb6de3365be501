import { SignJWT } from "jose";
import { describe, expect, inject, it } from "vitest";
import {
  ageSignupCodes,
  createUser,
  latestCode,
  latestResetLink,
  mailsTo,
  postJson,
  TEST_ADDRESS,
  TEST_PASSWORD,
  uniqueEmail,
} from "../../tooling/accounts";

const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const secret = new TextEncoder().encode(inject("sessionSecret"));
const url = (path: string) => new URL(path, base);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const profileStatus = async (token: string) => (await fetch(url("/api/auth/profile"), { headers: bearer(token) })).status;
const newUser = { name: "Asha Verma", mobile: "+91 98100 12345", password: TEST_PASSWORD };

async function message(res: Response): Promise<string> {
  return ((await res.json()) as { message: string }).message;
}

describe("sign-up with an e-mailed code", () => {
  it("registers, mails a 6-digit code, verifies it and signs the user in", async () => {
    const email = uniqueEmail("signup");
    const reg = await postJson(base, "/api/auth/register", { ...newUser, email: `  ${email.toUpperCase()} ` });
    expect(reg.status).toBe(201);
    const { message: sent, verificationToken } = (await reg.json()) as { message: string; verificationToken: string };
    expect(sent).toContain(email);

    const [mail] = await mailsTo(base, email);
    expect(mail?.subject).toMatch(/^\d{6} is your Aanchal verification code$/);
    expect(mail?.text).toContain("valid for 10 minutes");
    const otp = await latestCode(base, email);

    // Not verified yet: no sign-in (a minute on, it starts a sign-up of its own, with its own token and code).
    await ageSignupCodes(dbUrl, email, 61);
    const early = await postJson(base, "/api/auth/login", { email, password: TEST_PASSWORD });
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ needsVerification: true, verificationToken: expect.stringMatching(/^[\w-]{43}$/) });
    const res = await postJson(base, "/api/auth/verify-otp", { email, otp, verificationToken });
    expect(res.status).toBe(200);
    const { token, user } = (await res.json()) as { token: string; user: Record<string, unknown> };
    expect(token.split(".")).toHaveLength(3);
    expect(user).toMatchObject({ name: "Asha Verma", email, mobile: "9810012345", isVerified: true, profileImage: null });

    const profile = await fetch(url("/api/auth/profile"), { headers: bearer(token) });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ email, isVerified: true, addresses: [] });

    // The code is single use.
    const again = await postJson(base, "/api/auth/verify-otp", { email, otp, verificationToken });
    expect(again.status).toBe(409);
  });

  it("answers a refused sign-up with every field's message at once, and takes 91 and 0 before a mobile", async () => {
    const res = await postJson(base, "/api/auth/register", { name: " ", email: "asha@", mobile: "12345", password: "weak" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Name is required",
      field: "name",
      fields: {
        name: "Name is required",
        email: "Enter a valid email",
        mobile: "Enter a valid 10-digit mobile number",
        password: "Password must have 6+ chars, 1 uppercase, 1 lowercase, 1 number, 1 special char",
      },
    });
    for (const mobile of ["91 98100 12345", "098100-12345"]) {
      const email = uniqueEmail("signup-mobile");
      expect((await postJson(base, "/api/auth/register", { ...newUser, mobile, email })).status, mobile).toBe(201);
    }
  });

  it("never lets a second sign-up for the same e-mail set its password (no takeover before verification)", async () => {
    const email = uniqueEmail("takeover");
    const owner = (await (await postJson(base, "/api/auth/register", { ...newUser, email })).json()) as { verificationToken: string };
    const ownerCode = await latestCode(base, email);
    // A minute later a stranger signs up with the same e-mail and another password: a second code goes to the owner.
    await ageSignupCodes(dbUrl, email, 61);
    const stranger = await postJson(base, "/api/auth/register", { ...newUser, email, password: "Stranger@Pass7" });
    expect(stranger.status).toBe(201);
    const strangerCode = await latestCode(base, email);
    expect(await mailsTo(base, email)).toHaveLength(2);

    // The newest mail's code belongs to the stranger's sign-up: it does not verify the owner's.
    if (strangerCode !== ownerCode) {
      const wrongSignup = await postJson(base, "/api/auth/verify-otp", {
        email,
        otp: strangerCode,
        verificationToken: owner.verificationToken,
      });
      expect(wrongSignup.status).toBe(400);
    }
    // Without any token (the bare shape) nothing is verified either.
    const bare = await postJson(base, "/api/auth/verify-otp", { email, otp: strangerCode });
    expect(bare.status).toBe(400);
    expect(await message(bare)).toBe("Your sign-up has timed out. Please create your account again.");

    const ok = await postJson(base, "/api/auth/verify-otp", { email, otp: ownerCode, verificationToken: owner.verificationToken });
    expect(ok.status).toBe(200);
    expect((await postJson(base, "/api/auth/login", { email, password: "Stranger@Pass7" })).status).toBe(401);
    expect((await postJson(base, "/api/auth/login", { email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it("mails one e-mail at most one code a minute and five an hour, however many sign-ups and sign-ins ask", async () => {
    const email = uniqueEmail("flood");
    expect((await postJson(base, "/api/auth/register", { ...newUser, email })).status).toBe(201);
    // Another browser's sign-up, and a sign-in to the unverified account, within the minute.
    const again = await postJson(base, "/api/auth/register", { ...newUser, email, password: "Stranger@Pass7" });
    expect(again.status).toBe(429);
    expect(await message(again)).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);
    const signIn = await postJson(base, "/api/auth/login", { email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(429);
    expect(await signIn.json()).toMatchObject({
      message: expect.stringMatching(
        /^Please verify your email to sign in\. We sent you a code a moment ago; for a new one, sign in again in \d+ seconds\.$/,
      ),
      needsVerification: true,
    });
    expect(await mailsTo(base, email)).toHaveLength(1);

    for (let sent = 2; sent <= 5; sent++) {
      await ageSignupCodes(dbUrl, email, 61);
      expect((await postJson(base, "/api/auth/register", { ...newUser, email })).status).toBe(201);
    }
    await ageSignupCodes(dbUrl, email, 61);
    const sixth = await postJson(base, "/api/auth/register", { ...newUser, email });
    expect(sixth.status).toBe(429);
    // The oldest code was sent 5 minutes ago: the hour is up in 55 minutes.
    expect(await message(sixth)).toBe("Too many attempts. Please try again in 55 minutes.");
    expect(await mailsTo(base, email)).toHaveLength(5);
  });

  it("mails one code, not one each, to sign-ups for one e-mail that arrive at the same moment", async () => {
    const email = uniqueEmail("burst");
    const answers = await Promise.all(Array.from({ length: 5 }, () => postJson(base, "/api/auth/register", { ...newUser, email })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 429, 429, 429, 429]);
    expect(await mailsTo(base, email)).toHaveLength(1);
  });

  it("answers 'OTP already sent' to a second sign-up within a minute, and refuses a verified e-mail", async () => {
    const email = uniqueEmail("twice");
    const first = await postJson(base, "/api/auth/register", { ...newUser, email });
    expect(first.status).toBe(201);
    const { verificationToken } = (await first.json()) as { verificationToken: string };
    const second = await postJson(base, "/api/auth/register", { ...newUser, email, verificationToken });
    expect(second.status).toBe(409);
    expect(await message(second)).toContain("OTP already sent");
    expect(await mailsTo(base, email)).toHaveLength(1);

    const user = await createUser(base, "taken");
    const taken = await postJson(base, "/api/auth/register", { ...newUser, email: user.email });
    expect(taken.status).toBe(409);
    expect(await message(taken)).toMatch(/already exists/);
  });

  it("locks a code after 5 wrong tries, even against the right code", async () => {
    const email = uniqueEmail("locked");
    const reg = await postJson(base, "/api/auth/register", { ...newUser, email });
    const { verificationToken } = (await reg.json()) as { verificationToken: string };
    const otp = await latestCode(base, email);
    const wrong = otp === "000000" ? "111111" : "000000";
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await postJson(base, "/api/auth/verify-otp", { email, otp: wrong, verificationToken });
      expect(res.status).toBe(400);
      messages.push(await message(res));
    }
    expect(messages[0]).toBe("Incorrect code. 4 tries left.");
    expect(messages[4]).toMatch(/locked/);
    const right = await postJson(base, "/api/auth/verify-otp", { email, otp, verificationToken });
    expect(right.status).toBe(400);
    expect(await message(right)).toMatch(/locked/);
  });

  it("refuses a resend within 60 seconds of the last code", async () => {
    const email = uniqueEmail("resend");
    const reg = await postJson(base, "/api/auth/register", { ...newUser, email });
    const { verificationToken } = (await reg.json()) as { verificationToken: string };
    const res = await postJson(base, "/api/auth/resend-otp", { email, verificationToken });
    expect(res.status).toBe(429);
    expect(await message(res)).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);
    expect(await mailsTo(base, email)).toHaveLength(1);
  });

  it("answers bad input with the shop's messages and creates nothing", async () => {
    const email = uniqueEmail("bad");
    const cases: [Record<string, unknown>, string][] = [
      [{ ...newUser, email: "not-an-email" }, "Enter a valid email"],
      [{ ...newUser, email, password: "short" }, "Password must have 6+ chars, 1 uppercase, 1 lowercase, 1 number, 1 special char"],
      [{ ...newUser, email, password: "Password@123" }, "This password is too common. Please choose one that is harder to guess."],
      [{ ...newUser, email, mobile: "12345" }, "Enter a valid 10-digit mobile number"],
      [{ ...newUser, email, name: "   " }, "Name is required"],
      [{ email }, "Name is required"],
    ];
    for (const [body, expected] of cases) {
      const res = await postJson(base, "/api/auth/register", body);
      expect(res.status, expected).toBe(400);
      expect(await message(res)).toBe(expected);
    }
    for (const body of ["{not json", "[1,2]", '"text"']) {
      const res = await fetch(url("/api/auth/register"), { method: "POST", headers: { "Content-Type": "application/json" }, body });
      expect(res.status).toBe(400);
    }
    const otp = await postJson(base, "/api/auth/verify-otp", { email, otp: "12ab56" });
    expect(otp.status).toBe(400);
    expect(await message(otp)).toBe("Enter the 6-digit code from your email");
    expect(await mailsTo(base, email)).toHaveLength(0);
    const login = await postJson(base, "/api/auth/login", { email, password: TEST_PASSWORD });
    expect(login.status).toBe(401);
  });
});

describe("sign-in and sessions", () => {
  it("signs in with the right password only, with one message for unknown e-mails and wrong passwords", async () => {
    const user = await createUser(base, "login");
    const ok = await postJson(base, "/api/auth/login", { email: user.email, password: TEST_PASSWORD });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { user: { id: string; email: string }; token: string };
    expect(body.user).toMatchObject({ id: user.id, email: user.email });
    expect(await profileStatus(body.token)).toBe(200);

    const wrong = await postJson(base, "/api/auth/login", { email: user.email, password: "Wrong#Pass1" });
    const unknown = await postJson(base, "/api/auth/login", { email: uniqueEmail("nobody"), password: "Wrong#Pass1" });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await message(wrong)).toBe("Invalid email or password");
    expect(await message(unknown)).toBe("Invalid email or password");

    const badEmail = await postJson(base, "/api/auth/login", { email: "x", password: "y" });
    expect(await message(badEmail)).toBe("Enter a valid email");
    const noPassword = await postJson(base, "/api/auth/login", { email: user.email });
    expect(await message(noPassword)).toBe("Password is required");
  });

  it("refuses tampered, expired, alg:none, wrong-algorithm and revoked tokens", async () => {
    const user = await createUser(base, "tokens");
    expect(await profileStatus(user.token)).toBe(200);
    const [h, p, s] = user.token.split(".") as [string, string, string];

    const flipped = `${h}.${p}.${s.slice(0, -2)}${s.endsWith("AA") ? "BB" : "AA"}`;
    const payload = JSON.parse(Buffer.from(p, "base64url").toString()) as Record<string, unknown>;
    const otherUser = Buffer.from(JSON.stringify({ ...payload, sub: "1" })).toString("base64url");
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${p}.`;
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ver: payload.ver })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(secret);
    const noExp = await new SignJWT({ ver: payload.ver })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuedAt(now)
      .sign(secret);
    const hs512 = await new SignJWT({ ver: payload.ver })
      .setProtectedHeader({ alg: "HS512" })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(secret);
    const staleVersion = await new SignJWT({ ver: (payload.ver as number) + 1 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(secret);
    const good = await new SignJWT({ ver: payload.ver })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(secret);

    for (const token of [flipped, `${h}.${otherUser}.${s}`, none, expired, noExp, hs512, staleVersion, "garbage"]) {
      const res = await fetch(url("/api/auth/profile"), { headers: bearer(token) });
      expect(res.status).toBe(401);
      expect(await message(res)).toBe("Please login first to continue.");
    }
    // The forging recipe itself is right: the same token done properly is accepted.
    expect(await profileStatus(good)).toBe(200);
  });

  it("logout ends the session's token", async () => {
    const user = await createUser(base, "logout");
    const res = await fetch(url("/api/auth/logout"), { method: "POST", headers: bearer(user.token) });
    expect(res.status).toBe(200);
    expect(await profileStatus(user.token)).toBe(401);
  });

  it("rate-limits sign-in attempts with a 429 and a clear message", async () => {
    const email = uniqueEmail("hammer");
    // The limiter counts in windows aligned to the clock minute, so a burst may straddle two of
    // them; 21 attempts cross at most one boundary and so put at least 11 into one window.
    const statuses: number[] = [];
    let last = "";
    for (let i = 0; i < 21 && statuses.at(-1) !== 429; i++) {
      const res = await postJson(base, "/api/auth/login", { email, password: "Wrong#Pass1" });
      statuses.push(res.status);
      last = await message(res);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(last).toBe("Too many attempts. Please try again in 1 minute.");
    const refusedFirst = statuses.slice(0, -1);
    expect(refusedFirst.length).toBeGreaterThanOrEqual(10);
    expect(refusedFirst.every((s) => s === 401)).toBe(true);
  });

  it("refuses a cross-site write by Origin", async () => {
    const res = await postJson(base, "/api/auth/login", { email: uniqueEmail("csrf"), password: "x" }, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});

describe("password reset", () => {
  it("mails a single-use link; the new password works, the old one and every old session do not", async () => {
    const user = await createUser(base, "reset");
    const second = (await (await postJson(base, "/api/auth/login", { email: user.email, password: TEST_PASSWORD })).json()) as {
      token: string;
    };

    const unknown = await postJson(base, "/api/auth/forgot-password", { email: uniqueEmail("ghost") });
    const known = await postJson(base, "/api/auth/forgot-password", { email: user.email });
    expect([unknown.status, known.status]).toEqual([200, 200]);
    expect(await message(unknown)).toBe(await message(known));

    const link = await latestResetLink(base, user.email);
    const token = link.split("/reset-password/")[1]!;
    const weak = await postJson(base, `/api/auth/reset-password/${token}`, { password: "abc" });
    expect(weak.status).toBe(400);
    expect(await message(weak)).toBe("Password must have 6+ chars, 1 uppercase, 1 lowercase, 1 number, 1 special char");

    // Any special character counts, not only @ $ ! % * ? &.
    const newPassword = "Gulab#Jamun7";
    const ok = await postJson(base, `/api/auth/reset-password/${token}`, { password: newPassword });
    expect(ok.status).toBe(200);
    expect(await profileStatus(user.token)).toBe(401);
    expect(await profileStatus(second.token)).toBe(401);

    expect((await postJson(base, "/api/auth/login", { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await postJson(base, "/api/auth/login", { email: user.email, password: newPassword })).status).toBe(200);

    const reused = await postJson(base, `/api/auth/reset-password/${token}`, { password: "Another$Pass8" });
    expect(reused.status).toBe(400);
    for (const bad of ["short", "x".repeat(43), "bad.token"]) {
      expect((await postJson(base, `/api/auth/reset-password/${bad}`, { password: newPassword })).status).toBe(400);
    }
  });
});

describe("profile and addresses belong to their owner", () => {
  const address = TEST_ADDRESS;

  async function save(token: string, body: unknown) {
    return postJson(base, "/api/addresses/save", body, bearer(token));
  }
  async function myAddresses(token: string) {
    const res = await fetch(url("/api/addresses/my"), { headers: bearer(token) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { addresses: { _id: string; fullName: string }[] }).addresses;
  }

  it("saves, lists and deletes only the signed-in user's addresses", async () => {
    const a = await createUser(base, "owner-a");
    const b = await createUser(base, "owner-b");
    expect((await save(a.token, address)).status).toBe(201);
    const saved = await save(b.token, { ...address, fullName: "Bina Rao" });
    const [bAddress] = ((await saved.json()) as { addresses: { _id: string }[] }).addresses;

    expect((await myAddresses(a.token)).map((x) => x.fullName)).toEqual(["Asha Verma"]);
    const stolen = await fetch(url(`/api/addresses/${bAddress!._id}`), { method: "DELETE", headers: bearer(a.token) });
    expect(stolen.status).toBe(404);
    expect(await myAddresses(b.token)).toHaveLength(1);

    for (const id of ["abc", "-1", "0", "1.5"]) {
      expect((await fetch(url(`/api/addresses/${id}`), { method: "DELETE", headers: bearer(a.token) })).status).toBe(400);
    }
    const bad = await save(a.token, { ...address, zipcode: "2010" });
    expect(bad.status).toBe(400);
    expect(await message(bad)).toBe("PIN Code must be 6 digits");
    expect(await myAddresses(a.token)).toHaveLength(1);

    const own = (await myAddresses(a.token))[0]!;
    expect((await fetch(url(`/api/addresses/${own._id}`), { method: "DELETE", headers: bearer(a.token) })).status).toBe(200);
    expect(await myAddresses(a.token)).toHaveLength(0);

    for (const [method, path] of [
      ["GET", "/api/addresses/my"],
      ["POST", "/api/addresses/save"],
      ["DELETE", `/api/addresses/${bAddress!._id}`],
      ["GET", "/api/auth/profile"],
    ] as const) {
      const res = await fetch(url(path), {
        method,
        headers: { "Content-Type": "application/json" },
        body: method === "POST" ? JSON.stringify(address) : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await myAddresses(b.token)).toHaveLength(1);
  });

  it("updates the profile from multipart, with the shop's address messages and checked images", async () => {
    const user = await createUser(base, "profile");
    const form = (fields: Record<string, string | Blob>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.append(k, v);
      return f;
    };
    const put = (body: FormData | string, headers: Record<string, string> = {}) =>
      fetch(url("/api/auth/profile"), { method: "PUT", headers: { ...bearer(user.token), ...headers }, body });

    const badPin = await put(form({ name: "Asha V", mobile: "9810012345", addresses: JSON.stringify([{ ...address, zipcode: "2010" }]) }));
    expect(badPin.status).toBe(400);
    expect(await message(badPin)).toBe("Address 1: PIN Code must be 6 digits");
    const secondBad = await put(
      form({ name: "Asha V", mobile: "9810012345", addresses: JSON.stringify([address, { ...address, phoneNumber: "12345" }]) }),
    );
    expect(await message(secondBad)).toBe("Address 2: Enter a valid 10-digit Indian phone number");
    expect((await put(form({ name: "Asha V", mobile: "9810012345", addresses: "{oops" }))).status).toBe(400);
    expect((await put(JSON.stringify({ name: "x" }), { "Content-Type": "application/json" })).status).toBe(415);

    const fake = new Blob(["<svg xmlns='http://www.w3.org/2000/svg'/>"], { type: "image/png" });
    const notImage = await put(
      form({ name: "Asha V", mobile: "9810012345", profileImage: new File([fake], "me.png", { type: "image/png" }) }),
    );
    expect(notImage.status).toBe(400);
    expect(await message(notImage)).toMatch(/JPEG, PNG or WebP/);
    const huge = new Uint8Array(2 * 1024 * 1024 + 10);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooBig = await put(
      form({ name: "Asha V", mobile: "9810012345", profileImage: new File([huge], "big.png", { type: "image/png" }) }),
    );
    expect(tooBig.status).toBe(400);

    const unchanged = (await (await fetch(url("/api/auth/profile"), { headers: bearer(user.token) })).json()) as Record<string, unknown>;
    expect(unchanged).toMatchObject({ name: "Meera Sharma", profileImage: null, addresses: [] });

    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
    const ok = await put(
      form({
        name: " Asha  Verma ",
        mobile: "+91 98100 12345",
        addresses: JSON.stringify([address]),
        profileImage: new File([png], "me.png", { type: "image/png" }),
      }),
    );
    expect(ok.status).toBe(200);
    const updated = (await ok.json()) as { name: string; mobile: string; profileImage: string; addresses: unknown[] };
    expect(updated).toMatchObject({ name: "Asha Verma", mobile: "9810012345" });
    expect(updated.addresses).toHaveLength(1);
    expect(updated.profileImage).toMatch(/^\/media\/profiles\/\d+\/[0-9a-f-]+\.png$/);
    const image = await fetch(url(updated.profileImage));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");

    // Another user sees only their own profile.
    const other = await createUser(base, "profile-other");
    const theirs = (await (await fetch(url("/api/auth/profile"), { headers: bearer(other.token) })).json()) as Record<string, unknown>;
    expect(theirs).toMatchObject({ email: other.email, addresses: [] });
  });
});

describe("development mailbox", () => {
  it("lists mail as a page, with each mail's HTML part", async () => {
    const email = uniqueEmail("mailbox");
    await postJson(base, "/api/auth/register", { ...newUser, email });
    const res = await fetch(url(`/dev/mailbox?to=${encodeURIComponent(email)}`));
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("Development mailbox");
    expect(page).toContain(`${await latestCode(base, email)} is your Aanchal verification code`);
    const [mail] = await mailsTo(base, email);
    const html = await fetch(url(`/dev/mailbox/${mail!.id}.html`));
    expect(html.status).toBe(200);
    expect(await html.text()).toContain("Your verification code is:");
    expect((await fetch(url("/dev/mailbox/abc.html"))).status).toBe(404);
  });
});
