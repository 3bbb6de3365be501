import type { RatingSummary } from "../../lib/product-options";
import { RatingStars } from "./rating-stars";

/** The product's stars and review count under its name. */

export function Rating({ summary, count }: { summary: RatingSummary | null; count: number }) {
  if (!summary) return <p className="rating-summary">No reviews yet</p>;
  return (
    <p className="rating-summary">
      <RatingStars filled={summary.stars} />
      <span aria-hidden="true">
        <strong>{summary.value}</strong> ({count} {count === 1 ? "review" : "reviews"})
      </span>
      <span className="visually-hidden">{summary.label}</span>
    </p>
  );
}
