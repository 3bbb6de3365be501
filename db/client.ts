import { createClient } from "@libsql/client/web";
import { LibSQLDatabase } from "drizzle-orm/libsql/driver-core";
import { LibSQLSession } from "drizzle-orm/libsql/session";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

/**
 * The shop's database handle: Drizzle's query builders (`select`, `insert`, ...) and raw SQL, without
 * its relational queries (`db.query.*`). Those need a builder per table built with every handle, one
 * handle per request, for the few reads that used them.
 */
export type Db = LibSQLDatabase<Record<string, never>>;

export interface DbEnv {
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
}

const dialect = new SQLiteAsyncDialect();

/**
 * One client per request: on Workers, env arrives with each request and a client must not outlive it
 * (its queue of calls would carry one request's work into another's). The web client speaks HTTP to
 * the hosted database (or the local server in db/local-server); every HTTP call it makes is bounded
 * by `timeoutMs` (see `boundedFetch`). Built as `drizzle(client)` builds it.
 */
export function createDb(env: DbEnv, { timeoutMs }: { timeoutMs: number }): Db {
  const client = createClient({
    url: env.DATABASE_URL,
    authToken: env.DATABASE_AUTH_TOKEN || undefined,
    fetch: boundedFetch(timeoutMs),
  });
  const session = new LibSQLSession(client, dialect, undefined, {}, undefined);
  return new LibSQLDatabase("async", dialect, session, undefined) as Db;
}

/** The database did not answer in time or could not be reached: a 503 for the shopper, never a 500. */
export class DatabaseUnavailable extends Error {
  override name = "DatabaseUnavailable";
}

/** The `DatabaseUnavailable` behind an error, if any: Drizzle wraps a failed query's error in its own. */
export function databaseUnavailable(error: unknown): DatabaseUnavailable | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof DatabaseUnavailable) return e;
  }
  return undefined;
}

/**
 * `fetch` for the libSQL client with one time limit per database call, the answer's body included
 * (a server that accepts the connection and never answers would otherwise hold the request for
 * minutes). A network failure (refused, reset) is retried once within the same limit, but only for a
 * pipeline that can only read: a write whose answer was lost may have been applied, and sending it
 * again could apply it twice. A timeout is not retried: it has used the whole limit.
 */
export function boundedFetch(timeoutMs: number, send: typeof fetch = fetch) {
  return async (request: Request): Promise<Response> => {
    const body = request.method === "POST" ? await request.text() : undefined;
    // Worked out only when a call fails (it parses the whole pipeline).
    const retryable = () => body === undefined || readOnlyPipeline(body);
    const deadline = Date.now() + timeoutMs;
    for (let attempt = 1; ; attempt++) {
      const signal = AbortSignal.timeout(Math.max(deadline - Date.now(), 0));
      try {
        const res = await send(request.url, { method: request.method, headers: request.headers, body, signal });
        return new Response(await res.arrayBuffer(), res);
      } catch (error) {
        if (signal.aborted) throw new DatabaseUnavailable(`The database did not answer within ${timeoutMs} ms`, { cause: error });
        if (attempt === 2 || !retryable()) throw new DatabaseUnavailable("The database could not be reached", { cause: error });
      }
    }
  };
}

/** Statements that change nothing: reads, and the transaction a batch wraps them in. */
const READ_SQL = /^\s*(select|begin|commit|rollback|end)\b/i;

interface HranaStmt {
  sql?: string;
  sql_id?: number;
}
interface HranaRequest {
  type: string;
  sql?: string;
  sql_id?: number;
  stmt?: HranaStmt;
  batch?: { steps: { stmt: HranaStmt }[] };
}

/**
 * Whether a Hrana pipeline body can only read: no open stream (baton) to continue, and every
 * statement in it a SELECT. Anything it cannot tell counts as a write.
 */
export function readOnlyPipeline(body: string): boolean {
  let pipeline: { baton?: string | null; requests?: HranaRequest[] };
  try {
    pipeline = JSON.parse(body);
  } catch {
    return false;
  }
  if (pipeline.baton || !Array.isArray(pipeline.requests)) return false;
  const stored = new Map<number, string>();
  for (const r of pipeline.requests) if (r.type === "store_sql" && r.sql_id !== undefined && r.sql) stored.set(r.sql_id, r.sql);
  const reads = (stmt: HranaStmt | undefined) => READ_SQL.test(stmt?.sql ?? stored.get(stmt?.sql_id ?? -1) ?? "");
  return pipeline.requests.every((r) => {
    if (r.type === "execute") return reads(r.stmt);
    if (r.type === "batch") return (r.batch?.steps ?? []).every((step) => reads(step.stmt));
    return r.type === "store_sql" || r.type === "close_sql" || r.type === "close" || r.type === "get_autocommit";
  });
}
