import type { Review } from "../../workers/services/catalog";
import type { ReviewItem } from "../components/product/review-list";

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
