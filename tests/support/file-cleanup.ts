import { afterAll } from "vitest";
import { removeOrders } from "../../tooling/orders";

/**
 * What a test file changes in the shared database, undone after it: `restore` holds the functions that
 * put stock back (setStock's answers), `inserted` the ids of orders the file wrote directly; `db` is closed last.
 */
export function useFileCleanup(dbUrl: string, db: { close(): void }) {
  const restore: (() => Promise<void>)[] = [];
  const inserted: number[] = [];
  afterAll(async () => {
    for (const undo of restore.splice(0)) await undo();
    await removeOrders(dbUrl, inserted);
    db.close();
  });
  return { restore, inserted };
}
