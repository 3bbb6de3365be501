import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

/** Timestamps are integer milliseconds since the epoch, set by the database when omitted. */
export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
