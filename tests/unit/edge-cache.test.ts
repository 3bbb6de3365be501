/**
 * The edge cache's clock-dependent rules (workers/edge-cache.ts) with an injected clock and an
 * in-memory Cache API: what is served when the database cannot be reached.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { servePage } from "../../workers/edge-cache";
import { settings } from "../../workers/services/content/settings";

/** The Cache API on the test's clock: an entry is gone once its `max-age` has passed. */
let clock = 0;
const entries = new Map<string, { res: Response; expires: number }>();
const memoryCache = {
  async match(req: Request) {
    const entry = entries.get(req.url);
    return entry && clock < entry.expires ? entry.res.clone() : undefined;
  },
  async put(req: Request, res: Response) {
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get("Cache-Control") ?? "")?.[1] ?? 0);
    entries.set(req.url, { res: new Response(await res.arrayBuffer(), res), expires: clock + maxAge * 1000 });
  },
};
const global = globalThis as { caches?: unknown };
global.caches = { default: memoryCache };
afterAll(() => {
  delete global.caches;
});

const URL_ = "https://shop.test/all-products";
const MINUTE = 60_000;
const publicPage = (body: string) =>
  new Response(body, { headers: { "Content-Type": "text/plain", "Cache-Control": "public, max-age=60, stale-while-revalidate=600" } });
const unavailable = () => new Response("We could not reach the shop's records.", { status: 503, headers: { "Retry-After": "30" } });

/** One request at `now` (ms); `render` answers what the page would. Background work is awaited. */
async function visit(now: number, render: () => Response) {
  clock = now;
  const pending: Promise<unknown>[] = [];
  let renders = 0;
  const res = await servePage(
    new Request(URL_),
    async () => {
      renders++;
      return render();
    },
    { nonce: "n", now, waitUntil: (p) => pending.push(p) },
  );
  const body = await res.text();
  await Promise.all(pending);
  return { status: res.status, cache: res.headers.get("x-edge-cache"), body, renders };
}

beforeEach(async () => {
  entries.clear();
  await visit(0, () => publicPage("first copy"));
});

describe("edge cache while the database is unreachable", () => {
  it("keeps each copy in the Cache API for a day past its stale window", () => {
    const stored = entries.get(URL_)?.res;
    expect(stored?.headers.get("cache-control")).toBe(`public, max-age=${60 + 600 + settings.database.staleIfErrorSeconds}`);
  });

  it("serves a stale copy whose refresh failed, and tries again on the next visit", async () => {
    expect(await visit(5 * MINUTE, unavailable)).toMatchObject({ status: 200, cache: "STALE", body: "first copy", renders: 1 });
    expect(await visit(6 * MINUTE, () => publicPage("second copy"))).toMatchObject({ cache: "STALE", body: "first copy" });
    expect(await visit(6 * MINUTE + 1, unavailable)).toMatchObject({ cache: "HIT", body: "second copy", renders: 0 });
  });

  it("serves an old copy, past its stale window, when the fresh render answers 503", async () => {
    const hoursLater = 20 * 60 * MINUTE;
    expect(await visit(hoursLater, unavailable)).toMatchObject({ status: 200, cache: "STALE", body: "first copy", renders: 1 });
  });

  it("renders afresh past the stale window while the database answers", async () => {
    const hoursLater = 20 * 60 * MINUTE;
    expect(await visit(hoursLater, () => publicPage("fresh copy"))).toMatchObject({ status: 200, cache: "MISS", body: "fresh copy" });
    expect(await visit(hoursLater + 1, unavailable)).toMatchObject({ cache: "HIT", body: "fresh copy", renders: 0 });
  });

  it("answers the 503 when no copy was ever cached", async () => {
    entries.clear();
    const res = await visit(0, unavailable);
    expect(res).toMatchObject({ status: 503, cache: null });
  });
});
