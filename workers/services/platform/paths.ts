/** A category name as it appears in product URLs: "Co-ord Sets" -> "co-ord-sets". */
export function categorySegment(categoryName: string): string {
  return categoryName
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/** docs/product/catalog.md, "Pages": /women-products/{category-name-lowercased-hyphenated}/{slug}. */
export function productPath(categoryName: string, slug: string): string {
  return `/women-products/${categorySegment(categoryName)}/${slug}`;
}

export function searchPath(query: string): string {
  return `/search?query=${encodeURIComponent(query.trim())}`;
}
/** Adds `redirect=` to an auth page link, unless the target is the home page (the default). */
export function withRedirect(path: string, next: string): string {
  if (!next || next === "/") return path;
  return `${path}${path.includes("?") ? "&" : "?"}redirect=${encodeURIComponent(next)}`;
}

/** Sign-in, then back to `next` (a same-site path). */
export function signInPath(next: string): string {
  return withRedirect("/signin", next);
}
