import { createClient } from "@libsql/client/web";
import { createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm";
import { LibSQLDatabase } from "drizzle-orm/libsql/driver-core";
import { LibSQLSession } from "drizzle-orm/libsql/session";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

export type Db = LibSQLDatabase<typeof schema>;

export interface DbEnv {
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
}

/**
 * What `drizzle(client, { schema })` works out from the schema on every call (about a millisecond
 * of CPU, on every request): worked out once per isolate instead. Plain data, no I/O.
 */
let relational: {
  fullSchema: typeof schema;
  schema: ReturnType<typeof extractTablesRelationalConfig>["tables"];
  tableNamesMap: Record<string, string>;
};
const dialect = new SQLiteAsyncDialect();

function relationalConfig() {
  if (!relational) {
    const { tables, tableNamesMap } = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = { fullSchema: schema, schema: tables, tableNamesMap };
  }
  return relational;
}

/**
 * One client per request: on Workers, env arrives with each request and a client must not outlive it.
 * The web client speaks HTTP to the hosted database (or the local server in db/local-server).
 * Built as `drizzle(client, { schema })` builds it, with the schema's relational config reused.
 */
export function createDb(env: DbEnv): Db {
  const client = createClient({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN || undefined });
  const config = relationalConfig();
  const session = new LibSQLSession(client, dialect, config, {}, undefined);
  return new LibSQLDatabase("async", dialect, session, config) as Db;
}
