import { beforeAll, describe, expect, inject, it } from "vitest";
import { createUser } from "../../tooling/accounts";
import { roundTripsOf } from "../support/round-trips";

/**
 * The /wishlist page and the action every heart posts to, as a browser without JavaScript uses them
 * (form posts, redirects) and as a hydrated heart's fetcher does (`/wishlist.data`).
 */
const base = inject("baseUrl");
const url = (path: string) => new URL(path, base);
const cookieOf = (token: string) => `aanchal_session=${token}`;

interface ProductJson {
  _id: string;
  productName: string;
  slug: string;
  category: { name: string };
}
let products: ProductJson[];

beforeAll(async () => {
  products = ((await (await fetch(url("/api/products?limit=3"))).json()) as { data: ProductJson[] }).data;
});

function post(path: string, fields: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Origin: base };
  if (cookie) headers.Cookie = cookie;
  return fetch(url(path), { method: "POST", redirect: "manual", headers, body: new URLSearchParams(fields) });
}

const page = (cookie: string) => fetch(url("/wishlist"), { redirect: "manual", headers: { Cookie: cookie } });
const wishlistIds = async (token: string) =>
  (
    (await (await fetch(url("/api/wishlist"), { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      data: { product: { _id: string } }[];
    }
  ).data.map((e) => e.product._id);
/** Whether the HTML holds `text` (React writes an apostrophe as &#x27;). */
const shows = (html: string, text: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").includes(text);

describe("the /wishlist page", () => {
  it("is empty for a new shopper: 'Your wishlist is empty.'", async () => {
    const user = await createUser(base, "wish-page-empty");
    const res = await page(cookieOf(user.token));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(shows(html, "Your wishlist is empty.")).toBe(true);
    expect(shows(html, "Your Favorite Picks")).toBe(false);
  });

  it("shows 'Your Wishlist' and a 'Your Favorite Picks' grid of her products with Move to cart, in one round trip", async () => {
    const user = await createUser(base, "wish-page-list");
    const cookie = cookieOf(user.token);
    for (const p of products.slice(0, 2)) {
      expect((await post("/wishlist", { intent: "add", productId: p._id, redirect: "/wishlist" }, cookie)).status).toBe(302);
    }
    const html = await (await page(cookie)).text();
    expect(shows(html, "<h1>Your Wishlist</h1>")).toBe(true);
    expect(shows(html, "Your Favorite Picks")).toBe(true);
    for (const p of products.slice(0, 2)) expect(shows(html, p.productName), p.productName).toBe(true);
    expect(shows(html, products[2]!.productName)).toBe(false);
    expect(shows(html, "Move to cart")).toBe(true);
    expect(shows(html, `aria-pressed="true" aria-label="Save ${products[0]!.productName} to wishlist"`)).toBe(true);
    expect(await roundTripsOf("/wishlist", { Cookie: cookie })).toMatchObject({ status: 200, trips: 1 });
  });
});

describe("the /wishlist action", () => {
  it("without JavaScript: adds and removes, then goes back to the page it came from", async () => {
    const user = await createUser(base, "wish-action-nojs");
    const cookie = cookieOf(user.token);
    const [p] = products as [ProductJson];
    const from = `/women-products/x/${p.slug}?tab=reviews`;
    const added = await post("/wishlist", { intent: "add", productId: p._id, redirect: from }, cookie);
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(from);
    expect(await wishlistIds(user.token)).toEqual([p._id]);
    // The header's heart badge counts it on the next page.
    expect(shows(await (await page(cookie)).text(), "Wishlist, 1 item")).toBe(true);

    const removed = await post("/wishlist", { intent: "remove", productId: p._id, redirect: "/wishlist" }, cookie);
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe("/wishlist");
    expect(await wishlistIds(user.token)).toEqual([]);
  });

  it("never sends the shopper off the site, whatever `redirect` says", async () => {
    const user = await createUser(base, "wish-action-redirect");
    for (const redirect of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const res = await post("/wishlist", { intent: "add", productId: products[0]!._id, redirect }, cookieOf(user.token));
      expect(res.status, redirect).toBe(302);
      expect(res.headers.get("Location"), redirect).toBe("/wishlist");
    }
  });

  it("with JavaScript (a fetcher): answers the toast's words and stays put", async () => {
    const user = await createUser(base, "wish-action-js");
    const cookie = cookieOf(user.token);
    const added = await post("/wishlist.data", { intent: "add", productId: products[1]!._id }, cookie);
    expect(added.status).toBe(200);
    expect(await added.text()).toContain("Added to Wishlist");
    const removed = await post("/wishlist.data", { intent: "remove", productId: products[1]!._id }, cookie);
    expect(await removed.text()).toContain("Removed from Wishlist!");
    expect(await wishlistIds(user.token)).toEqual([]);
  });

  it("sends a signed-out heart to sign-in and back (no JavaScript), or says to sign in first (fetcher)", async () => {
    const noJs = await post("/wishlist", { intent: "add", productId: products[0]!._id, redirect: "/all-products" });
    expect(noJs.status).toBe(302);
    expect(noJs.headers.get("Location")).toBe("/signin?redirect=%2Fall-products");
    const js = await post("/wishlist.data", { intent: "add", productId: products[0]!._id });
    expect(await js.text()).toContain("Please login first to continue.");
  });

  it("refuses a bad intent, a bad id and an unknown product with their messages, changing nothing", async () => {
    const user = await createUser(base, "wish-action-bad");
    const cookie = cookieOf(user.token);
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "steal", productId: products[0]!._id }, 400, "Unknown action"],
      [{ intent: "add", productId: "abc" }, 400, "Invalid product id"],
      [{ intent: "add" }, 400, "Invalid product id"],
      [{ intent: "add", productId: "999999999" }, 404, "Product not found"],
    ];
    for (const [fields, status, message] of cases) {
      const res = await post("/wishlist", fields, cookie);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(shows(await res.text(), message), message).toBe(true);
    }
    expect(await wishlistIds(user.token)).toEqual([]);
  });
});
