import { join } from "node:path";
import type { Client } from "@libsql/client";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { buildImages, seedDatabase, seedMedia } from "../../db/seed";
import { useTempDatabase } from "../support/temp-db";

const TABLES = ["categories", "subcategories", "products", "product_media", "product_colors", "product_sizes", "reviews", "coupons"];
const database = useTempDatabase("seed");
let client: Client;
let db: Db;
const images = buildImages();

async function rows<T>(query: string): Promise<T[]> {
  return (await client.execute(query)).rows as unknown as T[];
}

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = Number((await client.execute(`SELECT count(*) AS n FROM ${t}`)).rows[0]?.n);
  return out;
}

beforeAll(async () => {
  ({ client, db } = database.connect());
  expect(await seedDatabase(db)).toEqual({ seeded: true });
});

describe("seeded catalogue", () => {
  it("has at least 6 categories, exactly one of them empty (the Coming Soon one)", async () => {
    const cats = await rows<{ slug: string; n: number }>(
      "SELECT c.slug, count(p.id) AS n FROM categories c LEFT JOIN products p ON p.category_id = c.id GROUP BY c.id",
    );
    expect(cats.length).toBeGreaterThanOrEqual(6);
    expect(cats.filter((c) => Number(c.n) === 0)).toHaveLength(1);
  });

  it("has at least 48 products with unique slugs", async () => {
    const [r] = await rows<{ n: number; slugs: number }>("SELECT count(*) AS n, count(DISTINCT slug) AS slugs FROM products");
    expect(Number(r!.n)).toBeGreaterThanOrEqual(48);
    expect(Number(r!.slugs)).toBe(Number(r!.n));
  });

  it("gives every product at least 2 described images that exist in the generated set", async () => {
    const keys = new Set(images.map((i) => `/media/${i.key}`));
    const media = await rows<{ product_id: number; url: string; alt: string; width: number; height: number; type: string }>(
      "SELECT product_id, url, alt, width, height, type FROM product_media",
    );
    const perProduct = new Map<number, number>();
    for (const m of media) {
      expect(m.type).toBe("image");
      expect(keys.has(m.url), m.url).toBe(true);
      expect(m.alt.length).toBeGreaterThan(10);
      expect(Number(m.width)).toBeGreaterThan(0);
      expect(Number(m.height)).toBeGreaterThan(0);
      perProduct.set(Number(m.product_id), (perProduct.get(Number(m.product_id)) ?? 0) + 1);
    }
    const products = await rows<{ id: number }>("SELECT id FROM products");
    for (const p of products) expect(perProduct.get(Number(p.id)) ?? 0).toBeGreaterThanOrEqual(2);
  });

  it("gives every product colours and sizes whose discount never exceeds the price", async () => {
    const [bad] = await rows<{ n: number }>(`
      SELECT count(*) AS n FROM products p
      WHERE NOT EXISTS (SELECT 1 FROM product_colors c WHERE c.product_id = p.id AND c.hex LIKE '#______')
         OR NOT EXISTS (SELECT 1 FROM product_sizes s WHERE s.product_id = p.id)`);
    expect(Number(bad!.n)).toBe(0);
    const sizes = await rows<{ price_paise: number; discount_price_paise: number | null }>(
      "SELECT price_paise, discount_price_paise FROM product_sizes",
    );
    for (const s of sizes) {
      expect(Number(s.price_paise)).toBeGreaterThanOrEqual(599_00);
      expect(Number(s.price_paise)).toBeLessThanOrEqual(8999_00 + 300_00);
      if (s.discount_price_paise !== null) expect(Number(s.discount_price_paise)).toBeLessThanOrEqual(Number(s.price_paise));
    }
    expect(sizes.some((s) => s.discount_price_paise === null)).toBe(true);
  });

  it("has products sold out in every size, and one whose cheapest size is gone while a pricier one is left", async () => {
    const soldOut = await rows<{ id: number }>("SELECT product_id AS id FROM product_sizes GROUP BY product_id HAVING max(stock) = 0");
    expect(soldOut.length).toBeGreaterThanOrEqual(3);
    const [cheapestGone] = await rows<{ n: number }>(`
      SELECT count(*) AS n FROM products p
      WHERE (SELECT stock FROM product_sizes s WHERE s.product_id = p.id
             ORDER BY coalesce(discount_price_paise, price_paise), position LIMIT 1) = 0
        AND EXISTS (SELECT 1 FROM product_sizes s WHERE s.product_id = p.id AND s.stock > 0)`);
    expect(Number(cheapestGone!.n)).toBeGreaterThanOrEqual(1);
  });

  it("finds products by a name prefix through the search index", async () => {
    const hits = await rows<{ rowid: number }>("SELECT rowid FROM product_search WHERE product_search MATCH 'kur*'");
    const [named] = await rows<{ n: number }>("SELECT count(*) AS n FROM products WHERE name LIKE '%kur%'");
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeGreaterThanOrEqual(Number(named!.n));
  });

  it("has the welcome, flat and expired coupons", async () => {
    const coupons = await rows<{
      code: string;
      discount_type: string;
      discount_value: number;
      min_subtotal_paise: number;
      ends_at: number | null;
    }>("SELECT code, discount_type, discount_value, min_subtotal_paise, ends_at FROM coupons");
    const byCode = Object.fromEntries(coupons.map((c) => [c.code, c]));
    expect(byCode.WELCOME10).toMatchObject({ discount_type: "percentage", discount_value: 10 });
    expect(byCode.FLAT200).toMatchObject({ discount_type: "flat", discount_value: 200_00 });
    expect(coupons.some((c) => c.ends_at !== null && Number(c.ends_at) < Date.now())).toBe(true);
  });

  it("changes nothing when seeded again", async () => {
    const before = await counts();
    expect(await seedDatabase(db)).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
  });
});

describe("generated images", () => {
  it("are small, well-formed SVGs with their declared size", () => {
    expect(new Set(images.map((i) => i.key)).size).toBe(images.length);
    for (const img of images) {
      const { body } = img;
      expect(body.startsWith("<svg "), img.key).toBe(true);
      expect(body, img.key).toContain(`width="${img.width}" height="${img.height}" viewBox="0 0 ${img.width} ${img.height}"`);
      expect(body.length, img.key).toBeLessThan(10 * 1024);
      expect(body, img.key).not.toMatch(/NaN|undefined|<image/);
      // Tags balance, and ids are unique (several figures can share a banner).
      const stack: string[] = [];
      for (const [, close, name, selfClose] of body.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
        if (close) expect(stack.pop(), img.key).toBe(name);
        else if (!selfClose) stack.push(name!);
      }
      expect(stack, img.key).toEqual([]);
      const ids = [...body.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size, img.key).toBe(ids.length);
    }
  });

  it("are identical on every run", () => {
    expect(buildImages()).toEqual(images);
  });

  it("land in the local R2 bucket where the local Worker looks for them", { timeout: 60_000 }, async () => {
    const persistRoot = join(database.dir, "state");
    expect(await seedMedia(persistRoot)).toBe(images.length);
    // Read back through a separate Miniflare instance bound the way wrangler binds MEDIA.
    const { Miniflare } = await import("miniflare");
    const mf = new Miniflare({
      modules: true,
      script: "export default { fetch() { return new Response(null) } }",
      defaultPersistRoot: join(persistRoot, "v3"),
      r2Buckets: { MEDIA: "aanchal-media" },
      cf: false,
    });
    try {
      const bucket = await mf.getR2Bucket("MEDIA");
      const listed = await bucket.list({ limit: 1000 });
      expect(listed.objects.length).toBe(images.length);
      const placeholder = await bucket.get("placeholder.svg");
      expect(placeholder?.httpMetadata?.contentType).toBe("image/svg+xml");
    } finally {
      await mf.dispose();
    }
  });
});
