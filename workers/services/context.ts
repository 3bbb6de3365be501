import type { Db } from "../../db/client";
import type { Env } from "../env";

/** What every service call gets: built once per request in workers/app.ts. */
export interface ServiceContext {
  db: Db;
  env: Env;
  now: () => Date;
}
