/** Catalogue messages as plain values, for pages that must not load the catalogue service. */

/** docs/product/catalog.md: a product page or API call for a product that does not exist. */
export const PRODUCT_NOT_FOUND = "Product not found.";
