import type { Review } from "../../../workers/services/catalog/catalog";
import { RatingStars } from "./rating-stars";

/** A review as the page gets it: its date already written out on the server (in Indian time). */
export type ReviewItem = Omit<Review, "createdAt"> & { date: string; dateText: string };

/** The product's newest reviews; `total` counts them all. Comments are text, never markup (React escapes them). */
export function ReviewList({ reviews, total }: { reviews: readonly ReviewItem[]; total: number }) {
  if (reviews.length === 0) return <p className="reviews-empty">No reviews yet</p>;
  return (
    <>
      {total > reviews.length && (
        <p className="reviews-count">
          Showing the {reviews.length} newest of {total} reviews
        </p>
      )}
      <ol className="review-list">
        {reviews.map((review) => (
          <li key={review.id} className="review">
            <div className="review__head">
              <p className="review__name">{review.name || "Anonymous"}</p>
              {review.verified && <p className="review__verified">Verified purchase</p>}
            </div>
            <p className="review__rating">
              <RatingStars filled={review.rating} />
              <span className="visually-hidden">Rated {review.rating} out of 5</span>
              <time dateTime={review.date}>{review.dateText}</time>
            </p>
            {review.comment && <p className="review__comment">{review.comment}</p>}
          </li>
        ))}
      </ol>
    </>
  );
}
