import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../../db/client";
import type { SessionUser } from "../../accounts/session";
import type { ServiceContext } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { categorySegment } from "../../platform/paths";
import { readAll } from "../../platform/read-batch";
import { parseInput } from "../../platform/validate";
import { requireStaff } from "../staff";
import { purgeStorefront } from "../storefront-purge";
import { CATEGORY_ICONS, CATEGORY_MESSAGES, CATEGORY_NAME_MAX } from "./admin-categories.rules";

/**
 * The back office's categories and subcategories: the list with product counts,
 * create, rename, set the icon, reorder the home tiles, delete only when empty. The /admin/categories
 * page and `/api/admin/categories*` call these and nothing else. Each change is one batch with its
 * audit entry, written only when the change happened (the rule lives in the statement: a name taken
 * meanwhile, a product added meanwhile, the order changed meanwhile change nothing); then every
 * cached page is dropped (the menu and the home tiles are on every page).
 */

// ---------------------------------------------------------------------------------------------
// Input

const noControl = (s: string) => !/[\p{Cc}\p{Cf}\u2028\u2029<>]/u.test(s);

const nameSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/\s+/g, " ").trim() : v),
  z
    .string({ error: CATEGORY_MESSAGES.nameRequired })
    .min(1, CATEGORY_MESSAGES.nameRequired)
    .max(CATEGORY_NAME_MAX, CATEGORY_MESSAGES.nameTooLong)
    .refine(noControl, CATEGORY_MESSAGES.nameChars)
    .refine((n) => categorySegment(n) !== "", CATEGORY_MESSAGES.nameNoSlug),
);
const iconValues = CATEGORY_ICONS.map((i) => i.value) as [string, ...string[]];
const iconSchema = z.enum(iconValues, { error: CATEGORY_MESSAGES.icon });

const createSchema = z.object({ name: nameSchema, icon: iconSchema });
const renameSchema = z.object({ name: nameSchema });
const iconOnlySchema = z.object({ icon: iconSchema });
const moveSchema = z.object({ direction: z.enum(["up", "down"], { error: CATEGORY_MESSAGES.direction }) });
const subCreateSchema = z.object({ name: nameSchema });

const idSchema = z
  .unknown()
  .transform((v) => (typeof v === "number" ? String(v) : v))
  .pipe(z.string().regex(/^[1-9]\d{0,14}$/))
  .transform(Number);

function parseId(input: unknown, message: string): number {
  const id = idSchema.safeParse(input);
  if (!id.success) throw new AppError(404, message);
  return id.data;
}

// ---------------------------------------------------------------------------------------------
// The list

export interface AdminSubcategory {
  id: number;
  name: string;
  slug: string;
  productCount: number;
}

export interface AdminCategory {
  id: number;
  name: string;
  slug: string;
  icon: string;
  position: number;
  /** Every product in it, drafts and archived ones too (a category is empty only without any). */
  productCount: number;
  /** The published ones, as the home tile counts them. */
  publishedCount: number;
  subcategories: AdminSubcategory[];
}

type CategoryRow = Omit<AdminCategory, "subcategories">;
type SubRow = AdminSubcategory & { categoryId: number };

const categoriesQuery = (db: Db) =>
  db.all<CategoryRow>(sql`select c.id, c.name, c.slug, c.icon, c.position,
      (select count(*) from products p where p.category_id = c.id) as productCount,
      (select count(*) from products p where p.category_id = c.id and p.is_active = 1) as publishedCount
    from categories c order by c.position, c.id`);
const subcategoriesQuery = (db: Db) =>
  db.all<SubRow>(sql`select s.id, s.category_id as categoryId, s.name, s.slug,
      (select count(*) from products p where p.subcategory_id = s.id) as productCount
    from subcategories s order by s.category_id, s.id`);

function toCategories(rows: CategoryRow[], subs: SubRow[]): AdminCategory[] {
  return rows.map((c) => ({
    id: Number(c.id),
    name: c.name,
    slug: c.slug,
    icon: c.icon,
    position: Number(c.position),
    productCount: Number(c.productCount),
    publishedCount: Number(c.publishedCount),
    subcategories: subs
      .filter((s) => Number(s.categoryId) === Number(c.id))
      .map((s) => ({ id: Number(s.id), name: s.name, slug: s.slug, productCount: Number(s.productCount) })),
  }));
}

/** Every category in home-tile order with its product counts and subcategories: one round trip with the staff check. */
export async function listAdminCategories(ctx: ServiceContext): Promise<{ categories: AdminCategory[] }> {
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  const [, [rows, subs]] = await Promise.all([staff, readAll(ctx, [categoriesQuery(ctx.db), subcategoriesQuery(ctx.db)] as const)]);
  return { categories: toCategories(rows, subs) };
}

// ---------------------------------------------------------------------------------------------
// Changes

/** What a change did, with the list as it is after it (the page and the API show it). */
export interface CategoryChange {
  changed: boolean;
  message: string;
  /** The category or subcategory the change was about (a new one's id). */
  id: number;
}

/** An audit entry whose row id and "before" come from SQL (a new row's id, a row's figures as the statement saw them). */
function audit(
  db: Db,
  e: {
    actor: SessionUser;
    action: string;
    entity: "category" | "subcategory";
    /** The row's id; a new row's as SQL (last_insert_rowid()). */
    entityId: SQL | string;
    before: SQL;
    after: unknown;
    at: Date;
    when: SQL;
  },
) {
  const entityId = typeof e.entityId === "string" ? sql`${e.entityId}` : sql`cast(${e.entityId} as text)`;
  return db.run(sql`insert into audit_log (actor_id, action, entity, entity_id, before, after, created_at)
    select ${e.actor.id}, ${e.action}, ${e.entity}, ${entityId}, ${e.before}, ${JSON.stringify(e.after)}, ${e.at.getTime()}
    where ${e.when}`);
}

const categoryJson = (alias: string) =>
  sql.raw(`(select json_object('name', ${alias}.name, 'slug', ${alias}.slug, 'icon', ${alias}.icon, 'position', ${alias}.position)`);

async function after(changed: boolean, message: string, id: number): Promise<CategoryChange> {
  if (changed) await purgeStorefront();
  return { changed, message, id };
}

/** A new category at the end of the home tiles; its slug is made from its name. */
export async function createCategory(ctx: ServiceContext, input: unknown): Promise<CategoryChange> {
  const staff = await requireStaff(ctx);
  const { name, icon } = parseInput(createSchema, input);
  const slug = categorySegment(name);
  const [inserted, , found] = await ctx.db.batch([
    ctx.db.run(sql`insert into categories (slug, name, icon, position, created_at)
      select ${slug}, ${name}, ${icon}, (select coalesce(max(position), -1) + 1 from categories), ${ctx.now().getTime()}
      where not exists (select 1 from categories where slug = ${slug} or lower(name) = lower(${name}))`),
    audit(ctx.db, {
      actor: staff,
      action: "category.create",
      entity: "category",
      entityId: sql`last_insert_rowid()`,
      before: sql`null`,
      after: { name, slug, icon },
      at: ctx.now(),
      when: sql`changes() = 1`,
    }),
    ctx.db.all<{ id: number }>(sql`select id from categories where slug = ${slug}`),
  ]);
  if (inserted.rowsAffected !== 1)
    throw new AppError(409, CATEGORY_MESSAGES.nameTaken, { field: "name", fields: { name: CATEGORY_MESSAGES.nameTaken } });
  return after(true, CATEGORY_MESSAGES.created, Number(found[0]!.id));
}

/** Reads one category (after a refused change, to say why). */
const oneCategory = (ctx: ServiceContext, id: number) =>
  ctx.db.all<{ id: number; name: string; icon: string }>(sql`select id, name, icon from categories where id = ${id}`);

/**
 * One column of a category changed, and its audit entry, in one batch: both only where `applies`
 * (on alias `c`) holds, so an unchanged value or a lost race writes nothing. True when it changed.
 */
async function changeCategory(
  ctx: ServiceContext,
  staff: SessionUser,
  id: number,
  change: { action: string; set: SQL; applies: SQL; after: Record<string, unknown> },
): Promise<boolean> {
  const [logged] = await ctx.db.batch([
    audit(ctx.db, {
      actor: staff,
      action: change.action,
      entity: "category",
      entityId: String(id),
      before: sql`${categoryJson("c")} from categories c where ${change.applies})`,
      after: change.after,
      at: ctx.now(),
      when: sql`exists (select 1 from categories c where ${change.applies})`,
    }),
    ctx.db.run(sql`update categories as c set ${change.set} where ${change.applies}`),
  ]);
  return logged.rowsAffected === 1;
}

/** Renames a category (its slug stays: links and the sitemap keep working). A name another category has is refused. */
export async function renameCategory(ctx: ServiceContext, idInput: unknown, input: unknown): Promise<CategoryChange> {
  const staff = await requireStaff(ctx);
  const id = parseId(idInput, CATEGORY_MESSAGES.notFound);
  const { name } = parseInput(renameSchema, input);
  const applies = sql`c.id = ${id} and c.name <> ${name} and not exists (select 1 from categories o where lower(o.name) = lower(${name}) and o.id <> ${id})`;
  if (await changeCategory(ctx, staff, id, { action: "category.rename", set: sql`name = ${name}`, applies, after: { name } }))
    return after(true, CATEGORY_MESSAGES.renamed, id);
  const [row] = await oneCategory(ctx, id);
  if (!row) throw new AppError(404, CATEGORY_MESSAGES.notFound);
  if (row.name === name) return after(false, CATEGORY_MESSAGES.sameName, id);
  throw new AppError(409, CATEGORY_MESSAGES.nameTaken, { field: "name", fields: { name: CATEGORY_MESSAGES.nameTaken } });
}

/** Sets a category's icon (one of the storefront's set). */
export async function setCategoryIcon(ctx: ServiceContext, idInput: unknown, input: unknown): Promise<CategoryChange> {
  const staff = await requireStaff(ctx);
  const id = parseId(idInput, CATEGORY_MESSAGES.notFound);
  const { icon } = parseInput(iconOnlySchema, input);
  const applies = sql`c.id = ${id} and c.icon <> ${icon}`;
  if (await changeCategory(ctx, staff, id, { action: "category.icon", set: sql`icon = ${icon}`, applies, after: { icon } }))
    return after(true, CATEGORY_MESSAGES.iconSet, id);
  const [row] = await oneCategory(ctx, id);
  if (!row) throw new AppError(404, CATEGORY_MESSAGES.notFound);
  return after(false, CATEGORY_MESSAGES.sameIcon, id);
}

/**
 * Moves a category one place up or down the home tiles. The order is read, the new one worked out,
 * and every position rewritten in one batch: the audit entry goes first, only while the order is
 * still the one read; each position's update only if the statement before it changed its row. So an
 * order another owner changed meanwhile changes nothing (answered 409), and a move is never half done.
 */
export async function moveCategory(ctx: ServiceContext, idInput: unknown, input: unknown): Promise<CategoryChange> {
  const staff = await requireStaff(ctx);
  const id = parseId(idInput, CATEGORY_MESSAGES.notFound);
  const { direction } = parseInput(moveSchema, input);
  const rows = await ctx.read(ctx.db.all<{ id: number }>(sql`select id from categories order by position, id`));
  const order = rows.map((r) => Number(r.id));
  const at = order.indexOf(id);
  if (at === -1) throw new AppError(404, CATEGORY_MESSAGES.notFound);
  const to = direction === "up" ? at - 1 : at + 1;
  if (to < 0 || to >= order.length) return after(false, CATEGORY_MESSAGES.notMoved, id);
  const next = [...order];
  [next[at], next[to]] = [next[to]!, next[at]!];
  const orderNow = sql`(select group_concat(id, ',') from (select id from categories order by position, id))`;
  const [logged] = await ctx.db.batch([
    audit(ctx.db, {
      actor: staff,
      action: "category.move",
      entity: "category",
      entityId: String(id),
      before: sql`${JSON.stringify({ position: at, order })}`,
      after: { position: to, order: next, direction },
      at: ctx.now(),
      when: sql`${orderNow} = ${order.join(",")}`,
    }),
    ...next.map((cid, i) => ctx.db.run(sql`update categories set position = ${i} where id = ${cid} and changes() = 1`)),
  ]);
  if (logged.rowsAffected !== 1) throw new AppError(409, CATEGORY_MESSAGES.reordered);
  return after(true, CATEGORY_MESSAGES.moved, id);
}

/** Deletes a category only while it has no products (its subcategories, then empty too, go with it). */
export async function deleteCategory(ctx: ServiceContext, idInput: unknown): Promise<CategoryChange> {
  const staff = await requireStaff(ctx);
  const id = parseId(idInput, CATEGORY_MESSAGES.notFound);
  const empty = sql`not exists (select 1 from products p where p.category_id = ${id})
    and not exists (select 1 from products p join subcategories s on s.id = p.subcategory_id where s.category_id = ${id})`;
  const [logged, , deleted] = await ctx.db.batch([
    audit(ctx.db, {
      actor: staff,
      action: "category.delete",
      entity: "category",
      entityId: String(id),
      before: sql`(select json_insert(json_object('name', c.name, 'slug', c.slug, 'icon', c.icon, 'position', c.position), '$.subcategories',
        (select json_group_array(s.name) from subcategories s where s.category_id = c.id)) from categories c where c.id = ${id})`,
      after: null,
      at: ctx.now(),
      when: sql`exists (select 1 from categories where id = ${id}) and ${empty}`,
    }),
    ctx.db.run(sql`delete from subcategories where category_id = ${id} and changes() = 1`),
    ctx.db.run(sql`delete from categories where id = ${id} and ${empty}`),
  ]);
  if (deleted.rowsAffected === 1 && logged.rowsAffected === 1) return after(true, CATEGORY_MESSAGES.deleted, id);
  const [row] = await oneCategory(ctx, id);
  if (!row) throw new AppError(404, CATEGORY_MESSAGES.notFound);
  throw new AppError(409, CATEGORY_MESSAGES.notEmpty);
}

// ---------------------------------------------------------------------------------------------
// Subcategories

/** A new subcategory of a category; its slug is made from its name, unique within the category. */
export async function createSubcategory(ctx: ServiceContext, categoryIdInput: unknown, input: unknown): Promise<CategoryChange> {
  const staff = await requireStaff(ctx);
  const categoryId = parseId(categoryIdInput, CATEGORY_MESSAGES.notFound);
  const { name } = parseInput(subCreateSchema, input);
  const slug = categorySegment(name);
  const [inserted, , found] = await ctx.db.batch([
    ctx.db.run(sql`insert into subcategories (category_id, name, slug)
      select ${categoryId}, ${name}, ${slug}
      where exists (select 1 from categories where id = ${categoryId})
        and not exists (select 1 from subcategories where category_id = ${categoryId} and (slug = ${slug} or lower(name) = lower(${name})))`),
    audit(ctx.db, {
      actor: staff,
      action: "subcategory.create",
      entity: "subcategory",
      entityId: sql`last_insert_rowid()`,
      before: sql`null`,
      after: { categoryId, name, slug },
      at: ctx.now(),
      when: sql`changes() = 1`,
    }),
    ctx.db.all<{ id: number }>(sql`select id from subcategories where category_id = ${categoryId} and slug = ${slug}`),
  ]);
  if (inserted.rowsAffected === 1) return after(true, CATEGORY_MESSAGES.subCreated, Number(found[0]!.id));
  const [row] = await oneCategory(ctx, categoryId);
  if (!row) throw new AppError(404, CATEGORY_MESSAGES.notFound);
  throw new AppError(409, CATEGORY_MESSAGES.subNameTaken, { field: "name", fields: { name: CATEGORY_MESSAGES.subNameTaken } });
}

/** Renames a subcategory (its slug stays); a name its category already has is refused. */
export async function renameSubcategory(ctx: ServiceContext, idInput: unknown, input: unknown): Promise<CategoryChange> {
  const staff = await requireStaff(ctx);
  const id = parseId(idInput, CATEGORY_MESSAGES.subNotFound);
  const { name } = parseInput(renameSchema, input);
  const applies = sql`s.id = ${id} and s.name <> ${name}
    and not exists (select 1 from subcategories o where o.category_id = s.category_id and lower(o.name) = lower(${name}) and o.id <> ${id})`;
  const [logged] = await ctx.db.batch([
    audit(ctx.db, {
      actor: staff,
      action: "subcategory.rename",
      entity: "subcategory",
      entityId: String(id),
      before: sql`(select json_object('categoryId', s.category_id, 'name', s.name, 'slug', s.slug) from subcategories s where ${applies})`,
      after: { name },
      at: ctx.now(),
      when: sql`exists (select 1 from subcategories s where ${applies})`,
    }),
    ctx.db.run(sql`update subcategories as s set name = ${name} where ${applies}`),
  ]);
  if (logged.rowsAffected === 1) return after(true, CATEGORY_MESSAGES.renamed, id);
  const [row] = await ctx.db.all<{ name: string }>(sql`select name from subcategories where id = ${id}`);
  if (!row) throw new AppError(404, CATEGORY_MESSAGES.subNotFound);
  if (row.name === name) return after(false, CATEGORY_MESSAGES.sameName, id);
  throw new AppError(409, CATEGORY_MESSAGES.subNameTaken, { field: "name", fields: { name: CATEGORY_MESSAGES.subNameTaken } });
}

/** Deletes a subcategory only while no product is in it. */
export async function deleteSubcategory(ctx: ServiceContext, idInput: unknown): Promise<CategoryChange> {
  const staff = await requireStaff(ctx);
  const id = parseId(idInput, CATEGORY_MESSAGES.subNotFound);
  const empty = sql`not exists (select 1 from products p where p.subcategory_id = ${id})`;
  const [logged, deleted] = await ctx.db.batch([
    audit(ctx.db, {
      actor: staff,
      action: "subcategory.delete",
      entity: "subcategory",
      entityId: String(id),
      before: sql`(select json_object('categoryId', s.category_id, 'name', s.name, 'slug', s.slug) from subcategories s where s.id = ${id})`,
      after: null,
      at: ctx.now(),
      when: sql`exists (select 1 from subcategories where id = ${id}) and ${empty}`,
    }),
    ctx.db.run(sql`delete from subcategories where id = ${id} and ${empty}`),
  ]);
  if (deleted.rowsAffected === 1 && logged.rowsAffected === 1) return after(true, CATEGORY_MESSAGES.deleted, id);
  const [row] = await ctx.db.all<{ id: number }>(sql`select id from subcategories where id = ${id}`);
  if (!row) throw new AppError(404, CATEGORY_MESSAGES.subNotFound);
  throw new AppError(409, CATEGORY_MESSAGES.subNotEmpty);
}
