import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Client, createClient, LibsqlError } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalDbServer, startLocalDbServer } from "../../db/local-server/server";

const tmpRoot = fileURLToPath(new URL("../../.tmp/", import.meta.url));
let dir: string;
let server: LocalDbServer;
let client: Client;
let bigintClient: Client;

async function count(table: string): Promise<number> {
  const rs = await client.execute(`SELECT count(*) AS n FROM ${table}`);
  return Number(rs.rows[0]?.n);
}

beforeAll(async () => {
  mkdirSync(tmpRoot, { recursive: true });
  dir = mkdtempSync(join(tmpRoot, "local-db-"));
  server = await startLocalDbServer({ file: join(dir, "test.db"), port: 0 });
  client = createClient({ url: server.url });
  bigintClient = createClient({ url: server.url, intMode: "bigint" });
  await client.executeMultiple(`
    CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, qty INTEGER NOT NULL CHECK (qty >= 0));
    CREATE TABLE vals (i INTEGER, r REAL, t TEXT, b BLOB, n);
  `);
});

afterAll(async () => {
  client?.close();
  bigintClient?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("local libSQL server", () => {
  it("executes with positional and named arguments", async () => {
    const inserted = await client.execute({ sql: "INSERT INTO items (name, qty) VALUES (?, ?)", args: ["pen", 3] });
    expect(inserted.rowsAffected).toBe(1);
    expect(inserted.lastInsertRowid).toBe(1n);

    const positional = await client.execute({ sql: "SELECT name, qty FROM items WHERE name = ?", args: ["pen"] });
    expect(positional.columns).toEqual(["name", "qty"]);
    expect(positional.rows.map((row) => ({ ...row }))).toEqual([{ name: "pen", qty: 3 }]);

    for (const prefix of [":", "@", "$"]) {
      const bare = await client.execute({ sql: `SELECT qty FROM items WHERE name = ${prefix}name`, args: { name: "pen" } });
      expect(bare.rows[0]?.qty).toBe(3);
      const prefixed = await client.execute({
        sql: `SELECT ${prefix}a AS a, ${prefix}b AS b, ${prefix}a AS again`,
        args: { [`${prefix}a`]: "x", b: 2 },
      });
      expect({ ...prefixed.rows[0] }).toEqual({ a: "x", b: 2, again: "x" });
    }

    const numbered = await client.execute({ sql: "SELECT ?2 AS second, ?1 AS first", args: ["one", "two"] });
    expect({ ...numbered.rows[0] }).toEqual({ second: "two", first: "one" });

    await expect(client.execute({ sql: "SELECT :missing", args: { other: 1 } })).rejects.toMatchObject({
      code: "ARGS_INVALID",
    });
    await expect(client.execute({ sql: "SELECT ?", args: [1, 2] })).rejects.toMatchObject({ code: "ARGS_INVALID" });
  });

  it("round-trips integer, real, text, blob and null values exactly", async () => {
    const big = 2n ** 53n + 1n;
    const bytes = new Uint8Array([0, 1, 127, 128, 254, 255]);
    await bigintClient.execute({ sql: "INSERT INTO vals VALUES (?, ?, ?, ?, ?)", args: [big, 1.5, "héllo ✓", bytes, null] });
    await bigintClient.execute({
      sql: "INSERT INTO vals VALUES (?, ?, ?, ?, ?)",
      args: [-(2n ** 63n), 0.1, "", bytes.slice(1, 3).buffer, null],
    });

    const rs = await bigintClient.execute(
      "SELECT i, r, t, b, n, typeof(i) AS ti, typeof(r) AS tr, typeof(b) AS tb FROM vals ORDER BY rowid",
    );
    const [first, second] = rs.rows;
    expect(first?.i).toBe(big);
    expect(first?.r).toBe(1.5);
    expect(first?.t).toBe("héllo ✓");
    expect(first?.b).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(first?.b as ArrayBuffer)]).toEqual([...bytes]);
    expect(first?.n).toBeNull();
    expect({ ti: first?.ti, tr: first?.tr, tb: first?.tb }).toEqual({ ti: "integer", tr: "real", tb: "blob" });
    expect(second?.i).toBe(-(2n ** 63n));
    expect(second?.r).toBe(0.1);
    expect(second?.t).toBe("");
    expect([...new Uint8Array(second?.b as ArrayBuffer)]).toEqual([1, 127]);
    expect(rs.columnTypes).toEqual(["INTEGER", "REAL", "TEXT", "BLOB", "", "", "", ""]);

    // The default number mode refuses to round an integer above 2^53 rather than returning a wrong value.
    await expect(client.execute("SELECT i FROM vals WHERE rowid = 1")).rejects.toThrow(RangeError);
  });

  it("rolls a write batch back entirely when a later statement fails", async () => {
    const before = await count("items");
    await expect(
      client.batch(
        [
          { sql: "INSERT INTO items (name, qty) VALUES (?, ?)", args: ["cup", 1] },
          { sql: "UPDATE items SET qty = qty + 1 WHERE name = ?", args: ["pen"] },
          { sql: "INSERT INTO items (name, qty) VALUES (?, ?)", args: ["bad", -1] },
        ],
        "write",
      ),
    ).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT" });
    expect(await count("items")).toBe(before);
    const pen = await client.execute("SELECT qty FROM items WHERE name = 'pen'");
    expect(pen.rows[0]?.qty).toBe(3);

    const ok = await client.batch(
      [{ sql: "INSERT INTO items (name, qty) VALUES (?, ?) RETURNING id", args: ["cup", 1] }, "SELECT count(*) AS n FROM items"],
      "write",
    );
    expect(ok[0]?.rowsAffected).toBe(1);
    expect(ok[1]?.rows[0]?.n).toBe(before + 1);
  });

  it("commits an interactive transaction", async () => {
    const before = await count("items");
    const tx = await client.transaction("write");
    await tx.execute({ sql: "INSERT INTO items (name, qty) VALUES (?, ?)", args: ["ink", 5] });
    const inside = await tx.execute("SELECT count(*) AS n FROM items");
    expect(inside.rows[0]?.n).toBe(before + 1);
    await tx.commit();
    expect(await count("items")).toBe(before + 1);
  });

  it("rolls an interactive transaction back", async () => {
    const before = await count("items");
    const tx = await client.transaction("write");
    await tx.execute({ sql: "INSERT INTO items (name, qty) VALUES (?, ?)", args: ["tmp", 1] });
    await tx.execute("UPDATE items SET qty = 99");
    await tx.rollback();
    expect(await count("items")).toBe(before);
    const qtys = await client.execute("SELECT qty FROM items WHERE qty = 99");
    expect(qtys.rows).toHaveLength(0);
  });

  it("queues a second transaction until the first one commits instead of failing or deadlocking", async () => {
    await client.execute("CREATE TABLE queue_log (who TEXT)");
    const first = await client.transaction("write");
    await first.execute("INSERT INTO queue_log VALUES ('first')");

    const second = await client.transaction("write");
    let secondDone = false;
    const secondInsert = second.execute("INSERT INTO queue_log VALUES ('second')").then((rs) => {
      secondDone = true;
      return rs;
    });
    await expect.poll(() => server.waiting()).toBe(1);
    expect(secondDone).toBe(false); // waiting on the first transaction, not failed with SQLITE_BUSY

    await first.commit();
    await secondInsert;
    const seen = await second.execute("SELECT who FROM queue_log ORDER BY rowid");
    expect(seen.rows.map((row) => row.who)).toEqual(["first", "second"]);
    await second.commit();
    expect(await count("queue_log")).toBe(2);
  });

  it("rolls back a transaction whose stream went idle and lets the waiting one proceed", async () => {
    const idleDir = mkdtempSync(join(tmpRoot, "local-db-idle-"));
    const idleServer = await startLocalDbServer({ file: join(idleDir, "idle.db"), idleTimeoutMs: 50 });
    const idleClient = createClient({ url: idleServer.url });
    try {
      await idleClient.execute("CREATE TABLE t (v TEXT)");
      const abandoned = await idleClient.transaction("write");
      await abandoned.execute("INSERT INTO t VALUES ('abandoned')");

      // Queued behind the abandoned transaction until its idle timeout rolls it back.
      const waiting = await idleClient.transaction("write");
      await waiting.execute("INSERT INTO t VALUES ('waiting')");
      await waiting.commit();

      await expect(abandoned.commit()).rejects.toThrow();
      const rows = await idleClient.execute("SELECT v FROM t");
      expect(rows.rows.map((row) => row.v)).toEqual(["waiting"]);
    } finally {
      idleClient.close();
      await idleServer.close();
      rmSync(idleDir, { recursive: true, force: true });
    }
  });

  it("hands a closed stream's connection on clean: no transaction left, statements see schema changes", async () => {
    await client.execute("CREATE TABLE reuse (v TEXT)");
    const closedMidway = await client.transaction("write");
    await closedMidway.execute("INSERT INTO reuse VALUES ('never committed')");
    closedMidway.close(); // closes the stream without COMMIT; its connection goes back to the pool

    // Many streams in a row reuse pooled connections: none of them sees the uncommitted row or a transaction.
    for (let i = 0; i < 5; i++) {
      expect(await count("reuse")).toBe(i);
      const tx = await client.transaction("write");
      await tx.execute({ sql: "INSERT INTO reuse VALUES (?)", args: [`row ${i}`] });
      await tx.commit();
    }
    expect(await count("reuse")).toBe(5);

    // The same SQL text, prepared before, answers with the table's new shape after ALTER TABLE.
    const select = "SELECT * FROM reuse LIMIT 1";
    expect((await client.execute(select)).columns).toEqual(["v"]);
    await client.execute("ALTER TABLE reuse ADD COLUMN w INTEGER NOT NULL DEFAULT 7");
    const after = await client.execute(select);
    expect(after.columns).toEqual(["v", "w"]);
    expect(after.rows[0]?.w).toBe(7);
  });

  it("reports SQL errors as LibsqlError and keeps serving", async () => {
    const syntax = await client.execute("SELEC 1").catch((error: unknown) => error);
    expect(syntax).toBeInstanceOf(LibsqlError);
    expect(syntax).toMatchObject({ code: "SQLITE_ERROR" });
    expect(String((syntax as Error).message)).toMatch(/syntax error/);

    await expect(client.execute("SELECT * FROM no_such_table")).rejects.toThrow(/no such table/);
    await expect(client.execute("INSERT INTO items (name, qty) VALUES ('x', -5)")).rejects.toMatchObject({
      code: "SQLITE_CONSTRAINT",
    });
    await expect(client.execute("SELECT 1; SELECT 2")).rejects.toMatchObject({ code: "SQL_MANY_STATEMENTS" });
    await expect(client.execute("  -- nothing\n")).rejects.toMatchObject({ code: "SQL_NO_STATEMENT" });

    const after = await client.execute("SELECT 1 + 1 AS two");
    expect(after.rows[0]?.two).toBe(2);
  });

  it("accepts a trigger (semicolons inside BEGIN ... END) as one statement", async () => {
    await client.execute(`
      CREATE TRIGGER items_audit AFTER INSERT ON items BEGIN
        INSERT INTO vals (t) VALUES ('audit; ' || new.name);
        UPDATE vals SET n = CASE WHEN n IS NULL THEN 1 ELSE n END WHERE t = 'audit; ' || new.name;
      END;
    `);
    await client.execute({ sql: "INSERT INTO items (name, qty) VALUES (?, 1)", args: ["trig"] });
    const audit = await client.execute("SELECT n FROM vals WHERE t = 'audit; trig'");
    expect(audit.rows[0]?.n).toBe(1);
  });

  it("supports FTS5 with bm25 ranking", async () => {
    await client.batch(
      [
        "CREATE VIRTUAL TABLE docs USING fts5(title, body)",
        "INSERT INTO docs VALUES ('Red silk saree', 'Pure silk, deep red'), ('Blue cotton kurta', 'Soft cotton')",
      ],
      "write",
    );
    const hits = await client.execute({
      sql: "SELECT title, bm25(docs) AS score FROM docs WHERE docs MATCH ? ORDER BY bm25(docs)",
      args: ["silk"],
    });
    expect(hits.rows.map((row) => row.title)).toEqual(["Red silk saree"]);
    expect(typeof hits.rows[0]?.score).toBe("number");
  });

  it("counts pipelines and answers the probe, health and stats endpoints", async () => {
    const reset = await fetch(`${server.url}/stats/reset`, { method: "POST" });
    expect(await reset.json()).toEqual({ pipelines: 0 });
    await client.execute("SELECT 1");
    await client.execute("SELECT 2");
    await client.batch(["SELECT 3", "SELECT 4"], "read");
    const stats = await fetch(`${server.url}/stats`);
    expect(await stats.json()).toEqual({ pipelines: 3 });
    expect(server.stats()).toEqual({ pipelines: 3 });

    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/v2`)).status).toBe(200);
    expect((await fetch(`${server.url}/v3`)).status).toBe(404);
    expect((await fetch(`${server.url}/v3-protobuf`)).status).toBe(404);
    const badBaton = await fetch(`${server.url}/v2/pipeline`, {
      method: "POST",
      body: JSON.stringify({ baton: "nope", requests: [] }),
    });
    expect(badBaton.status).toBe(400);
  });

  it("refuses to listen on anything but 127.0.0.1", async () => {
    const file = join(dir, "refused.db");
    await expect(startLocalDbServer({ file, host: "0.0.0.0" })).rejects.toThrow(/127\.0\.0\.1/);
    await expect(startLocalDbServer({ file, host: "localhost" })).rejects.toThrow(/127\.0\.0\.1/);
  });
});
