import { createClient } from "@libsql/client";
import { afterAll, beforeAll } from "vitest";

/**
 * For a test file that makes products in the back office: the catalogue as it found it afterwards.
 * The files share one database, and other files read "the newest products" (cards, media, reviews,
 * the dashboard's counts), so a product this file made is deleted after it, or, where an order
 * still holds it, archived (off the shop, as the back office would).
 */
export function useCatalogueRestored(dbUrl: string): void {
  let lastProductId = 0;
  beforeAll(async () => {
    const db = createClient({ url: dbUrl });
    try {
      lastProductId = Number((await db.execute("select coalesce(max(id), 0) as id from products")).rows[0]!.id);
    } finally {
      db.close();
    }
  });
  afterAll(async () => {
    const db = createClient({ url: dbUrl });
    try {
      await db.batch(
        [
          {
            sql: "update products set is_active = 0, archived_at = coalesce(archived_at, ?) where id > ? and exists (select 1 from order_lines l where l.product_id = products.id)",
            args: [Date.now(), lastProductId],
          },
          // What hangs off them first (the connection may not enforce foreign keys' cascades).
          ...["cart_lines", "wishlist_entries", "reviews", "product_media", "product_colors", "product_sizes"].map((table) => ({
            sql: `delete from ${table} where product_id in (select p.id from products p where p.id > ? and not exists (select 1 from order_lines l where l.product_id = p.id))`,
            args: [lastProductId],
          })),
          {
            sql: "delete from products where id > ? and not exists (select 1 from order_lines l where l.product_id = products.id)",
            args: [lastProductId],
          },
        ],
        "write",
      );
    } finally {
      db.close();
    }
  });
}
