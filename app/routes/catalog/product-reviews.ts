import { redirect } from "react-router";
import { AppError } from "../../../workers/services/platform/errors";
import { signInPath } from "../../../workers/services/platform/paths";
import { getReviewsPage, postReview } from "../../../workers/services/shopping/reviews";
import { REVIEW_MESSAGES } from "../../../workers/services/shopping/reviews.rules";
import type { ReviewAnswer } from "../../components/product/review-form";
import type { ReviewsPage } from "../../components/product/reviews-panel";
import { rethrowUnanswered } from "../../lib/action-errors.server";
import { refusedReviewUrl, reviewItem } from "../../lib/reviews.server";
import type { Route } from "./+types/product-reviews";

/**
 * `/women-products/{category}/{slug}/reviews`, a resource route (no page of its own, so no browser
 * code: adding it leaves every page's JavaScript as it was):
 *
 * - GET `?offset=N`: the next reviews, newest first, as JSON: the Reviews tab's "Show more" loads
 *   them with a fetcher. (Without JavaScript "Show more" is a link to the product page itself with
 *   `?reviews=N`, which its loader honours.) Never kept at the edge.
 * - POST `productId`, `rating`, `comment`: the review service (one review per shopper and product;
 *   a second replaces the first). With JavaScript (the form's `enhanced` field) the answer is JSON
 *   for a toast, and the product page revalidates. Without, the shopper goes back to the product
 *   page's reviews either way: `?reviewed=` says it was posted, `?reviewError=` says why not and
 *   carries the rating and comment she sent, so the form comes back filled in (reviews.server.ts).
 *   Signed out (a session that ended since the page was shown): sign-in, then back to the reviews.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    // The session is read in the same batch: the Worker checks a session cookie after every page
    // answer (workers/app.ts), and asked here it costs no second round trip.
    const [page] = await Promise.all([
      getReviewsPage(context.services, params.slug, { offset: url.searchParams.get("offset") ?? undefined }),
      context.services.user(),
    ]);
    return Response.json({ reviews: page.reviews.map(reviewItem), offset: page.offset, hasMore: page.hasMore } satisfies ReviewsPage, {
      headers: { "Cache-Control": "private, no-cache" },
    });
  } catch (error) {
    if (error instanceof AppError)
      return Response.json({ message: error.message } satisfies ReviewsPage, { status: error.status === 400 ? 404 : error.status });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const enhanced = form.get("enhanced") === "1";
  const rating = form.get("rating");
  const comment = form.get("comment");
  // Encoded again: a decoded segment may hold characters a Location header cannot carry (%00).
  const productPage = `/women-products/${encodeURIComponent(params.category)}/${encodeURIComponent(params.slug)}`;
  try {
    const posted = await postReview(context.services, form.get("productId") ?? "", {
      rating: rating ?? undefined,
      comment: comment ?? undefined,
    });
    if (enhanced)
      return Response.json({ ok: true, message: posted.message } satisfies ReviewAnswer, { status: posted.created ? 201 : 200 });
    return redirect(`${posted.product.path}?reviewed=${posted.created ? "new" : "updated"}#reviews`, 303);
  } catch (err) {
    rethrowUnanswered(err);
    const known = err instanceof AppError;
    if (!known) console.error("Review action failed", err);
    const status = known ? err.status : 500;
    const message = known ? err.message : REVIEW_MESSAGES.failed;
    const signInHref = status === 401 ? signInPath(`${productPage}#reviews`) : undefined;
    if (enhanced) {
      const fields = known ? (err.details?.fields as Record<string, string> | undefined) : undefined;
      return Response.json({ message, fields, signInHref } satisfies ReviewAnswer, { status });
    }
    if (signInHref) return redirect(signInHref, 303);
    const code = status === 400 ? "invalid" : status === 404 ? "gone" : "failed";
    return redirect(refusedReviewUrl(productPage, code, { rating, comment }), 303);
  }
}
