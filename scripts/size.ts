/**
 * `npm run size`: the JavaScript each storefront page ships, against a 100 KiB gzipped budget.
 * Counts scripts and modulepreloads named in the served HTML plus every script requested while the
 * page loads and hydrates (lazy route chunks), each fetched once and gzipped at level 9 — roughly
 * what a CDN sends. Inline scripts (hydration data) are reported apart; CSS is reported alongside.
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { createUser } from "../tooling/accounts";
import { fillBasket } from "../tooling/cart";
import { insertOrder } from "../tooling/orders";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, printTable, storefrontPages, targetLabel } from "../tooling/pages";
import { SESSION_COOKIE } from "../workers/services/accounts/session";
import { onCleanup, runMeasurement } from "./measure/harness";

const BUDGET_KIB = 100;
const kib = (bytes: number) => bytes / 1024;
const gzSize = (data: Uint8Array | string) => gzipSync(data, { level: 9 }).length;

/** External scripts, modulepreloads and stylesheets named in the HTML, plus the inline scripts' and styles' text. */
function scanHtml(html: string, base: string) {
  const js = new Set<string>();
  const css = new Set<string>();
  const inline: string[] = [];
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]!);
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(tag)?.[1];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(m[1]!, "src");
    if (src) js.add(new URL(src, base).href);
    else if (!/type\s*=\s*["']application\/(ld\+)?json/i.test(m[1]!)) inline.push(m[2]!);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel.includes("modulepreload") || (rel.includes("preload") && attr(tag, "as") === "script")) js.add(new URL(href, base).href);
    if (rel.includes("stylesheet")) css.add(new URL(href, base).href);
  }
  return { js, css, inline, styles };
}

/** A built file's name without its content hash: `fields-Caiv-o0Q.js` -> `fields.js`. */
const unhashed = (url: string) => new URL(url).pathname.replace(/^.*\//, "").replace(/-[\w-]{8}(\.\w+)$/, "$1");

/**
 * Words only the back office's code carries (its pages' headings and class names). A storefront page
 * whose scripts hold any of them ships back-office code; the size table says so. ("Tax invoice" is
 * not one since a shopper opens her own from her orders.)
 */
const BACK_OFFICE_MARKERS = /Back office|admin-figure|admin-table|Packing slip|Audit log|Give staff role/;

/** Fetches each URL once; returns summed raw and gzipped bytes, and each file's gzipped bytes by its unhashed name. */
async function totals(urls: Iterable<string>) {
  let raw = 0;
  let gz = 0;
  const files: Record<string, number> = {};
  const backOffice: string[] = [];
  for (const url of urls) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
    const body = new Uint8Array(await res.arrayBuffer()); // fetch has already undone any Content-Encoding.
    raw += body.length;
    const size = gzSize(body);
    gz += size;
    files[unhashed(url)] = (files[unhashed(url)] ?? 0) + size;
    if (BACK_OFFICE_MARKERS.test(new TextDecoder().decode(body))) backOffice.push(unhashed(url));
  }
  return { raw, gz, files, backOffice };
}

/**
 * `--compare <size.json>`: an earlier run's results (e.g. docs/size/before-issue-13.json, measured on
 * the commit before the back office). Prints each page's change in gzipped bytes and the files behind it,
 * so "the storefront's pages are unchanged" is a figure, not a rounding of KiB.
 */
const compareIndex = process.argv.indexOf("--compare");
const comparePath = compareIndex > 0 ? process.argv[compareIndex + 1] : undefined;
if (compareIndex > 0 && !comparePath) throw new Error("--compare needs the path of an earlier size.json");
type Measured = { page: string; jsGzipBytes: number; jsFilesGzipBytes: Record<string, number> };
const earlier: Measured[] | null = comparePath ? (JSON.parse(readFileSync(comparePath, "utf8")) as { results: Measured[] }).results : null;

function printComparison(now: Measured[], then: Measured[]) {
  console.log(`\nJavaScript per page against ${comparePath} (gzip -9 bytes)\n`);
  const rows = now.map((page) => {
    const before = then.find((p) => p.page === page.page);
    if (!before) return [page.page, "-", page.jsGzipBytes, "new page", ""];
    const names = new Set([...Object.keys(before.jsFilesGzipBytes), ...Object.keys(page.jsFilesGzipBytes)]);
    const changed = [...names]
      .map((name) => [name, (page.jsFilesGzipBytes[name] ?? 0) - (before.jsFilesGzipBytes[name] ?? 0)] as const)
      .filter(([, delta]) => delta !== 0)
      .map(([name, delta]) => `${name} ${delta > 0 ? "+" : ""}${delta}`);
    const delta = page.jsGzipBytes - before.jsGzipBytes;
    return [page.page, before.jsGzipBytes, page.jsGzipBytes, `${delta > 0 ? "+" : ""}${delta}`, changed.join(", ")];
  });
  printTable(["page", "then B", "now B", "change B", "files changed (B)"], rows);
}

await runMeasurement(
  "size",
  async (stack) => {
    // The signed-out storefront, plus the profile's edit view as a signed-in shopper sees it: the one
    // page whose form validates with zod in the browser.
    // Signed in with lines in her cart and a piece on her wishlist: the cart, the wishlist and a
    // product page with its heart, as she sees them.
    const user = await createUser(stack.baseUrl, "size-profile");
    await fillBasket(stack.baseUrl, user.token);
    // One order of hers, as the thank-you page and My Orders show it.
    const order = await insertOrder(stack.dbUrl, {
      userId: Number(user.id),
      lines: [{ productId: null, name: "Leheriya Kurti", color: "Teal", size: "M", quantity: 2, unitPricePaise: 999_00 }],
    });
    const signedIn = (name: string, path: string) => ({ name, path, label: targetLabel(name, 200), session: user.token });
    const storefront = await storefrontPages(stack.baseUrl);
    const product = storefront.find((p) => p.name === "product")!;
    const pages: { name: string; path: string; label: string; session?: string }[] = [
      ...storefront,
      signedIn("profile (edit)", "/profile?edit=1"),
      signedIn("product (signed in)", product.path),
      signedIn("cart (signed in)", "/cart"),
      signedIn("wishlist (signed in)", "/wishlist"),
      signedIn("checkout (signed in)", "/checkout"),
      signedIn("thank-you (signed in)", `/thankyou?order=${order.orderNumber}`),
      signedIn("my orders (signed in)", "/my-orders"),
    ];
    // Playwright's own Ctrl-C handler would exit before the stack is stopped: ours does both.
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
      handleSIGINT: false,
      handleSIGTERM: false,
    });
    const closeBrowser = onCleanup(() => browser.close());

    const results = [];
    for (const target of pages) {
      const context = await browser.newContext();
      if (target.session) await context.addCookies([{ name: SESSION_COOKIE, value: target.session, url: stack.baseUrl }]);
      const page = await context.newPage();
      const requested = { js: new Set<string>(), css: new Set<string>() };
      page.on("request", (req) => {
        if (req.resourceType() === "script") requested.js.add(req.url());
        if (req.resourceType() === "stylesheet") requested.css.add(req.url());
      });
      const url = stack.baseUrl + target.path;
      const response = await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
      const served = scanHtml((await response?.text()) ?? "", url);
      await context.close();

      const jsUrls = new Set([...served.js, ...requested.js]);
      const js = await totals(jsUrls);
      const css = await totals(new Set([...served.css, ...requested.css]));
      const inlineGz = gzSize(served.inline.join("\n"));
      results.push({
        page: target.label,
        path: target.path,
        jsFiles: jsUrls.size,
        jsRawKiB: kib(js.raw),
        jsGzipKiB: kib(js.gz),
        jsGzipBytes: js.gz,
        jsFilesGzipBytes: js.files,
        backOfficeCode: js.backOffice,
        withinBudget: kib(js.gz) <= BUDGET_KIB,
        inlineJsGzipKiB: kib(inlineGz),
        // The stylesheet is written into the page (app/lib/inline-styles.tsx); linked sheets count too.
        cssGzipKiB: kib(css.gz + (served.styles.length ? gzSize(served.styles.join("\n")) : 0)),
        jsUrls: [...jsUrls].map((u) => new URL(u).pathname),
      });
    }
    await closeBrowser();
    return results;
  },
  (results) => {
    console.log(`\nJavaScript per page (gzip -9), budget ${BUDGET_KIB} KiB gzipped\n`);
    printTable(
      ["page", "JS files", "JS raw KiB", "JS gzip KiB", `<= ${BUDGET_KIB} KiB`, "inline JS gzip KiB", "CSS gzip KiB", "back-office code"],
      results.map((r) => [
        r.page,
        r.jsFiles,
        r.jsRawKiB.toFixed(1),
        r.jsGzipKiB.toFixed(1),
        r.withinBudget ? "yes" : "NO",
        r.inlineJsGzipKiB.toFixed(1),
        r.cssGzipKiB.toFixed(1),
        r.backOfficeCode.length ? `YES: ${r.backOfficeCode.join(", ")}` : "none",
      ]),
    );
    if (earlier) printComparison(results, earlier);
  },
);
