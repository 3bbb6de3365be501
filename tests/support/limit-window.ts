/** The rate limiters' window (wrangler.toml's `period = 60`); Miniflare's stand-in aligns it to the clock. */
const WINDOW_MS = 60_000;

/**
 * Waits, when needed, for a fresh rate-limit window, so that a test which fills a window and then
 * expects the next request to be refused cannot cross into the next window halfway through (when a
 * new window starts, the stand-in forgets every count). The test must finish its counted requests
 * within `needMs`. It waits only when less than that is left of the current window, so at most
 * `needMs` and usually not at all.
 */
export async function withinOneLimitWindow(needMs: number): Promise<void> {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
