/**
 * Judging a choice of colour, size and quantity sent to the cart or to checkout, in SPEC §5's
 * words. The product route's action and the product card's modal use the same function, so the
 * browser and the server say the same thing. Pure and client-safe; kept apart from
 * product-options.ts so only the modal's on-demand chunk carries it, not every product page.
 */
import { SIGN_IN_FIRST } from "../../workers/services/auth.rules";
import type { SizePrice } from "../../workers/services/pricing";
import { findSize, onlyAvailable } from "./product-options";

export type CartIntent = "add-to-cart" | "buy-now";

/** Where the shopper chose: the product page or a product card's "Select Size & Color" modal. */
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
  cartNotOpen: "Sorry, the cart is not open yet. Please try again soon.",
} as const;

/**
 * Why this choice cannot go to the cart or checkout, or null when it can. The product page always
 * has a colour and an in-stock size preselected, so its messages are about size and stock; the
 * card modal starts empty and asks for both first.
 */
export function selectionProblem(
  product: ProductOptions,
  { color, size, quantity }: Selection,
  intent: CartIntent,
  source: ChoiceSource,
): string | null {
  const colourMissing = product.colors.length > 0 && !product.colors.some((c) => c.name === color);
  if (source === "card" && (colourMissing || size === null)) return messages.selectSizeAndColor[intent];
  const chosen = findSize(product.sizes, size);
  if (!chosen) return messages.invalidSize;
  if (chosen.stock <= 0) return messages.sizeOutOfStock;
  if (colourMissing) return messages.selectSizeAndColor[intent];
  if (!Number.isInteger(quantity) || quantity < 1) return messages.quantityBelowOne;
  if (quantity > chosen.stock) {
    return source === "card" ? messages.cardOnlyAvailable(chosen.stock) : messages.pageOnlyAvailable(chosen.stock);
  }
  return null;
}

function text(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** Reads a posted choice; a missing quantity is the default 1, anything unreadable is NaN. */
export function readChoice(form: FormData): { intent: CartIntent | null; source: ChoiceSource; selection: Selection } {
  const intent = text(form, "intent");
  const quantity = text(form, "quantity");
  return {
    intent: intent === "add-to-cart" || intent === "buy-now" ? intent : null,
    source: text(form, "source") === "card" ? "card" : "page",
    selection: {
      color: text(form, "color"),
      size: text(form, "size"),
      quantity: quantity === null ? 1 : /^\d+$/.test(quantity) ? Number(quantity) : Number.NaN,
    },
  };
}

/**
 * What the product route's action answers to "add to cart" or "buy now". Until the cart exists
 * (and while every shopper is signed out) a valid choice is answered with "sign in first", never
 * with a pretend success.
 */
export type CartAnswer =
  /** With the choice as posted, so a page without JavaScript can show it again beside the message. */
  { kind: "invalid"; message: string; selection?: Selection } | { kind: "sign-in"; message: string; href: string };
