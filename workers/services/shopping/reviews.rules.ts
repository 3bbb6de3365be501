/**
 * Review limits and messages as plain values (no zod, no database): the review form imports them to
 * check a review before it is sent, and `reviews.schema.ts` builds the server's checks from the same
 * values, so the browser and the server say the same thing (docs/product/shopping.md).
 */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const COMMENT_MIN = 2;
export const COMMENT_MAX = 2000;

/** Each star of the rating radio group, as a screen reader names it. */
export const STAR_LABELS = ["1 star, poor", "2 stars, fair", "3 stars, good", "4 stars, very good", "5 stars, excellent"] as const;

export const REVIEW_MESSAGES = {
  ratingRequired: "Please select a rating",
  ratingInvalid: `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`,
  commentRequired: "Please write a comment",
  commentTooShort: `Your comment must be at least ${COMMENT_MIN} characters`,
  commentTooLong: `Your comment must be at most ${COMMENT_MAX.toLocaleString("en-IN")} characters`,
  created: "Thank you! Your review has been posted.",
  updated: "Your review has been updated.",
  failed: "Failed to submit review",
  productNotFound: "Product not found",
} as const;

/** Characters as a shopper counts them: an emoji or a Devanagari letter is one, whatever its UTF-16 length. */
export function commentLength(comment: string): number {
  let n = 0;
  for (const _ of comment.trim()) n += 1;
  return n;
}

/** What the server would refuse in a comment, or null: the browser's copy of the rule. */
export function commentProblem(comment: string): string | null {
  const n = commentLength(comment);
  if (n === 0) return REVIEW_MESSAGES.commentRequired;
  if (n < COMMENT_MIN) return REVIEW_MESSAGES.commentTooShort;
  if (n > COMMENT_MAX) return REVIEW_MESSAGES.commentTooLong;
  return null;
}

/** A rating as a form or a JSON client sends it: a whole number 1 to 5 (or its digits), else a message. */
export function ratingProblem(rating: unknown): string | null {
  if (rating === undefined || rating === null || rating === "") return REVIEW_MESSAGES.ratingRequired;
  const n = typeof rating === "string" && /^\d{1,2}$/.test(rating.trim()) ? Number(rating) : rating;
  if (typeof n !== "number" || !Number.isInteger(n) || n < RATING_MIN || n > RATING_MAX) return REVIEW_MESSAGES.ratingInvalid;
  return null;
}

/** Every problem of a review as typed, by field (the first one is what a toast says); empty when it may be sent. */
export function reviewProblems(input: { rating: unknown; comment: string }): { rating?: string; comment?: string } {
  const rating = ratingProblem(input.rating);
  const comment = commentProblem(input.comment);
  return { ...(rating && { rating }), ...(comment && { comment }) };
}
