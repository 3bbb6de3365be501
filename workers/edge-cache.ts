/**
 * Edge caching of pages for signed-out shoppers. A route opts in by sending
 * `Cache-Control: public, max-age=N, stale-while-revalidate=M` (its `headers` export); the Worker
 * keeps such a response in the Cache API when it sets no cookie and the request carried no session.
 * The Cache API has no stale-while-revalidate of its own, so a stale copy is served while a fresh one
 * is rendered in the background. Cached HTML gets a fresh CSP nonce on every hit.
 *
 * Stale-if-error: an entry outlives its stale-while-revalidate window by
 * `settings.database.staleIfErrorSeconds`. Such an old copy is not served while the shop is healthy
 * (the page is rendered afresh), but when that render answers 503 because the database cannot be
 * reached, the old copy is served instead, so the catalogue stays browsable through an outage.
 */

import { sessionCookieValue } from "./services/accounts/session";
import { MEASUREMENTS_COOKIE } from "./services/catalog/size-finder";
import { settings } from "./services/content/settings";
import { readCookie } from "./services/platform/cookies";

const STORED_AT = "X-Edge-Stored-At";
const MAX_AGE = "X-Edge-Max-Age";
const SWR = "X-Edge-Swr";
/** Headers made per response by the Worker; never stored, so each hit gets its own. */
const PER_RESPONSE = ["Content-Security-Policy", "Strict-Transport-Security", "Set-Cookie"];

export type CacheStatus = "HIT" | "STALE" | "MISS" | "BYPASS";

interface CachePolicy {
  maxAge: number;
  swr: number;
}

function cachePolicy(res: Response): CachePolicy | null {
  const cc = res.headers.get("Cache-Control") ?? "";
  if (res.status !== 200 || !/\bpublic\b/.test(cc) || res.headers.has("Set-Cookie")) return null;
  const maxAge = Number(/\bmax-age=(\d+)/.exec(cc)?.[1] ?? 0);
  const swr = Number(/\bstale-while-revalidate=(\d+)/.exec(cc)?.[1] ?? 0);
  return maxAge > 0 ? { maxAge, swr } : null;
}

/** A request that may be personal: it carries the session cookie or any Authorization header. */
function hasSession(req: Request): boolean {
  if (req.headers.has("Authorization")) return true;
  return sessionCookieValue(req.headers) !== undefined;
}

/** The pages that answer a guest's size-finder measurements: product pages (and their data) and the finder's own. */
const MEASURED_PAGES = /^\/(women-products\/|size-finder(\.data)?$)/;

/** A product's page (or its data), and the queries that change what it shows. */
const PRODUCT_PAGE = /^\/women-products\//;
const PRODUCT_VIEWS = ["colour", "reviews"];

/**
 * Whether the answer to `req` may be kept here and served to other visitors (when its route allows
 * it): a GET without a session. Such a page must not depend on anything else the request carries.
 * A guest's size-finder measurements (a cookie) make her product pages her own: such a request
 * neither reads nor fills their shared copy; her other pages (home, listings) do not read them and
 * stay shared. A product page asked for with a colour chosen or more reviews is rendered afresh
 * each time: a change to the product purges its plain address only, and a kept copy of such a view
 * would show the old price until it aged out.
 */
export function mayBeShared(req: Request): boolean {
  if (req.method !== "GET" || hasSession(req)) return false;
  const url = new URL(req.url);
  if (PRODUCT_PAGE.test(url.pathname) && PRODUCT_VIEWS.some((name) => url.searchParams.has(name))) return false;
  return readCookie(req.headers, MEASUREMENTS_COOKIE) === undefined || !MEASURED_PAGES.test(url.pathname);
}

/**
 * The cache's generation: every stored page's key carries it, so moving it on drops every page at
 * once (a change every page shows, such as the shop's settings or its categories). It is itself a
 * cache entry (no database read on a hit). Lost (evicted), it reads as "0" again: what could come
 * back is only what was stored under "0" within its max-age and stale-while-revalidate.
 */
const GENERATION_URL = "https://edge-cache.invalid/generation";

async function generation(cache: Cache): Promise<string> {
  const hit = await cache.match(new Request(GENERATION_URL));
  return hit ? await hit.text() : "0";
}

/** Cache key: the URL and the generation only, so varying request headers cannot split or poison the entry. */
function cacheKey(req: Request, gen: string) {
  const url = new URL(req.url);
  if (gen !== "0") url.searchParams.set("__edge_generation", gen);
  return new Request(url.toString(), { method: "GET" });
}

function withFreshNonce(res: Response, nonce: string): Response {
  if (!res.headers.get("Content-Type")?.includes("text/html")) return res;
  return new HTMLRewriter()
    .on("script[nonce], link[nonce], style[nonce]", {
      element(el) {
        el.setAttribute("nonce", nonce);
      },
    })
    .transform(res);
}

async function store(cache: Cache, req: Request, res: Response, policy: CachePolicy, now: number, gen: string) {
  const headers = new Headers(res.headers);
  for (const h of PER_RESPONSE) headers.delete(h);
  headers.set(STORED_AT, String(now));
  headers.set(MAX_AGE, String(policy.maxAge));
  headers.set(SWR, String(policy.swr));
  // The Cache API expires the entry when even a stale copy may no longer be served, outage or not.
  headers.set("Cache-Control", `public, max-age=${policy.maxAge + policy.swr + settings.database.staleIfErrorSeconds}`);
  await cache.put(cacheKey(req, gen), new Response(res.body, { status: res.status, headers }));
}

/** What the browser sees: it always revalidates, so signing in never shows a stale signed-out page. */
function forBrowser(res: Response, status: CacheStatus): Response {
  const out = new Response(res.body, res);
  for (const h of [STORED_AT, MAX_AGE, SWR]) out.headers.delete(h);
  out.headers.set("Cache-Control", "no-cache");
  out.headers.set("X-Edge-Cache", status);
  return out;
}

/** An answer rendered around the cache: personal, so never `public`, and never left unmarked. */
function uncached(res: Response): Response {
  const cc = res.headers.get("Cache-Control");
  if (cc && !/\bpublic\b/.test(cc)) return res;
  const out = new Response(res.body, res);
  out.headers.set("Cache-Control", "private, no-cache");
  return out;
}

export async function servePage(
  req: Request,
  render: () => Promise<Response>,
  opts: { nonce: string; waitUntil: (p: Promise<unknown>) => void; now?: number },
): Promise<Response> {
  if (!mayBeShared(req) || typeof caches === "undefined") return uncached(await render());
  const cache = (caches as unknown as { default: Cache }).default;
  const now = opts.now ?? Date.now();
  const gen = await generation(cache);
  const hit = await cache.match(cacheKey(req, gen));
  const age = hit ? (now - Number(hit.headers.get(STORED_AT) ?? 0)) / 1000 : 0;
  const maxAge = Number(hit?.headers.get(MAX_AGE) ?? 0);
  if (hit && age <= maxAge + Number(hit.headers.get(SWR) ?? 0)) {
    const stale = age > maxAge;
    if (stale) {
      opts.waitUntil(
        render()
          .then(async (fresh) => {
            const policy = cachePolicy(fresh);
            if (policy) await store(cache, req, fresh, policy, now, gen);
          })
          .catch((err: unknown) => console.error("Edge cache refresh failed", req.url, err)),
      );
    }
    return forBrowser(withFreshNonce(hit, opts.nonce), stale ? "STALE" : "HIT");
  }
  const res = await render();
  if (hit && res.status === 503) {
    await res.body?.cancel();
    return forBrowser(withFreshNonce(hit, opts.nonce), "STALE");
  }
  const policy = cachePolicy(res);
  if (!policy) return uncached(res);
  // A page sent whole (its length known: app/entry.server.tsx) is read once and both copies share
  // its bytes; a page still streaming is split as it streams.
  const whole = res.headers.has("content-length") ? await res.arrayBuffer() : null;
  const [forCache, forClient] = whole ? [whole, whole] : res.body ? res.body.tee() : [null, null];
  opts.waitUntil(store(cache, req, new Response(forCache, res), policy, now, gen));
  return forBrowser(new Response(forClient, res), "MISS");
}

/**
 * Drops the cached copies of `paths` (as `origin` names them: the shop's own, `ctx.origin`), so the
 * next signed-out visitor gets a fresh render instead of a copy from before a change. Only the exact
 * URLs: a copy kept under another query string ages out on its own (max-age plus
 * stale-while-revalidate). The Cache API is per data centre, so this refreshes the one that served
 * the write; elsewhere the copies age out the same way. Never throws: a failed purge is logged, it
 * does not undo the write that asked for it.
 */
export async function purgePages(origin: string, paths: readonly string[]): Promise<void> {
  if (typeof caches === "undefined") return;
  const cache = (caches as unknown as { default: Cache }).default;
  const gen = await generation(cache).catch(() => "0");
  await Promise.all(
    paths.map((path) =>
      cache
        .delete(cacheKey(new Request(new URL(path, origin)), gen))
        .catch((err: unknown) => console.error("Edge cache purge failed", path, err)),
    ),
  );
}

/**
 * Drops every cached page at once by moving the cache's generation on (see `generation`): for a
 * change that every page shows. Same reach as purgePages (this data centre; elsewhere pages age out).
 */
export async function purgeAllPages(): Promise<void> {
  if (typeof caches === "undefined") return;
  const cache = (caches as unknown as { default: Cache }).default;
  const next = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await cache
    .put(new Request(GENERATION_URL), new Response(next, { headers: { "Cache-Control": "public, max-age=31536000" } }))
    .catch((err: unknown) => console.error("Edge cache generation move failed", err));
}
