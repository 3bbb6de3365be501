import { purgeAllPages, purgePages } from "../../edge-cache";
import type { ServiceContext } from "../platform/context";

/**
 * What the back office's changes drop from the edge cache, so shoppers see a change
 * on their next page view. A product's own change (its price, stock, pictures, text, publishing)
 * drops the pages that show it; a change every page shows (the shop's settings in the header,
 * footer and help pages; the categories in the menu and home tiles) drops every page at once.
 */

/** A product as its pages name it: its page's path and its category's id. */
export interface ShownProduct {
  path: string;
  categoryId: number;
}

/**
 * The signed-out pages that show a product, as their cache keys: its own page, the home and listing
 * pages (plain URLs) and its category's, with their `.data` twins, and the sitemap. Other copies (a
 * filtered listing, a product suggesting this one) age out within max-age plus
 * stale-while-revalidate. Search results and suggestions are never kept (docs/product/search.md).
 */
export function pagesShowingProduct(product: ShownProduct): string[] {
  const c = product.categoryId;
  const pages = [product.path, "/", "/all-products", `/all-products?category=${c}`];
  const data = [`${product.path}.data`, "/_root.data", "/all-products.data", `/all-products.data?category=${c}`];
  return [...pages, ...data];
}

/** Drops the cached pages showing these products (and the sitemap). */
export async function purgeProducts(ctx: Pick<ServiceContext, "origin">, products: readonly ShownProduct[]): Promise<void> {
  const paths = new Set(products.flatMap(pagesShowingProduct));
  paths.add("/sitemap.xml");
  await purgePages(ctx.origin, [...paths]);
}

/** Drops every cached page (settings, categories). */
export async function purgeStorefront(): Promise<void> {
  await purgeAllPages();
}
