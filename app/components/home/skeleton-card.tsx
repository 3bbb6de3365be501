/** A product card's shape in sand while its data loads; the same box as the card, so nothing moves. */
export function SkeletonCard() {
  return (
    <div className="skeleton-card" aria-hidden="true">
      <div className="skeleton-card__media" />
      <div className="skeleton-card__line skeleton-card__line--short" />
      <div className="skeleton-card__line" />
      <div className="skeleton-card__line skeleton-card__line--price" />
      <div className="skeleton-card__actions">
        <div />
        <div />
      </div>
    </div>
  );
}
