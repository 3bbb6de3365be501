import { type ComponentProps, type ComponentType, lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { signInPath } from "../../../workers/services/paths";
import type { RatingSummary } from "../../lib/product-options";
import { useHydrated } from "../../lib/use-hydrated";
import type { loader as rootLoader } from "../../root";
import { useToast } from "../toast/toast";
import { RatingStars } from "./rating-stars";
import type { ReviewAnswer } from "./review-form";
import { type ReviewItem, ReviewList } from "./review-list";
import { ReviewSignIn } from "./review-sign-in";

/**
 * The form's code reaches only a signed-in shopper's browser, as its own chunk: signed-out visitors,
 * most of the product page's traffic, never download it. The server must still write the form into
 * the page in place (not stream it after the page: without JavaScript nothing would show it), so it
 * does not wait for a chunk: app/lib/reviews.server.ts hands the component over when the server
 * loads it (`provideServerReviewForm`). The browser keeps the server's form on screen while it
 * fetches the chunk, then hydrates it.
 */
type ReviewFormComponent = ComponentType<ComponentProps<typeof import("./review-form").ReviewForm>>;
let serverReviewForm: ReviewFormComponent | undefined;
export function provideServerReviewForm(component: ReviewFormComponent): void {
  serverReviewForm = component;
}
const LazyReviewForm = lazy(() => import("./review-form").then((m) => ({ default: m.ReviewForm })));
function ReviewForm(props: ComponentProps<ReviewFormComponent>) {
  const Form = serverReviewForm ?? LazyReviewForm;
  return <Form {...props} />;
}

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
  // The same element on every render of the panel (its hydration flag, a "Show more" load): an
  // update reaching the form's boundary before its chunk arrived would make React drop the server's
  // form and draw it afresh (React error 421).
  const form = useMemo(
    () => (
      <Suspense fallback={null}>
        <ReviewForm productId={product.id} productName={product.name} action={formAction} answer={answer} />
      </Suspense>
    ),
    [product.id, product.name, formAction, answer],
  );

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
      {root?.user ? form : <ReviewSignIn href={signInPath(`${product.path}#reviews`)} />}
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
