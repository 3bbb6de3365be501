import { data, Link, redirect, useRouteLoaderData } from "react-router";
import { AppError } from "../../workers/services/errors";
import { categorySegment, signInPath } from "../../workers/services/paths";
import { getReviewsPage, postReview } from "../../workers/services/reviews";
import { REVIEW_MESSAGES, STAR_LABELS } from "../../workers/services/reviews.rules";
import type { ReviewAnswer } from "../components/product/review-form";
import { formProblem, readForm } from "../lib/auth.server";
import { ratingSummary } from "../lib/product-options";
import { reviewItem } from "../lib/review-item";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/product-reviews";

/**
 * `/women-products/{category}/{slug}/reviews`: the product's reviews a page at a time (`?offset=N`),
 * and the action the review form posts to.
 *
 * - GET: the Reviews tab's "Show more" loads the next page here with a fetcher; opened as a page
 *   (without JavaScript, or a shared link) it lists the reviews from `offset` with the form. Never
 *   kept at the edge: it answers with whatever was just posted.
 * - POST (`productId`, `rating`, `comment`): the review service (one review per shopper and product;
 *   a second replaces the first). With JavaScript (the form's `enhanced` field) the answer is data for
 *   a toast, and the product page revalidates. Without, a success goes back to the product page's
 *   reviews (`?reviewed=` says it once), and a refusal renders this page with the message and what
 *   she typed. Signed out: the spec's message and a way to sign in and come back.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  let page: Awaited<ReturnType<typeof getReviewsPage>>;
  try {
    page = await getReviewsPage(context.services, params.slug, { offset: url.searchParams.get("offset") ?? undefined });
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 400)) {
      throw data(REVIEW_MESSAGES.productNotFound, { status: 404, statusText: "Not Found" });
    }
    throw error;
  }
  const { product, reviews, offset, hasMore } = page;
  if (params.category !== categorySegment(product.category.name)) throw redirect(`${product.path}/reviews${url.search}`, 301);
  return {
    product: { id: product.id, name: product.name, path: product.path },
    rating: ratingSummary(product.rating.average, product.rating.count),
    total: product.rating.count,
    reviews: reviews.map(reviewItem),
    offset,
    hasMore,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const enhanced = form.get("enhanced") === "1";
  const values = { rating: String(form.get("rating") ?? ""), comment: String(form.get("comment") ?? "") };
  const productPage = `/women-products/${params.category}/${params.slug}`;
  try {
    const posted = await postReview(context.services, form.get("productId") ?? "", {
      rating: form.get("rating") ?? undefined,
      comment: form.get("comment") ?? undefined,
    });
    if (enhanced) return data<ReviewAnswer>({ ok: true, message: posted.message }, { status: posted.created ? 201 : 200 });
    throw redirect(`${posted.product.path}?reviewed=${posted.created ? "new" : "updated"}#reviews`, 303);
  } catch (err) {
    if (err instanceof AppError && err.status === 401) {
      const signInHref = signInPath(`${productPage}#reviews`);
      return data<ReviewAnswer>({ message: err.message, signInHref, values }, { status: 401 });
    }
    return formProblem(err, values, REVIEW_MESSAGES.failed);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Reviews of ${loaderData.product.name}` : "Reviews" },
  { name: "robots", content: "noindex" },
];

/**
 * The page itself: reached without JavaScript (a refused review comes back here, or a shared link).
 * Deliberately plain (a document form, no fetcher or toast) and importing nothing of the product
 * page's review components, so that this route's own chunk stays small and adding it does not
 * reshuffle what every other page loads (the 100 KiB budget).
 */
export default function ProductReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, rating, reviews, offset, hasMore } = loaderData;
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const answer = actionData as ReviewAnswer | undefined;
  const refused = answer && !answer.ok ? answer : undefined;
  const fields = refused?.fields ?? {};
  const values = refused?.values ?? {};
  const action = `${product.path}/reviews`;
  return (
    <div className="container reviews-page">
      <p>
        <Link to={`${product.path}#reviews`}>← Back to {product.name}</Link>
      </p>
      <h1>Reviews of {product.name}</h1>
      <p className="reviews-panel__summary">{rating ? rating.label : "No reviews yet"}</p>
      {signedIn ? (
        <form method="post" action={action} className="review-form" aria-labelledby="review-title">
          <h2 id="review-title" className="review-form__title">
            Write a review
          </h2>
          {refused && !fields.rating && !fields.comment && (
            <p className="form-message form-message--error" role="alert">
              {refused.message} {refused.signInHref && <Link to={refused.signInHref}>Sign in</Link>}
            </p>
          )}
          <input type="hidden" name="productId" value={product.id} />
          <fieldset
            className={fields.rating ? "rating-input rating-input--invalid" : "rating-input"}
            aria-describedby={fields.rating ? "rating-error" : undefined}
          >
            <legend>Your rating</legend>
            <div className="rating-input__stars">
              {STAR_LABELS.map((label, i) => (
                <label key={label} className="rating-input__star">
                  <input type="radio" name="rating" value={i + 1} defaultChecked={values.rating === String(i + 1)} />
                  <span className="rating-input__glyph" aria-hidden="true" />
                  <span className="visually-hidden">{label}</span>
                </label>
              ))}
            </div>
            {fields.rating && (
              <p id="rating-error" className="field__error">
                {fields.rating}
              </p>
            )}
          </fieldset>
          <div className={fields.comment ? "field field--invalid" : "field"}>
            <label htmlFor="review-comment">Your review</label>
            <textarea
              id="review-comment"
              name="comment"
              rows={4}
              defaultValue={values.comment ?? ""}
              aria-invalid={fields.comment ? true : undefined}
              aria-describedby={fields.comment ? "comment-error" : undefined}
            />
            {fields.comment && (
              <p id="comment-error" className="field__error">
                {fields.comment}
              </p>
            )}
          </div>
          <button type="submit" className="button button--primary">
            Submit Review
          </button>
        </form>
      ) : (
        <p className="review-form review-form--signed-out">
          <Link to={signInPath(`${product.path}#reviews`)}>Sign in</Link> to write a review.
        </p>
      )}
      <ol className="review-list">
        {reviews.map((review) => (
          <li key={review.id} className="review">
            <p className="review__name">
              {review.name}
              {review.verified && <span className="review__verified"> Verified purchase</span>}
            </p>
            <p className="review__rating">
              Rated {review.rating} out of 5 · <time dateTime={review.date}>{review.dateText}</time>
            </p>
            <p className="review__comment">{review.comment}</p>
          </li>
        ))}
      </ol>
      {hasMore && (
        <p className="reviews-panel__more">
          <Link className="button button--secondary" to={`?offset=${offset + reviews.length}`}>
            Show more reviews
          </Link>
        </p>
      )}
    </div>
  );
}
