import { and, eq, sql } from "drizzle-orm";
import { wishlistEntries } from "../../../db/schema";
import { readAsUser, requireUser } from "../accounts/session";
import { type Product, productsQuery, toProduct } from "../catalog/catalog";
import type { ServiceContext } from "../platform/context";
import { AppError, notFound } from "../platform/errors";
import { insertWhere } from "../platform/insert-where";
import { parseId } from "../platform/validate";
import { WISHLIST_FULL, WISHLIST_INVALID_PRODUCT, WISHLIST_MAX_ENTRIES, WISHLIST_PRODUCT_NOT_FOUND } from "./wishlist.rules";

/**
 * The wishlist (docs/product/shopping.md): one entry per shopper and product.
 * Pages (app/routes/shopping/wishlist.tsx, the hearts) and the API (workers/api/shopping/wishlist.ts) both call these.
 *
 * - Listing shows only products that still exist and are on sale: a deleted product takes its entries
 *   with it (ON DELETE CASCADE) and an inactive one is left out of the list (its entry is kept, so
 *   it comes back if the product does).
 * - Adding is idempotent: adding what is already there changes nothing and answers success.
 * - Removing is idempotent too, by product id: removing what is not there answers success with the
 *   list as it is. Only the caller's own entries can be named, so another shopper's are never touched.
 */

export interface WishlistEntry {
  id: number;
  product: Product;
}

/** A product id as a path segment or body field sends it: a positive whole number or its digits. */
export const parseProductId = (input: unknown): number => parseId(input, WISHLIST_INVALID_PRODUCT, "productId");

/**
 * The shopper's wishlisted products on sale, newest entry first, and the entries' ids (two reads for
 * the same batch: the product rows come from the catalogue's own query, which has no room for the
 * entry's id).
 */
function listQueries(ctx: ServiceContext, userId: number) {
  return {
    products: productsQuery(ctx, {
      join: sql`join wishlist_entries w on w.product_id = "products"."id"`,
      where: sql`w.user_id = ${userId}`,
      orderBy: sql`w.id desc`,
      limit: WISHLIST_MAX_ENTRIES,
    }),
    entries: ctx.db
      .select({ id: wishlistEntries.id, productId: wishlistEntries.productId })
      .from(wishlistEntries)
      .where(eq(wishlistEntries.userId, userId)),
  };
}

function toEntries(rows: Parameters<typeof toProduct>[0][], entries: { id: number; productId: number }[]): WishlistEntry[] {
  const entryOf = new Map(entries.map((e) => [e.productId, e.id]));
  return rows.map(toProduct).flatMap((product) => {
    const id = entryOf.get(product.id);
    return id === undefined ? [] : [{ id, product }];
  });
}

/**
 * The signed-in shopper's wishlist: the session check and the list travel in the request's one
 * batch (a page render stays one round trip). 401 when signed out.
 */
export async function listWishlist(ctx: ServiceContext): Promise<WishlistEntry[]> {
  let entries: Promise<{ id: number; productId: number }[]> | undefined;
  const { data: rows } = await readAsUser(ctx, (userId) => {
    const queries = listQueries(ctx, userId);
    // Asked for in the same moment as the products (and so in the same batch); awaited below.
    entries = ctx.read(queries.entries);
    entries.catch(() => {});
    return queries.products;
  });
  return toEntries(rows, (await entries) ?? []);
}

/**
 * Adds a product to the signed-in shopper's wishlist and answers the whole list. Idempotent. An
 * unknown or withdrawn product is a 404; a full wishlist a 409. The conditions live in the insert
 * (race-proof), and the insert, the check of what happened and the new list are one batch.
 */
export async function addToWishlist(ctx: ServiceContext, productIdInput: unknown): Promise<WishlistEntry[]> {
  const user = await requireUser(ctx);
  const productId = parseProductId(productIdInput);
  const userId = user.id;
  const list = listQueries(ctx, userId);
  const [, [status], rows, entries] = await ctx.db.batch([
    insertWhere(
      ctx.db,
      wishlistEntries,
      { userId, productId },
      sql`exists (select 1 from products where id = ${productId} and is_active = 1)
        and not exists (select 1 from wishlist_entries where user_id = ${userId} and product_id = ${productId})
        and (select count(*) from wishlist_entries where user_id = ${userId}) < ${WISHLIST_MAX_ENTRIES}`,
    ),
    ctx.db.all<{ found: number; present: number }>(sql`select
      exists (select 1 from products where id = ${productId} and is_active = 1) as found,
      exists (select 1 from wishlist_entries where user_id = ${userId} and product_id = ${productId}) as present`),
    list.products,
    list.entries,
  ]);
  if (!Number(status?.found)) throw notFound(WISHLIST_PRODUCT_NOT_FOUND);
  if (!Number(status?.present)) throw new AppError(409, WISHLIST_FULL);
  return toEntries(rows, entries);
}

/**
 * Takes a product off the signed-in shopper's wishlist and answers the whole list. Idempotent: a
 * product that is not on it (or does not exist) leaves the list as it is. Only her own entry can be
 * removed: the statement names her user id.
 */
export async function removeFromWishlist(ctx: ServiceContext, productIdInput: unknown): Promise<WishlistEntry[]> {
  const user = await requireUser(ctx);
  const productId = parseProductId(productIdInput);
  const list = listQueries(ctx, user.id);
  const [, rows, entries] = await ctx.db.batch([
    ctx.db.delete(wishlistEntries).where(and(eq(wishlistEntries.userId, user.id), eq(wishlistEntries.productId, productId))),
    list.products,
    list.entries,
  ]);
  return toEntries(rows, entries);
}
