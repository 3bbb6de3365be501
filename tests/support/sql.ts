import { createClient } from "@libsql/client";

/** Reads the test database directly: what the shopper cannot see (stock, stored orders). */
export async function sqlRows(dbUrl: string, query: string, args: (string | number)[] = []) {
  const db = createClient({ url: dbUrl });
  try {
    return (await db.execute({ sql: query, args })).rows;
  } finally {
    db.close();
  }
}

type Arg = string | number | null;

/** A file's connection to the test database, with `one` (the first row) and `count` (the first row's `n`). Close `db` after the file. */
export function sqlReader(dbUrl: string) {
  const db = createClient({ url: dbUrl });
  const one = async <T>(q: string, args: Arg[] = []) => (await db.execute({ sql: q, args })).rows[0] as T;
  const count = async (q: string, args: Arg[] = []) => Number((await one<{ n: number }>(q, args)).n);
  return { db, one, count };
}
