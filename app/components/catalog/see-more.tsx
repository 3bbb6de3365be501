import { ListingLink } from "./listing-link";
import { Spinner } from "./spinner";

/**
 * How far through the list the shopper is, and "See More": a link to the next page of the same URL,
 * so it works without JavaScript (the page reloads showing both pages, at the first new card). With
 * JavaScript the new cards are added in place and focus moves to the first of them.
 */
export function SeeMore({
  href,
  shown,
  total,
  hasMore,
  loading,
}: {
  href: string;
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
}) {
  const percent = total > 0 ? Math.min(100, Math.round((shown / total) * 100)) : 100;
  return (
    <div className="see-more">
      <p className="see-more__progress">
        Showing {shown} of {total} {total === 1 ? "product" : "products"}
      </p>
      <div className="see-more__bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </div>
      {hasMore && (
        <ListingLink
          to={href}
          anchor={`item-${shown + 1}`}
          state={{ focusItem: shown + 1 }}
          className="button button--secondary see-more__button"
          aria-disabled={loading || undefined}
        >
          {loading ? (
            <>
              <Spinner /> Loading more products…
            </>
          ) : (
            <>
              See More<span className="visually-hidden"> products</span>
            </>
          )}
        </ListingLink>
      )}
    </div>
  );
}
