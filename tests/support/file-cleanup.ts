import { afterAll } from "vitest";
import { type ApiProduct, setStock } from "../../tooling/cart";
import { removeOrders } from "../../tooling/orders";

/**
 * What a test file changes in the shared database, undone after it: `restore` holds the functions that
 * put stock back (setStock's answers), `inserted` the ids of orders the file wrote directly; `db` is closed last.
 * `stockedSize` sets a size's stock for the file and registers putting it back.
 */
export function useFileCleanup(dbUrl: string, db: { close(): void }) {
  const restore: (() => Promise<void>)[] = [];
  const inserted: number[] = [];
  afterAll(async () => {
    for (const undo of restore.splice(0)) await undo();
    await removeOrders(dbUrl, inserted);
    db.close();
  });
  /** A size of `product` (its first in stock) with exactly `stock` units for this file, and the colour to buy it in. */
  const stockedSize = async (product: ApiProduct, stock: number) => {
    const size = product.sizes.find((z) => z.stock > 0)!;
    restore.push(await setStock(dbUrl, product._id, size.size, stock));
    return { product, size: size.size, color: product.colors[0]!.name };
  };
  return { restore, inserted, stockedSize };
}
