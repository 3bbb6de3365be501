import Database from "libsql";
import { type SqlScan, scanSql } from "./sql-scan";
import {
  HranaError,
  protoError,
  valueFromWire,
  valueToWire,
  type WireCond,
  type WireDescribeResult,
  type WireError,
  type WireStmt,
  type WireStmtResult,
  type WireValue,
} from "./wire";

export type Connection = Database.Database;
export type Statement = Database.Statement;

/** Running the client's statements on a connection: binding, the prepared-statement cache, conditions and describe. */

/** Binds arguments the way libsql-server does, into one positional array covering every parameter index. */
export function bindArgs(scan: SqlScan, stmt: WireStmt): unknown[] {
  const args = stmt.args ?? [];
  const named = new Map((stmt.named_args ?? []).map((arg) => [arg.name, arg.value] as const));
  if (args.length > 0 && named.size > 0) {
    throw new HranaError("Specifying both positional and named arguments is not supported", "ARGS_BOTH_POSITIONAL_AND_NAMED");
  }
  const given = args.length + named.size;
  if (given > scan.paramCount) {
    throw new HranaError(
      `Arguments do not match SQL parameters: too many parameters, expected ${scan.paramCount} found ${given}`,
      "ARGS_INVALID",
    );
  }
  const bound: unknown[] = [];
  for (let index = 1; index <= scan.paramCount; index += 1) {
    const name = scan.paramNames.get(index);
    let value: WireValue | undefined;
    if (name === undefined) value = args[index - 1];
    else if (name.startsWith("?")) value = args[Number(name.slice(1)) - 1];
    else value = named.get(name) ?? named.get(name.slice(1));
    if (value === undefined) {
      // EXPLAIN may leave parameters unbound, as in libsql-server.
      if (scan.words[0] === "EXPLAIN") value = { type: "null" };
      else {
        throw new HranaError(`Arguments do not match SQL parameters: value for parameter ${name ?? index} not found`, "ARGS_INVALID");
      }
    }
    bound.push(valueFromWire(value));
  }
  return bound;
}

// ---- streams ----

export interface Stream {
  conn: Connection;
  sqls: Map<number, string>;
  baton?: string;
  idleTimer?: NodeJS.Timeout;
  closed: boolean;
}

/**
 * Each connection's prepared statements by SQL text. SQLite re-prepares a statement itself when the
 * schema changes, but the columns a `SELECT *` reports are fixed when it is prepared; so any schema
 * change made through this server (DDL, or a `sequence`) starts every cache afresh.
 */
const preparedBySql = new WeakMap<Connection, { generation: number; statements: Map<string, Statement> }>();
let schemaGeneration = 0;
/** After a statement the server does not scan (a sequence), which may have changed the schema. */
export const schemaChanged = () => {
  schemaGeneration += 1;
};
const SCHEMA_WORDS = new Set(["CREATE", "ALTER", "DROP"]);

export function prepareCached(conn: Connection, sql: string): Statement {
  let cache = preparedBySql.get(conn);
  if (cache === undefined || cache.generation !== schemaGeneration || cache.statements.size >= MAX_CACHED) {
    cache = { generation: schemaGeneration, statements: new Map() };
    preparedBySql.set(conn, cache);
  }
  let prepared = cache.statements.get(sql);
  if (prepared === undefined) {
    prepared = conn.prepare(sql);
    cache.statements.set(sql, prepared);
  }
  return prepared;
}

export function openConnection(file: string): Connection {
  const conn = new Database(file, { timeout: 0 });
  conn.defaultSafeIntegers(true);
  // busy_timeout 0: a connection waiting on SQLite's lock would block this single thread, and with it the
  // lock holder's COMMIT. Lock waits happen in the pipeline queue instead. synchronous=NORMAL is safe in
  // WAL mode (only a power cut can lose the last commits) and keeps local writes fast.
  conn.exec("PRAGMA busy_timeout = 0; PRAGMA synchronous = NORMAL");
  return conn;
}

export function resolveSql(stream: Stream, sql: string | null | undefined, sqlId: number | null | undefined): string {
  if (typeof sql === "string" && sqlId == null) return sql;
  if (sql == null && typeof sqlId === "number") {
    const stored = stream.sqls.get(sqlId);
    if (stored === undefined) throw new HranaError(`SQL text with id ${sqlId} was not found`, "SQL_NOT_FOUND");
    return stored;
  }
  throw protoError("Exactly one of sql and sql_id must be given");
}

/** Scans by SQL text: the Worker sends the same few statements over and over. */
const scans = new Map<string, SqlScan>();
const MAX_CACHED = 500;

export function scanSingleStatement(sql: string): SqlScan {
  let scan = scans.get(sql);
  if (scan === undefined) {
    scan = scanSql(sql);
    if (scans.size >= MAX_CACHED) scans.clear();
    scans.set(sql, scan);
  }
  if (scan.statements === 0) throw new HranaError("SQL string does not contain any statement", "SQL_NO_STATEMENT");
  if (scan.statements > 1) throw new HranaError("SQL string contains more than one statement", "SQL_MANY_STATEMENTS");
  return scan;
}

export function executeStmt(stream: Stream, stmt: WireStmt): WireStmtResult {
  if (typeof stmt !== "object" || stmt === null) throw protoError("Missing stmt");
  const sql = resolveSql(stream, stmt.sql, stmt.sql_id);
  const scan = scanSingleStatement(sql);
  const args = bindArgs(scan, stmt);
  const { conn } = stream;
  const counters = prepareCached(conn, "SELECT total_changes(), changes(), last_insert_rowid()").raw();
  const readCounters = () => counters.all()[0] as [bigint, bigint, bigint];

  const [totalBefore] = readCounters();
  if (SCHEMA_WORDS.has(scan.words[0] ?? "")) schemaGeneration += 1;
  const prepared = prepareCached(conn, sql);
  const cols = prepared.columns().map((col) => ({ name: col.name, decltype: col.type }));
  // all() steps a statement to completion; run() may stop after the first row, and then the changes of
  // an INSERT ... RETURNING are not counted yet.
  let rows: unknown[][] = [];
  if (prepared.reader) rows = prepared.raw(true).all(args) as unknown[][];
  else prepared.run(args);
  const [totalAfter, changes, lastInsertRowid] = readCounters();
  return {
    cols,
    rows: stmt.want_rows === false ? [] : rows.map((row) => row.map(valueToWire)),
    // changes() keeps the count of the last INSERT/UPDATE/DELETE, so report it only if this statement changed rows.
    affected_row_count: totalAfter === totalBefore ? 0 : Number(changes),
    last_insert_rowid: lastInsertRowid.toString(),
  };
}

export function evalCond(
  cond: WireCond,
  results: readonly (WireStmtResult | null)[],
  errors: readonly (WireError | null)[],
  conn: Connection,
): boolean {
  switch (cond?.type) {
    case "ok":
      return results[cond.step] != null;
    case "error":
      return errors[cond.step] != null;
    case "not":
      return !evalCond(cond.cond, results, errors, conn);
    case "and":
      return cond.conds.every((c) => evalCond(c, results, errors, conn));
    case "or":
      return cond.conds.some((c) => evalCond(c, results, errors, conn));
    case "is_autocommit":
      return !conn.inTransaction;
    default:
      throw protoError("Unknown batch condition");
  }
}

const READONLY_FIRST_WORDS = new Set(["SELECT", "VALUES", "EXPLAIN", "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"]);
const WRITE_WORDS = new Set(["INSERT", "UPDATE", "DELETE", "REPLACE"]);

export function describe(stream: Stream, sql: string): WireDescribeResult {
  const scan = scanSingleStatement(sql);
  const cols = stream.conn
    .prepare(sql)
    .columns()
    .map((col) => ({ name: col.name, decltype: col.type }));
  const first = scan.words[0] ?? "";
  // libsql does not expose sqlite3_stmt_readonly(); the leading keyword is a close enough guess.
  const isReadonly = READONLY_FIRST_WORDS.has(first) || (first === "WITH" && !scan.words.some((word) => WRITE_WORDS.has(word)));
  return {
    params: Array.from({ length: scan.paramCount }, (_, i) => ({ name: scan.paramNames.get(i + 1) ?? null })),
    cols,
    is_explain: first === "EXPLAIN",
    is_readonly: isReadonly,
  };
}
