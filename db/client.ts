import { createClient } from "@libsql/client/web";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { drizzle } from "drizzle-orm/libsql/web";
import * as schema from "./schema";

export type Db = LibSQLDatabase<typeof schema>;

export interface DbEnv {
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
}

/**
 * One client per request: on Workers, env arrives with each request and a client must not outlive it.
 * The web client speaks HTTP to the hosted database (or the local server in db/local-server).
 */
export function createDb(env: DbEnv): Db {
  const client = createClient({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN || undefined });
  return drizzle(client, { schema });
}
