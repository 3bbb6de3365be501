import { type Context, Hono } from "hono";
import { requireUser, tokenFromRequest } from "../../services/accounts/session";
import { AppError } from "../../services/platform/errors";
import { addToWishlist, listWishlist, removeFromWishlist, type WishlistEntry } from "../../services/shopping/wishlist";
import { WISHLIST_ADDED, WISHLIST_NO_TOKEN, WISHLIST_REMOVED, WISHLIST_SESSION_EXPIRED } from "../../services/shopping/wishlist.rules";
import { readBody } from "../body";
import { productJson } from "../catalog/catalog";
import type { ApiEnv } from "../types";

/** The API's wishlist entry (docs/product/shopping.md): the entry's id and the product as the catalogue API shows it. */
export function wishlistEntryJson(entry: WishlistEntry) {
  return { _id: String(entry.id), product: productJson(entry.product) };
}

const listJson = (entries: WishlistEntry[]) => entries.map(wishlistEntryJson);

/**
 * docs/product/shopping.md: a request without a token is told so; one whose token no longer signs anyone
 * in (expired, revoked, tampered, a deleted account) hears that the session expired.
 */
async function signedIn<T>(c: Context<ApiEnv>, work: () => Promise<T>): Promise<T> {
  if (!tokenFromRequest(c.req.raw.headers)) throw new AppError(401, WISHLIST_NO_TOKEN);
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.status === 401) throw new AppError(401, WISHLIST_SESSION_EXPIRED);
    throw err;
  }
}

/** `GET /api/wishlist`, `POST /api/wishlist { productId }`, `DELETE /api/wishlist/{productId}`. */
export const wishlistApi = new Hono<ApiEnv>()
  .get("/wishlist", async (c) => c.json({ data: listJson(await signedIn(c, () => listWishlist(c.var.ctx))) }))
  .post("/wishlist", async (c) => {
    const entries = await signedIn(c, async () => {
      // Signed in first: a bad body from someone signed out is their 401, not a 400.
      await requireUser(c.var.ctx);
      const body = await readBody(c);
      return addToWishlist(c.var.ctx, body.productId);
    });
    return c.json({ message: WISHLIST_ADDED, data: listJson(entries) }, 201);
  })
  .delete("/wishlist/:productId", async (c) => {
    const entries = await signedIn(c, () => removeFromWishlist(c.var.ctx, c.req.param("productId")));
    return c.json({ message: WISHLIST_REMOVED, data: listJson(entries) });
  });
