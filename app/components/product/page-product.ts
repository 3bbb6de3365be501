import type { Product } from "../../../workers/services/catalog/catalog";
import { deliveryReturnsText } from "../../lib/help-figures";

/**
 * Only what the page shows goes to the browser; the reviews travel apart, their dates written out.
 * A product's own delivery-and-returns text is not shown: the page states the shop's one promise,
 * from the figures the FAQ and the policies state.
 */
export function pageProduct({ id, name, description, category, media, colors, sizes, paragraph1, paragraph2, details, rating }: Product) {
  const shown = { ...details, deliveryReturns: deliveryReturnsText };
  return { id, name, description, category, media, colors, sizes, paragraph1, paragraph2, details: shown, rating };
}

export type PageProduct = ReturnType<typeof pageProduct>;
