import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import type { USER_ROLES } from "../../../db/schema";
import type { Env } from "../../env";

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

/** A Drizzle read that can go in a batch (read-batch.ts): awaiting it alone gives the same `T`. */
export type ReadQuery<T> = BatchItem<"sqlite"> & PromiseLike<T>;

export type UserRole = (typeof USER_ROLES)[number];

/** The signed-in user behind a session (session.ts). */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  mobile: string;
  isVerified: boolean;
  profileImage: string | null;
  createdAt: Date;
  sessionVersion: number;
  role: UserRole;
}

/** A session token's verified claims (session.ts). */
export interface SessionClaims {
  userId: number;
  version: number;
  /** When the token was issued (ms): the back office refuses a token older than STAFF_SESSION_HOURS. */
  issuedAt: number;
}
