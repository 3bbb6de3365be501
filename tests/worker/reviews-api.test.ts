import { createClient } from "@libsql/client";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, postJson, type TestUser } from "../../tooling/accounts";
import { productPath } from "../../workers/services/platform/paths";
import { REVIEW_MESSAGES } from "../../workers/services/shopping/reviews.rules";
import { untilCached } from "../support/edge-cache";

/**
 * Reviews, against the built Worker: the API,
 * the page action the review form posts to, the paging of the Reviews tab, and what a signed-out
 * visitor sees from the edge cache right after a review is posted.
 */
const base = inject("baseUrl");
const db = createClient({ url: inject("dbUrl") });
const url = (path: string) => new URL(path, base);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface ApiProduct {
  _id: string;
  slug: string;
  productName: string;
  category: { _id: string; name: string };
  averageRating: number | null;
  reviewCount: number;
  reviews?: { _id: string; name: string; rating: number; comment: string; verified: boolean }[];
}

let products: ApiProduct[];
let asha: TestUser;
let meera: TestUser;

/** The n-th product of the catalogue (each test takes its own, so their counts do not mix). */
const product = (n: number) => products[n]!;
const reviewsUrl = (p: ApiProduct) => `/api/products/${p._id}/reviews`;

async function productNow(p: ApiProduct): Promise<ApiProduct> {
  const res = await fetch(url(`/api/products/slug/${p.slug}`));
  expect(res.status).toBe(200);
  return (await res.json()) as ApiProduct;
}

/** What the database holds for a product's reviews: the kept count and sum, and every review row. */
async function stateOf(p: ApiProduct) {
  const kept = await db.execute({ sql: "SELECT rating_count AS n, rating_sum AS s FROM products WHERE id = ?", args: [Number(p._id)] });
  const rows = await db.execute({
    sql: "SELECT id, user_id, name, rating, comment, verified, created_at FROM reviews WHERE product_id = ? ORDER BY id",
    args: [Number(p._id)],
  });
  return { count: Number(kept.rows[0]!.n), sum: Number(kept.rows[0]!.s), rows: rows.rows.map((r) => ({ ...r })) };
}

async function post(p: ApiProduct | string, body: unknown, headers: Record<string, string>) {
  const path = typeof p === "string" ? p : reviewsUrl(p);
  const res = await postJson(base, path, body, headers);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { message: string } };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

beforeAll(async () => {
  const res = await fetch(url("/api/products?limit=40"));
  products = ((await res.json()) as { data: ApiProduct[] }).data;
  expect(products.length).toBeGreaterThan(12);
  [asha, meera] = await Promise.all([createUser(base, "review-asha", "Asha Verma"), createUser(base, "review-meera", "Meera Sharma")]);
});

afterAll(() => db.close());

describe("POST /api/products/:productId/reviews refuses, changing nothing", () => {
  it("signed out: 401 with the shop's message", async () => {
    const p = product(0);
    const before = await stateOf(p);
    const res = await post(p, { rating: 5, comment: "Lovely fabric" }, {});
    expect(res).toEqual({ status: 401, body: { message: "Please login first to continue." } });
    // A token that signs nobody in (forged, or of a session since ended) is refused the same way.
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(asha.id)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("not-the-secret"));
    expect((await post(p, { rating: 5, comment: "Lovely fabric" }, bearer(forged))).status).toBe(401);
    const stale = await new SignJWT({ ver: 99 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(asha.id)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(inject("sessionSecret")));
    expect(await post(p, { rating: 5, comment: "Lovely fabric" }, bearer(stale))).toEqual({
      status: 401,
      body: { message: "Please login first to continue." },
    });
    expect(await stateOf(p)).toEqual(before);
  });

  it("a rating that is not a whole number from 1 to 5, or none: 400", async () => {
    const p = product(0);
    const before = await stateOf(p);
    const cases: [unknown, string][] = [
      [0, REVIEW_MESSAGES.ratingInvalid],
      [6, REVIEW_MESSAGES.ratingInvalid],
      [2.5, REVIEW_MESSAGES.ratingInvalid],
      ["x", REVIEW_MESSAGES.ratingInvalid],
      [-1, REVIEW_MESSAGES.ratingInvalid],
      [true, REVIEW_MESSAGES.ratingInvalid],
      [[5], REVIEW_MESSAGES.ratingInvalid],
      [undefined, "Please select a rating"],
      [null, "Please select a rating"],
      ["", "Please select a rating"],
    ];
    for (const [rating, message] of cases) {
      const res = await post(p, { rating, comment: "Lovely fabric" }, bearer(asha.token));
      expect({ rating, status: res.status, message: res.body.message }).toEqual({ rating, status: 400, message });
    }
    expect(await stateOf(p)).toEqual(before);
  });

  it("a comment of 1 character, over 2,000, 10,000, or none: 400; a body over 64 KB: 413", async () => {
    const p = product(0);
    const before = await stateOf(p);
    const cases: [unknown, string][] = [
      ["a", REVIEW_MESSAGES.commentTooShort],
      ["  a  ", REVIEW_MESSAGES.commentTooShort],
      ["x".repeat(2001), REVIEW_MESSAGES.commentTooLong],
      ["x".repeat(10_000), REVIEW_MESSAGES.commentTooLong],
      [undefined, REVIEW_MESSAGES.commentRequired],
      ["   ", REVIEW_MESSAGES.commentRequired],
      [42, REVIEW_MESSAGES.commentRequired],
    ];
    for (const [comment, message] of cases) {
      const res = await post(p, { rating: 4, comment }, bearer(asha.token));
      expect({ length: String(comment).length, status: res.status, message: res.body.message }).toEqual({
        length: String(comment).length,
        status: 400,
        message,
      });
    }
    const huge = await postJson(base, reviewsUrl(p), { rating: 4, comment: "x".repeat(70_000) }, bearer(asha.token));
    expect(huge.status).toBe(413);
    const notJson = await fetch(url(reviewsUrl(p)), {
      method: "POST",
      headers: { ...bearer(asha.token), "Content-Type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    expect(await stateOf(p)).toEqual(before);
  });

  it("an unknown or malformed product: 404 Product not found", async () => {
    for (const id of ["999999", "0", "abc", "1.5", "-3", "99999999999999999999"]) {
      const res = await post(`/api/products/${id}/reviews`, { rating: 4, comment: "Lovely fabric" }, bearer(asha.token));
      expect({ id, ...res }).toEqual({ id, status: 404, body: { message: "Product not found" } });
    }
    const { rows } = await db.execute({ sql: "SELECT count(*) AS n FROM reviews WHERE user_id = ?", args: [Number(asha.id)] });
    expect(Number(rows[0]!.n)).toBe(0);
  });
});

describe("POST /api/products/:productId/reviews writes", () => {
  it("posts a review (201) under the account's name; a second one by her replaces it, and another shopper's stays", async () => {
    const p = product(1);
    const before = await stateOf(p);

    const first = await post(
      p,
      { rating: 2, comment: "  Colour ran after one wash  ", name: "Someone Else", verified: true },
      bearer(asha.token),
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      message: REVIEW_MESSAGES.created,
      review: { name: "Asha Verma", rating: 2, comment: "Colour ran after one wash", verified: false },
      product: { _id: p._id, reviewCount: before.count + 1, averageRating: round1((before.sum + 2) / (before.count + 1)) },
    });
    const meeras = await post(p, { rating: 5, comment: "Beautiful work" }, bearer(meera.token));
    expect(meeras.status).toBe(201);
    const afterTwo = await stateOf(p);
    expect({ count: afterTwo.count, sum: afterTwo.sum }).toEqual({ count: before.count + 2, sum: before.sum + 7 });
    const meerasRow = afterTwo.rows.find((r) => Number(r.user_id) === Number(meera.id));

    // Asha again: the same row, changed; the count stays, the average moves.
    const second = await post(p, { rating: "4", comment: "Washed fine the second time" }, bearer(asha.token));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      message: REVIEW_MESSAGES.updated,
      review: { _id: (first.body.review as { _id: string })._id, rating: 4, comment: "Washed fine the second time" },
      product: { reviewCount: before.count + 2, averageRating: round1((before.sum + 9) / (before.count + 2)) },
    });
    const after = await stateOf(p);
    expect({ count: after.count, sum: after.sum }).toEqual({ count: before.count + 2, sum: before.sum + 9 });
    expect(after.rows.filter((r) => Number(r.user_id) === Number(asha.id))).toHaveLength(1);
    expect(after.rows.find((r) => Number(r.user_id) === Number(meera.id))).toEqual(meerasRow);
    // The seeded reviews are untouched too.
    expect(after.rows.filter((r) => r.user_id === null)).toEqual(before.rows);

    // The catalogue API shows the new average and count, and her review first.
    const shown = await productNow(p);
    expect(shown.reviewCount).toBe(before.count + 2);
    expect(shown.averageRating).toBe(round1((before.sum + 9) / (before.count + 2)));
    expect(shown.reviews?.[0]).toMatchObject({ name: "Asha Verma", rating: 4, comment: "Washed fine the second time" });
    const listed = ((await (await fetch(url("/api/products?limit=40"))).json()) as { data: ApiProduct[] }).data.find(
      (x) => x._id === p._id,
    );
    expect(listed).toMatchObject({ reviewCount: before.count + 2, averageRating: shown.averageRating });
  });

  it("keeps one review per shopper when she submits several at once", async () => {
    const p = product(9);
    const before = await stateOf(p);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) => post(p, { rating, comment: `At once, ${rating} stars` }, bearer(asha.token))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const after = await stateOf(p);
    const hers = after.rows.filter((r) => Number(r.user_id) === Number(asha.id));
    expect(hers).toHaveLength(1);
    expect({ count: after.count, sum: after.sum }).toEqual({ count: before.count + 1, sum: before.sum + Number(hers[0]!.rating) });
  });

  it("takes the session cookie as well as a bearer token", async () => {
    const p = product(2);
    const res = await post(p, { rating: 3, comment: "Fits as the chart says" }, { Cookie: `aanchal_session=${meera.token}`, Origin: base });
    expect(res.status).toBe(201);
    expect(res.body.review).toMatchObject({ name: "Meera Sharma", rating: 3 });
  });

  it("marks a review verified when the reviewer has a delivered order with the product, and only then", async () => {
    const buyer = await createUser(base, "review-buyer", "Kavya Iyer");
    const p = product(3);
    const other = product(4);
    const order = async (status: string, productId: string, number: number) => {
      const { lastInsertRowid } = await db.execute({
        sql: `INSERT INTO orders (order_number, user_id, payment_method, payment_status, order_status, subtotal_paise, shipping_paise,
                total_paise, ship_full_name, ship_street_address, ship_town_city, ship_state, ship_zipcode, ship_phone_number, ship_email_address)
              VALUES (?, ?, 'cashOnDelivery', 'paid', ?, 100000, 10000, 110000, 'Kavya Iyer', '12 MG Road', 'Ghaziabad', 'Uttar Pradesh',
                '201001', '9810012345', 'kavya@example.com')`,
        args: [number, Number(buyer.id), status],
      });
      await db.execute({
        sql: `INSERT INTO order_lines (order_id, product_id, product_name, color, size, quantity, unit_price_paise, original_unit_price_paise)
              VALUES (?, ?, 'A kurti', 'Red', 'M', 1, 100000, 100000)`,
        args: [Number(lastInsertRowid), Number(productId)],
      });
    };
    const unique = 900_000 + Math.floor(Math.random() * 90_000);
    // Shipped (not yet delivered) with this product, and delivered with another one: not verified.
    await order("shipped", p._id, unique);
    await order("delivered", other._id, unique + 1);
    const before = await post(p, { rating: 5, comment: "Lovely, waiting for it" }, bearer(buyer.token));
    expect(before.body.review).toMatchObject({ verified: false });
    // Delivered with this product: her review (written again) is a verified purchase.
    await order("delivered", p._id, unique + 2);
    const after = await post(p, { rating: 5, comment: "Arrived and it is lovely" }, bearer(buyer.token));
    expect(after.status).toBe(200);
    expect(after.body.review).toMatchObject({ verified: true });
    expect((await productNow(p)).reviews?.[0]).toMatchObject({ name: "Kavya Iyer", verified: true });
    // Another shopper's review of the same product is not verified by her order.
    const meeras = await post(p, { rating: 4, comment: "Nice" }, bearer(meera.token));
    expect(meeras.body.review).toMatchObject({ verified: false });
  });
});

describe("pages showing the rating", () => {
  it("the cached product page and listing show the new average right after a review is posted", async () => {
    const p = product(5);
    const path = productPath(p.category.name, p.slug);
    await untilCached(path);
    await untilCached("/all-products");
    const posted = await post(p, { rating: 1, comment: "Stitching came apart <b>fast</b>" }, bearer(asha.token));
    expect(posted.status).toBe(201);
    const { averageRating, reviewCount } = (posted.body as unknown as { product: { averageRating: number; reviewCount: number } }).product;
    const value = averageRating.toFixed(1);
    const label = `Rated ${value} out of 5, ${reviewCount} ${reviewCount === 1 ? "review" : "reviews"}`;

    const page = await fetch(url(path));
    expect(page.headers.get("x-edge-cache")).toBe("MISS");
    const html = await page.text();
    expect(html).toContain(label);
    expect(html).toMatch(new RegExp(`"ratingValue":"?${value}"?`));
    expect(html).toContain(`"reviewCount":${reviewCount}`);
    // Review text is text: the markup she typed is shown, not obeyed.
    expect(html).toContain("Stitching came apart &lt;b&gt;fast&lt;/b&gt;");
    expect(html).not.toContain("<b>fast</b>");

    const listing = await fetch(url("/all-products"));
    expect(listing.headers.get("x-edge-cache")).toBe("MISS");
    const listingHtml = await listing.text();
    // The listing's first page shows this product only if it is among the newest; the card carries its label either way.
    const cards = await fetch(url(`/all-products?page=5`)).then((r) => r.text());
    expect(listingHtml + cards).toContain(label);
  });
});

describe("the review form's action and the Reviews tab's paging", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  it("without JavaScript: a refusal comes back to the reviews with the message and her text, a success too", async () => {
    const p = product(6);
    const path = productPath(p.category.name, p.slug);
    const cookie = { Cookie: `aanchal_session=${meera.token}` };
    const headers = { ...cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" };
    const before = await stateOf(p);
    const send = (fields: Record<string, string>) =>
      fetch(url(`${path}/reviews`), { method: "POST", headers, body: form(fields), redirect: "manual" });
    const shown = async (location: string) => (await (await fetch(url(location), { headers: cookie })).text()).replaceAll("<!-- -->", "");

    const noRating = await send({ productId: p._id, comment: "Soft cotton, true colour" });
    expect(noRating.status).toBe(303);
    const refusedAt = noRating.headers.get("location")!;
    expect(refusedAt.startsWith(`${path}?reviewError=invalid&`)).toBe(true);
    expect(refusedAt.endsWith("#reviews")).toBe(true);
    const refused = await shown(refusedAt);
    expect(refused).toContain("Please select a rating");
    expect(refused).toContain(">Soft cotton, true colour</textarea>");

    const short = await send({ productId: p._id, rating: "4", comment: "k" });
    const shortPage = await shown(short.headers.get("location")!);
    expect(shortPage).toContain(REVIEW_MESSAGES.commentTooShort);
    expect(shortPage).toContain('name="rating" checked="" value="4"');
    // A comment too long to carry back whole still says what was wrong.
    const long = await send({ productId: p._id, rating: "4", comment: "क".repeat(2500) });
    const longAt = long.headers.get("location")!;
    expect(longAt.length).toBeLessThan(8000);
    expect(await shown(longAt)).toContain(REVIEW_MESSAGES.commentTooLong);
    const gone = await send({ productId: "999999", rating: "4", comment: "Soft cotton" });
    expect(await shown(gone.headers.get("location")!)).toContain("Product not found");
    expect(await stateOf(p)).toEqual(before);
    // Signed out, the same URL says nothing of it (a shared, cacheable page).
    expect(await (await fetch(url(refusedAt))).text()).not.toContain("Please select a rating");

    const ok = await send({ productId: p._id, rating: "4", comment: "Soft cotton, true colour" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`${path}?reviewed=new#reviews`);
    const html = await shown(`${path}?reviewed=new`);
    expect(html).toContain(REVIEW_MESSAGES.created);
    expect(html).toContain("Soft cotton, true colour");
    expect((await stateOf(p)).count).toBe(before.count + 1);
  });

  it("writes the form into a signed-in page in place, even for a browser that gets the page streamed", async () => {
    const p = product(10);
    const path = productPath(p.category.name, p.slug);
    // A browser's user agent: crawlers get the whole document at once, browsers a stream, and a
    // part of the page still pending when the stream starts would need JavaScript to show.
    const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
    const html = await (await fetch(url(path), { headers: { Cookie: `aanchal_session=${asha.token}`, "User-Agent": chrome } })).text();
    expect(html).toContain("<textarea id=");
    expect(html).toContain('name="rating"');
    expect(html).not.toMatch(/<div hidden id="S:/);
    expect(html).not.toContain("<!--$?-->");
  });

  it("with JavaScript (the enhanced form): data for a toast; signed out: the shop's message and a way to sign in", async () => {
    const p = product(7);
    const path = productPath(p.category.name, p.slug);
    const headers = { Cookie: `aanchal_session=${asha.token}`, Origin: base, "Content-Type": "application/x-www-form-urlencoded" };
    const ok = await fetch(url(`${path}/reviews`), {
      method: "POST",
      headers,
      body: form({ productId: p._id, rating: "5", comment: "Perfect for Diwali", enhanced: "1" }),
      redirect: "manual",
    });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ ok: true, message: REVIEW_MESSAGES.created });
    const refused = await fetch(url(`${path}/reviews`), {
      method: "POST",
      headers,
      body: form({ productId: p._id, rating: "0", comment: "k", enhanced: "1" }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      message: REVIEW_MESSAGES.ratingInvalid,
      fields: { rating: REVIEW_MESSAGES.ratingInvalid, comment: REVIEW_MESSAGES.commentTooShort },
    });
    const signedOutHeaders = { Origin: base, "Content-Type": "application/x-www-form-urlencoded" };
    const signedOut = await fetch(url(`${path}/reviews`), {
      method: "POST",
      headers: signedOutHeaders,
      body: form({ productId: p._id, rating: "5", comment: "Perfect for Diwali", enhanced: "1" }),
    });
    expect(signedOut.status).toBe(401);
    const back = `/signin?redirect=${encodeURIComponent(`${path}#reviews`)}`;
    expect(await signedOut.json()).toEqual({ message: "Please login first to continue.", signInHref: back });
    const noJs = await fetch(url(`${path}/reviews`), {
      method: "POST",
      headers: signedOutHeaders,
      body: form({ productId: p._id, rating: "5", comment: "Perfect for Diwali" }),
      redirect: "manual",
    });
    expect(noJs.status).toBe(303);
    expect(noJs.headers.get("location")).toBe(back);
  });

  it("shows the 10 newest reviews, then 10 more with Show more (a page link without JavaScript, the review route with)", async () => {
    const p = product(8);
    const path = productPath(p.category.name, p.slug);
    const before = await stateOf(p);
    // Enough reviews for three pages, written straight into the database (seeded reviews have no account).
    for (let i = 1; i <= 22; i++) {
      await db.execute({
        sql: "INSERT INTO reviews (product_id, name, rating, comment, created_at) VALUES (?, ?, 4, ?, ?)",
        args: [Number(p._id), `Reader ${i}`, `Paging review number ${i}`, Date.UTC(2026, 10, 20) + i * 60_000],
      });
    }
    const total = before.count + 22;
    // React separates adjacent text pieces with empty comments; a reader sees one sentence.
    const page = (await (await fetch(url(`${path}?fresh=${Date.now()}`))).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Paging review number 22");
    expect(page).toContain("Paging review number 13");
    expect(page).not.toContain("Paging review number 12");
    expect(page).toContain(`Showing the 10 newest of ${total} reviews`);
    expect(page).toContain(`href="${path}?reviews=20#reviews"`);

    const twenty = await (await fetch(url(`${path}?reviews=20`))).text();
    expect(twenty).toContain("Paging review number 3");
    expect(twenty).not.toContain("Paging review number 2</p>");

    // With JavaScript, "Show more" asks the review route for the next ten.
    const next = await fetch(url(`${path}/reviews?offset=10`));
    expect(next.status).toBe(200);
    const nextPage = (await next.json()) as { reviews: { comment: string }[]; hasMore: boolean };
    expect(nextPage.reviews.map((r) => r.comment)).toEqual(Array.from({ length: 10 }, (_, i) => `Paging review number ${12 - i}`));
    expect(nextPage.hasMore).toBe(true);
    const last = (await (await fetch(url(`${path}/reviews?offset=20`))).json()) as { reviews: { comment: string }[]; hasMore: boolean };
    expect(last.reviews.slice(0, 2).map((r) => r.comment)).toEqual(["Paging review number 2", "Paging review number 1"]);
    expect(last.reviews).toHaveLength(total - 20);
    expect(last.hasMore).toBe(false);
    expect((await fetch(url("/women-products/sarees/no-such-product/reviews"))).status).toBe(404);
  });
});
