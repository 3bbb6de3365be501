import { Hono } from "hono";
import { SIGN_IN_FIRST } from "../../services/accounts/auth.rules";
import { postReview } from "../../services/shopping/reviews";
import { readBody } from "../body";
import type { ApiEnv } from "../types";
import { averageRatingJson, reviewJson } from "./review-json";

/**
 * `POST /api/products/{productId}/reviews` with `{ rating, comment }` (bearer token or session
 * cookie): 201 with the new review, or 200 when it replaced the shopper's earlier review of the
 * product; either way with the product's new `averageRating` (1 decimal) and `reviewCount`.
 */
export const reviewsApi = new Hono<ApiEnv>().post("/products/:productId/reviews", async (c) => {
  const ctx = c.var.ctx;
  // Signed out is answered before the body is judged (and without reading it).
  if (!(await ctx.claims())) return c.json({ message: SIGN_IN_FIRST }, 401);
  const posted = await postReview(ctx, c.req.param("productId"), await readBody(c));
  const { average, count } = posted.product.rating;
  return c.json(
    {
      message: posted.message,
      review: reviewJson(posted.review),
      product: {
        _id: String(posted.product.id),
        averageRating: averageRatingJson(average),
        reviewCount: count,
      },
    },
    posted.created ? 201 : 200,
  );
});
