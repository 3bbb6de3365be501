/**
 * Judging a choice of colour, size and quantity sent to the cart or to checkout, in the words of
 * docs/product/catalog.md ("Product cards", "The product page"). The cart service, the product route's action
 * and the product card's modal use the same function, so the browser and the server say the same thing. Pure
 * and client-safe; kept apart from app/lib/product-options.ts so only the modal's on-demand chunk carries it,
 * not every product page.
 */
import { SIGN_IN_FIRST } from "../accounts/auth.rules";
import type { SizePrice } from "./pricing";
import { onlyAvailable } from "./stock.rules";

export type CartIntent = "add-to-cart" | "buy-now";

/** Where the shopper chose: the product page, or a product card's "Select Size & Color" modal (and API clients). */
export type ChoiceSource = "page" | "card";

export interface Selection {
  color: string | null;
  size: string | null;
  quantity: number;
}

/** What the rules need to know about a product. */
export interface ProductOptions {
  colors: readonly { name: string }[];
  sizes: readonly Pick<SizePrice, "size" | "stock">[];
}

export const messages = {
  productNotFound: "Product not found",
  sizeOutOfStock: "Selected size is out of stock",
  invalidSize: "Invalid size selected",
  /** The product page chooses no size for her when there is more than one: she picks it. */
  selectSize: "Please select a size",
  quantityBelowOne: "Quantity cannot be less than 1",
  pageOnlyAvailable: onlyAvailable,
  cardOnlyAvailable: (n: number) => `Sorry, there are only ${n} items of this size available.`,
  selectSizeAndColor: {
    "add-to-cart": "Please select size and color",
    "buy-now": "Please select size and color before checkout",
  } satisfies Record<CartIntent, string>,
  productOutOfStock: {
    "add-to-cart": "Product is out of stock, please add it to wishlist",
    "buy-now": "Product is out of stock",
  } satisfies Record<CartIntent, string>,
  signInFirst: SIGN_IN_FIRST,
} as const;

/** The words for a quantity above the chosen size's stock, as the place the shopper chose from says them. */
export const onlyAvailableFrom = (source: ChoiceSource, n: number) =>
  source === "card" ? messages.cardOnlyAvailable(n) : messages.pageOnlyAvailable(n);

/**
 * Why this choice cannot go to the cart or checkout, or null when it can. The product page has a
 * colour preselected but no size (unless there is only one), so its messages are about size and
 * stock; the card modal starts empty and asks for both first.
 */
export function selectionProblem(
  product: ProductOptions,
  { color, size, quantity }: Selection,
  intent: CartIntent,
  source: ChoiceSource,
): string | null {
  const colourMissing = product.colors.length > 0 && !product.colors.some((c) => c.name === color);
  if (source === "card" && (colourMissing || size === null)) return messages.selectSizeAndColor[intent];
  if (size === null) return messages.selectSize;
  const chosen = product.sizes.find((s) => s.size === size);
  if (!chosen) return messages.invalidSize;
  if (chosen.stock <= 0) return messages.sizeOutOfStock;
  if (colourMissing) return messages.selectSizeAndColor[intent];
  if (!Number.isInteger(quantity) || quantity < 1) return messages.quantityBelowOne;
  if (quantity > chosen.stock) return onlyAvailableFrom(source, chosen.stock);
  return null;
}
