/**
 * What a hostile client tries, against the running Worker: refusals that drop the security headers,
 * forged Host headers in mailed links, floods of reset mail, 429s without `Retry-After`, parallel
 * saves that duplicate addresses or orphan pictures in R2, and files that only look like pictures.
 */

import { readFileSync } from "node:fs";
import { request } from "node:http";
import { crc32 } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { createUser, latestResetLink, mailsTo, postJson, TEST_ADDRESS, uniqueEmail } from "../../tooling/accounts";
import { withinOneLimitWindow } from "../support/limit-window";

const base = inject("baseUrl");
const url = (path: string) => new URL(path, base);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const sessionCookie = (token: string) => `aanchal_session=${token}`;
const evil = "https://evil.example";

const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "permissions-policy",
  "cross-origin-opener-policy",
];

/** The security headers of an answer, the CSP's per-request nonce blanked so two answers compare. */
function securityHeadersOf(res: Response): Record<string, string | null> {
  return Object.fromEntries(SECURITY_HEADERS.map((name) => [name, res.headers.get(name)?.replace(/'nonce-[^']+'/, "'nonce-*'") ?? null]));
}

const form = (fields: Record<string, string | Blob>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

describe("every answer carries the security headers", () => {
  it("including the 403 of a cross-site write, to a page action and to the API, and other refusals", async () => {
    const user = await createUser(base, "abuse-headers");
    const normalPage = await fetch(url("/signin"));
    const normalApi = await fetch(url("/api/categories"));
    await Promise.all([normalPage.arrayBuffer(), normalApi.arrayBuffer()]);
    const expected = securityHeadersOf(normalPage);
    for (const value of Object.values(expected)) expect(value).toBeTruthy();
    expect(securityHeadersOf(normalApi)).toEqual(expected);

    const refusals: [string, Promise<Response>, number][] = [
      [
        "cross-site sign-in form",
        fetch(url("/signin"), { method: "POST", redirect: "manual", headers: { Origin: evil }, body: form({ email: user.email }) }),
        403,
      ],
      [
        "cross-site profile form",
        fetch(url("/profile"), {
          method: "POST",
          redirect: "manual",
          headers: { Origin: evil, Cookie: sessionCookie(user.token) },
          body: form({ intent: "save" }),
        }),
        403,
      ],
      ["cross-site API sign-in", postJson(base, "/api/auth/login", { email: user.email, password: "x" }, { Origin: evil }), 403],
      ["cross-site API address", postJson(base, "/api/addresses/save", {}, { Origin: evil, ...bearer(user.token) }), 403],
      ["API body too large", postJson(base, "/api/auth/login", { email: "a".repeat(70 * 1024) }), 413],
      ["unknown API path", fetch(url("/api/nothing-here")), 404],
      ["API without a session", fetch(url("/api/auth/profile")), 401],
    ];
    for (const [what, answer, status] of refusals) {
      const res = await answer;
      await res.arrayBuffer();
      expect(res.status, what).toBe(status);
      expect(securityHeadersOf(res), what).toEqual(expected);
    }
  });
});

/** A request whose Host header says another site, as a forger sends it (fetch would not). */
function withHost(path: string, host: string, body: string, headers: Record<string, string>): Promise<number> {
  const target = new URL(base);
  return new Promise((done, fail) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method: "POST",
        headers: { ...headers, Host: host, "Content-Length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
      },
    );
    req.on("error", fail);
    req.end(body);
  });
}

describe("query parameters named like an object's own properties", () => {
  it("are unknown notices, not a server error", async () => {
    for (const path of [
      "/signin?notice=__proto__",
      "/signin?notice=constructor",
      "/verify-otp?notice=__proto__",
      "/verify-otp?notice=toString",
    ]) {
      const res = await fetch(url(path));
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).not.toContain("[object Object]");
    }
  });
});

describe("links in mail", () => {
  it("point to the shop's configured address (SITE_URL), whatever Host the request forged", async () => {
    // The Worker does see the forged host: a page's canonical link follows it.
    const page = await new Promise<string>((done, fail) => {
      const target = new URL(base);
      request({ host: target.hostname, port: target.port, path: "/signin", headers: { Host: "evil.example" } }, (res) => {
        let html = "";
        res.on("data", (d) => (html += d));
        res.on("end", () => done(html));
      })
        .on("error", fail)
        .end();
    });
    expect(page).toContain('href="http://evil.example/signin"');

    const viaApi = await createUser(base, "abuse-host-api");
    const status = await withHost("/api/auth/forgot-password", "evil.example", JSON.stringify({ email: viaApi.email }), {
      "Content-Type": "application/json",
    });
    expect(status).toBe(200);
    expect(await latestResetLink(base, viaApi.email)).toMatch(new RegExp(`^${base}/reset-password/[\\w-]{43}$`));

    const viaPage = await createUser(base, "abuse-host-page");
    const pageStatus = await withHost("/forgot-password", "evil.example", new URLSearchParams({ email: viaPage.email }).toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://evil.example",
    });
    expect(pageStatus).toBe(200);
    expect(await latestResetLink(base, viaPage.email)).toMatch(new RegExp(`^${base}/reset-password/[\\w-]{43}$`));
  });
});

describe("forgot-password", () => {
  it("mails one link for 12 requests in a minute, answering each as it answers an unknown e-mail, then 429 with Retry-After", async () => {
    const user = await createUser(base, "abuse-forgot");
    const ghost = uniqueEmail("abuse-forgot-ghost");
    await withinOneLimitWindow(15_000);
    const answers = [];
    for (let i = 0; i < 12; i++) {
      for (const email of [user.email, ghost]) {
        const res = await postJson(base, "/api/auth/forgot-password", { email });
        answers.push({ status: res.status, retryAfter: res.headers.get("Retry-After"), body: await res.json() });
      }
    }
    // The first ten of each e-mail are answered alike (mail or none); the rate limit refuses the rest.
    const allowed = answers.slice(0, 20);
    expect(new Set(allowed.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(allowed[0]).toMatchObject({ status: 200, retryAfter: null });
    for (const refused of answers.slice(20)) expect(refused).toMatchObject({ status: 429, retryAfter: "60" });
    expect((await mailsTo(base, user.email)).filter((m) => /reset/i.test(m.subject))).toHaveLength(1);
    expect(await mailsTo(base, ghost)).toHaveLength(0);
  });
});

describe("429 answers say when to come back", () => {
  it("in a Retry-After header, from the API and from a page action", async () => {
    const email = uniqueEmail("abuse-429");
    let api: Response | undefined;
    // The limiter counts in fixed one-minute windows: 11 tries that straddle a window's end may all
    // pass, so keep trying (at most 25) until one is refused.
    for (let i = 0; i < 25 && api?.status !== 429; i++) api = await postJson(base, "/api/auth/forgot-password", { email });
    expect(api!.status).toBe(429);
    expect(api!.headers.get("Retry-After")).toBe("60");
    expect(await api!.json()).toMatchObject({ message: "Too many attempts. Please try again in 1 minute.", retryAfter: 60 });

    const pageEmail = uniqueEmail("abuse-429-page");
    let page: Response | undefined;
    for (let i = 0; i < 25 && page?.status !== 429; i++) {
      page = await fetch(url("/forgot-password"), { method: "POST", headers: { Origin: base }, body: form({ email: pageEmail }) });
      if (page.status !== 429) await page.arrayBuffer();
    }
    expect(page!.status).toBe(429);
    expect(page!.headers.get("Retry-After")).toBe("60");
    expect(await page!.text()).toContain("Too many attempts. Please try again in 1 minute.");
  });

  it("with the seconds the message names, when a new sign-up code is asked for too soon", async () => {
    const email = uniqueEmail("abuse-429-code");
    const reg = await postJson(base, "/api/auth/register", { name: "Asha Verma", email, mobile: "9810012345", password: "Kesar@Chai9" });
    const { verificationToken } = (await reg.json()) as { verificationToken: string };
    const res = await postJson(base, "/api/auth/resend-otp", { email, verificationToken });
    expect(res.status).toBe(429);
    const body = (await res.json()) as { message: string; retryAfter: number };
    expect(body.message).toBe(`Please wait ${body.retryAfter} seconds before asking for a new code.`);
    expect(res.headers.get("Retry-After")).toBe(String(body.retryAfter));
  });
});

const address = TEST_ADDRESS;

describe("addresses", () => {
  it("stores one address for 20 identical saves sent at once", async () => {
    const user = await createUser(base, "abuse-address");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postJson(base, "/api/addresses/save", address, bearer(user.token)).then((r) => r.status)),
    );
    expect(answers.every((s) => s === 201)).toBe(true);
    const { addresses } = (await (await fetch(url("/api/addresses/my"), { headers: bearer(user.token) })).json()) as {
      addresses: unknown[];
    };
    expect(addresses).toEqual([{ _id: expect.any(String), ...address }]);
  });
});

const PNG = new Uint8Array(readFileSync(new URL("../fixtures/images/red-5x3.png", import.meta.url)));
const JPEG = new Uint8Array(readFileSync(new URL("../fixtures/images/red-5x3.jpg", import.meta.url)));
const picture = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => new File([bytes], name, { type });

/** The objects the local R2 bucket holds under a user's profile folder (a development-only listing). */
async function picturesOf(userId: string): Promise<string[]> {
  const res = await fetch(url(`/dev/media.json?prefix=profiles/${userId}/`));
  expect(res.status).toBe(200);
  return ((await res.json()) as { keys: string[] }).keys;
}

const putProfile = (token: string, body: FormData) => fetch(url("/api/auth/profile"), { method: "PUT", headers: bearer(token), body });
const profileImageOf = async (token: string) =>
  ((await (await fetch(url("/api/auth/profile"), { headers: bearer(token) })).json()) as { profileImage: string | null }).profileImage;

describe("profile pictures", () => {
  it("keep only the current picture in R2 when a new one replaces it", async () => {
    const user = await createUser(base, "abuse-picture");
    const first = await putProfile(
      user.token,
      form({ name: user.name, mobile: "9810012345", profileImage: picture(PNG, "a.png", "image/png") }),
    );
    expect(first.status).toBe(200);
    const second = await putProfile(
      user.token,
      form({ name: user.name, mobile: "9810012345", profileImage: picture(JPEG, "b.jpg", "image/jpeg") }),
    );
    expect(second.status).toBe(200);
    const current = await profileImageOf(user.token);
    expect(current).toMatch(/\.jpg$/);
    expect(await picturesOf(user.id)).toEqual([current!.slice("/media/".length)]);
    // A save without a picture keeps it.
    expect((await putProfile(user.token, form({ name: "Asha V", mobile: "9810012345" }))).status).toBe(200);
    expect(await picturesOf(user.id)).toEqual([current!.slice("/media/".length)]);
  });

  it("leave exactly one picture in R2 after 20 saves with new pictures sent at once, and are rate limited", async () => {
    const user = await createUser(base, "abuse-picture-race");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        putProfile(user.token, form({ name: user.name, mobile: "9810012345", profileImage: picture(PNG, `me-${i}.png`, "image/png") })),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    const limited = answers.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const res of limited) {
      expect(res.headers.get("Retry-After")).toBe("60");
      expect(await res.json()).toMatchObject({ message: "Too many attempts. Please try again in 1 minute." });
    }
    const current = await profileImageOf(user.token);
    expect(current).toMatch(/^\/media\/profiles\//);
    expect(await picturesOf(user.id)).toEqual([current!.slice("/media/".length)]);
    expect((await fetch(url(current!))).status).toBe(200);
  });

  it("are refused with a clear message when only the first bytes look like a picture", async () => {
    const user = await createUser(base, "abuse-picture-fake");
    const garbage = new Uint8Array(2048).map((_, i) => (i * 7919) % 251);
    for (const [magic, name, type] of [
      [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "me.png", "image/png"],
      [[0xff, 0xd8, 0xff, 0xe0], "me.jpg", "image/jpeg"],
      [[0x52, 0x49, 0x46, 0x46, 0, 8, 0, 0, 0x57, 0x45, 0x42, 0x50], "me.webp", "image/webp"],
    ] as const) {
      const fake = new Uint8Array([...magic, ...garbage]);
      const res = await putProfile(user.token, form({ name: user.name, mobile: "9810012345", profileImage: picture(fake, name, type) }));
      expect(res.status, name).toBe(400);
      expect(await res.json()).toEqual({ message: "Profile image must be a JPEG, PNG or WebP picture of at most 2 MB." });
    }
    // The page's form says the same.
    const page = await fetch(url("/profile"), {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, Cookie: sessionCookie(user.token) },
      body: form({
        intent: "save",
        name: user.name,
        mobile: "9810012345",
        profileImage: picture(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...garbage]), "me.png", "image/png"),
      }),
    });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Profile image must be a JPEG, PNG or WebP picture of at most 2 MB.");
    expect(await profileImageOf(user.token)).toBeNull();
    expect(await picturesOf(user.id)).toEqual([]);
  });

  it("are refused when their header claims more than 8000 pixels a side", async () => {
    const user = await createUser(base, "abuse-picture-huge");
    // The real PNG with its header rewritten to 9000 x 3 (and a correct checksum).
    const huge = PNG.slice();
    new DataView(huge.buffer).setUint32(16, 9000);
    new DataView(huge.buffer).setUint32(29, crc32(huge.subarray(12, 29)));
    const res = await putProfile(
      user.token,
      form({ name: user.name, mobile: "9810012345", profileImage: picture(huge, "big.png", "image/png") }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Profile image must be at most 8000 pixels wide and high.");
  });
});
