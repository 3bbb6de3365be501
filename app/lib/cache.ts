/**
 * The `headers` export of a catalogue page that signed-out shoppers may share: the Worker keeps it at
 * the edge for a minute and serves a stale copy for ten more while it renders a fresh one
 * (workers/edge-cache.ts), or for up to a day while the database cannot be reached. Only for pages
 * whose loader reads no personal data.
 */
export function publicPageHeaders() {
  return { "Cache-Control": "public, max-age=60, stale-while-revalidate=600" };
}
