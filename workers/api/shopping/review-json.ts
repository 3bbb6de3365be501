import type { Review } from "../../services/catalog/catalog";

// Reviews and ratings as the API shows them, on a product and in a posted review's answer alike.

/** A review as the API shows it (the same fields as a product's `reviews`). */
export function reviewJson(r: Review) {
  return {
    _id: String(r.id),
    name: r.name,
    rating: r.rating,
    comment: r.comment,
    verified: r.verified,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A product's average rating as the API answers it: to 1 decimal, null without reviews. */
export const averageRatingJson = (average: number | null) => (average === null ? null : Math.round(average * 10) / 10);
