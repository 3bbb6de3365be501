import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { purgePages } from "../../edge-cache";
import type { ServiceContext } from "../platform/context";
import { AppError } from "../platform/errors";
import { productPath } from "../platform/paths";
import { readAll } from "../platform/read-batch";
import { parseInput } from "../platform/validate";
import { pagesShowingRating } from "../shopping/reviews";
import { auditStatement, requireStaff } from "./staff";

/**
 * Review moderation: staff hide a review, with a reason, or show it again. A hidden
 * review leaves the product page and, through the triggers of migration 0006, the product's rating
 * count and sum. Each change is one statement conditioned on the review's current state, with its
 * audit entry only when it changed (a double click writes one); then the edge-cached pages showing
 * the product's rating are dropped, so its page shows the change at once.
 */

export const REVIEW_FILTERS = ["all", "visible", "hidden"] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
export const REVIEWS_PAGE_SIZE = 25;
export const HIDE_REASON_MAX = 500;

export const REVIEW_MODERATION_MESSAGES = {
  notFound: "No such review",
  reasonRequired: "Please give a reason for hiding the review",
  reasonTooLong: `The reason must be at most ${HIDE_REASON_MAX} characters`,
  hidden: "Review hidden",
  alreadyHidden: "The review was already hidden",
  shown: "Review shown",
  alreadyShown: "The review was already shown",
} as const;

const listQuerySchema = z.object({
  filter: z.enum(REVIEW_FILTERS).catch("all"),
  product: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** A row id as a path names it: a positive whole number of up to 15 digits. */
const idSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);

const hideSchema = z.object({
  reason: z
    .unknown()
    .transform((v) => (typeof v === "string" ? v.replace(/\s+/g, " ").trim() : ""))
    .pipe(z.string().min(1, REVIEW_MODERATION_MESSAGES.reasonRequired).max(HIDE_REASON_MAX, REVIEW_MODERATION_MESSAGES.reasonTooLong)),
});

function reviewId(input: unknown): number {
  const id = idSchema.safeParse(input);
  if (!id.success) throw new AppError(404, REVIEW_MODERATION_MESSAGES.notFound);
  return id.data;
}

interface ReviewRow {
  id: number;
  productId: number;
  productName: string;
  productSlug: string;
  categoryId: number;
  categoryName: string;
  name: string | null;
  reviewerEmail: string | null;
  rating: number;
  comment: string;
  verified: number;
  hidden: number;
  hiddenReason: string | null;
  createdAt: number;
}

const COLUMNS = sql.raw(`r.id as id, r.product_id as productId, p.name as productName, p.slug as productSlug,
  c.id as categoryId, c.name as categoryName, r.name as name, u.email as reviewerEmail, r.rating as rating, r.comment as comment,
  r.verified as verified, r.hidden as hidden, r.hidden_reason as hiddenReason, r.created_at as createdAt
  from reviews r join products p on p.id = r.product_id join categories c on c.id = p.category_id
  left join users u on u.id = r.user_id`);

function reviewOf(r: ReviewRow) {
  return {
    id: Number(r.id),
    product: {
      id: Number(r.productId),
      name: r.productName,
      slug: r.productSlug,
      path: productPath(r.categoryName, r.productSlug),
      category: { id: Number(r.categoryId), name: r.categoryName },
    },
    name: r.name?.trim() || "Anonymous",
    reviewerEmail: r.reviewerEmail,
    rating: Number(r.rating),
    comment: r.comment,
    verified: Boolean(Number(r.verified)),
    hidden: Boolean(Number(r.hidden)),
    hiddenReason: r.hiddenReason,
    createdAt: new Date(Number(r.createdAt)),
  };
}
export type ModeratedReview = ReturnType<typeof reviewOf>;

function filterSql(filter: ReviewFilter, product: number | undefined): SQL {
  const conditions: SQL[] = [sql`1`];
  if (filter === "visible") conditions.push(sql`r.hidden = 0`);
  if (filter === "hidden") conditions.push(sql`r.hidden = 1`);
  if (product !== undefined) conditions.push(sql`r.product_id = ${product}`);
  return sql.join(conditions, sql` and `);
}

/** One page of reviews, newest first, with product and reviewer: one round trip with the staff check. */
export async function listReviews(ctx: ServiceContext, query: unknown) {
  const { filter, product, page } = listQuerySchema.parse(query ?? {});
  await ctx.claims();
  const [, [rows]] = await Promise.all([
    requireStaff(ctx),
    readAll(ctx, [
      ctx.db.all<ReviewRow & { total: number }>(sql`select count(*) over () as total, ${COLUMNS}
        where ${filterSql(filter, product)}
        order by r.created_at desc, r.id desc limit ${REVIEWS_PAGE_SIZE} offset ${(page - 1) * REVIEWS_PAGE_SIZE}`),
    ] as const),
  ]);
  const total = rows.length ? Number(rows[0]!.total) : 0;
  return {
    reviews: rows.map(reviewOf),
    filter,
    product: product ?? null,
    page,
    pageSize: REVIEWS_PAGE_SIZE,
    total,
    pages: Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE)),
  };
}

/** Hides or shows one review: the change and its audit entry in one batch, then the product's cached pages dropped. */
async function setHidden(ctx: ServiceContext, staff: { id: number }, id: number, hide: { reason: string } | null) {
  const now = ctx.now();
  const [changed, , [row]] = await ctx.db.batch([
    ctx.db.run(
      hide
        ? sql`update reviews set hidden = 1, hidden_reason = ${hide.reason} where id = ${id} and hidden = 0`
        : sql`update reviews set hidden = 0, hidden_reason = null where id = ${id} and hidden = 1`,
    ),
    auditStatement(ctx.db, {
      actorId: staff.id,
      action: hide ? "review.hide" : "review.show",
      entity: "review",
      entityId: id,
      before: { hidden: !hide },
      after: hide ? { hidden: true, reason: hide.reason } : { hidden: false },
      at: now,
      when: sql`changes() = 1`,
    }),
    ctx.db.all<ReviewRow>(sql`select ${COLUMNS} where r.id = ${id}`),
  ]);
  if (!row) throw new AppError(404, REVIEW_MODERATION_MESSAGES.notFound);
  const review = reviewOf(row);
  const didChange = changed.rowsAffected > 0;
  if (didChange) await purgePages(ctx.origin, pagesShowingRating(review.product));
  const m = REVIEW_MODERATION_MESSAGES;
  return { changed: didChange, message: hide ? (didChange ? m.hidden : m.alreadyHidden) : didChange ? m.shown : m.alreadyShown, review };
}

/** Hides a review, with a reason (required, at most HIDE_REASON_MAX characters). */
export async function hideReview(ctx: ServiceContext, idInput: unknown, input: unknown) {
  const staff = await requireStaff(ctx);
  const id = reviewId(idInput);
  const { reason } = parseInput(hideSchema, input);
  return setHidden(ctx, staff, id, { reason });
}

/** Shows a hidden review again: back on the product page and in its average. */
export async function showReview(ctx: ServiceContext, idInput: unknown) {
  const staff = await requireStaff(ctx);
  return setHidden(ctx, staff, reviewId(idInput), null);
}
