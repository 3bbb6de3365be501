import type { Review } from "../../workers/services/catalog/catalog";
import type { ServiceContext } from "../../workers/services/platform/context";
import { REVIEW_MESSAGES, reviewProblems } from "../../workers/services/shopping/reviews.rules";
import { type ReviewAnswer, ReviewForm } from "../components/product/review-form";
import type { ReviewItem } from "../components/product/review-list";
import { provideServerReviewForm } from "../components/product/reviews-panel";

// The server renders the review form in place; the browser loads its chunk lazily (reviews-panel.tsx).
provideServerReviewForm(ReviewForm);

// In Indian time, whatever the server's zone.
const reviewDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/** A review as a page sends it to the browser: its date written out on the server. */
export function reviewItem({ createdAt, ...review }: Review): ReviewItem {
  return { ...review, date: createdAt.toISOString(), dateText: reviewDate.format(createdAt) };
}

/** At most this much of her comment rides back in the URL (percent-encoded), well under URL limits. */
const MAX_CARRIED = 6000;

/**
 * The URL a review posted without JavaScript comes back to when refused: the product page's reviews,
 * with why (`reviewError`) and what she sent, so the form is shown again filled in.
 */
export function refusedReviewUrl(productPage: string, code: "invalid" | "gone" | "failed", sent: { rating: unknown; comment: unknown }) {
  const back = new URLSearchParams({ reviewError: code });
  if (typeof sent.rating === "string" && /^[1-5]$/.test(sent.rating)) back.set("rating", sent.rating);
  if (typeof sent.comment === "string" && sent.comment) {
    let comment = Array.from(sent.comment).slice(0, 2001).join("");
    while (encodeURIComponent(comment).length > MAX_CARRIED) comment = comment.slice(0, Math.floor(comment.length * 0.8));
    back.set("comment", comment);
  }
  return `${productPage}?${back}#reviews`;
}

/**
 * What the Reviews tab says after a review posted without JavaScript came back (`?reviewed=` or
 * `?reviewError=`, see app/routes/catalog/product-reviews.ts); only to a signed-in shopper, since a
 * signed-out page may be shared from the edge cache. A refusal's field messages are worked out again
 * from what she sent, by the same rules the server applied.
 */
export async function reviewFeedback(services: ServiceContext, url: URL): Promise<{ notice: string | null; answer: ReviewAnswer | null }> {
  const none = { notice: null, answer: null };
  const reviewed = url.searchParams.get("reviewed");
  const error = url.searchParams.get("reviewError");
  if (reviewed !== "new" && reviewed !== "updated" && !error) return none;
  if (!(await services.user())) return none;
  if (reviewed === "new" || reviewed === "updated") {
    return { notice: reviewed === "new" ? REVIEW_MESSAGES.created : REVIEW_MESSAGES.updated, answer: null };
  }
  const values = { rating: url.searchParams.get("rating") ?? "", comment: url.searchParams.get("comment") ?? "" };
  if (error === "invalid") {
    const found = reviewProblems(values);
    // Only a comment too long to carry back whole can lose its problem on the way.
    const fields = found.rating || found.comment ? found : { comment: REVIEW_MESSAGES.commentTooLong };
    return { notice: null, answer: { message: (fields.rating ?? fields.comment)!, fields, values } };
  }
  const message = error === "gone" ? REVIEW_MESSAGES.productNotFound : REVIEW_MESSAGES.failed;
  return { notice: null, answer: { message, values } };
}
