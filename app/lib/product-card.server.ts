import { type CardProduct, cardOf } from "../../workers/services/catalog/catalog";
import { productPath } from "../../workers/services/platform/paths";
import { ratingSummary } from "../lib/product-options";
import type { ProductCardData } from "./product-card-data";

const DESCRIPTION_CHARS = 140;

/** The card's small rating line (stars, average to 1 decimal, count), or null before any review. */
function cardRating(average: number | null, count: number): ProductCardData["rating"] {
  const summary = ratingSummary(average, count);
  return summary && { value: summary.value, stars: summary.stars, count, label: summary.label };
}

/** Only what a card shows goes to the browser, not the whole product with its reviews. */
export function toProductCard(product: CardProduct): ProductCardData {
  const { price, outOfStock } = cardOf(product);
  const image = product.media.find((m) => m.type === "image");
  const description =
    product.description.length > DESCRIPTION_CHARS ? `${product.description.slice(0, DESCRIPTION_CHARS).trimEnd()}…` : product.description;
  return {
    id: product.id,
    name: product.name,
    description,
    category: product.category.name,
    href: productPath(product.category.name, product.slug),
    image: image ? { url: image.url, alt: image.alt, width: image.width, height: image.height } : null,
    price: price ? { pricePaise: price.pricePaise, effectivePaise: price.effectivePaise } : null,
    outOfStock,
    colors: product.colors,
    sizes: product.sizes,
    rating: cardRating(product.rating.average, product.rating.count),
  };
}
