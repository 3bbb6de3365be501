/**
 * Cart messages and limits (docs/product/shopping.md) as plain values, for pages that show
 * them without loading the cart service or zod.
 */

/** The most of one line a cart can ask for, whatever the stock: a bound on what a client may send. */
export const MAX_LINE_QUANTITY = 1000;

export const cartMessages = {
  added: "Added to cart",
  updated: "Quantity updated",
  removed: "Item removed from your cart",
  cleared: "Your cart is now empty",
  empty: "Your cart is empty.",
  /** docs/product/shopping.md: checkout with nothing in the cart. */
  emptyAtCheckout: "Your cart is empty. Please add items before checking out.",
  lineNotFound: "This item is not in your cart",
  quantityBelowOne: "Quantity cannot be less than 1",
  quantityNotWhole: "Quantity must be a whole number",
  quantityTooLarge: `Quantity cannot be more than ${MAX_LINE_QUANTITY}`,
  /** The size's stock cannot cover the quantity asked for. */
  onlyLeft: (n: number) => (n <= 0 ? "This size has sold out" : `Only ${n} left in this size`),
  /** Adding to a line already in the cart would pass the size's stock. */
  alreadyInCart: (inCart: number) => ` You already have ${inCart} in your cart.`,
  updateFailed: (reason: string) => `Failed to update quantity: ${reason}`,
  removeFailed: (reason: string) => `Failed to remove item: ${reason}`,
  /** A line that cannot go to checkout as it is. */
  lineSoldOut: "This size has sold out. Remove it to go on to checkout.",
  lineUnavailable: "This piece is no longer available. Remove it to go on to checkout.",
  colorUnavailable: "This colour is no longer available. Remove it to go on to checkout.",
  lineAboveStock: (n: number) => `Only ${n} left in this size. Lower the quantity to go on to checkout.`,
  tryAgain: "The stock of this size just changed. Please try again.",
  fixBeforeCheckout: "Some items in your cart need your attention before checkout.",
} as const;
