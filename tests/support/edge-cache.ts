import { inject } from "vitest";

/**
 * Signed-out GETs of `path` until the edge cache answers one (`X-Edge-Cache: HIT`), so what a test
 * then asserts about the cached copy is asserted once the store has landed, never before it. Returns
 * every response's HTML on the way, the cached one last. The store runs after the response is sent
 * (waitUntil), so a few quick retries are normal; never answering from the cache fails.
 */
export async function untilCached(path: string): Promise<{ html: string[]; cached: Response }> {
  const html: string[] = [];
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(new URL(path, inject("baseUrl")), { redirect: "manual" });
    html.push(await res.text());
    if (res.headers.get("x-edge-cache") === "HIT") return { html, cached: res };
    if (Date.now() > deadline) throw new Error(`${path} was never answered from the edge cache`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
