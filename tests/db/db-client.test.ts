/**
 * The database client's time limit and retry rule (db/client.ts), with the real libSQL web client
 * and the local server, and a network in between that fails on request.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client/web";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql/web";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { boundedFetch, DatabaseUnavailable, databaseUnavailable } from "../../db/client";
import { type LocalDbServer, startLocalDbServer } from "../../db/local-server/server";

const tmpRoot = fileURLToPath(new URL("../../.tmp/", import.meta.url));
const LIMIT_MS = 300;
let dir: string;
let server: LocalDbServer;

/** How each attempt to reach the server goes: "lost" drops the connection before the server sees
 * the request, "applied-then-lost" lets the server run it and loses the answer. */
type Attempt = "ok" | "lost" | "applied-then-lost" | "hang";
let plan: Attempt[] = [];
let attempts = 0;

const network: typeof fetch = async (input, init) => {
  attempts++;
  const step = plan.shift() ?? "ok";
  if (step === "lost") throw new TypeError("Network connection lost.");
  if (step === "hang") {
    return new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
  }
  const res = await fetch(input, init);
  if (step === "applied-then-lost") {
    await res.arrayBuffer();
    throw new TypeError("Network connection lost.");
  }
  return res;
};

const client = () => createClient({ url: server.url, fetch: boundedFetch(LIMIT_MS, network) });

async function failure(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => expect.unreachable("the call should have failed"),
    (err: unknown) => err,
  );
}

async function rows(table: string): Promise<number> {
  const rs = await createClient({ url: server.url }).execute(`SELECT count(*) AS n FROM ${table}`);
  return Number(rs.rows[0]?.n);
}

beforeAll(async () => {
  mkdirSync(tmpRoot, { recursive: true });
  dir = mkdtempSync(join(tmpRoot, "db-client-"));
  server = await startLocalDbServer({ file: join(dir, "test.db"), port: 0 });
  await createClient({ url: server.url }).execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  plan = [];
  attempts = 0;
});

describe("a read on a flaky network", () => {
  it("is sent again once when the connection is lost, and answers", async () => {
    plan = ["lost"];
    const rs = await client().execute("SELECT 41 + 1 AS answer");
    expect(rs.rows[0]?.answer).toBe(42);
    expect(attempts).toBe(2);
  });

  it("retries a batch of reads too", async () => {
    plan = ["lost"];
    const [a, b] = await client().batch(["SELECT 1 AS n", "SELECT 2 AS n"], "read");
    expect([a?.rows[0]?.n, b?.rows[0]?.n]).toEqual([1, 2]);
    expect(attempts).toBe(2);
  });

  it("gives up after the second loss with DatabaseUnavailable, even through Drizzle", async () => {
    plan = ["lost", "lost"];
    const err = await failure(drizzle(client()).all(sql`SELECT 1`));
    expect(databaseUnavailable(err)).toBeInstanceOf(DatabaseUnavailable);
    expect(attempts).toBe(2);
  });
});

describe("a write on a flaky network", () => {
  it("is never sent again: a write whose answer was lost may have been applied", async () => {
    plan = ["applied-then-lost"];
    const before = await rows("notes");
    const err = await failure(client().execute({ sql: "INSERT INTO notes (body) VALUES (?)", args: ["once"] }));
    expect(databaseUnavailable(err)).toBeInstanceOf(DatabaseUnavailable);
    expect(attempts).toBe(1);
    expect(await rows("notes")).toBe(before + 1);
  });

  it("is not retried in a batch, even beside reads", async () => {
    plan = ["lost"];
    const err = await failure(client().batch(["SELECT 1", { sql: "INSERT INTO notes (body) VALUES (?)", args: ["batched"] }], "write"));
    expect(databaseUnavailable(err)).toBeInstanceOf(DatabaseUnavailable);
    expect(attempts).toBe(1);
  });
});

describe("a database that accepts the connection and never answers", () => {
  it("fails the call with DatabaseUnavailable within the time limit, without a retry", async () => {
    plan = ["hang", "hang"];
    const started = performance.now();
    const err = await failure(client().execute("SELECT 1"));
    const elapsed = performance.now() - started;
    expect(databaseUnavailable(err)?.message).toBe(`The database did not answer within ${LIMIT_MS} ms`);
    expect(elapsed).toBeGreaterThanOrEqual(LIMIT_MS - 5);
    expect(elapsed).toBeLessThan(LIMIT_MS + 250);
    expect(attempts).toBe(1);
  });
});
