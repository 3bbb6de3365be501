import type { ProductSort } from "../../../workers/services/catalog/catalog.schema";

export const LISTING_PATH = "/all-products";

/** The listing's state, all of it in the URL (`?category=&subcategory=&size=&color=&sort=&page=`). */
export interface ListingFilters {
  category?: number;
  subcategory?: number;
  size?: string;
  color?: string;
  sort: ProductSort;
  /** How many "See More" pages are shown: page 2 shows the first 16 products. */
  page: number;
}

const PARAMS = ["category", "subcategory", "size", "color", "sort", "page"] as const;

/**
 * The listing's parameters from a query string, without blanks: a form submitted without JavaScript
 * sends `size=` for "All sizes", which means no filter, not an invalid one.
 */
export function readListingParams(search: URLSearchParams): Partial<Record<(typeof PARAMS)[number], string>> {
  const params: Partial<Record<(typeof PARAMS)[number], string>> = {};
  for (const name of PARAMS) {
    const value = search.get(name)?.trim();
    if (value) params[name] = value;
  }
  return params;
}

/** The shortest query string for a listing state: defaults (newest, page 1) are left out. */
export function listingSearch(filters: Partial<ListingFilters>): string {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", String(filters.category));
  if (filters.subcategory) params.set("subcategory", String(filters.subcategory));
  if (filters.size) params.set("size", filters.size);
  if (filters.color) params.set("color", filters.color);
  if (filters.sort && filters.sort !== "newest") params.set("sort", filters.sort);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function listingHref(filters: Partial<ListingFilters>): string {
  return LISTING_PATH + listingSearch(filters);
}

/** A category's page: the one listing filtered by it (every tile, breadcrumb and the sitemap link here). */
export function categoryHref(categoryId: number): string {
  return listingHref({ category: categoryId });
}

/** What the grid shows apart from how far it is paged; a change of it is a "filtered load". */
export function filterKey(params: Partial<Record<(typeof PARAMS)[number], string | number>>): string {
  return [params.category, params.subcategory, params.size, params.color, params.sort ?? "newest"].join("|");
}
