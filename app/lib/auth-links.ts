/** Adds `redirect=` to an auth page link, unless the target is the home page (the default). */
export function withRedirect(path: string, next: string): string {
  if (!next || next === "/") return path;
  return `${path}${path.includes("?") ? "&" : "?"}redirect=${encodeURIComponent(next)}`;
}
