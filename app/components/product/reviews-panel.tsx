import { useEffect, useRef, useState } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { signInPath } from "../../../workers/services/paths";
import type { RatingSummary } from "../../lib/product-options";
import { useHydrated } from "../../lib/use-hydrated";
import type { loader as rootLoader } from "../../root";
import { useToast } from "../toast/toast";
import { RatingStars } from "./rating-stars";
import { type ReviewAnswer, ReviewForm, ReviewSignIn } from "./review-form";
import { type ReviewItem, ReviewList } from "./review-list";

/** What the review route's loader answers for "Show more" (app/routes/product-reviews.ts). */
export type ReviewsPage = { reviews: ReviewItem[]; offset: number; hasMore: boolean } | { message: string };

interface ReviewsPanelProps {
  product: { id: number; name: string; path: string };
  summary: RatingSummary | null;
  /** Every review of the product (the kept count); `reviews` are the newest of them. */
  total: number;
  reviews: readonly ReviewItem[];
  /** A refused review posted without JavaScript, to show with what she typed. */
  answer?: ReviewAnswer;
  /** Reviews a "Show more" adds (settings.catalogue.reviewsShown, from the loader: the page's
   *  browser code does not import the settings module for one number). */
  pageSize: number;
  /** Said once after a review posted without JavaScript came back here. */
  notice?: string | null;
}

/** The page's own URL asking for `n` reviews: the "Show more" of a page without JavaScript. */
const moreHref = (path: string, n: number) => `${path}?reviews=${n}#reviews`;

/**
 * The Reviews tab: the average and count, the newest reviews with "Show more" beyond them, and the
 * form (signed in) or a way to sign in and come back (signed out). "Show more" is a link to this page
 * with `?reviews=N`, which the product loader honours, so it works without JavaScript; once hydrated
 * it loads the next page from the review route's loader with a fetcher and adds it below instead.
 */
export function ReviewsPanel({ product, summary, total, reviews, pageSize, answer, notice }: ReviewsPanelProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const hydrated = useHydrated();
  const toast = useToast();
  const more = useFetcher<ReviewsPage>();
  const [extra, setExtra] = useState<ReviewItem[]>([]);
  const [hasMoreExtra, setHasMoreExtra] = useState<boolean | null>(null);

  // A revalidation (a review just posted) starts the list afresh from the page's newest reviews.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reviews` changing is the trigger
  useEffect(() => {
    setExtra([]);
    setHasMoreExtra(null);
  }, [reviews]);

  // Each page the fetcher brings is added once (not again when a revalidation changes `reviews`).
  const added = useRef<ReviewsPage | undefined>(undefined);
  useEffect(() => {
    const page = more.data;
    if (!page || more.state !== "idle" || added.current === page) return;
    added.current = page;
    if (!("reviews" in page)) {
      toast.error(`Failed to load reviews: ${page.message}`);
      return;
    }
    setExtra((shown) => {
      const seen = new Set([...reviews, ...shown].map((r) => r.id));
      return [...shown, ...page.reviews.filter((r) => !seen.has(r.id))];
    });
    setHasMoreExtra(page.hasMore);
  }, [more.data, more.state, reviews, toast]);

  const shown = [...reviews, ...extra];
  const hasMore = hasMoreExtra ?? total > reviews.length;
  const formAction = `${product.path}/reviews`;

  return (
    <div className="reviews-panel">
      {summary ? (
        <p className="reviews-panel__summary">
          <RatingStars filled={summary.stars} />
          <span aria-hidden="true">
            <strong>{summary.value}</strong> out of 5 · {total} {total === 1 ? "review" : "reviews"}
          </span>
          <span className="visually-hidden">{summary.label}</span>
        </p>
      ) : null}
      {notice && (
        <p className="form-message form-message--success" role="status">
          {notice}
        </p>
      )}
      {root?.user ? (
        <ReviewForm productId={product.id} productName={product.name} action={formAction} answer={answer} />
      ) : (
        <ReviewSignIn href={signInPath(`${product.path}#reviews`)} />
      )}
      <ReviewList reviews={shown} total={total} />
      {hasMore && (
        <p className="reviews-panel__more">
          <a
            className="button button--secondary"
            href={moreHref(product.path, shown.length + pageSize)}
            aria-busy={more.state !== "idle" || undefined}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              if (more.state === "idle") more.load(`${formAction}?offset=${shown.length}`);
            }}
          >
            {more.state !== "idle" ? "Loading…" : "Show more reviews"}
          </a>
        </p>
      )}
    </div>
  );
}
