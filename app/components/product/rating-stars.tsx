import type { CSSProperties } from "react";

/**
 * Five stars, `filled` of them solid. Decorative: the text beside them carries the rating. Drawn by
 * CSS (`.stars` in product-choice.css) on one element rather than five SVGs: a product page shows a row per
 * review, and every element is render time on the server and layout time on a phone.
 */
export function RatingStars({ filled }: { filled: number }) {
  const shown = Math.max(0, Math.min(5, Math.round(filled)));
  return <span className="stars" data-filled={shown} style={{ "--filled": shown } as CSSProperties} aria-hidden="true" />;
}
