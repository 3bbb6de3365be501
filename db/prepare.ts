import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { seedDatabase, seedMedia } from "./seed";

export const MIGRATIONS_FOLDER = resolve(import.meta.dirname, "../migrations");

/** Applies committed migrations to a database URL (a local file, or a hosted database). */
export async function migrateDatabase(url: string, authToken?: string): Promise<void> {
  if (url.startsWith("file:")) mkdirSync(dirname(url.slice("file:".length)), { recursive: true });
  const client = createClient({ url, authToken });
  try {
    // WAL lets the local server's readers and this writer work side by side.
    if (url.startsWith("file:")) await client.execute("PRAGMA journal_mode = WAL");
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    client.close();
  }
}

/**
 * The embedded default: a migrated, seeded local database file and the demo images in the local
 * R2 bucket under `persistRoot`. Safe to run on every start: seeding happens once, data is kept.
 */
export async function prepareLocalDatabase(opts: { file: string; persistRoot: string }) {
  const url = `file:${opts.file}`;
  await migrateDatabase(url);
  const client = createClient({ url });
  try {
    const { seeded } = await seedDatabase(drizzle(client));
    const mediaCount = await seedMedia(opts.persistRoot);
    return { seeded, mediaCount };
  } finally {
    client.close();
  }
}
