/**
 * Migrates and seeds a database with the demo catalogue, and writes the demo images into the local
 * R2 bucket the local Worker reads (scripts/worker-runtime.ts).
 *   npx tsx scripts/db-seed.ts [--db file:.data/shop.db] [--persist .wrangler/state]
 */
import { parseArgs } from "node:util";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrateDatabase } from "../db/prepare";
import { seedDatabase, seedMedia } from "../db/seed";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "file:.data/shop.db" },
    persist: { type: "string", default: ".wrangler/state" },
  },
});
const url = values.db;
const persistRoot = values.persist;

await migrateDatabase(url);
const client = createClient({ url });
try {
  const { seeded } = await seedDatabase(drizzle(client));
  const images = await seedMedia(persistRoot);
  console.log(
    `${seeded ? "Seeded" : "Already seeded, left unchanged:"} ${url}; wrote ${images} images to ${persistRoot}/v3/r2 (bucket aanchal-media)`,
  );
} finally {
  client.close();
}
