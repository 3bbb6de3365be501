import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import type { ServiceContext } from "../platform/context";
import { AppError } from "../platform/errors";
import { indiaDay, indiaDayEnd, indiaDayStart } from "../platform/india-time.rules";
import { readAll } from "../platform/read-batch";
import { paiseOf } from "../platform/rupees-input.rules";
import { invalidInput, parseId } from "../platform/validate";
import { COUPON_FILTERS, type CouponFilter, COUPON_MESSAGES as M } from "./admin-coupons.rules";
import { auditStatement, requireStaff } from "./staff";

/**
 * The owner's coupons: the list, one coupon with its uses, create and edit. The
 * rows are the ones checkout applies (coupons; orders.coupon_id and coupons.used_count, which the
 * order service counts); nothing here changes how checkout applies them. Owner only: anyone else
 * gets the back office's 404. Each change writes one audit entry in the batch of the change, only
 * when the change happened (`changes() = 1`).
 *
 * Dates are India's calendar days at this edge: a coupon starts at 00:00 IST of its first day and
 * ends at the last millisecond of its last day (IST).
 */

export interface AdminCoupon {
  id: number;
  code: string;
  discountType: "percentage" | "flat";
  /** Whole percent, or paise for a flat coupon. */
  discountValue: number;
  minSubtotalPaise: number;
  startsAt: string | null;
  endsAt: string | null;
  /** The window's days in India's calendar (YYYY-MM-DD), as the form shows them. */
  startsOn: string | null;
  endsOn: string | null;
  usageLimit: number | null;
  perUserLimit: number | null;
  usedCount: number;
  isActive: boolean;
  /** Past its last day. */
  expired: boolean;
  createdAt: string;
}

export interface CouponUse {
  orderNumber: number;
  createdAt: string;
  orderStatus: string;
  discountPaise: number;
  totalPaise: number;
  customer: string;
}

interface CouponRow {
  id: number;
  code: string;
  discountType: "percentage" | "flat";
  discountValue: number;
  minSubtotalPaise: number;
  startsAt: number | null;
  endsAt: number | null;
  usageLimit: number | null;
  perUserLimit: number | null;
  usedCount: number;
  isActive: number;
  createdAt: number;
}

const COLUMNS = sql`id, code, discount_type as discountType, discount_value as discountValue, min_subtotal_paise as minSubtotalPaise,
  starts_at as startsAt, ends_at as endsAt, usage_limit as usageLimit, per_user_limit as perUserLimit, used_count as usedCount,
  is_active as isActive, created_at as createdAt`;

function toCoupon(r: CouponRow, now: number): AdminCoupon {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(r.id),
    code: r.code,
    discountType: r.discountType,
    discountValue: Number(r.discountValue),
    minSubtotalPaise: Number(r.minSubtotalPaise),
    startsAt: r.startsAt === null ? null : new Date(Number(r.startsAt)).toISOString(),
    endsAt: r.endsAt === null ? null : new Date(Number(r.endsAt)).toISOString(),
    startsOn: r.startsAt === null ? null : indiaDay(Number(r.startsAt)),
    endsOn: r.endsAt === null ? null : indiaDay(Number(r.endsAt)),
    usageLimit: n(r.usageLimit),
    perUserLimit: n(r.perUserLimit),
    usedCount: Number(r.usedCount),
    isActive: Boolean(Number(r.isActive)),
    expired: r.endsAt !== null && Number(r.endsAt) < now,
    createdAt: new Date(Number(r.createdAt)).toISOString(),
  };
}

const couponById = (db: Db, id: number) => db.all<CouponRow>(sql`select ${COLUMNS} from coupons where id = ${id}`);

/** Turns a signed-out visitor away before any read; otherwise the owner check leaves with the reads. */
async function ownerWith<T>(ctx: ServiceContext, reads: () => Promise<T>): Promise<T> {
  if (!(await ctx.claims())) await requireStaff(ctx, "owner");
  const [, out] = await Promise.all([requireStaff(ctx, "owner"), reads()]);
  return out;
}

/** GET /api/admin/coupons?status=active|expired|all, the Coupons page: newest first, one round trip. */
export async function listCoupons(ctx: ServiceContext, query: Record<string, unknown> = {}) {
  const status: CouponFilter = (COUPON_FILTERS as readonly string[]).includes(String(query.status))
    ? (query.status as CouponFilter)
    : "active";
  const now = ctx.now().getTime();
  const where: Record<CouponFilter, SQL> = {
    active: sql`is_active = 1 and (ends_at is null or ends_at >= ${now})`,
    expired: sql`ends_at is not null and ends_at < ${now}`,
    all: sql`1`,
  };
  const rows = await ownerWith(ctx, () =>
    ctx.read(ctx.db.all<CouponRow>(sql`select ${COLUMNS} from coupons where ${where[status]} order by created_at desc, id desc limit 500`)),
  );
  return { status, coupons: rows.map((r) => toCoupon(r, now)) };
}

/** GET /api/admin/coupons/:id, the coupon's page: the coupon and the orders that used it (newest first), one round trip. */
export async function couponDetail(ctx: ServiceContext, idInput: unknown): Promise<{ coupon: AdminCoupon; uses: CouponUse[] }> {
  const id = parseId(idInput, M.notFound);
  const [[row], uses] = await ownerWith(ctx, () =>
    readAll(ctx, [
      couponById(ctx.db, id),
      ctx.db.all<{
        orderNumber: number;
        createdAt: number;
        orderStatus: string;
        discountPaise: number;
        totalPaise: number;
        customer: string;
      }>(
        sql`select o.order_number as orderNumber, o.created_at as createdAt, o.order_status as orderStatus,
            o.discount_paise as discountPaise, o.total_paise as totalPaise, coalesce(u.email, o.guest_email, o.ship_email_address) as customer
          from orders o left join users u on u.id = o.user_id
          where o.coupon_id = ${id} order by o.id desc limit 200`,
      ),
    ]),
  );
  if (!row) throw new AppError(404, M.notFound);
  return {
    coupon: toCoupon(row, ctx.now().getTime()),
    uses: uses.map((u) => ({
      orderNumber: Number(u.orderNumber),
      createdAt: new Date(Number(u.createdAt)).toISOString(),
      orderStatus: u.orderStatus,
      discountPaise: Number(u.discountPaise),
      totalPaise: Number(u.totalPaise),
      customer: u.customer,
    })),
  };
}

// The edge: rupees, India's calendar days, a form's strings or JSON's numbers.

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN);
const isRupees = (v: number, min: number, max: number) => v >= min && v <= max && !Number.isNaN(paiseOf(v));
const optionalWhole = (max: number, error: string) =>
  z.unknown().transform((v, c) => {
    if (blank(v)) return null;
    const n = num(v);
    if (!Number.isInteger(n) || n < 1 || n > max) {
      c.addIssue({ code: "custom", message: error });
      return z.NEVER;
    }
    return n;
  });
const optionalDay = (error: string) =>
  z.unknown().transform((v, c) => {
    if (blank(v)) return null;
    const d = typeof v === "string" ? v.trim() : "";
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(d) ||
      Number.isNaN(Date.parse(`${d}T00:00:00Z`)) ||
      new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) !== d
    ) {
      c.addIssue({ code: "custom", message: error });
      return z.NEVER;
    }
    return d;
  });

const couponSchema = z
  .object({
    code: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
      z.string({ error: M.code }).regex(/^[A-Z0-9_-]{3,40}$/, { error: M.code }),
    ),
    discountType: z.enum(["percentage", "flat"], { error: M.type }),
    discountValue: z.unknown(),
    minSubtotal: z.unknown().transform((v, c) => {
      if (blank(v)) return 0;
      const n = num(v);
      if (!isRupees(n, 0, 1_000_000)) {
        c.addIssue({ code: "custom", message: M.minSubtotal });
        return z.NEVER;
      }
      return paiseOf(n);
    }),
    startsOn: optionalDay(M.startsOn),
    endsOn: optionalDay(M.endsOn),
    usageLimit: optionalWhole(1_000_000, M.usageLimit),
    perUserLimit: optionalWhole(1_000, M.perUserLimit),
    isActive: z.unknown().transform((v) => v === true || v === "true" || v === "on" || v === "1" || v === 1),
  })
  .transform((c, ctx) => {
    const n = num(c.discountValue);
    let discountValue = 0;
    if (c.discountType === "percentage") {
      if (!Number.isInteger(n) || n < 1 || n > 100) ctx.addIssue({ code: "custom", message: M.percentage, path: ["discountValue"] });
      else discountValue = n;
    } else if (!isRupees(n, 0.01, 100_000)) ctx.addIssue({ code: "custom", message: M.flat, path: ["discountValue"] });
    else discountValue = paiseOf(n);
    if (c.startsOn && c.endsOn && c.endsOn < c.startsOn) ctx.addIssue({ code: "custom", message: M.window, path: ["endsOn"] });
    return {
      code: c.code,
      discountType: c.discountType,
      discountValue,
      minSubtotalPaise: c.minSubtotal,
      startsAt: c.startsOn ? indiaDayStart(c.startsOn) : null,
      endsAt: c.endsOn ? indiaDayEnd(c.endsOn) : null,
      usageLimit: c.usageLimit,
      perUserLimit: c.perUserLimit,
      isActive: c.isActive,
    };
  });

type CouponInput = z.output<typeof couponSchema>;

function parseCoupon(input: unknown): CouponInput {
  if (typeof input !== "object" || input === null || Array.isArray(input)) throw new AppError(400, M.invalid);
  const parsed = couponSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "code")] ??= issue.message;
  throw invalidInput(Object.values(fields)[0] ?? M.invalid, fields);
}

/** The coupon as the audit log keeps it (paise, instants). */
const audited = (c: CouponInput | AdminCoupon) => ({
  code: c.code,
  discountType: c.discountType,
  discountValue: c.discountValue,
  minSubtotalPaise: c.minSubtotalPaise,
  startsAt: typeof c.startsAt === "number" ? new Date(c.startsAt).toISOString() : c.startsAt,
  endsAt: typeof c.endsAt === "number" ? new Date(c.endsAt).toISOString() : c.endsAt,
  usageLimit: c.usageLimit,
  perUserLimit: c.perUserLimit,
  isActive: c.isActive,
});

const refusedBy = (error: unknown, needle: string) => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if (String((e as Error).message ?? "").includes(needle)) return true;
  return false;
};

const duplicate = () => new AppError(409, M.duplicate, { field: "code", fields: { code: M.duplicate } });

/** POST /api/admin/coupons, the new-coupon form: the coupon and its audit entry in one batch; a code in use is refused (409). */
export async function createCoupon(ctx: ServiceContext, input: unknown): Promise<{ coupon: AdminCoupon }> {
  const owner = await requireStaff(ctx, "owner");
  const c = parseCoupon(input);
  const now = ctx.now();
  let inserted: { rowsAffected: number };
  try {
    [inserted] = await ctx.db.batch([
      ctx.db.run(sql`insert into coupons (code, discount_type, discount_value, min_subtotal_paise, starts_at, ends_at, usage_limit,
          per_user_limit, used_count, is_active, created_at)
        values (${c.code}, ${c.discountType}, ${c.discountValue}, ${c.minSubtotalPaise}, ${c.startsAt}, ${c.endsAt}, ${c.usageLimit},
          ${c.perUserLimit}, 0, ${c.isActive ? 1 : 0}, ${now.getTime()})
        on conflict (code) do nothing`),
      // Its id is known only once it is in: the entry names it by a select, and only when the insert happened.
      ctx.db.run(sql`insert into audit_log (actor_id, action, entity, entity_id, before, after, created_at)
        select ${owner.id}, 'coupon.create', 'coupon', cast(id as text), 'null', ${JSON.stringify(audited(c))}, ${now.getTime()}
        from coupons where code = ${c.code} and changes() = 1`),
    ]);
  } catch (error) {
    if (refusedBy(error, "UNIQUE")) throw duplicate();
    throw error;
  }
  if (inserted.rowsAffected !== 1) throw duplicate();
  const [row] = await ctx.db.all<CouponRow>(sql`select ${COLUMNS} from coupons where code = ${c.code}`);
  return { coupon: toCoupon(row!, now.getTime()) };
}

/**
 * PUT /api/admin/coupons/:id, the coupon's form: every field at once. A total limit below the uses
 * already counted is refused (the condition is in the update, so an order placed meanwhile cannot
 * slip past it); a code another coupon has is refused. Unchanged: nothing written, no entry.
 */
export async function updateCoupon(
  ctx: ServiceContext,
  idInput: unknown,
  input: unknown,
): Promise<{ coupon: AdminCoupon; changed: boolean }> {
  const owner = await requireStaff(ctx, "owner");
  const id = parseId(idInput, M.notFound);
  const c = parseCoupon(input);
  const [row] = await ctx.read(couponById(ctx.db, id));
  if (!row) throw new AppError(404, M.notFound);
  const now = ctx.now();
  const before = toCoupon(row, now.getTime());
  const beforeAudit = audited(before);
  const afterAudit = audited(c);
  if (c.usageLimit !== null && c.usageLimit < before.usedCount) {
    const message = M.belowUses(before.usedCount);
    throw new AppError(409, message, { field: "usageLimit", fields: { usageLimit: message } });
  }
  if (JSON.stringify(beforeAudit) === JSON.stringify(afterAudit)) return { coupon: before, changed: false };
  const changedKeys = (Object.keys(afterAudit) as (keyof typeof afterAudit)[]).filter(
    (k) => JSON.stringify(beforeAudit[k]) !== JSON.stringify(afterAudit[k]),
  );
  let updated: { rowsAffected: number };
  try {
    [updated] = await ctx.db.batch([
      ctx.db.run(sql`update coupons set code = ${c.code}, discount_type = ${c.discountType}, discount_value = ${c.discountValue},
          min_subtotal_paise = ${c.minSubtotalPaise}, starts_at = ${c.startsAt}, ends_at = ${c.endsAt}, usage_limit = ${c.usageLimit},
          per_user_limit = ${c.perUserLimit}, is_active = ${c.isActive ? 1 : 0}
        where id = ${id} and (${c.usageLimit} is null or used_count <= ${c.usageLimit})`),
      auditStatement(ctx.db, {
        actorId: owner.id,
        action: "coupon.update",
        entity: "coupon",
        entityId: id,
        before: Object.fromEntries(changedKeys.map((k) => [k, beforeAudit[k]])),
        after: Object.fromEntries(changedKeys.map((k) => [k, afterAudit[k]])),
        at: now,
        when: sql`changes() = 1`,
      }),
    ]);
  } catch (error) {
    if (refusedBy(error, "UNIQUE")) throw duplicate();
    if (refusedBy(error, "coupons_usage_check")) throw new AppError(409, M.belowUses(before.usedCount), { field: "usageLimit" });
    throw error;
  }
  const [fresh] = await ctx.db.all<CouponRow>(sql`select ${COLUMNS} from coupons where id = ${id}`);
  if (!fresh) throw new AppError(404, M.notFound);
  if (updated.rowsAffected !== 1) {
    const message = M.belowUses(Number(fresh.usedCount));
    throw new AppError(409, message, { field: "usageLimit", fields: { usageLimit: message } });
  }
  return { coupon: toCoupon(fresh, now.getTime()), changed: true };
}
