import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";

/** A Drizzle read that can go in a batch: awaiting it alone gives the same `T`. */
export type ReadQuery<T> = BatchItem<"sqlite"> & PromiseLike<T>;

/**
 * One request's reads, sent together. React Router starts the root loader and the page's loaders at
 * once, so the signed-in user the header needs and the rows the page needs are asked for in the same
 * task; each read waits for that task to end (a zero-delay timer) and then all of them travel in one
 * `db.batch`: one round trip to the hosted database instead of one per loader (DECISIONS §3).
 * A failed batch fails each read in it.
 */
export function readBatcher(db: Db): <T>(query: ReadQuery<T>) => Promise<T> {
  let queued: { query: ReadQuery<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];

  async function send() {
    const reads = queued;
    queued = [];
    try {
      const [first, ...rest] = reads.map((r) => r.query);
      const results: unknown[] = rest.length === 0 ? [await first!] : await db.batch([first!, ...rest]);
      for (const [i, read] of reads.entries()) read.resolve(results[i]);
    } catch (error) {
      for (const read of reads) read.reject(error);
    }
  }

  return <T>(query: ReadQuery<T>) =>
    new Promise<T>((resolve, reject) => {
      if (queued.push({ query, resolve: resolve as (value: unknown) => void, reject }) === 1) setTimeout(send, 0);
    });
}
