import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { ServiceContext } from "./context";
import { AppError } from "./errors";
import { isStaffRole, type SessionUser, STAFF_SESSION_HOURS } from "./session";
import { parseInput } from "./validate";

/**
 * The back office's door (issue 13). Everyone who is not a signed-in staff member or the owner, with
 * a session younger than STAFF_SESSION_HOURS, gets the same 404 as a page that does not exist: no
 * hint that there is a back office at all.
 */
const NOT_FOUND = "Not found";

export async function requireStaff(ctx: ServiceContext, need: "staff" | "owner" = "staff"): Promise<SessionUser> {
  const [claims, user] = await Promise.all([ctx.claims(), ctx.user()]);
  const fresh = claims !== null && claims.issuedAt >= ctx.now().getTime() - STAFF_SESSION_HOURS * 3600_000;
  if (!user || !fresh || !isStaffRole(user.role) || (need === "owner" && user.role !== "owner")) throw new AppError(404, NOT_FOUND);
  return user;
}

/** One audit entry: who changed what, with the fields before and after. Goes in the batch of the change. */
export function auditStatement(
  db: Db,
  entry: {
    actorId: number;
    action: string;
    entity: string;
    entityId: string | number;
    before: unknown;
    after: unknown;
    at: Date;
    when?: SQL;
  },
) {
  return db.run(sql`insert into audit_log (actor_id, action, entity, entity_id, before, after, created_at)
    select ${entry.actorId}, ${entry.action}, ${entry.entity}, ${String(entry.entityId)}, ${JSON.stringify(entry.before ?? null)},
      ${JSON.stringify(entry.after ?? null)}, ${entry.at.getTime()} where ${entry.when ?? sql`1`}`);
}

const roleChangeSchema = z.object({ role: z.enum(["staff", "shopper"], { error: "Role must be staff or shopper" }) });
const userIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * The owner gives or takes the staff role. Her own role and other owners' never change here. The
 * change and its audit entry are one batch; the account's sessions end (its session version moves
 * on), so a new role takes effect at its next sign-in.
 */
export async function setStaffRole(ctx: ServiceContext, userIdInput: unknown, input: unknown) {
  const owner = await requireStaff(ctx, "owner");
  const userId = parseInput(userIdSchema, userIdInput);
  const { role } = parseInput(roleChangeSchema, input);
  const [target] = await ctx.read(
    ctx.db.all<{ id: number; email: string; role: string }>(
      sql`select id, email, role from users where id = ${userId} and is_verified = 1`,
    ),
  );
  if (!target || target.role === "owner") throw new AppError(404, "No such account");
  if (target.role === role) return { id: target.id, email: target.email, role };
  const changed = sql`changes() = 1`;
  await ctx.db.batch([
    ctx.db.run(sql`update users set role = ${role}, session_version = session_version + 1 where id = ${userId} and role = ${target.role}`),
    auditStatement(ctx.db, {
      actorId: owner.id,
      action: "role.change",
      entity: "user",
      entityId: userId,
      before: { role: target.role },
      after: { role },
      at: ctx.now(),
      // Only when the update above changed the row (a second owner's click at the same moment does not).
      when: changed,
    }),
  ]);
  return { id: target.id, email: target.email, role };
}

const auditQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional().catch(undefined),
  limit: z.coerce.number().int().min(1).max(200).catch(50),
});

/** The audit log, newest first, for the owner only. */
export async function auditEntries(ctx: ServiceContext, query: unknown) {
  await requireStaff(ctx, "owner");
  const { before, limit } = auditQuerySchema.parse(query ?? {});
  const rows = await ctx.read(
    ctx.db.all<{
      id: number;
      actorId: number | null;
      actorEmail: string | null;
      action: string;
      entity: string;
      entityId: string;
      before: string | null;
      after: string | null;
      createdAt: number;
    }>(
      sql`select a.id, a.actor_id as actorId, u.email as actorEmail, a.action, a.entity, a.entity_id as entityId, a.before, a.after, a.created_at as createdAt
        from audit_log a left join users u on u.id = a.actor_id
        where ${before === undefined ? sql`1` : sql`a.id < ${before}`} order by a.id desc limit ${limit}`,
    ),
  );
  return rows.map((r) => ({
    ...r,
    before: r.before === null ? null : JSON.parse(r.before),
    after: r.after === null ? null : JSON.parse(r.after),
    createdAt: new Date(Number(r.createdAt)).toISOString(),
  }));
}
