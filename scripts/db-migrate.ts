/**
 * Applies the committed migrations. Without DATABASE_URL it migrates the local database file; with
 * DATABASE_URL (and DATABASE_AUTH_TOKEN) it migrates the hosted database, e.g. before a deploy.
 */
import { resolve } from "node:path";
import { migrateDatabase } from "../db/prepare";
import { root } from "../tooling/processes";

const url = process.env.DATABASE_URL ?? `file:${resolve(root, ".data/shop.db")}`;
await migrateDatabase(url, process.env.DATABASE_AUTH_TOKEN);
console.log(`Migrated ${url.replace(/\/\/[^@/]*@/, "//")}`);
