import { sql } from "drizzle-orm";
import type { ServiceContext } from "../platform/context";
import type { SessionUser } from "./session";

/** What the header shows a signed-in shopper: the cart's quantity sum and the wishlisted products. */
export interface ShopperHeader {
  user: SessionUser;
  cartCount: number;
  /** Product ids on her wishlist, so every heart on the page shows its state without a read of its own. */
  wishlistIds: number[];
}

const countsQuery = (ctx: ServiceContext, userId: number) =>
  ctx.db.all<{ cartCount: number; wishlistIds: string }>(sql`select
    (select coalesce(sum(quantity), 0) from cart_lines where user_id = ${userId}) as cartCount,
    (select json_group_array(product_id) from (select w.product_id from wishlist_entries w join products p on p.id = w.product_id
      where w.user_id = ${userId} and p.is_active = 1 order by w.id)) as wishlistIds`);

/**
 * The signed-in shopper with her header counts, read in the same batch as the session check (and
 * the page's own reads): a signed-in render stays one round trip. Null when signed out; a signed-out
 * request reads nothing.
 */
export async function shopperHeader(ctx: ServiceContext): Promise<ShopperHeader | null> {
  const claims = await ctx.claims();
  if (!claims) return null;
  const [user, rows] = await Promise.all([ctx.user(), ctx.read(countsQuery(ctx, claims.userId))]);
  if (!user || user.id !== claims.userId) return null;
  const row = rows[0];
  return {
    user,
    cartCount: Number(row?.cartCount ?? 0),
    wishlistIds: (JSON.parse(row?.wishlistIds ?? "[]") as unknown[]).map(Number),
  };
}
