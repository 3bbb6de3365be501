/** A category name as it appears in product URLs: "Co-ord Sets" -> "co-ord-sets". */
export function categorySegment(categoryName: string): string {
  return categoryName
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/** SPEC §2: /women-products/{category-name-lowercased-hyphenated}/{slug}. */
export function productPath(categoryName: string, slug: string): string {
  return `/women-products/${categorySegment(categoryName)}/${slug}`;
}

export function searchPath(query: string): string {
  return `/search?query=${encodeURIComponent(query.trim())}`;
}
