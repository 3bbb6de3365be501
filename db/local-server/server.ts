/**
 * A local stand-in for the hosted libSQL (Turso) HTTP endpoint: Hrana 2 over HTTP with JSON bodies,
 * backed by a database file through the synchronous `libsql` engine. `@libsql/client` (http: URLs)
 * talks to it exactly as it talks to production, so the Worker needs no local-only code path.
 *
 * Error codes, argument binding and the one-statement rule follow libsql-server, so SQL that works
 * here behaves the same in production.
 *
 * This file is the HTTP side (requests, streams, batons); the wire format is in wire.ts, the SQL
 * scanning in sql-scan.ts and running statements on a connection in statements.ts.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type Database from "libsql";
import { describe, evalCond, executeStmt, openConnection, resolveSql, type Stream, schemaChanged } from "./statements";
import {
  HranaError,
  protoError,
  toWireError,
  type WireError,
  type WireRequest,
  type WireResponse,
  type WireResult,
  type WireStmtResult,
} from "./wire";

type Connection = Database.Database;

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
        schemaChanged(); // may hold DDL; this server does not scan a sequence
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
