import { createClient } from "@libsql/client";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, postJson, type TestUser } from "../../tooling/accounts";
import { useInProcessApp } from "../support/in-process";
import { roundTripsOf } from "../support/round-trips";

/**
 * The wishlist API (docs/product/shopping.md) against the built Worker:
 * `GET /api/wishlist`, `POST /api/wishlist { productId }`, `DELETE /api/wishlist/{productId}`.
 */
const app = useInProcessApp("wishlist-api");
const base = app.baseUrl;
const url = (path: string) => new URL(path, base);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface ProductJson {
  _id: string;
  productName: string;
  slug: string;
  sizes: { price: number; discountPrice: number; stock: number }[];
}
interface EntryJson {
  _id: string;
  product: ProductJson;
}

let products: ProductJson[];
let asha: TestUser;
let meera: TestUser;

beforeAll(async () => {
  const res = await fetch(url("/api/products?limit=4"));
  products = ((await res.json()) as { data: ProductJson[] }).data;
  expect(products.length).toBeGreaterThanOrEqual(3);
  [asha, meera] = await Promise.all([createUser(base, "wish-asha", "Asha Verma"), createUser(base, "wish-meera", "Meera Sharma")]);
});

const list = (token: string) => fetch(url("/api/wishlist"), { headers: bearer(token) });
const add = (token: string, productId: unknown) => postJson(base, "/api/wishlist", { productId }, bearer(token));
const remove = (token: string, productId: string) => fetch(url(`/api/wishlist/${productId}`), { method: "DELETE", headers: bearer(token) });

async function idsOf(token: string): Promise<string[]> {
  const res = await list(token);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: EntryJson[] }).data.map((e) => e.product._id);
}

/** Every wishlist row in the database, as `userId:productId`: what "changes nothing" is checked against. */
async function allRows(): Promise<string[]> {
  const db = createClient({ url: app.dbUrl });
  try {
    const { rows } = await db.execute("SELECT user_id, product_id FROM wishlist_entries ORDER BY id");
    return rows.map((r) => `${r.user_id}:${r.product_id}`);
  } finally {
    db.close();
  }
}

describe("GET /api/wishlist", () => {
  it("answers an empty list for a new shopper, in one database round trip", async () => {
    const fresh = await createUser(base, "wish-empty");
    const res = await list(fresh.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: [] });
    expect(await roundTripsOf("/api/wishlist", bearer(fresh.token), {}, app)).toMatchObject({ status: 200, trips: 1 });
  });

  it("says there is no token, or that the session expired, in the shop's words", async () => {
    const none = await fetch(url("/api/wishlist"));
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: "No authentication token found. Please login." });

    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(asha.id)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(app.sessionSecret));
    for (const token of [expired, "not.a.token", `${asha.token}x`]) {
      for (const headers of [bearer(token), { Cookie: `aanchal_session=${token}` }]) {
        const res = await fetch(url("/api/wishlist"), { headers });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ message: "Session expired. Please login again." });
      }
    }
    // The same for a write, which changes nothing.
    const before = await allRows();
    const post = await add(expired, products[0]!._id);
    expect(post.status).toBe(401);
    expect(await post.json()).toEqual({ message: "Session expired. Please login again." });
    const del = await fetch(url(`/api/wishlist/${products[0]!._id}`), { method: "DELETE" });
    expect(del.status).toBe(401);
    expect(await del.json()).toEqual({ message: "No authentication token found. Please login." });
    expect(await allRows()).toEqual(before);
  });
});

describe("POST and DELETE /api/wishlist", () => {
  it("adds with 201 and the whole list, newest first, each product as the catalogue API shows it", async () => {
    const [first, second] = products as [ProductJson, ProductJson];
    const one = await add(asha.token, first._id);
    expect(one.status).toBe(201);
    const oneBody = (await one.json()) as { message: string; data: EntryJson[] };
    expect(oneBody.message).toBe("Added to Wishlist");
    expect(oneBody.data.map((e) => e.product._id)).toEqual([first._id]);

    // A number is as good as the id's string.
    const two = await add(asha.token, Number(second._id));
    expect(two.status).toBe(201);
    const { data } = (await two.json()) as { data: EntryJson[] };
    expect(data.map((e) => e.product._id)).toEqual([second._id, first._id]);
    expect(data[0]!._id).toMatch(/^\d+$/);
    expect(data[0]!._id).not.toBe(data[1]!._id);

    // The product is the catalogue's own JSON for it, prices in rupees.
    const catalogue = (await (await fetch(url(`/api/products/slug/${second.slug}`))).json()) as Record<string, unknown>;
    const { reviews: _reviews, ...withoutReviews } = catalogue;
    expect(data[0]!.product).toEqual(withoutReviews);

    expect(await idsOf(asha.token)).toEqual([second._id, first._id]);
  });

  it("adds the same product twice as one entry (idempotent), even when the two adds race", async () => {
    const shopper = await createUser(base, "wish-twice");
    const id = products[2]!._id;
    const answers = await Promise.all(Array.from({ length: 6 }, () => add(shopper.token, id)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const again = await add(shopper.token, id);
    expect(((await again.json()) as { data: EntryJson[] }).data).toHaveLength(1);
    expect(await idsOf(shopper.token)).toEqual([id]);
  });

  it("removes by product id, answering the list left; removing what is not there changes nothing", async () => {
    const shopper = await createUser(base, "wish-remove");
    const [a, b] = products as [ProductJson, ProductJson];
    await add(shopper.token, a._id);
    await add(shopper.token, b._id);
    const res = await remove(shopper.token, a._id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: "Removed from Wishlist!", data: [{ product: { _id: b._id } }] });
    const again = await remove(shopper.token, a._id);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { data: EntryJson[] }).data.map((e) => e.product._id)).toEqual([b._id]);
    expect(await idsOf(shopper.token)).toEqual([b._id]);
  });

  it("never shows or touches another shopper's entries", async () => {
    const [a, b] = products as [ProductJson, ProductJson];
    await add(meera.token, a._id);
    await add(meera.token, b._id);
    const meeraBefore = await idsOf(meera.token);
    const rowsBefore = await allRows();
    const stranger = await createUser(base, "wish-stranger");

    // Her list is hers alone.
    expect(await idsOf(stranger.token)).toEqual([]);
    // Removing the same products from his own list: 200, nothing of hers removed.
    for (const p of [a, b]) expect((await remove(stranger.token, p._id)).status).toBe(200);
    expect(await idsOf(meera.token)).toEqual(meeraBefore);
    expect(await allRows()).toEqual(rowsBefore);
    // A body naming her or her entry is ignored: only the product id counts, and it lands on his list.
    const sneaky = await postJson(base, "/api/wishlist", { productId: a._id, userId: meera.id, _id: "1" }, bearer(stranger.token));
    expect(sneaky.status).toBe(201);
    expect(await idsOf(stranger.token)).toEqual([a._id]);
    expect(await idsOf(meera.token)).toEqual(meeraBefore);
  });

  it("refuses bad product ids with a 400 and an unknown product with a 404, changing nothing", async () => {
    const before = await allRows();
    const bad = [undefined, null, "", "  ", "abc", "-1", "0", 0, -3, 1.5, "1.5", "1e3", true, [], {}, "9".repeat(20), "12abc"];
    for (const productId of bad) {
      const res = await add(asha.token, productId);
      expect(res.status, JSON.stringify(productId)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("Invalid product id");
    }
    for (const segment of ["abc", "-1", "0", "1.5", "%00", "1e3", "9".repeat(20)]) {
      const res = await remove(asha.token, segment);
      expect(res.status, segment).toBe(400);
    }
    const unknown = await add(asha.token, "999999999");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/^Product not found/);
    // Not JSON at all.
    const notJson = await fetch(url("/api/wishlist"), {
      method: "POST",
      headers: { ...bearer(asha.token), "Content-Type": "application/json" },
      body: "{productId:",
    });
    expect(notJson.status).toBe(400);
    expect(await allRows()).toEqual(before);
  });

  it("holds at most 200 entries: the next add is refused with a 409 and changes nothing", async () => {
    const shopper = await createUser(base, "wish-full");
    const db = createClient({ url: app.dbUrl });
    try {
      // 199 entries for products never on sale (so no page or test sees them), straight into the database.
      const tag = `wishlist-full-${Date.now()}`;
      await db.execute({
        sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 199)
              INSERT INTO products (slug, name, description, brand, category_id, is_active)
              SELECT ? || '-' || i, name, description, brand, category_id, 0 FROM n, (SELECT * FROM products WHERE id = ?)`,
        args: [tag, Number(products[0]!._id)],
      });
      await db.execute({
        sql: "INSERT INTO wishlist_entries (user_id, product_id) SELECT ?, id FROM products WHERE slug LIKE ? || '-%'",
        args: [Number(shopper.id), tag],
      });
    } finally {
      db.close();
    }
    const last = await add(shopper.token, products[0]!._id);
    expect(last.status).toBe(201);
    const full = await add(shopper.token, products[1]!._id);
    expect(full.status).toBe(409);
    expect(((await full.json()) as { message: string }).message).toBe(
      "Your wishlist is full (at most 200 items). Remove something to add more.",
    );
    // Adding what is already there still answers success.
    expect((await add(shopper.token, products[0]!._id)).status).toBe(201);
    expect(await idsOf(shopper.token)).toEqual([products[0]!._id]);
  });

  it("leaves out a product taken off sale, and will not add one", async () => {
    const shopper = await createUser(base, "wish-withdrawn");
    const db = createClient({ url: app.dbUrl });
    let withdrawn: number;
    try {
      // A copy of a real product, never on sale, so no other page or test ever sees it.
      const inserted = await db.execute({
        sql: `INSERT INTO products (slug, name, description, brand, category_id, is_active)
              SELECT ?, name, description, brand, category_id, 0 FROM products WHERE id = ?`,
        args: [`wishlist-withdrawn-${Date.now()}`, Number(products[0]!._id)],
      });
      withdrawn = Number(inserted.lastInsertRowid);
      await db.execute({ sql: "INSERT INTO wishlist_entries (user_id, product_id) VALUES (?, ?)", args: [Number(shopper.id), withdrawn] });
    } finally {
      db.close();
    }
    await add(shopper.token, products[1]!._id);
    expect(await idsOf(shopper.token)).toEqual([products[1]!._id]);
    const res = await add(shopper.token, String(withdrawn));
    expect(res.status).toBe(404);
  });
});
