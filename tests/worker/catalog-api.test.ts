import { describe, expect, inject, it } from "vitest";
import { jsonReader, type ProductJson } from "../support/api-json";

const base = inject("baseUrl");
const get = (path: string) => fetch(new URL(path, base));

const json = jsonReader(get);

describe("/media", () => {
  it("serves a product image from R2 with a long cache lifetime and revalidates with ETag", async () => {
    const { data } = await json<{ data: ProductJson[] }>("/api/products");
    const url = data[0]!.media[0]!.url;
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toMatch(/max-age=\d{6,}/);
    expect(await res.text()).toContain("<svg");
    const etag = res.headers.get("etag")!;
    const again = await fetch(new URL(url, base), { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("answers a missing or malicious key with a 404", async () => {
    expect((await get("/media/products/nope.svg")).status).toBe(404);
    expect((await get("/media/..%2F..%2Fwrangler.toml")).status).toBe(404);
  });
});

describe("crawlers", () => {
  it("lists every product and category page in /sitemap.xml", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    const { data } = await json<{ data: ProductJson[] }>("/api/products");
    const { data: categories } = await json<{ data: { _id: string }[] }>("/api/categories");
    for (const p of data) expect(xml).toContain(`/${p.slug}</loc>`);
    for (const c of categories) expect(xml).toContain(`/all-products?category=${c._id}</loc>`);
    // The brand, help and policy pages, each once.
    for (const path of [
      "/about-us",
      "/manufacturing",
      "/faqs",
      "/contact-us",
      "/enquiry-us",
      "/cancellation-return-policy",
      "/privacy-policy",
      "/terms-and-conditions",
      "/shipping-delivery-policy",
    ])
      expect(xml.split(`<loc>${base}${path}</loc>`)).toHaveLength(2);
  });

  it("points crawlers at the sitemap and away from private pages", async () => {
    const text = await (await get("/robots.txt")).text();
    expect(text).toContain(`Sitemap: ${base}/sitemap.xml`);
    expect(text).toContain("Disallow: /api/");
  });
});

describe("malformed requests never cause a server error", () => {
  it("ignores a malformed If-None-Match on media and answers HEAD without a body", async () => {
    const { data } = await json<{ data: ProductJson[] }>("/api/products?limit=1");
    const url = new URL(data[0]!.media[0]!.url, base);
    for (const value of ["abc", '"unterminated', "*"]) {
      const res = await fetch(url, { headers: { "If-None-Match": value } });
      expect(res.status, value).toBe(200);
      await res.body?.cancel();
    }
    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBeTruthy();
  });

  it("answers a product action posted as JSON with a 400, not a 500", async () => {
    const { data } = await json<{ data: ProductJson[] }>("/api/products?limit=1");
    const p = data[0]!;
    const path = `/women-products/${p.category.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}/${p.slug}`;
    const res = await fetch(new URL(path, base), {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ intent: "add-to-cart" }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("cache-control") ?? "").not.toContain("public");
  });
});
