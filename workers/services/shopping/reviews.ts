import { sql } from "drizzle-orm";
import { purgePages } from "../../edge-cache";
import { SIGN_IN_FIRST } from "../accounts/auth.rules";
import { pagesShowingProduct } from "../back-office/storefront-purge";
import type { Review } from "../catalog/catalog";
import { slugSchema } from "../catalog/catalog.schema";
import { settings } from "../content/settings";
import type { ServiceContext } from "../platform/context";
import { AppError, notFound } from "../platform/errors";
import { productPath } from "../platform/paths";
import { readAll } from "../platform/read-batch";
import { parseInput } from "../platform/validate";
import { REVIEW_MESSAGES } from "./reviews.rules";
import { productIdSchema, reviewInputSchema, reviewPageSchema } from "./reviews.schema";

/**
 * Reviews (docs/product/shopping.md): one review per shopper per product, kept by the unique
 * index `reviews_product_user_idx`, so a second submit replaces her first. `verified` is worked out
 * by the same statement that writes the review: the reviewer has a delivered order with a line of
 * this product. The product's `rating_count` and `rating_sum` follow every insert, update and delete
 * through the triggers of migration 0003 (an upsert that updates fires the update trigger, which takes
 * the old rating out and puts the new one in: the count stays, the sum moves).
 */

export interface ReviewedProduct {
  id: number;
  slug: string;
  name: string;
  path: string;
  category: { id: number; name: string };
  rating: { average: number | null; count: number };
}

export interface PostedReview {
  /** False when the shopper already had a review of this product and it was replaced. */
  created: boolean;
  message: string;
  review: Review;
  product: ReviewedProduct;
}

interface ReviewRow {
  id: number;
  name: string | null;
  rating: number;
  comment: string;
  verified: number | boolean;
  createdAt: number;
}

interface ProductRow {
  id: number;
  slug: string;
  name: string;
  ratingCount: number;
  ratingSum: number;
  categoryId: number;
  categoryName: string;
}

export const reviewOf = (r: ReviewRow): Review => ({
  id: Number(r.id),
  name: r.name?.trim() || "Anonymous",
  rating: Number(r.rating),
  comment: r.comment,
  verified: Boolean(Number(r.verified)),
  createdAt: new Date(Number(r.createdAt)),
});

function productOf(row: ProductRow): ReviewedProduct {
  const count = Number(row.ratingCount);
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    path: productPath(row.categoryName, row.slug),
    category: { id: Number(row.categoryId), name: row.categoryName },
    rating: { average: count ? Number(row.ratingSum) / count : null, count },
  };
}

const PRODUCT_COLUMNS = sql.raw(`p.id as id, p.slug as slug, p.name as name, p.rating_count as ratingCount, p.rating_sum as ratingSum,
  c.id as categoryId, c.name as categoryName
  from products p join categories c on c.id = p.category_id`);

const REVIEW_COLUMNS = sql.raw("id, name, rating, comment, verified, created_at as createdAt");

/** The signed-out pages that show this product's rating (workers/services/back-office/storefront-purge.ts). */
export function pagesShowingRating(product: Pick<ReviewedProduct, "path" | "category">): string[] {
  return pagesShowingProduct({ path: product.path, categoryId: product.category.id });
}

/**
 * Writes the signed-in shopper's review of a product, or replaces hers: one round trip, one
 * transaction. The statement itself requires the session to be current (the token's version, a
 * verified account) and the product to be on sale, so nothing is written for a refused request; the
 * reads beside it say which refusal it was. Then the edge-cached pages showing the rating are dropped
 * (before the answer, so the shopper's next signed-out look already sees the new average).
 */
export async function postReview(ctx: ServiceContext, productIdInput: unknown, body: unknown): Promise<PostedReview> {
  const claims = await ctx.claims();
  if (!claims) throw new AppError(401, SIGN_IN_FIRST);
  const parsedId = productIdSchema.safeParse(productIdInput);
  if (!parsedId.success) throw notFound(REVIEW_MESSAGES.productNotFound);
  const productId = parsedId.data;
  const input = parseInput(reviewInputSchema, body);
  const now = ctx.now().getTime();

  const [before, written, [product], [user]] = await ctx.db.batch([
    ctx.db.all<{ id: number }>(sql`select id from reviews where product_id = ${productId} and user_id = ${claims.userId}`),
    // INSERT ... SELECT needs its WHERE for SQLite to read ON CONFLICT as the upsert clause.
    ctx.db.all<ReviewRow>(sql`insert into reviews (product_id, user_id, name, rating, comment, verified, created_at)
      select p.id, u.id, u.name, ${input.rating}, ${input.comment},
        exists (select 1 from orders o join order_lines l on l.order_id = o.id
                where o.user_id = u.id and o.order_status = 'delivered' and l.product_id = p.id),
        ${now}
      from products p, users u
      where p.id = ${productId} and p.is_active = 1
        and u.id = ${claims.userId} and u.session_version = ${claims.version} and u.is_verified = 1
      on conflict (product_id, user_id) do update set
        name = excluded.name, rating = excluded.rating, comment = excluded.comment,
        verified = excluded.verified, created_at = excluded.created_at
      returning ${REVIEW_COLUMNS}`),
    ctx.db.all<ProductRow>(sql`select ${PRODUCT_COLUMNS} where p.id = ${productId} and p.is_active = 1`),
    ctx.db.all<{ ok: number }>(
      sql`select 1 as ok from users where id = ${claims.userId} and session_version = ${claims.version} and is_verified = 1`,
    ),
  ]);
  const [row] = written;
  if (!row) {
    if (!user) throw new AppError(401, SIGN_IN_FIRST);
    throw notFound(REVIEW_MESSAGES.productNotFound);
  }
  if (!product) throw notFound(REVIEW_MESSAGES.productNotFound);
  const shown = productOf(product);
  await purgePages(ctx.origin, pagesShowingRating(shown));
  const created = before.length === 0;
  return {
    created,
    message: created ? REVIEW_MESSAGES.created : REVIEW_MESSAGES.updated,
    review: reviewOf(row),
    product: shown,
  };
}

/**
 * One page of a product's reviews, newest first, from `offset` (the "Show more" of its Reviews tab),
 * with the product it belongs to: one read, batched with the request's others.
 */
export async function getReviewsPage(ctx: ServiceContext, slugInput: unknown, query: unknown) {
  const slug = parseInput(slugSchema, slugInput);
  const { offset } = reviewPageSchema.parse(query ?? {});
  const limit = settings.catalogue.reviewsShown;
  const [[product], rows] = await readAll(ctx, [
    ctx.db.all<ProductRow>(sql`select ${PRODUCT_COLUMNS} where p.slug = ${slug} and p.is_active = 1`),
    ctx.db.all<ReviewRow>(sql`select ${REVIEW_COLUMNS} from reviews
      where product_id = (select id from products where slug = ${slug} and is_active = 1) and hidden = 0
      order by created_at desc, id desc limit ${limit + 1} offset ${offset}`),
  ]);
  if (!product) throw notFound(REVIEW_MESSAGES.productNotFound);
  return {
    product: productOf(product),
    reviews: rows.slice(0, limit).map(reviewOf),
    offset,
    hasMore: rows.length > limit,
  };
}
