import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { emailField } from "../accounts/auth.schema";
import { isStaffRole, type SessionUser, STAFF_SESSION_HOURS } from "../accounts/session";
import type { ServiceContext } from "../platform/context";
import { AppError } from "../platform/errors";
import { readAll } from "../platform/read-batch";
import { invalidInput, parseInput } from "../platform/validate";
import { AUDIT_ENTITIES, AUDIT_PAGE_SIZE, type AuditEntityFilter, STAFF_MESSAGES } from "./staff.rules";

/**
 * The back office's door. Everyone who is not a signed-in staff member or the owner, with
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
    actorId: number | null;
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
const giveSchema = z.object({ email: emailField });

interface Account {
  id: number;
  name: string;
  email: string;
  role: "shopper" | "staff" | "owner";
}

/** A staff member or the owner, as the Staff page lists them. */
export interface StaffMember extends Account {
  /** When the account was last given its role in the back office (its audit entry); null when unknown (the owner). */
  since: string | null;
}

/** What a role change did: the account as it is now, and whether this request changed it. */
export interface RoleChange {
  user: Account;
  changed: boolean;
  message: string;
}

const accountWhere = (ctx: ServiceContext, where: SQL) =>
  ctx.db.all<Account>(sql`select id, name, email, role from users where ${where} and is_verified = 1`);

/**
 * The one place a role changes: the update (conditioned on the role read just before, so two owners'
 * clicks at once change it once) and its audit entry, only when the update changed the row, in one
 * batch. The account's sessions end (its session version moves on): the new role applies from its
 * next sign-in, and a removed staff member's next back-office request is a 404.
 */
async function changeRole(ctx: ServiceContext, owner: SessionUser, target: Account, role: "staff" | "shopper"): Promise<RoleChange> {
  if (target.role === "owner") throw new AppError(409, STAFF_MESSAGES.isOwner);
  const same = (changed: boolean): RoleChange => ({
    user: { id: Number(target.id), name: target.name, email: target.email, role },
    changed,
    message:
      role === "staff"
        ? changed
          ? STAFF_MESSAGES.given
          : STAFF_MESSAGES.alreadyStaff
        : changed
          ? STAFF_MESSAGES.removed
          : STAFF_MESSAGES.alreadyRemoved,
  });
  if (target.role === role) return same(false);
  const [updated] = await ctx.db.batch([
    ctx.db.run(
      sql`update users set role = ${role}, session_version = session_version + 1 where id = ${target.id} and role = ${target.role}`,
    ),
    auditStatement(ctx.db, {
      actorId: owner.id,
      action: "role.change",
      entity: "user",
      entityId: target.id,
      before: { role: target.role },
      after: { role },
      at: ctx.now(),
      // Only when the update above changed the row (a second owner's click at the same moment does not).
      when: sql`changes() = 1`,
    }),
  ]);
  return same(updated.rowsAffected === 1);
}

/** The owner gives or takes the staff role of an account by its id (PUT /api/admin/staff/:userId, the Staff page's Remove). */
export async function setStaffRole(ctx: ServiceContext, userIdInput: unknown, input: unknown): Promise<RoleChange> {
  const owner = await requireStaff(ctx, "owner");
  const userId = parseInput(userIdSchema, userIdInput);
  const { role } = parseInput(roleChangeSchema, input);
  const [target] = await ctx.read(accountWhere(ctx, sql`id = ${userId}`));
  if (!target || target.role === "owner") throw new AppError(404, "No such account");
  return changeRole(ctx, owner, target, role);
}

/**
 * The owner gives the staff role to a verified account by its e-mail address (the Staff page's form,
 * POST /api/admin/staff). An unknown address and an unverified account get the same answer.
 */
export async function giveStaffRoleByEmail(ctx: ServiceContext, input: unknown): Promise<RoleChange> {
  const owner = await requireStaff(ctx, "owner");
  const raw = typeof input === "object" && input !== null ? (input as { email?: unknown }).email : undefined;
  if (typeof raw !== "string" || raw.trim() === "")
    throw invalidInput(STAFF_MESSAGES.emailRequired, { email: STAFF_MESSAGES.emailRequired });
  const { email } = parseInput(giveSchema, input);
  const [target] = await ctx.read(accountWhere(ctx, sql`email = ${email}`));
  if (!target) throw new AppError(400, STAFF_MESSAGES.noAccount, { field: "email", fields: { email: STAFF_MESSAGES.noAccount } });
  return changeRole(ctx, owner, target, "staff");
}

/** Everyone who may open the back office, the owner first, with when each was given the role: one round trip with the owner check. */
export async function staffMembers(ctx: ServiceContext): Promise<{ members: StaffMember[] }> {
  await ctx.claims();
  const [, rows] = await Promise.all([
    requireStaff(ctx, "owner"),
    ctx.read(
      ctx.db.all<Account & { since: number | null }>(sql`select u.id, u.name, u.email, u.role,
          (select max(a.created_at) from audit_log a
            where a.entity = 'user' and a.entity_id = cast(u.id as text) and a.action = 'role.change') as since
        from users u where u.role in ('staff', 'owner')
        order by u.role = 'owner' desc, u.name collate nocase, u.id`),
    ),
  ]);
  return {
    members: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      email: r.email,
      role: r.role,
      since: r.since === null ? null : new Date(Number(r.since)).toISOString(),
    })),
  };
}

const auditQuerySchema = z.object({
  /** The API's cursor: entries older than this id. */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  limit: z.coerce.number().int().min(1).max(200).catch(AUDIT_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  entity: z.enum(AUDIT_ENTITIES).catch("all"),
  /** The actor's e-mail address. */
  actor: z
    .preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : undefined), z.string().min(1).max(254).optional())
    .catch(undefined),
});

interface AuditRow {
  id: number;
  actorId: number | null;
  actorEmail: string | null;
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: string | null;
  after: string | null;
  createdAt: number;
  orderNumber: number | null;
  subjectEmail: string | null;
  subjectName: string | null;
  total: number;
}

const parseJson = (s: string | null): unknown => {
  if (s === null) return null;
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
};

/** Where the back office shows the entry's row, when it has a page. */
function entityLink(r: AuditRow): string | null {
  if (r.entity === "order") return r.orderNumber === null ? null : `/admin/orders/${Number(r.orderNumber)}`;
  if (r.entity === "contact" || r.entity === "enquiry") return `/admin/messages/${r.entity}/${encodeURIComponent(r.entityId)}`;
  if (r.entity === "review") return "/admin/reviews";
  if (r.entity === "product") return `/admin/products/${encodeURIComponent(r.entityId)}`;
  if (r.entity === "product-size" || r.entity === "stock-import") return "/admin/stock";
  if (r.entity === "category" || r.entity === "subcategory") return "/admin/categories";
  if (r.entity === "coupon") return `/admin/coupons/${encodeURIComponent(r.entityId)}`;
  if (r.entity === "settings") return "/admin/settings";
  return null;
}

/**
 * The row an entry touched, by its name as it is now (null when it is gone): a size names its product
 * (and the product's colour, when it comes in one) and the size, a subcategory its category, a review
 * its product, a message its sender. Subqueries of the log's own statement: no second round trip.
 */
const subjectName = sql`case a.entity
    when 'product-size' then (select p.name
        || coalesce((select ' in ' || max(c.name) from product_colors c where c.product_id = p.id having count(*) = 1), '')
        || ', size ' || s.size
      from product_sizes s join products p on p.id = s.product_id where s.id = cast(a.entity_id as integer))
    when 'product' then (select p.name from products p where p.id = cast(a.entity_id as integer))
    when 'category' then (select c.name from categories c where c.id = cast(a.entity_id as integer))
    when 'subcategory' then (select s.name || ' (' || c.name || ')' from subcategories s join categories c on c.id = s.category_id
      where s.id = cast(a.entity_id as integer))
    when 'review' then (select p.name from reviews r join products p on p.id = r.product_id where r.id = cast(a.entity_id as integer))
    when 'contact' then (select m.name from contact_messages m where m.id = cast(a.entity_id as integer))
    when 'enquiry' then (select e.full_name from enquiries e where e.id = cast(a.entity_id as integer))
  end`;

function entityFilter(entity: AuditEntityFilter): SQL {
  if (entity === "all") return sql`1`;
  if (entity === "message") return sql`a.entity in ('contact', 'enquiry')`;
  if (entity === "stock") return sql`a.entity in ('product-size', 'stock-import')`;
  if (entity === "category") return sql`a.entity in ('category', 'subcategory')`;
  return sql`a.entity = ${entity}`;
}

/**
 * The audit log for the owner only: newest first, filtered by kind of row and by who made the change,
 * paged (`page`, or the API's `before` cursor), with the e-mails of everyone who can appear in it (for
 * the filter). One round trip with the owner check.
 */
export async function auditEntries(ctx: ServiceContext, query: unknown) {
  const { before, limit, page, entity, actor } = auditQuerySchema.parse(query ?? {});
  await ctx.claims();
  const where = sql.join(
    [before === undefined ? sql`1` : sql`a.id < ${before}`, entityFilter(entity), actor === undefined ? sql`1` : sql`u.email = ${actor}`],
    sql` and `,
  );
  const [, [rows, actors]] = await Promise.all([
    requireStaff(ctx, "owner"),
    readAll(ctx, [
      ctx.db.all<AuditRow>(
        sql`select a.id, a.actor_id as actorId, u.email as actorEmail, u.name as actorName, a.action, a.entity, a.entity_id as entityId,
            a.before, a.after, a.created_at as createdAt,
            case when a.entity = 'order' then (select o.order_number from orders o where o.id = cast(a.entity_id as integer)) end as orderNumber,
            case when a.entity = 'user' then (select t.email from users t where t.id = cast(a.entity_id as integer)) end as subjectEmail,
            ${subjectName} as subjectName,
            count(*) over () as total
          from audit_log a left join users u on u.id = a.actor_id
          where ${where} order by a.id desc limit ${limit} offset ${(page - 1) * limit}`,
      ),
      ctx.db.all<{ email: string }>(
        sql`select email from users where role in ('staff', 'owner') or id in (select actor_id from audit_log) order by email`,
      ),
    ] as const),
  ]);
  const total = rows.length ? Number(rows[0]!.total) : 0;
  return {
    entries: rows.map((r) => ({
      id: Number(r.id),
      actorId: r.actorId === null ? null : Number(r.actorId),
      actorEmail: r.actorEmail,
      actorName: r.actorName,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      /** The order's number (entity "order"), or the account's e-mail (entity "user"). */
      orderNumber: r.orderNumber === null ? null : Number(r.orderNumber),
      subjectEmail: r.subjectEmail,
      /** The touched row's name as it is now (a product, a size of one, a category...), or null. */
      subjectName: r.subjectName,
      link: entityLink(r),
      before: parseJson(r.before),
      after: parseJson(r.after),
      createdAt: new Date(Number(r.createdAt)).toISOString(),
    })),
    entity,
    actor: actor ?? null,
    actors: actors.map((a) => a.email),
    page,
    limit,
    total,
    pages: Math.max(1, Math.ceil(total / limit)),
  };
}
export type AuditLogPage = Awaited<ReturnType<typeof auditEntries>>;
export type AuditEntry = AuditLogPage["entries"][number];
