import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Client, createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../db/client";
import { migrateDatabase } from "../../db/prepare";

const tmpRoot = fileURLToPath(new URL("../../.tmp/", import.meta.url));

/**
 * A fresh, migrated libSQL database file for one test file (the real engine, no server), in its own
 * folder (`dir`, for other state the test keeps beside it), all removed after its tests. Call it
 * before the file's own `beforeAll`, which may then `connect()`; every connection is closed at the end.
 */
export function useTempDatabase(tag: string) {
  const clients: Client[] = [];
  const database = {
    dir: "",
    url: "",
    connect(): { client: Client; db: Db } {
      const client = createClient({ url: database.url });
      clients.push(client);
      return { client, db: drizzle(client) };
    },
  };
  beforeAll(async () => {
    mkdirSync(tmpRoot, { recursive: true });
    database.dir = mkdtempSync(join(tmpRoot, `${tag}-`));
    database.url = `file:${join(database.dir, "test.db")}`;
    await migrateDatabase(database.url);
  });
  afterAll(() => {
    for (const client of clients) client.close();
    if (database.dir) rmSync(database.dir, { recursive: true, force: true });
  });
  return database;
}
