import { data, Link, redirect, useRouteLoaderData } from "react-router";
import { AppError } from "../../workers/services/errors";
import { categorySegment, signInPath } from "../../workers/services/paths";
import { getReviewsPage, postReview } from "../../workers/services/reviews";
import { REVIEW_MESSAGES } from "../../workers/services/reviews.rules";
import { type ReviewAnswer, ReviewForm, ReviewSignIn } from "../components/product/review-form";
import { ReviewList } from "../components/product/review-list";
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

export default function ProductReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, rating, total, reviews, offset, hasMore } = loaderData;
  const signedIn = Boolean(useSignedIn());
  return (
    <div className="container reviews-page">
      <p>
        <Link to={`${product.path}#reviews`}>← Back to {product.name}</Link>
      </p>
      <h1>Reviews of {product.name}</h1>
      <p className="reviews-panel__summary">{rating ? rating.label : "No reviews yet"}</p>
      {signedIn ? (
        <ReviewForm productId={product.id} productName={product.name} action={`${product.path}/reviews`} answer={actionData} />
      ) : (
        <ReviewSignIn href={signInPath(`${product.path}#reviews`)} />
      )}
      <ReviewList reviews={reviews} total={total} />
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

function useSignedIn() {
  return useRouteLoaderData<typeof rootLoader>("root")?.user;
}
