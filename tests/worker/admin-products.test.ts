import { readFileSync } from "node:fs";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, type TestUser } from "../../tooling/accounts";
import { cartCall } from "../../tooling/cart";
import { insertOrder, removeOrders } from "../../tooling/orders";
import { PRODUCT_MESSAGES } from "../../workers/services/back-office/catalog/admin-products.rules";
import { productPath } from "../../workers/services/platform/paths";
import { useCatalogueRestored } from "../support/catalogue";
import { useDom } from "../support/dom";
import { untilCached } from "../support/edge-cache";
import { pageForms } from "../support/page-forms";
import { ownerToken } from "../support/staff";

/**
 * Products in the back office: nobody but staff reaches a page or an
 * endpoint; a draft stays out of the shop (listing, product page, search, sitemap) until published,
 * then shows everywhere at once, even where a page was cached; a lower price reaches a shopper's cart
 * line; pictures are checked by their bytes and size; a product an order references is archived, not
 * deleted; each change is one audit entry; a taken slug is named.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
// Registered first, so it runs last: after this file has taken its orders away.
useCatalogueRestored(dbUrl);
const db = createClient({ url: dbUrl });
const forms = pageForms(base);
const dom = useDom();
const fixture = (name: string) => readFileSync(new URL(`../fixtures/images/${name}`, import.meta.url));

let token: string;
let owner: TestUser;
let shopper: TestUser;
let category: { id: number; name: string };
const madeOrders: number[] = [];
const madeProducts: number[] = [];

const call = (path: string, tok: string | null, init: RequestInit & { json?: unknown } = {}) => {
  const headers: Record<string, string> = { ...(tok ? { Authorization: `Bearer ${tok}` } : {}) };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  return fetch(new URL(path, base), {
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
};

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A product as the API takes it: prices in rupees. */
function productBody(name: string, overrides: Record<string, unknown> = {}) {
  return {
    name,
    description: "A cotton kurti for the summer.",
    categoryId: category.id,
    details: { fabric: "Cotton", washCare: "Hand wash" },
    meta: { title: name },
    colors: [{ name: "Indigo", hex: "#2b3a67" }],
    sizes: [
      { size: "M", price: 1299, discountPrice: 999, stock: 5 },
      { size: "L", price: 1299, stock: 4 },
    ],
    ...overrides,
  };
}

interface ApiProduct {
  id: number;
  slug: string;
  name: string;
  state: string;
  path: string;
  sizes: { id: number; size: string; price: number; discountPrice: number | null; stock: number }[];
  media: { id: number; type: string; url: string; alt: string; width: number; height: number }[];
}

async function create(name: string, overrides: Record<string, unknown> = {}): Promise<ApiProduct> {
  const res = await call("/api/admin/products", token, { method: "POST", json: productBody(name, overrides) });
  expect(res.status, await res.clone().text()).toBe(201);
  const { product } = (await res.json()) as { product: ApiProduct };
  madeProducts.push(product.id);
  return product;
}

const auditOf = async (id: number) =>
  Number(
    (await db.execute({ sql: "select count(*) as n from audit_log where entity = 'product' and entity_id = ?", args: [String(id)] }))
      .rows[0]!.n,
  );

beforeAll(async () => {
  token = await ownerToken(base);
  owner = { email: "owner", password: "", name: "Owner", token, id: "0" };
  shopper = await createUser(base, "admin-products-shopper", "Pooja Verma");
  const cats = (await (await fetch(new URL("/api/categories", base))).json()) as { data?: { _id: string; name: string }[] };
  const first = (cats.data ?? (cats as unknown as { _id: string; name: string }[]))[0]!;
  category = { id: Number(first._id), name: first.name };
});

afterAll(async () => {
  await removeOrders(dbUrl, madeOrders);
  db.close();
});

describe("the door", () => {
  it("answers 404 to a shopper and a signed-out visitor on every endpoint and page, changing nothing", async () => {
    const product = await create(`Door kurti ${unique()}`);
    const before = await auditOf(product.id);
    const endpoints: [string, string, RequestInit & { json?: unknown }][] = [
      ["GET", "/api/admin/products", {}],
      ["POST", "/api/admin/products", { json: productBody("Sneaky") }],
      ["GET", `/api/admin/products/${product.id}`, {}],
      ["PUT", `/api/admin/products/${product.id}`, { json: productBody("Sneaky") }],
      ["DELETE", `/api/admin/products/${product.id}`, {}],
      ["POST", `/api/admin/products/${product.id}/publish`, {}],
      ["POST", `/api/admin/products/${product.id}/archive`, {}],
      ["DELETE", `/api/admin/products/${product.id}/media/1`, {}],
    ];
    for (const who of [shopper.token, null]) {
      for (const [method, path, init] of endpoints) {
        const res = await call(path, who, { ...init, method });
        expect({ method, path, status: res.status, body: await res.json() }).toEqual({
          method,
          path,
          status: 404,
          body: { message: "Not found" },
        });
      }
      const upload = new FormData();
      upload.append("images", new Blob([fixture("red-5x3.png")], { type: "image/png" }), "a.png");
      const up = await call(`/api/admin/products/${product.id}/images`, who, { method: "POST", body: upload });
      expect(up.status).toBe(404);
      const user = who ? shopper : null;
      for (const page of ["/admin/products", "/admin/products/new", `/admin/products/${product.id}`]) {
        expect((await forms.get(page, user)).status, page).toBe(404);
      }
      const post = await forms.post(`/admin/products/${product.id}`, { intent: "publish" }, user);
      // As a post to an unknown address: the shop's routes have no form there.
      expect(post.status).toBe(405);
      const make = await forms.post("/admin/products/new", { name: "Sneaky" }, user);
      expect(make.status).toBe(405);
    }
    const after = (await (await call(`/api/admin/products/${product.id}`, token)).json()) as { product: ApiProduct };
    expect(after.product.state).toBe("draft");
    expect(await auditOf(product.id)).toBe(before);
  });
});

describe("draft and published", () => {
  it("keeps a draft out of the shop, and shows it everywhere at once when published (cached pages purged)", async () => {
    const tag = unique();
    const name = `Chanderi kurti ${tag}`;
    const p = await create(name);
    expect(p.state).toBe("draft");
    const path = productPath(category.name, p.slug);
    expect(p.path).toBe(path);
    const inListApi = async () => JSON.stringify(await (await fetch(new URL("/api/products?limit=100", base))).json()).includes(p.slug);
    const inSearch = async () =>
      JSON.stringify(
        await (await fetch(new URL(`/api/products/search?query=${encodeURIComponent(`chanderi ${tag}`)}`, base))).json(),
      ).includes(p.slug);
    const inSitemap = async () => (await (await fetch(new URL("/sitemap.xml", base))).text()).includes(p.slug);

    expect(await inListApi()).toBe(false);
    expect((await fetch(new URL(path, base))).status).toBe(404);
    expect(await inSearch()).toBe(false);
    expect(await inSitemap()).toBe(false);
    // The listing, cached signed out before publishing.
    const { html } = await untilCached("/all-products");
    expect(html.at(-1)).not.toContain(name);

    const pub = await call(`/api/admin/products/${p.id}/publish`, token, { method: "POST" });
    expect(pub.status).toBe(200);
    expect(((await pub.json()) as { message: string }).message).toBe(PRODUCT_MESSAGES.published);

    const listing = await fetch(new URL("/all-products", base));
    expect((await listing.text()).replaceAll("<!-- -->", "")).toContain(name);
    expect(await inListApi()).toBe(true);
    const page = await fetch(new URL(path, base));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(name);
    expect(await inSearch()).toBe(true);
    expect(await inSitemap()).toBe(true);

    // Unpublished: gone again at once.
    expect((await call(`/api/admin/products/${p.id}/unpublish`, token, { method: "POST" })).status).toBe(200);
    expect((await fetch(new URL(path, base))).status).toBe(404);
    expect(await inSitemap()).toBe(false);
  });
});

describe("a price change", () => {
  it("reaches a shopper's cart line: same line, new price", async () => {
    const p = await create(`Sale kurti ${unique()}`);
    expect((await call(`/api/admin/products/${p.id}/publish`, token, { method: "POST" })).status).toBe(200);
    const add = await cartCall(base, shopper.token, "POST", "/api/cart", {
      items: [{ product: String(p.id), size: "M", color: "Indigo", quantity: 1 }],
    });
    expect(add.status, JSON.stringify(add.json)).toBe(200);
    const lineBefore = (await cartCall(base, shopper.token, "GET", "/api/cart")).items!.find((i) => i.product === String(p.id))!;
    expect(lineBefore.discountPrice).toBe(999);

    const sizeId = p.sizes.find((s) => s.size === "M")!.id;
    const body = productBody(p.name, {
      slug: p.slug,
      sizes: [
        { size: "M", price: 1299, discountPrice: 799, stock: 5 },
        { size: "L", price: 1299, stock: 4 },
      ],
    });
    const put = await call(`/api/admin/products/${p.id}`, token, { method: "PUT", json: body });
    expect(put.status, await put.clone().text()).toBe(200);
    const saved = ((await put.json()) as { product: ApiProduct }).product;
    expect(saved.sizes.find((s) => s.size === "M")).toMatchObject({ id: sizeId, discountPrice: 799 });

    const lineAfter = (await cartCall(base, shopper.token, "GET", "/api/cart")).items!.find((i) => i.product === String(p.id))!;
    expect(lineAfter._id).toBe(lineBefore._id);
    expect(lineAfter.discountPrice).toBe(799);
    const page = await fetch(new URL(p.path, base));
    expect((await page.text()).replaceAll("<!-- -->", "")).toContain("₹799");
  });
});

describe("a size taken off", () => {
  it("is deleted, and the shopper's cart line holding it with it; the other sizes keep their ids", async () => {
    const p = await create(`Two size kurti ${unique()}`);
    expect((await call(`/api/admin/products/${p.id}/publish`, token, { method: "POST" })).status).toBe(200);
    const add = await cartCall(base, shopper.token, "POST", "/api/cart", {
      items: [
        { product: String(p.id), size: "L", color: "Indigo", quantity: 1 },
        { product: String(p.id), size: "M", color: "Indigo", quantity: 1 },
      ],
    });
    expect(add.status, JSON.stringify(add.json)).toBe(200);
    const body = productBody(p.name, { slug: p.slug, sizes: [{ size: "M", price: 1299, discountPrice: 999, stock: 5 }] });
    const put = await call(`/api/admin/products/${p.id}`, token, { method: "PUT", json: body });
    expect(put.status, await put.clone().text()).toBe(200);
    const saved = ((await put.json()) as { product: ApiProduct }).product;
    expect(saved.sizes.map((s) => [s.id, s.size])).toEqual([[p.sizes.find((s) => s.size === "M")!.id, "M"]]);
    const lines = (await cartCall(base, shopper.token, "GET", "/api/cart")).items!.filter((i) => i.product === String(p.id));
    expect(lines.map((l) => l.size)).toEqual(["M"]);
  });
});

describe("validation", () => {
  it("refuses a discount not below the price, a negative stock and a size off the chart, each next to its field", async () => {
    const res = await call("/api/admin/products", token, {
      method: "POST",
      json: productBody(`Bad ${unique()}`, {
        sizes: [
          { size: "M", price: 1000, discountPrice: 1000, stock: 2 },
          { size: "Huge", price: 1000, stock: -1 },
        ],
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields).toMatchObject({
      "sizes.0.discountPrice": PRODUCT_MESSAGES.discountNotBelow,
      "sizes.1.size": PRODUCT_MESSAGES.sizeInvalid,
      "sizes.1.stock": PRODUCT_MESSAGES.stockInvalid,
    });
  });

  it("names the product that already uses a slug", async () => {
    const first = await create(`Slug owner ${unique()}`);
    const res = await call("/api/admin/products", token, {
      method: "POST",
      json: productBody(`Copycat ${unique()}`, { slug: first.slug }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; fields: Record<string, string> };
    expect(body.fields.slug).toBe(`This slug is already used by ${first.name}`);
  });
});

describe("pictures", () => {
  const upload = (id: number, files: [Blob, string][]) => {
    const form = new FormData();
    for (const [blob, name] of files) form.append("images", blob, name);
    return call(`/api/admin/products/${id}/images`, token, { method: "POST", body: form });
  };

  it("refuses a script renamed .jpg, a GIF, a zero-byte file and a 6 MB picture, storing nothing", async () => {
    const p = await create(`Upload kurti ${unique()}`);
    const script = await upload(p.id, [[new Blob(["#!/bin/sh\nrm -rf /\n"], { type: "image/jpeg" }), "photo.jpg"]]);
    expect(script.status).toBe(400);
    expect(((await script.json()) as { message: string }).message).toContain(PRODUCT_MESSAGES.imageType);
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    const gifRes = await upload(p.id, [[new Blob([gif], { type: "image/jpeg" }), "anim.jpg"]]);
    expect(gifRes.status).toBe(400);
    const empty = await upload(p.id, [[new Blob([], { type: "image/png" }), "empty.png"]]);
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toContain(PRODUCT_MESSAGES.imageEmpty);
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(fixture("red-5x3.png"));
    const large = await upload(p.id, [[new Blob([big], { type: "image/png" }), "big.png"]]);
    expect(large.status).toBe(413);
    expect(((await large.json()) as { message: string }).message).toContain("5 MB");
    const rows = await db.execute({ sql: "select count(*) as n from product_media where product_id = ?", args: [p.id] });
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });

  it("accepts PNG, JPEG and WebP, recording width and height, serving them, reordering and removing them", async () => {
    const p = await create(`Picture kurti ${unique()}`);
    const res = await upload(p.id, [
      [new Blob([fixture("red-5x3.png")]), "a.png"],
      [new Blob([fixture("red-640x480.jpg")]), "b.jpg"],
      [new Blob([fixture("red-5x3-lossy.webp")]), "c.webp"],
    ]);
    expect(res.status, await res.clone().text()).toBe(201);
    const { product } = (await res.json()) as { product: ApiProduct };
    expect(product.media.map((m) => [m.type, m.width, m.height, m.alt])).toEqual([
      ["image", 5, 3, p.name],
      ["image", 640, 480, p.name],
      ["image", 5, 3, p.name],
    ]);
    const served = await fetch(new URL(product.media[1]!.url, base));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");

    // Reorder (the JPEG becomes the cover), change an alt text, drop the WebP: its file leaves R2.
    const [png, jpg, webp] = product.media;
    const put = await call(`/api/admin/products/${p.id}`, token, {
      method: "PUT",
      json: productBody(p.name, {
        slug: p.slug,
        media: [
          { id: jpg!.id, type: "image", alt: "Red kurti, front" },
          { id: png!.id, type: "image", alt: p.name },
          { type: "video", url: "https://videos.example.com/kurti.mp4", alt: "Kurti in motion" },
        ],
      }),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const after = ((await put.json()) as { product: ApiProduct }).product;
    expect(after.media.map((m) => [m.id === jpg!.id || m.id === png!.id ? m.id : m.type, m.alt])).toEqual([
      [jpg!.id, "Red kurti, front"],
      [png!.id, p.name],
      ["video", "Kurti in motion"],
    ]);
    expect((await fetch(new URL(webp!.url, base))).status).toBe(404);

    // Published with the video first: its card (the listing's cards are read without the product's
    // other media) shows the first picture, passing over the video.
    const videoFirst = await call(`/api/admin/products/${p.id}`, token, {
      method: "PUT",
      json: productBody(p.name, {
        slug: p.slug,
        media: [
          { type: "video", url: "https://videos.example.com/kurti.mp4", alt: "Kurti in motion" },
          { id: png!.id, type: "image", alt: p.name },
          { id: jpg!.id, type: "image", alt: "Red kurti, front" },
        ],
      }),
    });
    expect(videoFirst.status, await videoFirst.clone().text()).toBe(200);
    expect((await call(`/api/admin/products/${p.id}/publish`, token, { method: "POST" })).status).toBe(200);
    const listing = await (await fetch(new URL(`/all-products?card=${unique()}`, base))).text();
    const card = listing.split("<li").find((item) => item.includes(`/${p.slug}"`));
    expect(card, "the new product's card on the listing").toBeDefined();
    expect(card).toContain(`src="${png!.url}"`);
    expect(card).not.toContain(jpg!.url);
    expect(card).not.toContain("videos.example.com");

    const badVideo = await call(`/api/admin/products/${p.id}`, token, {
      method: "PUT",
      json: productBody(p.name, { slug: p.slug, media: [{ type: "video", url: "http://example.com/x.mp4", alt: "x" }] }),
    });
    expect(badVideo.status).toBe(400);
    expect(((await badVideo.json()) as { fields: Record<string, string> }).fields["media.0.url"]).toBe(PRODUCT_MESSAGES.videoUrlInvalid);
    const noAlt = await call(`/api/admin/products/${p.id}`, token, {
      method: "PUT",
      json: productBody(p.name, { slug: p.slug, media: [{ id: jpg!.id, type: "image", alt: " " }] }),
    });
    expect(((await noAlt.json()) as { fields: Record<string, string> }).fields["media.0.alt"]).toBe(PRODUCT_MESSAGES.altRequired);

    const removed = await call(`/api/admin/products/${p.id}/media/${png!.id}`, token, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect((await fetch(new URL(png!.url, base))).status).toBe(404);
  });

  it("tags a picture with one of the product's colours, offers them in the form, and refuses any other colour", async () => {
    const p = await create(`Colour kurti ${unique()}`, {
      colors: [
        { name: "Indigo", hex: "#2b3a67" },
        { name: "Rust", hex: "#b7472a" },
      ],
    });
    const up = await upload(p.id, [
      [new Blob([fixture("red-5x3.png")]), "a.png"],
      [new Blob([fixture("red-640x480.jpg")]), "b.jpg"],
    ]);
    expect(up.status, await up.clone().text()).toBe(201);
    const [first, second] = ((await up.json()) as { product: ApiProduct }).product.media;
    const colours = async () =>
      (await db.execute({ sql: "select color from product_media where product_id = ? order by position", args: [p.id] })).rows.map(
        (r) => r.color,
      );
    const save = (media: { id: number; type: string; alt: string; color?: string }[]) =>
      call(`/api/admin/products/${p.id}`, token, {
        method: "PUT",
        json: productBody(p.name, {
          slug: p.slug,
          colors: [
            { name: "Indigo", hex: "#2b3a67" },
            { name: "Rust", hex: "#b7472a" },
          ],
          media,
        }),
      });
    const audits = await auditOf(p.id);

    // Navy is not one of this product's colours, nor is "indigo" spelled otherwise: refused, nothing written.
    for (const colour of ["Navy", "indigo"]) {
      const refused = await save([
        { id: first!.id, type: "image", alt: p.name, color: "Rust" },
        { id: second!.id, type: "image", alt: p.name, color: colour },
      ]);
      expect(refused.status, colour).toBe(400);
      const body = (await refused.json()) as { fields: Record<string, string> };
      expect(body.fields["media.1.color"]).toBe(PRODUCT_MESSAGES.mediaColourUnknown);
      expect(body.fields["media.0.color"]).toBeUndefined();
    }
    expect(await colours()).toEqual([null, null]);
    expect(await auditOf(p.id)).toBe(audits);

    const saved = await save([
      { id: first!.id, type: "image", alt: p.name, color: "Rust" },
      { id: second!.id, type: "image", alt: p.name },
    ]);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await colours()).toEqual(["Rust", null]);

    // The editor offers "Any colour" and the product's colours for each picture, the saved one chosen.
    const page = await dom(await (await forms.get(`/admin/products/${p.id}`, owner)).text());
    const select = page.getByLabel("Colour of item 1", { exact: true });
    expect(await select.locator("option").allTextContents()).toEqual(["Any colour", "Indigo", "Rust"]);
    expect(await select.inputValue()).toBe("Rust");
    expect(await page.getByLabel("Colour of item 2", { exact: true }).inputValue()).toBe("");

    // The page's form refuses a colour that is not the product's too, in its words, beside the picture.
    const form = await page
      .locator("form.admin-product")
      .first()
      .evaluate((f) => [...new FormData(f as HTMLFormElement)].map(([k, v]) => [k, String(v)]));
    const fields = Object.fromEntries(form.filter(([k]) => k !== "images"));
    const posted = await forms.post(`/admin/products/${p.id}`, { ...fields, "media.1.color": "Navy", intent: "save" }, owner);
    expect(posted.status).toBe(400);
    const answer = await dom(await posted.text());
    expect(await answer.locator(`#f-media-1-color-error`).textContent()).toBe(PRODUCT_MESSAGES.mediaColourUnknown);
    expect(await colours()).toEqual(["Rust", null]);
  });
});

describe("delete and archive", () => {
  it("refuses to delete a product an order references, and archives it instead; deletes one no order references", async () => {
    const p = await create(`Ordered kurti ${unique()}`);
    const order = await insertOrder(dbUrl, {
      lines: [{ productId: p.id, name: p.name, color: "Indigo", size: "M", quantity: 1, unitPricePaise: 999_00 }],
    });
    madeOrders.push(order.id);
    const del = await call(`/api/admin/products/${p.id}`, token, { method: "DELETE" });
    expect(del.status).toBe(409);
    expect(((await del.json()) as { message: string }).message).toBe(PRODUCT_MESSAGES.deleteRefused);
    const arch = await call(`/api/admin/products/${p.id}/archive`, token, { method: "POST" });
    expect(arch.status).toBe(200);
    expect(((await arch.json()) as { product: ApiProduct }).product.state).toBe("archived");
    const pub = await call(`/api/admin/products/${p.id}/publish`, token, { method: "POST" });
    expect(pub.status).toBe(409);

    const gone = await create(`Unordered kurti ${unique()}`);
    const ok = await call(`/api/admin/products/${gone.id}`, token, { method: "DELETE" });
    expect(ok.status).toBe(200);
    expect((await call(`/api/admin/products/${gone.id}`, token)).status).toBe(404);
    expect(await auditOf(gone.id)).toBe(2);
  });
});

describe("the audit log", () => {
  it("writes one entry per change and none for a repeat", async () => {
    const p = await create(`Audited kurti ${unique()}`);
    expect(await auditOf(p.id)).toBe(1);
    const body = productBody(p.name, { slug: p.slug, description: "Now in linen." });
    expect((await call(`/api/admin/products/${p.id}`, token, { method: "PUT", json: body })).status).toBe(200);
    expect(await auditOf(p.id)).toBe(2);
    const again = await call(`/api/admin/products/${p.id}`, token, { method: "PUT", json: body });
    expect(((await again.json()) as { changed: boolean }).changed).toBe(false);
    expect(await auditOf(p.id)).toBe(2);
    expect((await call(`/api/admin/products/${p.id}/publish`, token, { method: "POST" })).status).toBe(200);
    expect((await call(`/api/admin/products/${p.id}/publish`, token, { method: "POST" })).status).toBe(200);
    expect(await auditOf(p.id)).toBe(3);
  });
});

describe("the pages, without JavaScript", () => {
  it("list, create (refused with messages next to fields, then saved), publish and delete with a confirming tick", async () => {
    const list = await forms.get("/admin/products", owner);
    expect(list.status).toBe(200);
    const html = (await list.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("<h1>Products</h1>");
    expect(html).toContain('href="/admin/products/new"');

    const name = `Form kurti ${unique()}`;
    const fields = {
      name,
      description: "Made on the form.",
      categoryId: String(category.id),
      "colors.0.name": "Rose",
      "colors.0.hex": "#d46a8c",
      "colors.1.name": "",
      "colors.1.hex": "#000000",
      "sizes.0.size": "S",
      "sizes.0.price": "1499",
      "sizes.0.discountPrice": "1600",
      "sizes.0.stock": "3",
      "sizes.1.size": "",
      "sizes.1.price": "",
      "sizes.1.discountPrice": "",
      "sizes.1.stock": "",
      intent: "save",
    };
    const refused = await forms.post("/admin/products/new", fields, owner);
    expect(refused.status).toBe(400);
    const form = (await refused.text()).replaceAll("<!-- -->", "");
    expect(form).toMatch(/id="f-sizes-0-discountPrice"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="f-sizes-0-discountPrice"/);
    expect(form).toContain(`id="f-sizes-0-discountPrice-error" class="admin-field__error">${PRODUCT_MESSAGES.discountNotBelow}`);
    expect(form).toContain(`value="${name}"`);

    const made = await forms.post("/admin/products/new", { ...fields, "sizes.0.discountPrice": "1199" }, owner);
    expect(made.status).toBe(302);
    const location = made.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/products\/\d+\?done=created$/);
    const id = Number(/\/(\d+)\?/.exec(location)![1]);
    madeProducts.push(id);
    const page = (await (await forms.get(location, owner)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain(PRODUCT_MESSAGES.created);
    expect(page).toContain("Publish");

    // "Add rows": the form again with what was typed and three more blank rows, nothing saved.
    const more = await forms.post(
      `/admin/products/${id}`,
      { ...fields, "sizes.0.discountPrice": "1199", name: `${name} (edited)`, intent: "more-rows" },
      owner,
    );
    expect(more.status).toBe(200);
    const moreHtml = (await more.text()).replaceAll("<!-- -->", "");
    expect(moreHtml).toContain('name="sizes.5.size"');
    expect(moreHtml).not.toContain('name="sizes.6.size"');
    expect(moreHtml).toContain(`value="${name} (edited)"`);
    expect(((await (await call(`/api/admin/products/${id}`, token)).json()) as { product: ApiProduct }).product.name).toBe(name);

    const pub = await forms.post(`/admin/products/${id}`, { intent: "publish" }, owner);
    expect(pub.status).toBe(302);
    const published = (await (await forms.get(pub.headers.get("location")!, owner)).text()).replaceAll("<!-- -->", "");
    expect(published).toContain(PRODUCT_MESSAGES.published);
    expect(published).toContain("View in shop");

    const noTick = await forms.post(`/admin/products/${id}`, { intent: "delete" }, owner);
    expect(noTick.status).toBe(400);
    expect((await noTick.text()).replaceAll("<!-- -->", "")).toContain(PRODUCT_MESSAGES.confirmDelete);
    const del = await forms.post(`/admin/products/${id}`, { intent: "delete", confirmDelete: "yes" }, owner);
    expect(del.status).toBe(302);
    expect(del.headers.get("location")).toBe("/admin/products?done=deleted");
  });
});
