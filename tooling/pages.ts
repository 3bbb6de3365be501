/** The pages every measurement looks at, resolved against a running stack. */
import { productPath as storefrontProductPath } from "../workers/services/platform/paths";

export interface Target {
  name: string;
  path: string;
  status: number;
  /** Name plus a hint when the page answers 404 because its route is not built yet. */
  label: string;
}

/** The storefront URL of one real product, built by the app's own helper so the two cannot drift. */
export async function productPath(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/products?limit=1`);
  if (!res.ok) throw new Error(`GET /api/products?limit=1 answered ${res.status}`);
  const body = (await res.json()) as { data: { slug: string; category: { name: string } }[] };
  const product = body.data[0];
  if (!product) throw new Error("GET /api/products?limit=1 returned no product: is the database seeded?");
  return storefrontProductPath(product.category.name, product.slug);
}

/**
 * The cookie a browser holds once it has kept the shop's stylesheet file (app/lib/inline-styles.tsx):
 * what every shopper who has opened one page before sends. Empty for a build that names no file.
 */
export async function heldStylesheetCookie(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/faqs`)).text();
  const file = /<style id="shop-css" data-href="\/assets\/([^"]+)"/.exec(html)?.[1];
  return file ? `aanchal_css=${file}` : "";
}

export function targetLabel(name: string, status: number): string {
  return status === 404 ? `${name} (404: page not built yet)` : status < 300 ? name : `${name} (HTTP ${status})`;
}

export async function resolveTarget(baseUrl: string, name: string, path: string): Promise<Target> {
  const res = await fetch(baseUrl + path, { redirect: "manual" });
  await res.body?.cancel();
  return { name, path, status: res.status, label: targetLabel(name, res.status) };
}

/** The pages Lighthouse and the size budget look at. */
export async function storefrontPages(baseUrl: string): Promise<Target[]> {
  const pages: [string, string][] = [
    ["home", "/"],
    ["product", await productPath(baseUrl)],
    ["listing", "/all-products"],
    ["search", "/search?query=kurti"],
    ["sign-in", "/signin"],
    ["create account", "/create-account"],
    ["faqs", "/faqs"],
    ["contact", "/contact-us"],
    ["enquiry", "/enquiry-us"],
    ["privacy policy", "/privacy-policy"],
    ["about", "/about-us"],
  ];
  return Promise.all(pages.map(([name, path]) => resolveTarget(baseUrl, name, path)));
}

/**
 * Every page a shopper renders, for the round-trip budget (one database round trip per render,
 * signed in or out): the Worker test asserts it and `npm run bench` prints it.
 */
export async function renderedPages(baseUrl: string): Promise<[name: string, path: string][]> {
  const categories = (await (await fetch(`${baseUrl}/api/categories`)).json()) as { data: { _id: string; productCount: number }[] };
  const category = categories.data.find((c) => c.productCount > 0);
  if (!category) throw new Error("no category with products: is the database seeded?");
  return [
    ["home", "/"],
    ["listing", "/all-products"],
    ["listing, one category", `/all-products?category=${category._id}`],
    ["product", await productPath(baseUrl)],
    ["search", "/search?query=kurti"],
    ["faq", "/faqs?topic=shipping-delivery"],
    ["shipping policy", "/shipping-delivery-policy"],
    ["profile", "/profile"],
    ["size finder", "/size-finder"],
    ["cart", "/cart"],
    ["checkout", "/checkout"],
    ["wishlist", "/wishlist"],
    ["my orders", "/my-orders"],
    ["about", "/about-us"],
    ["manufacturing", "/manufacturing"],
  ];
}

/** Debian's Chromium, headless, with nothing running in the background to skew timings. */
export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Prints rows as an aligned plain-text table; numeric-looking cells are right-aligned. */
export function printTable(headers: string[], rows: (string | number)[][]): void {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (/^[-\d.,%]+$/.test(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join(" | ")
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((w) => "-".repeat(w)).join("-+-"));
  for (const r of cells.slice(1)) console.log(line(r));
}
