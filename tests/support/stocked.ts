import { afterAll, beforeAll } from "vitest";
import { type ApiProduct, buyableProducts, setStock } from "../../tooling/cart";

/**
 * A buyable product (`pick` chooses it from the list) whose first two in-stock sizes are given known
 * stock for the test file, and put back after it; `other` is a second buyable product.
 */
export function useStockedProduct(
  base: string,
  /** The database, or how to find it once the tests start (an in-process app's is known only then). */
  database: string | (() => string),
  stocks: [number, number],
  pick: (list: ApiProduct[]) => ApiProduct[],
) {
  const fixture = {} as { product: ApiProduct; other: ApiProduct; sizeA: string; sizeB: string };
  const restore: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const dbUrl = typeof database === "string" ? database : database();
    const [product, other] = pick(await buyableProducts(base)) as [ApiProduct, ApiProduct];
    const [sizeA, sizeB] = product.sizes.filter((z) => z.stock > 0).map((z) => z.size) as [string, string];
    Object.assign(fixture, { product, other, sizeA, sizeB });
    restore.push(await setStock(dbUrl, product._id, sizeA, stocks[0]), await setStock(dbUrl, product._id, sizeB, stocks[1]));
  });
  afterAll(async () => {
    for (const undo of restore.splice(0)) await undo();
  });
  return fixture;
}
