import { describe, expect, it } from "vitest";
import { jsonReader, type ProductJson } from "../support/api-json";
import { useInProcessApp } from "../support/in-process";

const app = useInProcessApp("catalog-api");
const get = (path: string) => app.request(path);

const json = jsonReader(get);

describe("GET /api/categories", () => {
  it("lists at least 6 categories, one of them empty", async () => {
    const { data } = await json<{ data: { _id: string; name: string; icon: string; productCount: number }[] }>("/api/categories");
    expect(data.length).toBeGreaterThanOrEqual(6);
    expect(data.map((c) => c.name)).toEqual(expect.arrayContaining(["Kurtis", "Dresses", "Anarkali", "Sarees", "Co-ord Sets"]));
    expect(data.filter((c) => c.productCount === 0)).toHaveLength(1);
    for (const c of data) expect(c.icon).toMatch(/^\/media\//);
  });
});

describe("GET /api/subcategories", () => {
  it("needs a well-formed category id", async () => {
    expect((await json<{ message: string }>("/api/subcategories", 400)).message).toBe("Invalid category id");
    await json("/api/subcategories?category=kurtis", 400);
  });
});

describe("the rest of /api", () => {
  it("answers unknown API paths with a JSON 404", async () => {
    expect(await json("/api/nothing-here", 404)).toEqual({ message: "Not found" });
  });

  it("sends security headers", async () => {
    const res = await get("/api/categories");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("GET /api/products", () => {
  it("lists at least 48 products in the spec's Product shape, prices in rupees", async () => {
    const { data } = await json<{ data: ProductJson[] }>("/api/products");
    expect(data.length).toBeGreaterThanOrEqual(48);
    const p = data[0]!;
    expect(p).toMatchObject({ _id: expect.any(String), slug: expect.any(String), productName: expect.any(String) });
    expect(p.category.name).toBeTruthy();
    expect(p.media.filter((m) => m.type === "image").length).toBeGreaterThanOrEqual(2);
    expect(p.colors.length).toBeGreaterThan(0);
    expect(Object.keys(p.details)).toEqual(
      expect.arrayContaining([
        "fabric",
        "fitType",
        "length",
        "sleeveNeckType",
        "patternPrint",
        "occasionType",
        "washCare",
        "countryOfOrigin",
        "deliveryReturns",
      ]),
    );
    for (const s of p.sizes) {
      expect(s.discountPrice).toBeLessThanOrEqual(s.price);
      // Rupees at the API edge: a kurti costs hundreds or thousands, not hundreds of thousands.
      expect(s.price).toBeGreaterThan(100);
      expect(s.price).toBeLessThan(50_000);
    }
  });

  it("filters by category", async () => {
    const { data: categories } = await json<{ data: { _id: string; name: string; productCount: number }[] }>("/api/categories");
    const sarees = categories.find((c) => c.name === "Sarees")!;
    const { data } = await json<{ data: ProductJson[] }>(`/api/products?category=${sarees._id}`);
    expect(data.length).toBe(sarees.productCount);
    expect(data.every((p) => p.category.name === "Sarees")).toBe(true);
  });

  it("filters by subcategory", async () => {
    const { data: categories } = await json<{ data: { _id: string }[] }>("/api/categories");
    let checked = 0;
    for (const c of categories) {
      const { data: subs } = await json<{ data: { _id: string; category: string }[] }>(`/api/subcategories?category=${c._id}`);
      for (const sub of subs) {
        expect(sub.category).toBe(c._id);
        const { data } = await json<{ data: (ProductJson & { subcategory: string })[] }>(
          `/api/products?category=${c._id}&subcategory=${sub._id}`,
        );
        expect(data.every((p) => p.subcategory === sub._id)).toBe(true);
        checked += data.length;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("answers an unknown category with an empty list", async () => {
    expect(await json("/api/products?category=999999")).toEqual({ data: [] });
  });

  it.each(["abc", "-1", "0", "1.5", "1e400", "1;DROP TABLE products"])("refuses the malformed category id %j with a 400", async (id) => {
    const body = await json<{ message: string }>(`/api/products?category=${encodeURIComponent(id)}`, 400);
    expect(body.message).toBe("Invalid category id");
  });

  it("refuses a malformed subcategory id and a bad sort", async () => {
    expect((await json<{ message: string }>("/api/products?subcategory=x", 400)).message).toBe("Invalid subcategory id");
    await json("/api/products?sort=cheapest", 400);
    await json("/api/products?limit=100000", 400);
  });

  it("sorts by price", async () => {
    const low = (p: ProductJson) => Math.min(...p.sizes.filter((s) => s.stock > 0).map((s) => s.discountPrice));
    const { data } = await json<{ data: ProductJson[] }>("/api/products?sort=price-asc");
    const inStock = data.filter((p) => p.sizes.some((s) => s.stock > 0)).map(low);
    expect(inStock).toEqual([...inStock].sort((a, b) => a - b));
  });
});

describe("GET /api/products/slug/:slug", () => {
  it("answers the product with its newest reviews, matching the count and average the list shows", async () => {
    const { data } = await json<{ data: ProductJson[] }>("/api/products");
    expect(data.every((p) => p.reviews === undefined)).toBe(true);
    const withReviews = data.find((p) => p.reviewCount > 1)!;
    const product = await json<ProductJson>(`/api/products/slug/${withReviews.slug}`);
    expect(product._id).toBe(withReviews._id);
    const reviews = product.reviews!;
    expect(reviews.length).toBe(Math.min(withReviews.reviewCount, 10));
    const dates = reviews.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    if (withReviews.reviewCount <= 10) {
      const average = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
      expect(product.averageRating).toBe(Math.round(average * 10) / 10);
    }
  });

  it("answers 404 for an unknown slug and 400 for a malformed one", async () => {
    expect((await json<{ message: string }>("/api/products/slug/no-such-kurti", 404)).message).toBe("Product not found.");
    await json(`/api/products/slug/${encodeURIComponent("Bad Slug!")}`, 400);
    await json(`/api/products/slug/${"a".repeat(300)}`, 400);
  });
});

describe("GET /api/products/search", () => {
  it("finds products by a prefix of a word in their name, best match first", async () => {
    const results = await json<ProductJson[]>("/api/products/search?query=kurt");
    expect(results.length).toBeGreaterThan(0);
    expect(results[0]!.productName.toLowerCase()).toContain("kurt");
  });

  it("matches category, fabric and colour names", async () => {
    const { data } = await json<{ data: (ProductJson & { details: { fabric: string } })[] }>("/api/products");
    const sample = data.find((p) => p.colors.length > 0)!;
    const colour = sample.colors[0]!.name.split(" ")[0]!;
    const byColour = await json<ProductJson[]>(`/api/products/search?query=${encodeURIComponent(colour)}`);
    expect(byColour.some((p) => p._id === sample._id)).toBe(true);
    const bySarees = await json<ProductJson[]>("/api/products/search?query=saree");
    expect(bySarees.some((p) => p.category.name === "Sarees")).toBe(true);
  });

  it("treats search syntax as plain words and never fails on odd input", async () => {
    for (const q of ['"', "kurti OR", "NEAR(", "*", "-", "a:b", "' or 1=1 --", "😀", "साड़ी", "\u0301"]) {
      const res = await get(`/api/products/search?query=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(await res.json())).toBe(true);
    }
  });

  it("answers nonsense with an empty list", async () => {
    expect(await json("/api/products/search?query=zzqxjv")).toEqual([]);
  });

  it("refuses a missing or blank query and an overlong one", async () => {
    expect((await json<{ message: string }>("/api/products/search", 400)).message).toBe("Please enter a search term");
    await json("/api/products/search?query=%20%20", 400);
    await json(`/api/products/search?query=${"a".repeat(101)}`, 400);
  });
});
