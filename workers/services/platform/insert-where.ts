import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";

/**
 * `INSERT INTO table (...) SELECT <row> WHERE <condition>`: the row goes in only if the condition
 * holds when the statement runs. A rule that must hold under races (at most N rows, at most one a
 * minute, only beside another row of the same batch) lives in the statement itself, never in a read
 * before the write. For a `db.batch`; its `rowsAffected` says whether the row went in.
 */
export function insertWhere<T extends SQLiteTable>(db: Db, table: T, row: T["$inferInsert"], condition: SQL) {
  const columns = getTableColumns(table);
  const fields = Object.keys(row).filter((field) => row[field as keyof typeof row] !== undefined);
  const names = sql.join(
    fields.map((field) => sql.identifier(columns[field]!.name)),
    sql`, `,
  );
  const values = sql.join(
    fields.map((field) => sql.param(row[field as keyof typeof row], columns[field])),
    sql`, `,
  );
  return db.run(sql`INSERT INTO ${table} (${names}) SELECT ${values} WHERE ${condition}`);
}
