import type { Db } from "../../../db/client";
import type { ReadQuery, ServiceContext } from "./context";

type Results<Q extends readonly ReadQuery<unknown>[]> = { -readonly [K in keyof Q]: Awaited<Q[K]> };

/** A statement the database refused (bad SQL, a search it cannot parse), as opposed to a lost link. */
function refusedStatement(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("SQLITE")) return true;
  }
  return false;
}

/**
 * One request's reads, sent together: a render costs one round trip
 * (docs/decisions/0006-reads-in-one-batch-and-product-sql.md). React Router starts the root loader and the
 * page's loaders at once, and every service hands its reads to `ctx.read` (or `readAll`) instead of calling
 * the database itself, so the session check, the header's counts and the page's rows are asked for in the
 * same task; each read waits for that task to end (a zero-delay timer) and then all of them travel in one
 * `db.batch`.
 *
 * A batch is one transaction: one refused statement fails it whole. The reads are then sent again
 * one by one, so only the read at fault fails (a search the full-text index cannot parse is no reason
 * to fail the header's session check). A lost connection fails every read at once.
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
      if (reads.length > 1 && refusedStatement(error)) {
        for (const read of reads) Promise.resolve(read.query).then(read.resolve, read.reject);
      } else {
        for (const read of reads) read.reject(error);
      }
    }
  }

  return <T>(query: ReadQuery<T>) =>
    new Promise<T>((resolve, reject) => {
      if (queued.push({ query, resolve: resolve as (value: unknown) => void, reject }) === 1) setTimeout(send, 0);
    });
}

/** Several reads of one service call, joined to the request's batch; results in the same order. */
export function readAll<const Q extends readonly ReadQuery<unknown>[]>(ctx: Pick<ServiceContext, "read">, queries: Q): Promise<Results<Q>> {
  return Promise.all(queries.map((q) => ctx.read(q))) as Promise<Results<Q>>;
}
