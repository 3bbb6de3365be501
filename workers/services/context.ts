import type { Db } from "../../db/client";
import type { Env } from "../env";
import type { SessionUser } from "./session";

/** What every service call gets: built once per request in workers/app.ts. */
export interface ServiceContext {
  db: Db;
  env: Env;
  now: () => Date;
  /** The signed-in user behind the request's cookie or Bearer token; read once per request, lazily. */
  user: () => Promise<SessionUser | null>;
  /** The shop's own origin (links in mail, profile image URLs) and whether it is served over https. */
  origin: string;
  /** The caller's address, for rate limits. */
  clientIp: string;
}
