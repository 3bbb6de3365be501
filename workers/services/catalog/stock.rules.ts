/**
 * The words for a quantity above the chosen size's stock, on the product page (Buy Now; docs/product/catalog.md). On
 * its own so the product page, which shows it under the stepper, loads nothing else of the cart's.
 */
export const onlyAvailable = (n: number) => `Only ${n} items available in this size`;
