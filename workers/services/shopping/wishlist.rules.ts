/**
 * Wishlist messages and limits (docs/product/shopping.md) as plain values: the heart, the wishlist page and
 * the API say the same words, and pages import them without the database.
 */
export const WISHLIST_ADDED = "Added to Wishlist";
export const WISHLIST_REMOVED = "Removed from Wishlist!";
/** The heart's words when the server gave no message of its own. */
export const WISHLIST_UPDATE_FAILED = "Wishlist update failed";
/** The wishlist page's error title when it cannot be loaded. */
export const WISHLIST_FETCH_FAILED = "Failed to fetch wishlist";
/** The API's 401s (docs/product/shopping.md): no token at all, and a token that no longer signs anyone in. */
export const WISHLIST_NO_TOKEN = "No authentication token found. Please login.";
export const WISHLIST_SESSION_EXPIRED = "Session expired. Please login again.";
export const WISHLIST_INVALID_PRODUCT = "Invalid product id";
export const WISHLIST_PRODUCT_NOT_FOUND = "Product not found";

/** At most this many entries per shopper, enforced in the insert itself (race-proof). */
export const WISHLIST_MAX_ENTRIES = 200;
export const WISHLIST_FULL = `Your wishlist is full (at most ${WISHLIST_MAX_ENTRIES} items). Remove something to add more.`;

export type WishlistIntent = "add" | "remove";

/** What the /wishlist action answers a heart (a fetcher): the toast's words and whether it worked. */
export interface WishlistAnswer {
  ok: boolean;
  message: string;
  intent?: WishlistIntent;
  productId?: number;
}
