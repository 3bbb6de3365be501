/**
 * A local stand-in for the hosted libSQL (Turso) HTTP endpoint: Hrana 2 over HTTP with JSON bodies,
 * backed by a database file through the synchronous `libsql` engine. `@libsql/client` (http: URLs)
 * talks to it exactly as it talks to production, so the Worker needs no local-only code path.
 *
 * Error codes, argument binding and the one-statement rule follow libsql-server, so SQL that works
 * here behaves the same in production.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Database from "libsql";

type Connection = Database.Database;
type Statement = Database.Statement;

export interface LocalDbServerOptions {
  /** Path of the database file (created if missing). */
  file: string;
  /** 0 picks a free port. */
  port?: number;
  /** Only 127.0.0.1 is accepted: the server has no authentication. */
  host?: string;
  /** A stream with no request for this long is closed and its transaction rolled back. */
  idleTimeoutMs?: number;
}

export interface LocalDbServerStats {
  /** Pipeline requests (database round trips) since start or the last reset. */
  pipelines: number;
}

export interface LocalDbServer {
  url: string;
  port: number;
  stats(): LocalDbServerStats;
  /** Pipelines waiting for another stream's transaction to end: lets a test see the queue, not guess it. */
  waiting(): number;
  close(): Promise<void>;
}

// ---- Hrana 2 JSON wire format (see @libsql/hrana-client http/ and shared/ json codecs) ----

type WireValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };

interface WireStmt {
  sql?: string | null;
  sql_id?: number | null;
  args?: WireValue[];
  named_args?: { name: string; value: WireValue }[];
  want_rows?: boolean;
}

type WireCond =
  | { type: "ok"; step: number }
  | { type: "error"; step: number }
  | { type: "not"; cond: WireCond }
  | { type: "and"; conds: WireCond[] }
  | { type: "or"; conds: WireCond[] }
  | { type: "is_autocommit" };

type WireRequest =
  | { type: "close" }
  | { type: "execute"; stmt: WireStmt }
  | { type: "batch"; batch: { steps: { condition?: WireCond | null; stmt: WireStmt }[] } }
  | { type: "sequence"; sql?: string | null; sql_id?: number | null }
  | { type: "describe"; sql?: string | null; sql_id?: number | null }
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number }
  | { type: "get_autocommit" };

interface WireError {
  message: string;
  code: string;
}

interface WireStmtResult {
  cols: { name: string; decltype: string | null }[];
  rows: WireValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
}

type WireResponse =
  | { type: "close" | "sequence" | "store_sql" | "close_sql" }
  | { type: "execute"; result: WireStmtResult }
  | { type: "batch"; result: { step_results: (WireStmtResult | null)[]; step_errors: (WireError | null)[] } }
  | { type: "describe"; result: WireDescribeResult }
  | { type: "get_autocommit"; is_autocommit: boolean };

interface WireDescribeResult {
  params: { name: string | null }[];
  cols: { name: string; decltype: string | null }[];
  is_explain: boolean;
  is_readonly: boolean;
}

type WireResult = { type: "ok"; response: WireResponse } | { type: "error"; error: WireError };

/** An error reported to the client as-is (message and Hrana code). */
class HranaError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

const protoError = (message: string) => new HranaError(message, "HRANA_PROTO_ERROR");

// ---- SQL scanning ----

interface SqlScan {
  /** Non-empty statements, split the way sqlite3_complete() does (a CREATE TRIGGER body is one statement). */
  statements: number;
  /** Highest parameter index, numbered the way SQLite numbers them. */
  paramCount: number;
  /** Parameter name by 1-based index (`:a`, `@a`, `$a`, `?3`); anonymous `?` has none. */
  paramNames: Map<number, string>;
  /** Upper-cased bare words of the first statement. */
  words: string[];
}

// sqlite3_complete()'s state machine. Tokens: SEMI WS OTHER EXPLAIN CREATE TEMP TRIGGER END.
const SEMI = 0,
  WS = 1,
  OTHER = 2;
const KEYWORD_TOKENS: Record<string, number> = { EXPLAIN: 3, CREATE: 4, TEMP: 5, TEMPORARY: 5, TRIGGER: 6, END: 7 };
const COMPLETE_TRANSITIONS = [
  [1, 0, 2, 3, 4, 2, 2, 2], // 0 invalid
  [1, 1, 2, 3, 4, 2, 2, 2], // 1 start (after a complete statement)
  [1, 2, 2, 2, 2, 2, 2, 2], // 2 normal
  [1, 3, 3, 2, 4, 2, 2, 2], // 3 explain
  [1, 4, 2, 2, 2, 4, 5, 2], // 4 create
  [6, 5, 5, 5, 5, 5, 5, 5], // 5 trigger body
  [6, 6, 5, 5, 5, 5, 5, 7], // 6 semicolon inside trigger body
  [1, 7, 5, 5, 5, 5, 5, 5], // 7 END of trigger body
] as const;

const isIdChar = (ch: string) => /[A-Za-z0-9_$]/.test(ch) || ch.charCodeAt(0) >= 0x80;

/**
 * A small tokenizer, because the `libsql` package exposes neither parameter names nor the unparsed
 * tail of a statement: binding by name in `libsql` panics (aborting the process) when the SQL also has
 * an anonymous `?`, and `prepare()` silently ignores every statement after the first.
 */
function scanSql(sql: string): SqlScan {
  let state = 0;
  let statements = 0;
  let paramCount = 0;
  const paramNames = new Map<number, string>();
  const namedIndex = new Map<string, number>();
  const words: string[] = [];

  // SQLite's numbering: `?` takes the next index, `?N` takes N, a name reuses its first index.
  const addParam = (name: string) => {
    if (name === "?") {
      paramCount += 1;
    } else if (name.startsWith("?")) {
      const index = Number(name.slice(1));
      paramCount = Math.max(paramCount, index);
      if (!paramNames.has(index)) paramNames.set(index, name);
    } else if (!namedIndex.has(name)) {
      paramCount += 1;
      namedIndex.set(name, paramCount);
      paramNames.set(paramCount, name);
    }
  };
  const skipPast = (end: string, from: number) => {
    const at = sql.indexOf(end, from);
    return at === -1 ? sql.length : at + end.length;
  };

  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] as string;
    const next = sql[i + 1] ?? "";
    let token = OTHER;
    let param: string | undefined;
    let word: string | undefined;
    if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r" || ch === "\f") {
      token = WS;
      i += 1;
    } else if (ch === "-" && next === "-") {
      token = WS;
      i = skipPast("\n", i);
    } else if (ch === "/" && next === "*") {
      token = WS;
      i = skipPast("*/", i + 2);
    } else if (ch === ";") {
      token = SEMI;
      i += 1;
    } else if (ch === "'" || ch === '"' || ch === "`") {
      // A doubled (escaped) quote just rescans as the start of another quoted run.
      i = skipPast(ch, i + 1);
    } else if (ch === "[") {
      i = skipPast("]", i + 1);
    } else if (ch === "?") {
      let end = i + 1;
      while (end < sql.length && /[0-9]/.test(sql[end] as string)) end += 1;
      param = sql.slice(i, end);
      i = end;
    } else if (ch === ":" || ch === "@" || ch === "$" || ch === "#") {
      let end = i + 1;
      for (;;) {
        if (end < sql.length && isIdChar(sql[end] as string)) end += 1;
        else if (ch === "$" && sql.startsWith("::", end)) end += 2;
        else break;
      }
      if (ch === "$" && end > i + 1 && sql[end] === "(") end = skipPast(")", end);
      if (end > i + 1) param = sql.slice(i, end);
      i = Math.max(end, i + 1);
    } else if (isIdChar(ch)) {
      let end = i + 1;
      while (end < sql.length && isIdChar(sql[end] as string)) end += 1;
      if (!/[0-9]/.test(ch)) {
        word = sql.slice(i, end).toUpperCase();
        token = KEYWORD_TOKENS[word] ?? OTHER;
      }
      i = end;
    } else {
      i += 1;
    }
    if (token !== WS && token !== SEMI && state <= 1) statements += 1;
    state = (COMPLETE_TRANSITIONS[state] as readonly number[])[token] as number;
    // Only the first statement matters: with more than one the statement is rejected anyway.
    if (statements === 1) {
      if (param !== undefined) addParam(param);
      if (word !== undefined) words.push(word);
    }
  }
  return { statements, paramCount, paramNames, words };
}

// ---- values ----

const MIN_I64 = -(2n ** 63n);
const MAX_I64 = 2n ** 63n - 1n;

function valueFromWire(value: WireValue): unknown {
  switch (value?.type) {
    case "null":
      return null;
    case "integer": {
      if (typeof value.value !== "string" || !/^-?[0-9]+$/.test(value.value)) throw protoError("Invalid integer value");
      const int = BigInt(value.value);
      if (int < MIN_I64 || int > MAX_I64) throw protoError("Integer value out of 64-bit range");
      return int;
    }
    case "float":
      if (typeof value.value !== "number") throw protoError("Invalid float value");
      return value.value;
    case "text":
      if (typeof value.value !== "string") throw protoError("Invalid text value");
      return value.value;
    case "blob":
      if (typeof value.base64 !== "string") throw protoError("Invalid blob value");
      return Buffer.from(value.base64, "base64");
    default:
      throw protoError("Unknown value type");
  }
}

function valueToWire(value: unknown): WireValue {
  if (value === null || value === undefined) return { type: "null" };
  // Connections run in safe-integer mode, so every INTEGER arrives as a bigint and every REAL as a number.
  if (typeof value === "bigint") return { type: "integer", value: value.toString() };
  if (typeof value === "number") return { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  if (value instanceof Uint8Array) return { type: "blob", base64: Buffer.from(value).toString("base64") };
  throw new Error(`Unexpected value from the database: ${typeof value}`);
}

/** Binds arguments the way libsql-server does, into one positional array covering every parameter index. */
function bindArgs(scan: SqlScan, stmt: WireStmt): unknown[] {
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

// ---- errors ----

function toWireError(error: unknown): WireError {
  if (error instanceof HranaError) return { message: error.message, code: error.code };
  const code = error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
  if (error instanceof Error && code?.startsWith("SQLITE_")) {
    // libsql-server reports the primary result code (SQLITE_CONSTRAINT, not SQLITE_CONSTRAINT_CHECK).
    return { message: `SQLite error: ${error.message}`, code: /^SQLITE_[A-Z]+/.exec(code)?.[0] ?? code };
  }
  return { message: error instanceof Error ? error.message : String(error), code: "INTERNAL_ERROR" };
}

// ---- streams ----

interface Stream {
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
const SCHEMA_WORDS = new Set(["CREATE", "ALTER", "DROP"]);

function prepareCached(conn: Connection, sql: string): Statement {
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

function openConnection(file: string): Connection {
  const conn = new Database(file, { timeout: 0 });
  conn.defaultSafeIntegers(true);
  // busy_timeout 0: a connection waiting on SQLite's lock would block this single thread, and with it the
  // lock holder's COMMIT. Lock waits happen in the pipeline queue instead. synchronous=NORMAL is safe in
  // WAL mode (only a power cut can lose the last commits) and keeps local writes fast.
  conn.exec("PRAGMA busy_timeout = 0; PRAGMA synchronous = NORMAL");
  return conn;
}

function resolveSql(stream: Stream, sql: string | null | undefined, sqlId: number | null | undefined): string {
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

function scanSingleStatement(sql: string): SqlScan {
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

function executeStmt(stream: Stream, stmt: WireStmt): WireStmtResult {
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

function evalCond(
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

function describe(stream: Stream, sql: string): WireDescribeResult {
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

// ---- server ----

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const MAX_IDLE_CONNECTIONS = 8;

function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (/^(::ffff:)?127\./.test(address) || address === "::1");
}

function send(res: ServerResponse, status: number, body: string, contentType: string): void {
  res.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

// Exactly "application/json": the client reads error bodies as JSON only for that content type.
const sendJson = (res: ServerResponse, status: number, body: unknown) => send(res, status, JSON.stringify(body), "application/json");
const sendText = (res: ServerResponse, status: number, body: string) => send(res, status, body, "text/plain");

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function startLocalDbServer(options: LocalDbServerOptions): Promise<LocalDbServer> {
  const { file, port = 0, host = "127.0.0.1", idleTimeoutMs = 10_000 } = options;
  if (host !== "127.0.0.1") {
    throw new Error(`The local database server has no authentication and listens on 127.0.0.1 only, not ${host}`);
  }

  // WAL lets readers proceed beside a writer and is persistent in the file. Keeping one connection open for
  // the server's lifetime stops SQLite from checkpointing and deleting the WAL whenever a stream closes.
  const keeper = openConnection(file);
  keeper.exec("PRAGMA journal_mode = WAL");

  let pipelines = 0;
  let closing = false;
  const streams = new Set<Stream>();
  const batons = new Map<string, Stream>();
  /**
   * Connections of closed streams (out of any transaction), with their prepared statements, for the
   * next stream: nearly every request of the Worker is a new stream, and opening a connection and
   * preparing its statements cost more than running them.
   */
  const idle: Connection[] = [];

  // The stream whose connection is inside a transaction. `libsql` is synchronous, so while it holds SQLite's
  // lock every other stream's pipeline waits here (not in SQLite) until the transaction ends or times out.
  let lockOwner: Stream | undefined;
  let waiters: (() => void)[] = [];

  const releaseLock = () => {
    lockOwner = undefined;
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };

  const closeStream = (stream: Stream) => {
    if (stream.closed) return;
    stream.closed = true;
    clearTimeout(stream.idleTimer);
    if (stream.baton !== undefined) batons.delete(stream.baton);
    streams.delete(stream);
    try {
      // close() alone is not enough: `libsql` keeps the SQLite connection, and its open transaction and
      // write lock, alive until every statement prepared on it has been garbage-collected.
      if (stream.conn.inTransaction) stream.conn.exec("ROLLBACK");
      if (!closing && idle.length < MAX_IDLE_CONNECTIONS) idle.push(stream.conn);
      else stream.conn.close();
    } catch {
      // already unusable; nothing left to release
    }
    if (lockOwner === stream) releaseLock();
  };

  const handleRequest = (stream: Stream, request: WireRequest): WireResponse => {
    if (stream.closed) throw new HranaError("The stream is closed", "STREAM_CLOSED");
    switch (request?.type) {
      case "execute":
        return { type: "execute", result: executeStmt(stream, request.stmt) };
      case "batch": {
        const steps = request.batch?.steps;
        if (!Array.isArray(steps)) throw protoError("Missing batch steps");
        const results: (WireStmtResult | null)[] = [];
        const errors: (WireError | null)[] = [];
        for (const step of steps) {
          let result: WireStmtResult | null = null;
          let error: WireError | null = null;
          if (step.condition == null || evalCond(step.condition, results, errors, stream.conn)) {
            try {
              result = executeStmt(stream, step.stmt);
            } catch (e) {
              error = toWireError(e);
            }
          }
          results.push(result);
          errors.push(error);
        }
        return { type: "batch", result: { step_results: results, step_errors: errors } };
      }
      case "sequence":
        schemaGeneration += 1; // may hold DDL; this server does not scan a sequence
        stream.conn.exec(resolveSql(stream, request.sql, request.sql_id));
        return { type: "sequence" };
      case "describe":
        return { type: "describe", result: describe(stream, resolveSql(stream, request.sql, request.sql_id)) };
      case "store_sql":
        if (typeof request.sql_id !== "number" || typeof request.sql !== "string") throw protoError("Invalid store_sql");
        stream.sqls.set(request.sql_id, request.sql);
        return { type: "store_sql" };
      case "close_sql":
        stream.sqls.delete(request.sql_id);
        return { type: "close_sql" };
      case "get_autocommit":
        return { type: "get_autocommit", is_autocommit: !stream.conn.inTransaction };
      case "close":
        closeStream(stream);
        return { type: "close" };
      default:
        throw protoError("Unknown request type");
    }
  };

  const handlePipeline = async (req: IncomingMessage, res: ServerResponse) => {
    pipelines += 1;
    const text = await readBody(req);
    if (text === undefined) return sendJson(res, 413, { message: "Request body too large", code: "HRANA_PROTO_ERROR" });
    let body: { baton?: unknown; requests?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return sendJson(res, 400, { message: "Request body is not valid JSON", code: "HRANA_PROTO_ERROR" });
    }
    const { baton, requests } = body ?? {};
    if (!Array.isArray(requests) || (baton != null && typeof baton !== "string")) {
      return sendJson(res, 400, { message: "Expected { baton, requests: [...] }", code: "HRANA_PROTO_ERROR" });
    }

    let stream: Stream | undefined;
    if (typeof baton === "string") {
      stream = batons.get(baton);
      if (stream === undefined) {
        return sendJson(res, 400, { message: "The stream has expired or was closed", code: "STREAM_EXPIRED" });
      }
      // A baton is good for one request; this also keeps the idle timer from closing a queued stream.
      batons.delete(baton);
      stream.baton = undefined;
      clearTimeout(stream.idleTimer);
    }

    while (lockOwner !== undefined && lockOwner !== stream && !closing) {
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
    if (closing) {
      if (stream) closeStream(stream);
      res.setHeader("connection", "close");
      return sendJson(res, 503, { message: "The server is shutting down", code: "SERVER_CLOSING" });
    }

    // From here to the response everything is synchronous, so no other pipeline can interleave.
    if (stream === undefined) {
      stream = { conn: idle.pop() ?? openConnection(file), sqls: new Map(), closed: false };
      streams.add(stream);
    }
    const current = stream;
    const results = (requests as WireRequest[]).map((request): WireResult => {
      try {
        return { type: "ok", response: handleRequest(current, request) };
      } catch (error) {
        return { type: "error", error: toWireError(error) };
      }
    });

    let nextBaton: string | null = null;
    if (!current.closed) {
      if (current.conn.inTransaction) lockOwner = current;
      else if (lockOwner === current) releaseLock();
      nextBaton = randomBytes(18).toString("base64url");
      current.baton = nextBaton;
      batons.set(nextBaton, current);
      current.idleTimer = setTimeout(() => closeStream(current), idleTimeoutMs);
      current.idleTimer.unref();
    }
    sendJson(res, 200, { baton: nextBaton, base_url: null, results });
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    if (!isLoopback(req.socket.remoteAddress)) return sendText(res, 403, "forbidden");
    if (closing) res.setHeader("connection", "close");
    const path = (req.url ?? "/").split("?")[0];
    switch (`${req.method} ${path}`) {
      case "GET /health":
        return sendText(res, 200, "ok");
      case "GET /v2": // protocol probe: Hrana 2 over JSON is all this server speaks
        return sendText(res, 200, "");
      case "POST /v2/pipeline":
        return handlePipeline(req, res);
      case "GET /stats":
        return sendJson(res, 200, { pipelines });
      case "POST /stats/reset":
        pipelines = 0;
        return sendJson(res, 200, { pipelines });
      default:
        return sendText(res, 404, "not found");
    }
  };

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { message: error instanceof Error ? error.message : String(error), code: "INTERNAL_ERROR" });
    });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    keeper.close();
    throw error;
  }
  const actualPort = (server.address() as AddressInfo).port;

  let closed: Promise<void> | undefined;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    stats: () => ({ pipelines }),
    waiting: () => waiters.length,
    close() {
      closed ??= new Promise<void>((resolve) => {
        closing = true;
        for (const stream of [...streams]) closeStream(stream);
        for (const conn of idle.splice(0)) conn.close();
        releaseLock(); // queued pipelines wake up, see `closing` and answer 503
        keeper.close();
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      return closed;
    },
  };
}
