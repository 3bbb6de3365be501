import { Hono } from "hono";
import type { ApiEnv } from "./api/types";
import { listSitemapEntries } from "./services/catalog/catalog";
import { INFORMATION_PAGES, POLICY_PAGES } from "./services/content/site-pages.rules";
import { productPath } from "./services/platform/paths";

const STATIC_PATHS = ["/", "/all-products", ...[...INFORMATION_PAGES, ...POLICY_PAGES].map((page) => page.to)];

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch]!);

/** /sitemap.xml lists every product and category page; /robots.txt points crawlers at it. */
export const seo = new Hono<ApiEnv>()
  .get("/sitemap.xml", async (c) => {
    const origin = new URL(c.req.url).origin;
    const { products, categories } = await listSitemapEntries(c.var.ctx);
    const urls = [
      ...STATIC_PATHS.map((path) => ({ path, lastmod: null as Date | null })),
      // The one listing, filtered by category (an old `/category/{id}` address redirects there).
      ...categories.map((k) => ({ path: `/all-products?category=${k.id}`, lastmod: null })),
      ...products.map((p) => ({ path: productPath(p.category, p.slug), lastmod: p.createdAt })),
    ];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map(
        (u) =>
          `<url><loc>${xmlEscape(origin + u.path)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`,
      ),
      "</urlset>",
    ].join("\n");
    return c.body(body, 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    });
  })
  .get("/robots.txt", (c) => {
    const origin = new URL(c.req.url).origin;
    const lines = [
      "User-agent: *",
      "Disallow: /api/",
      "Disallow: /cart",
      "Disallow: /checkout",
      "Disallow: /my-orders",
      "Disallow: /profile",
      "Disallow: /dev/",
      "Disallow: /bench/",
      `Sitemap: ${origin}/sitemap.xml`,
    ];
    return c.text(`${lines.join("\n")}\n`, 200, { "Cache-Control": "public, max-age=86400" });
  });
