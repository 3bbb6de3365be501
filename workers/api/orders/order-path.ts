/**
 * The API's per-order endpoints (`/api/orders/{number}/cancel`, `/returns`, `/invoice`) share one
 * reading of their path. Hono's one-regular-expression router (workers/app.ts) refuses
 * `/orders/:number/<what>` beside the static `/orders/place` and `/orders/my-orders` when the Worker
 * starts, but takes a wildcard: so each of them is registered on `/orders/*` and asks this which
 * order and which endpoint the path names. Any other path under the wildcard goes on to the API's 404.
 */
const PER_ORDER = /\/orders\/([^/]+)\/([a-z-]+)$/;

/** The order number (as sent, checked by the service) when `path` is `/.../orders/{number}/{endpoint}`. */
export function orderNumberFor(path: string, endpoint: "cancel" | "returns" | "invoice"): string | undefined {
  const m = PER_ORDER.exec(path);
  return m && m[2] === endpoint ? m[1] : undefined;
}
