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
