/**
 * The back office's lists keep their filters in the URL (GET forms, links that page): what a list
 * reads from its URL, and the query string its links and exports carry. Client-safe.
 */

/** The named filters the URL has a value for, each cut to 100 characters. */
export function filtersOf<K extends string>(url: URL, names: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const k of names) {
    const v = url.searchParams.get(k);
    if (v) out[k] = v.slice(0, 100);
  }
  return out;
}

/** "?a=1&b=2" of the values given; undefined, "" and any of `noFilter` (e.g. "all") are left out, and no "?" when none is left. */
export function queryString(params: Record<string, string | number | undefined>, noFilter: readonly string[] = []): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "" && !noFilter.includes(String(v))) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}
