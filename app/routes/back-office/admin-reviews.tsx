import { data, redirect, useNavigation } from "react-router";
import {
  HIDE_REASON_MAX,
  hideReview,
  listReviews,
  REVIEW_FILTERS,
  REVIEW_MODERATION_MESSAGES,
  type ReviewFilter,
  showReview,
} from "../../../workers/services/back-office/admin-reviews";
import { settings } from "../../../workers/services/content/settings";
import { AppError } from "../../../workers/services/platform/errors";
import { AdminFilters, AdminPager } from "../../components/admin/admin-lists";
import { when } from "../../components/admin/admin-when";
import { PageNotice } from "../../components/admin/page-notice";
import { OnceForm } from "../../components/forms/once-form";
import { ShopLink } from "../../components/shop-link";
import { formProblem, readForm } from "../../lib/auth.server";
import { staffAction, staffPage } from "../../lib/back-office/admin.server";
import type { Route } from "./+types/admin-reviews";

/**
 * Review moderation: reviews newest first; Hide (with a reason) and Show forms per
 * review post here and answer with a redirect and a notice, so they work without JavaScript. A hidden
 * review leaves the product page and its average.
 */
const NOTICES = {
  hidden: REVIEW_MODERATION_MESSAGES.hidden,
  alreadyHidden: REVIEW_MODERATION_MESSAGES.alreadyHidden,
  shown: REVIEW_MODERATION_MESSAGES.shown,
  alreadyShown: REVIEW_MODERATION_MESSAGES.alreadyShown,
} as const;
type Notice = keyof typeof NOTICES;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const list = await staffPage(listReviews(context.services, Object.fromEntries(params)));
  const notice = params.get("notice");
  return {
    ...list,
    notice: notice && Object.hasOwn(NOTICES, notice) ? NOTICES[notice as Notice] : null,
    filters: REVIEW_FILTERS,
    reasonMax: HIDE_REASON_MAX,
  };
}

/** Back to the list the form was posted from (its filter and page), with the notice. */
function backTo(request: Request, notice: Notice) {
  const params = new URL(request.url).searchParams;
  const keep = new URLSearchParams();
  const filter = params.get("filter");
  const page = params.get("page");
  if (filter && (REVIEW_FILTERS as readonly string[]).includes(filter) && filter !== "all") keep.set("filter", filter);
  if (page && /^\d{1,6}$/.test(page) && page !== "1") keep.set("page", page);
  keep.set("notice", notice);
  return `/admin/reviews?${keep}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  await staffAction(context.services);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const reviewId = String(form.get("reviewId") ?? "");
  const reason = typeof form.get("reason") === "string" ? String(form.get("reason")) : "";
  try {
    if (intent === "hide") {
      const res = await hideReview(context.services, reviewId, { reason });
      throw redirect(backTo(request, res.changed ? "hidden" : "alreadyHidden"));
    }
    if (intent === "show") {
      const res = await showReview(context.services, reviewId);
      throw redirect(backTo(request, res.changed ? "shown" : "alreadyShown"));
    }
  } catch (err) {
    if (err instanceof Response) throw err;
    if (err instanceof AppError && err.status === 404) throw data(null, { status: 404 });
    const problem = formProblem(err, { reason: reason.slice(0, HIDE_REASON_MAX + 100), reviewId }, "The review could not be changed");
    return problem;
  }
  return data({ message: "Unknown action.", values: { reviewId } as Record<string, string> }, { status: 400 });
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `Reviews | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

const FILTER_LABELS: Record<ReviewFilter, string> = { all: "All", visible: "Visible", hidden: "Hidden" };

function listHref(filter: ReviewFilter, page = 1) {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (page > 1) params.set("page", String(page));
  const q = params.toString();
  return q ? `/admin/reviews?${q}` : "/admin/reviews";
}

export default function AdminReviews({ loaderData: l, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? String(navigation.formData?.get("reviewId") ?? "") : "";
  const formAction = listHref(l.filter, l.page);
  const failedId = actionData?.values?.reviewId;
  return (
    <div className="admin-page">
      <header className="admin-page__head">
        <h1>Reviews</h1>
        <p className="admin-muted">Newest first. A hidden review leaves the product page and its average.</p>
      </header>
      <PageNotice notice={actionData ? undefined : l.notice} />
      <AdminFilters label="Filter reviews" filters={l.filters} current={l.filter} labels={FILTER_LABELS} href={(f) => listHref(f)} />
      {l.reviews.length === 0 ? (
        <p className="admin-panel">No reviews here.</p>
      ) : (
        <ol className="admin-reviews">
          {l.reviews.map((r) => {
            const error = failedId === String(r.id) ? actionData?.message : undefined;
            const errorId = `review-${r.id}-error`;
            return (
              <li key={r.id} className={`admin-panel admin-review${r.hidden ? " admin-review--hidden" : ""}`}>
                <article aria-labelledby={`review-${r.id}-title`}>
                  <h2 id={`review-${r.id}-title`} className="admin-review__title">
                    <ShopLink to={r.product.path}>{r.product.name}</ShopLink>
                  </h2>
                  <p className="admin-muted">
                    {r.name}
                    {r.reviewerEmail ? ` (${r.reviewerEmail})` : ""}, {when(r.createdAt)}
                    {r.verified ? ", verified purchase" : ""}
                  </p>
                  <p>
                    Rating: {r.rating} out of 5 · {r.hidden ? <strong>Hidden</strong> : "Visible"}
                    {r.hidden && r.hiddenReason ? ` (reason: ${r.hiddenReason})` : ""}
                  </p>
                  <div className="admin-message__text">{r.comment}</div>
                  {r.hidden ? (
                    <OnceForm method="post" action={formAction} className="admin-review__form">
                      <input type="hidden" name="intent" value="show" />
                      <input type="hidden" name="reviewId" value={r.id} />
                      <button type="submit" className="button button--secondary" disabled={busyId === String(r.id)}>
                        Show<span className="visually-hidden"> the review by {r.name}</span>
                      </button>
                    </OnceForm>
                  ) : (
                    <OnceForm method="post" action={formAction} className="admin-review__form">
                      <input type="hidden" name="intent" value="hide" />
                      <input type="hidden" name="reviewId" value={r.id} />
                      <label htmlFor={`review-${r.id}-reason`}>Reason for hiding</label>
                      <input
                        id={`review-${r.id}-reason`}
                        name="reason"
                        type="text"
                        required
                        maxLength={l.reasonMax}
                        defaultValue={error ? (actionData?.values?.reason ?? "") : ""}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                      />
                      <button type="submit" className="button button--secondary" disabled={busyId === String(r.id)}>
                        {busyId === String(r.id) ? "Hiding…" : "Hide"}
                        <span className="visually-hidden"> the review by {r.name}</span>
                      </button>
                      {error && (
                        <p id={errorId} className="notice notice--error" role="alert">
                          {error}
                        </p>
                      )}
                    </OnceForm>
                  )}
                </article>
              </li>
            );
          })}
        </ol>
      )}
      <AdminPager page={l.page} pages={l.pages} href={(page) => listHref(l.filter, page)} />
    </div>
  );
}
