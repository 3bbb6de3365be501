import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, type TestUser } from "../../tooling/accounts";
import { setStock } from "../../tooling/cart";
import { productPath } from "../../workers/services/platform/paths";
import { useDom } from "../support/dom";
import { untilCached } from "../support/edge-cache";
import { pageForms } from "../support/page-forms";
import { roundTripsOf } from "../support/round-trips";
import { sqlReader } from "../support/sql";

/**
 * The size finder (docs/product/size-finder.md): the form's action checks and keeps her measurements
 * (her profile signed in, this browser's cookie otherwise), and each product page then says which of
 * its sizes fits, to her alone, in the page's one round trip and never through the shared edge cache.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const forms = pageForms(base);
const dom = useDom();
const { db, one, count } = sqlReader(dbUrl);

interface ListedProduct {
  _id: string;
  slug: string;
  category: { name: string };
  sizes: { size: string; stock: number }[];
}

let kurti: { id: string; path: string };
let saree: { path: string };
let other: { path: string };
let her: TestUser;
let stranger: TestUser;
const restore: (() => Promise<void>)[] = [];

/** M in every measurement (docs/product/catalog.md's chart: bust 34, waist 30, hip 36). */
const M_INCHES = { unit: "in", bust: "34", waist: "30", hip: "36" };
const fresh = (path: string) => `${path}?sf=${Date.now()}${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  const { data } = (await (await fetch(new URL("/api/products?limit=100", base))).json()) as { data: ListedProduct[] };
  const withML = data.filter((p) => ["M", "L", "XL"].every((s) => p.sizes.some((z) => z.size === s)));
  const [a, b] = withML as [ListedProduct, ListedProduct];
  const free = data.find((p) => p.sizes.length === 1 && p.sizes[0]!.size === "Free Size")!;
  kurti = { id: a._id, path: productPath(a.category.name, a.slug) };
  other = { path: productPath(b.category.name, b.slug) };
  saree = { path: productPath(free.category.name, free.slug) };
  // Known stock, so "fits" is not "sold out" by chance.
  for (const size of ["M", "L"]) restore.push(await setStock(dbUrl, a._id, size, 5));
  [her, stranger] = await Promise.all([createUser(base, "size-finder", "Ritu Bansal"), createUser(base, "size-finder-2", "Nisha Rao")]);
});

afterAll(async () => {
  for (const undo of restore.splice(0)) await undo();
  db.close();
});

const answerOf = async (html: string) => {
  const page = await dom(html);
  const answer = page.locator(".size-finder__answer");
  return (await answer.count()) ? ((await answer.textContent()) ?? "").replace(/\s+/g, " ").trim() : null;
};

const cookieFrom = (res: Response) => /aanchal_fit=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1];

describe("the size finder's form", () => {
  it("refuses numbers out of range with a 400, the message at each field, what she typed kept, and nothing stored", async () => {
    const res = await forms.post("/size-finder", { back: kurti.path, unit: "cm", bust: "34", waist: "", hip: "96" }, her);
    expect(res.status).toBe(400);
    expect(res.headers.get("set-cookie") ?? "").not.toContain("aanchal_fit");
    const page = await dom(await res.text());
    expect(await page.locator("#size-finder-bust-error").textContent()).toBe("Enter your bust in centimetres, from 50 to 178.");
    expect(await page.locator("#size-finder-waist-error").textContent()).toBe("Enter your waist in centimetres, from 40 to 178.");
    expect(await page.locator("#size-finder-hip-error").count()).toBe(0);
    expect(await page.locator("#size-finder-bust").getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#size-finder-bust").inputValue()).toBe("34");
    expect(await page.locator("#size-finder-hip").inputValue()).toBe("96");
    expect(await page.locator('input[name="unit"][value="cm"]').isChecked()).toBe(true);
    expect(await count("select count(*) as n from body_measurements where user_id = ?", [Number(her.id)])).toBe(0);
    // A guest's refused post sets no cookie either.
    const guest = await forms.post("/size-finder", { back: kurti.path, unit: "in", bust: "36", waist: "30", hip: "900" }, null);
    expect(guest.status).toBe(400);
    expect(cookieFrom(guest)).toBeUndefined();
  });

  it("keeps a guest's measurements in this browser and sends her back to the product, which says her size and why", async () => {
    const res = await forms.post("/size-finder", { back: kurti.path, ...M_INCHES }, null);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${kurti.path}#size-finder-box`);
    expect(res.headers.get("set-cookie")).toMatch(/^aanchal_fit=in-34-30-36; Path=\/; HttpOnly; SameSite=Lax; Max-Age=31536000/);
    const cookie = `aanchal_fit=${cookieFrom(res)}`;
    const page = await forms.get(kurti.path, null, cookie);
    expect(await answerOf(await page.text())).toBe("Your size: M Bust 34 in: M, waist 30 in: M, hip 36 in: M.");
    // A Free Size piece: one size.
    expect(await answerOf(await (await forms.get(saree.path, null, cookie)).text())).toBe(
      "Free Size: one size, it fits you. This piece is made in one size that fits all, so your measurements need no chart.",
    );
    // Another guest, without her cookie, is not told anything.
    expect(await answerOf(await (await forms.get(fresh(kurti.path), null)).text())).toBeNull();
  });

  it("never sends her somewhere else than a product page of the shop or her profile", async () => {
    const res = await forms.post("/size-finder", { back: "https://evil.example/x", ...M_INCHES }, null);
    expect(res.headers.get("location")).toBe("/all-products#size-finder-box");
  });

  it("keeps a signed-in shopper's measurements in her profile: in centimetres, between two sizes, hers alone", async () => {
    // Bust and waist of an M, hip of an L (38 in = 96.5 cm).
    const res = await forms.post("/size-finder", { back: other.path, unit: "cm", bust: "86", waist: "76", hip: "96.5" }, her);
    expect(res.status).toBe(303);
    expect(cookieFrom(res)).toBeUndefined();
    expect(await one("select unit, bust, waist, hip from body_measurements where user_id = ?", [Number(her.id)])).toMatchObject({
      unit: "cm",
      bust: 86,
      waist: 76,
      hip: 96.5,
    });
    const page = await forms.get(kurti.path, her);
    expect(await answerOf(await page.text())).toBe(
      "Between M and L: we suggest L for comfort. Bust and waist fit M, hip fits L. Bust 86 cm: M, waist 76 cm: M, hip 96.5 cm: L.",
    );
    expect(await answerOf(await (await forms.get(kurti.path, stranger)).text())).toBeNull();
    // Her profile shows them, with the form to change them.
    const profile = await dom(await (await forms.get("/profile", her)).text());
    expect(await profile.locator(".profile__measurements p").first().textContent()).toContain("Bust 86 cm, waist 76 cm, hip 96.5 cm");
    expect(await profile.locator("#profile-size-finder-hip").inputValue()).toBe("96.5");
  });

  it("says a size that fits but has sold out", async () => {
    const cookie = "aanchal_fit=in-34-30-36";
    const back = await setStock(dbUrl, kurti.id, "M", 0);
    try {
      expect(await answerOf(await (await forms.get(kurti.path, stranger, cookie)).text())).toMatch(/^M fits you, but it is sold out\./);
    } finally {
      await back();
    }
  });
});

describe("the size finder and the edge cache", () => {
  it("serves a guest without measurements the cached page, a guest with them her own, and never hers to anyone else", async () => {
    const path = fresh(kurti.path);
    await untilCached(path);
    const mine = await forms.get(path, null, "aanchal_fit=in-36-32-38");
    expect(mine.headers.get("x-edge-cache")).toBeNull();
    expect(mine.headers.get("cache-control")).toContain("private");
    expect(await answerOf(await mine.text())).toMatch(/^Your size: L/);
    const next = await fetch(new URL(path, base));
    expect(next.headers.get("x-edge-cache")).toBe("HIT");
    expect(await answerOf(await next.text())).toBeNull();
    // Rendered first for a guest with measurements, the page is not kept for the next guest.
    const first = fresh(kurti.path);
    expect(await answerOf(await (await forms.get(first, null, "aanchal_fit=in-36-32-38")).text())).toMatch(/^Your size: L/);
    const after = await fetch(new URL(first, base));
    expect(after.headers.get("x-edge-cache")).toBe("MISS");
    expect(await answerOf(await after.text())).toBeNull();
  });

  it("keeps serving her the shared copy of the pages that do not read her measurements", async () => {
    const listing = fresh("/all-products");
    await untilCached(listing);
    const hers = await forms.get(listing, null, "aanchal_fit=in-36-32-38");
    expect(hers.status).toBe(200);
    expect(hers.headers.get("x-edge-cache")).toBe("HIT");
  });
});

describe("the size finder costs the product page no round trip", () => {
  it("is one round trip signed in with measurements and as a guest with the cookie", async () => {
    const signedIn = await roundTripsOf(kurti.path, { Cookie: `aanchal_session=${her.token}` });
    expect(signedIn.trips).toBe(1);
    expect(await answerOf(signedIn.body)).toMatch(/^Between M and L/);
    const guest = await roundTripsOf(fresh(kurti.path), { Cookie: "aanchal_fit=in-34-30-36" });
    expect(guest.trips).toBe(1);
    expect(await answerOf(guest.body)).toMatch(/^Your size: M/);
  });
});

describe("the size finder's API", () => {
  const call = (method: string, path: string, token: string | null, body?: unknown) =>
    fetch(new URL(path, base), {
      method,
      headers: { ...(token && { Authorization: `Bearer ${token}` }), ...(body !== undefined && { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("keeps a signed-in shopper's measurements with the page's checks, and asks anyone else to sign in", async () => {
    expect((await call("GET", "/api/me/measurements", null)).status).toBe(401);
    const bad = await call("PUT", "/api/me/measurements", stranger.token, { unit: "in", bust: 34, waist: 300, hip: 36 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "Enter your waist in inches, from 16 to 70." });
    expect(await (await call("GET", "/api/me/measurements", stranger.token)).json()).toEqual({ measurements: null });
    const put = await call("PUT", "/api/me/measurements", stranger.token, { unit: "in", bust: 34, waist: 30, hip: 36 });
    expect(put.status).toBe(200);
    expect(await (await call("GET", "/api/me/measurements", stranger.token)).json()).toEqual({
      measurements: { unit: "in", bust: 34, waist: 30, hip: 36 },
    });
    // Changed from her profile page's form: back to the profile, and the API sees the change.
    const fromProfile = await forms.post("/size-finder", { back: "/profile", unit: "in", bust: "36", waist: "32.5", hip: "38" }, stranger);
    expect(fromProfile.status).toBe(303);
    expect(fromProfile.headers.get("location")).toBe("/profile#profile-size-finder-box");
    expect(await (await call("GET", "/api/me/measurements", stranger.token)).json()).toEqual({
      measurements: { unit: "in", bust: 36, waist: 32.5, hip: 38 },
    });
  });

  it("answers a product's fit for measurements in the query", async () => {
    const slug = kurti.path.split("/").at(-1);
    const res = await call("GET", `/api/products/slug/${slug}?unit=in&bust=36&waist=32&hip=38`, null);
    const body = (await res.json()) as { fit: { fit: { kind: string; size: string }; words: { headline: string } } };
    expect(body.fit.fit).toMatchObject({ kind: "fits", size: "L" });
    expect(body.fit.words.headline).toBe("Your size: L");
    expect((await call("GET", `/api/products/slug/${slug}?bust=3`, null)).status).toBe(400);
  });
});
