import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";

/** One audit entry as a back-office page's history reads it (JSON `before`/`after` still as text). */
export interface HistoryRow {
  id: number;
  action: string;
  actorEmail: string | null;
  before: string | null;
  after: string | null;
  createdAt: number;
}

/** The audit entries of one order or return (`entityId` is the entity's id as text), oldest first, for a read batch. */
export const auditHistoryQuery = (db: Db, entity: "order" | "return", entityId: SQL) =>
  db.all<HistoryRow>(sql`select a.id, a.action, u.email as actorEmail, a.before, a.after, a.created_at as createdAt
    from audit_log a left join users u on u.id = a.actor_id
    where a.entity = ${entity} and a.entity_id = ${entityId} order by a.created_at, a.id`);

/** One audit entry as a page shows it: `before`/`after` parsed, the time as ISO. */
export interface HistoryEntry {
  id: number;
  action: string;
  actorEmail: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

const json = (s: string | null) => (s === null ? null : JSON.parse(s));

export const toHistory = (rows: readonly HistoryRow[]): HistoryEntry[] =>
  rows.map((h) => ({
    id: Number(h.id),
    action: h.action,
    actorEmail: h.actorEmail,
    before: json(h.before),
    after: json(h.after),
    createdAt: new Date(Number(h.createdAt)).toISOString(),
  }));
