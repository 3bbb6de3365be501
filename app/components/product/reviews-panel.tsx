import { type ComponentProps, type ComponentType, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { signInPath } from "../../../workers/services/platform/paths";
import { useHydrated } from "../../lib/hooks/use-hydrated";
import type { RatingSummary } from "../../lib/product-options";
import { useRootData } from "../../lib/root-data";
import { useToast } from "../toast/toast";
import { RatingStars } from "./rating-stars";
import type { ReviewAnswer } from "./review-form";
import { type ReviewItem, ReviewList } from "./review-list";
import { ReviewSignIn } from "./review-sign-in";

/**
 * The form's code reaches only a signed-in shopper's browser, as its own chunk, and only once she
 * comes to the reviews: most product views never do, so the page's first load does not carry it. The
 * server writes the form into the page in place (app/lib/reviews.server.ts hands it the component:
 * `provideServerReviewForm`), and there it is a plain form that posts without the script. In the
 * browser that form is left as the server wrote it (an element React does not look into) until the
 * panel shows or she touches or focuses into it; then the chunk is fetched and the form drawn by
 * React in its place, with the stars and words she had already given it.
 */
type ReviewFormComponent = ComponentType<ComponentProps<typeof import("./review-form").ReviewForm>>;
let serverReviewForm: ReviewFormComponent | undefined;
export function provideServerReviewForm(component: ReviewFormComponent): void {
  serverReviewForm = component;
}
let loadedReviewForm: ReviewFormComponent | undefined;
let loadingReviewForm: Promise<ReviewFormComponent> | undefined;
const loadReviewForm = () =>
  (loadingReviewForm ??= import("./review-form").then((m) => {
    loadedReviewForm = m.ReviewForm;
    return m.ReviewForm;
  }));

/** Left alone by React: the server's form inside stays as it is until the form's code is here. */
const KEPT = { __html: "" };

/** What she gave the server's form (and where she was in it), for the form React draws in its place. */
function carriedFrom(slot: HTMLElement | null): { values: Record<string, string>; focused: string | null } {
  const form = slot?.querySelector("form");
  if (!form) return { values: {}, focused: null };
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
  const active = document.activeElement;
  const focused = active && form.contains(active) ? (active.getAttribute("name") ?? null) : null;
  return { values, focused };
}

function ReviewFormSlot(props: ComponentProps<ReviewFormComponent> & { reached: boolean }) {
  const { reached, ...formProps } = props;
  const slot = useRef<HTMLDivElement>(null);
  const [Form, setForm] = useState<ReviewFormComponent | undefined>(() => serverReviewForm ?? loadedReviewForm);
  const carried = useRef<ReturnType<typeof carriedFrom> | null>(null);

  // Drawn by the browser itself (she came here by a link, not by loading the page): no server form to keep.
  const hydrated = useHydrated();
  const [drawnHere] = useState(hydrated);
  useEffect(() => {
    if ((reached || drawnHere) && !Form) void loadReviewForm().then((loaded) => setForm(() => loaded));
  }, [reached, drawnHere, Form]);

  // The server's form is read in the render that replaces it, so nothing typed up to then is lost.
  if (Form && !serverReviewForm && carried.current === null) carried.current = carriedFrom(slot.current);
  useEffect(() => {
    const name = carried.current?.focused;
    if (Form && name) slot.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  }, [Form]);

  if (!Form) {
    // During hydration and until the code is here: the server's form, untouched.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: empty, so React keeps the server's form as it is
    return <div ref={slot} className="review-form-slot" suppressHydrationWarning dangerouslySetInnerHTML={KEPT} />;
  }
  return (
    <div ref={slot} className="review-form-slot">
      <Form {...formProps} given={carried.current?.values} />
    </div>
  );
}

/** What the review route's loader answers for "Show more" (app/routes/catalog/product-reviews.ts). */
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
  const root = useRootData();
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
  // She has come to the reviews: the panel shows, or she touches or focuses into it.
  const panel = useRef<HTMLDivElement>(null);
  const [reached, setReached] = useState(false);
  const signedIn = Boolean(root?.user);
  useEffect(() => {
    const element = panel.current;
    if (!element || !signedIn || reached) return;
    const reach = () => setReached(true);
    const seen =
      typeof IntersectionObserver === "undefined" ? null : new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && reach());
    if (seen) seen.observe(element);
    else reach();
    element.addEventListener("focusin", reach);
    element.addEventListener("pointerdown", reach);
    return () => {
      seen?.disconnect();
      element.removeEventListener("focusin", reach);
      element.removeEventListener("pointerdown", reach);
    };
  }, [signedIn, reached]);

  return (
    <div className="reviews-panel" ref={panel}>
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
      {signedIn ? (
        <ReviewFormSlot productId={product.id} productName={product.name} action={formAction} answer={answer} reached={reached} />
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
