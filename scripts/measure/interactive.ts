/**
 * How long a page takes, on a phone, from its first paint to the moment its script has taken over
 * (`<html data-hydrated>`, set by app/entry.client.tsx once hydration committed), beside the same
 * page's HTML served as a static file with no script (the floor: a page that is done when it paints).
 *
 * Each run opens a fresh browser context (a first visit: nothing cached, the stylesheet inline) at
 * 390x844 with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate, DevTools' "4x slowdown"); the
 * network is loopback, unthrottled. Pages and their static copies alternate, round after round, so
 * the shared machine's load falls on both. Pieces of each run, in ms after navigation start:
 *
 * - paint: the first contentful paint;
 * - requested: the first request for the page's JavaScript (the deferred scripts' wait ends);
 * - fetched: the last of the page's scripts requested before hydration began has arrived;
 * - started: app/entry.client.tsx began hydrating (every module it needs has been evaluated);
 * - hydrated: `data-hydrated` was set (hydration committed and its effects ran).
 *
 * `npm run lighthouse -- --interactive [--runs N] [--only home,cart] [--profile <dir>]` runs it alone
 * (the build, a fresh stack, Chromium; all stopped afterwards); `--profile` keeps one CPU profile per
 * page (Chromium's .cpuprofile, open it in DevTools' Performance panel).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { createUser } from "../../tooling/accounts";
import { buyableProducts, cartCall } from "../../tooling/cart";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, printTable, productPath } from "../../tooling/pages";
import { type Stack, startStack } from "../../tooling/stack";
import { SESSION_COOKIE } from "../../workers/services/accounts/session";
import { onCleanup } from "./harness";

export const PHONE = { width: 390, height: 844 } as const;
export const CPU_SLOWDOWN = 4;

/** What entry.client.tsx marks (performance.mark) when hydration starts; absent in older builds. */
const HYDRATE_START_MARK = "aanchal:hydrate-start";

export interface Pieces {
  paint: number;
  /** Largest contentful paint, for reference. */
  lcp: number | null;
  requested: number | null;
  fetched: number | null;
  started: number | null;
  hydrated: number | null;
}

export interface InteractivePage {
  name: string;
  path: string;
  /** The session token of a signed-in shopper, or none. */
  session?: string;
}

export interface InteractiveResult {
  page: string;
  path: string;
  htmlBytes: number;
  runs: Pieces[];
  staticRuns: Pieces[];
  /** The same page on the build `--against` named, measured in the same rounds. */
  against?: { build: string; runs: Pieces[] };
}

/** The five pages the figure is about: cart and checkout as a signed-in shopper with one cart line. */
export async function interactivePages(baseUrl: string): Promise<InteractivePage[]> {
  const shopper = await createUser(baseUrl, "interactive-shopper");
  const [product] = await buyableProducts(baseUrl);
  if (!product) throw new Error("no buyable product: is the database seeded?");
  const line = { product: product._id, size: product.sizes.find((z) => z.stock > 0)!.size, color: product.colors[0]!.name, quantity: 1 };
  const added = await cartCall(baseUrl, shopper.token, "POST", "/api/cart", { items: [line] });
  if (added.status !== 200) throw new Error(`adding the shopper's cart line answered ${added.status}`);
  return [
    { name: "home", path: "/" },
    { name: "listing", path: "/all-products" },
    { name: "product", path: await productPath(baseUrl) },
    { name: "cart, signed in", path: "/cart", session: shopper.token },
    { name: "checkout, signed in", path: "/checkout", session: shopper.token },
  ];
}

/**
 * The page's HTML with every script taken out (the deferred scripts' template, the boot script, the
 * scroll restoration; JSON-LD stays, it is data) and an HTML comment of the same length in its place,
 * so the static copy has the page's bytes and stylesheet and nothing that runs.
 */
export function withoutScripts(html: string): string {
  const inert = (match: string) => `<!--${"-".repeat(Math.max(0, Buffer.byteLength(match) - 7))}-->`;
  return html
    .replace(/<template id="page-scripts">[\s\S]*?<\/template>/g, inert)
    .replace(/<script\b(?![^>]*application\/(?:ld\+)?json)[^>]*>[\s\S]*?<\/script>/g, inert)
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, inert);
}

/**
 * Serves each page's static copy at `/static/<n>` and passes every other request (pictures, fonts,
 * the favicon) through to the shop, so the copy's pictures come from the same origin as its HTML.
 */
async function staticServer(shopUrl: string, copies: string[]) {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const copy = /^\/static\/(\d+)$/.exec(req.url ?? "")?.[1];
    if (copy !== undefined && copies[Number(copy)] !== undefined) {
      const body = Buffer.from(copies[Number(copy)]!);
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length, "Cache-Control": "no-store" });
      res.end(body);
      return;
    }
    void fetch(shopUrl + req.url, { headers: { accept: req.headers.accept ?? "*/*" } })
      .then(async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer());
        const type = answer.headers.get("content-type");
        res.writeHead(answer.status, { ...(type ? { "Content-Type": type } : {}), "Content-Length": body.length });
        res.end(body);
      })
      .catch(() => {
        res.writeHead(502);
        res.end();
      });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const stop = onCleanup(() => new Promise<void>((done) => server.close(() => done())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop };
}

/** Reads the pieces in the page, after `data-hydrated` (or, for a static copy, after its load). */
function readPieces(hydrateStartMark: string) {
  const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
  const lcp = new Promise<number | null>((resolve) => {
    try {
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1) as (PerformanceEntry & { renderTime: number; loadTime: number }) | undefined;
        resolve(last ? last.renderTime || last.loadTime || last.startTime : null);
      }).observe({ type: "largest-contentful-paint", buffered: true });
      setTimeout(() => resolve(null), 1_000);
    } catch {
      resolve(null);
    }
  });
  const started = performance.getEntriesByName(hydrateStartMark)[0]?.startTime ?? null;
  const hydrated = (window as unknown as { __hydratedAt?: number }).__hydratedAt ?? null;
  const scripts = performance
    .getEntriesByType("resource")
    .filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
    .filter((entry) => started === null || entry.startTime <= started) as PerformanceResourceTiming[];
  const requested = scripts.length ? Math.min(...scripts.map((s) => s.startTime)) : null;
  const fetched = scripts.length ? Math.max(...scripts.map((s) => s.responseEnd)) : null;
  return lcp.then((largest) => ({ paint, lcp: largest, requested, fetched, started, hydrated }));
}

/**
 * Records when `<html data-hydrated>` appears, in the page's own clock, from before its first byte,
 * and offers a promise of it. The measurement waits on that promise and on the paint's report, never
 * by polling: Playwright's `waitForFunction` polls every animation frame, which makes the browser
 * render a frame for each poll and slows what it measures.
 */
function watchHydrated() {
  const w = window as unknown as { __hydratedAt?: number; __hydrated?: Promise<void>; __painted?: Promise<void> };
  w.__hydrated = new Promise<void>((resolve) => {
    new MutationObserver((_records, observer) => {
      if (!document.documentElement?.hasAttribute("data-hydrated")) return;
      w.__hydratedAt = performance.now();
      observer.disconnect();
      resolve();
    }).observe(document, { attributes: true, attributeFilter: ["data-hydrated"], subtree: true });
  });
  w.__painted = new Promise<void>((resolve) =>
    new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.name === "first-contentful-paint")) resolve();
    }).observe({ type: "paint", buffered: true }),
  );
}

async function openOnce(browser: Browser, url: string, opts: { session?: string; scripted: boolean; profile?: string }): Promise<Pieces> {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    if (opts.session) await context.addCookies([{ name: SESSION_COOKIE, value: opts.session, url }]);
    const page = await context.newPage();
    await page.addInitScript(watchHydrated);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    if (opts.profile) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await page.evaluate(
      (scripted) => (window as unknown as { __hydrated: Promise<void>; __painted: Promise<void> })[scripted ? "__hydrated" : "__painted"],
      opts.scripted,
    );
    const pieces = await page.evaluate(readPieces, HYDRATE_START_MARK);
    if (opts.profile) {
      const { profile } = await cdp.send("Profiler.stop");
      writeFileSync(opts.profile, JSON.stringify(profile));
    }
    return pieces;
  } finally {
    await context.close();
  }
}

export interface InteractiveOptions {
  runs: number;
  only?: string[];
  profileDir?: string;
  /**
   * Another build to measure in the same rounds (its own stack, `BUILD_DIR`): each round opens a page
   * on this build, then on the other, then its static copy, so a before-and-after comparison meets
   * the same machine.
   */
  against?: string;
}

/** A second stack serving another build, stopped with everything else. */
async function stackOf(buildDir: string): Promise<Stack> {
  const previous = process.env.BUILD_DIR;
  process.env.BUILD_DIR = buildDir;
  try {
    const stack = await startStack();
    onCleanup(() => stack.stop());
    return stack;
  } finally {
    if (previous === undefined) delete process.env.BUILD_DIR;
    else process.env.BUILD_DIR = previous;
  }
}

export async function measureInteractive(
  stack: Stack,
  { runs, only, profileDir, against }: InteractiveOptions,
): Promise<InteractiveResult[]> {
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const pick = (pages: InteractivePage[]) => pages.filter((p) => !only || only.some((o) => p.name.startsWith(o)));
  const pages = pick(await interactivePages(stack.baseUrl));
  const other = against ? await stackOf(against) : undefined;
  const otherPages = other ? pick(await interactivePages(other.baseUrl)) : [];
  const cookie = (p: InteractivePage) => (p.session ? { Cookie: `${SESSION_COOKIE}=${p.session}` } : undefined);
  const html = await Promise.all(pages.map(async (p) => (await fetch(stack.baseUrl + p.path, { headers: cookie(p) })).text()));
  const server = await staticServer(stack.baseUrl, html.map(withoutScripts));
  // Playwright's own Ctrl-C handler would exit before the stack is stopped: ours does both.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, handleSIGINT: false, handleSIGTERM: false });
  const closeBrowser = onCleanup(() => browser.close());
  const results: InteractiveResult[] = pages.map((p, i) => ({
    page: p.name,
    path: p.path,
    htmlBytes: Buffer.byteLength(html[i]!),
    runs: [],
    staticRuns: [],
    ...(other ? { against: { build: against!, runs: [] } } : {}),
  }));
  const pass = async (i: number, profile?: string) => {
    const p = pages[i]!;
    const scripted = await openOnce(browser, stack.baseUrl + p.path, { session: p.session, scripted: true, profile });
    const o = otherPages[i];
    const otherRun = other && o ? await openOnce(browser, other.baseUrl + o.path, { session: o.session, scripted: true }) : undefined;
    return { scripted, otherRun, copy: await openOnce(browser, `${server.url}/static/${i}`, { scripted: false }) };
  };
  // One warm-up pass, not counted: the Worker's first renders and Chromium's first start are slower.
  for (const i of pages.keys()) await pass(i);
  for (let round = 1; round <= runs; round++) {
    console.log(`  interactive, round ${round} of ${runs}`);
    for (const [i, p] of pages.entries()) {
      const profile = profileDir && round === 1 ? join(profileDir, `${p.name.replaceAll(/\W+/g, "-")}.cpuprofile`) : undefined;
      const { scripted, otherRun, copy } = await pass(i, profile);
      results[i]!.runs.push(scripted);
      if (otherRun) results[i]!.against?.runs.push(otherRun);
      results[i]!.staticRuns.push(copy);
    }
  }
  await closeBrowser();
  await server.stop();
  return results;
}

const median = (xs: number[]) => {
  const sorted = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const spread = (xs: number[]) => {
  const finite = xs.filter((x) => Number.isFinite(x));
  return finite.length ? `${Math.round(Math.min(...finite))}-${Math.round(Math.max(...finite))}` : "n/a";
};
const diff = (a: number | null, b: number | null) => (a === null || b === null ? Number.NaN : a - b);

/** Medians (and min-max) of each page's pieces, and of its static copy's paint. */
export function reportInteractive(results: InteractiveResult[]): void {
  const runs = results[0]?.runs.length ?? 0;
  console.log(
    `\nFirst paint to hydrated, phone ${PHONE.width}x${PHONE.height}, CPU ${CPU_SLOWDOWN}x slower, loopback network, first visit;` +
      ` median of ${runs} runs (min-max), ms`,
  );
  console.log("each page alternates with its static copy (the same HTML bytes and stylesheet, no script) round after round\n");
  const cell = (xs: number[]) => `${Math.round(median(xs))} (${spread(xs)})`;
  const rows = results.flatMap((r) => [
    { label: r.page, html: r.htmlBytes, runs: r.runs, statics: r.staticRuns },
    ...(r.against ? [{ label: `  ${r.page} (${r.against.build})`, html: Number.NaN, runs: r.against.runs, statics: [] as Pieces[] }] : []),
  ]);
  printTable(
    ["page", "HTML KB", "static paint", "paint", "paint -> hydrated", "nav -> hydrated"],
    rows.map((r) => [
      r.label,
      Number.isNaN(r.html) ? "" : (r.html / 1000).toFixed(0),
      r.statics.length ? cell(r.statics.map((s) => s.paint)) : "",
      cell(r.runs.map((s) => s.paint)),
      cell(r.runs.map((s) => diff(s.hydrated, s.paint))),
      cell(r.runs.map((s) => s.hydrated ?? Number.NaN)),
    ]),
  );
  console.log("\nwhere paint -> hydrated goes (medians, ms): the wait before the scripts are asked for (negative: asked for before");
  console.log("the paint), their download, the modules' evaluation up to the start of hydration, then hydration with its effects\n");
  const at = (xs: number[]) => Math.round(median(xs));
  printTable(
    ["page", "paint -> requested", "-> fetched", "-> hydration starts", "-> hydrated", "LCP", "static LCP"],
    rows.map((r) => [
      r.label,
      at(r.runs.map((s) => diff(s.requested, s.paint))),
      at(r.runs.map((s) => diff(s.fetched, s.requested))),
      at(r.runs.map((s) => diff(s.started, s.fetched))),
      at(r.runs.map((s) => diff(s.hydrated, s.started))),
      at(r.runs.map((s) => s.lcp ?? Number.NaN)),
      r.statics.length ? at(r.statics.map((s) => s.lcp ?? Number.NaN)) : "",
    ]),
  );
}
