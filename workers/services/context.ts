import type { Db } from "../../db/client";
import type { Env } from "../env";
import type { ReadQuery } from "./read-batch";
import type { SessionClaims, SessionUser } from "./session";

/** What every service call gets: built once per request in workers/app.ts. */
export interface ServiceContext {
  db: Db;
  env: Env;
  now: () => Date;
  /** The verified claims of the request's cookie or Bearer token (no database read); once per request. */
  claims: () => Promise<SessionClaims | null>;
  /** The signed-in user behind those claims, checked against the database; once per request, lazily. */
  user: () => Promise<SessionUser | null>;
  /** A read sent together with the request's other reads of the same moment (see read-batch.ts). */
  read: <T>(query: ReadQuery<T>) => Promise<T>;
  /** The shop's own origin, from SITE_URL (links in mail, profile image URLs); never the request's Host. */
  origin: string;
  /** The caller's address, for rate limits. */
  clientIp: string;
  /** Work that finishes after the response is sent (waitUntil), such as delivering the mail a request queued. */
  defer: (work: Promise<unknown>) => void;
}
