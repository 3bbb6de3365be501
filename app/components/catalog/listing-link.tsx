import { Link, type LinkProps, useNavigate } from "react-router";

interface ListingLinkProps extends Omit<LinkProps, "to" | "state"> {
  to: string;
  /**
   * Where a full page load should land (an element id). Without JavaScript the browser jumps there;
   * with it the page stays where it is and the listing scrolls or focuses by itself, so the
   * fragment is left out of the client navigation.
   */
  anchor?: string;
  state?: ListingNavigationState;
}

/** What a listing link asks the next render to do with focus (read by useListingFocus). */
export interface ListingNavigationState {
  /** Focus the listing's heading: the shopper chose a category tile above the grid. */
  focusHeading?: boolean;
  /** Focus this product (1-based) after "See More", the first of the newly shown ones. */
  focusItem?: number;
}

export function ListingLink({ to, anchor, state, onClick, ...rest }: ListingLinkProps) {
  const navigate = useNavigate();
  return (
    <Link
      {...rest}
      to={anchor ? `${to}#${anchor}` : to}
      onClick={(event) => {
        onClick?.(event);
        const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
        if (event.defaultPrevented || !plainClick) return;
        event.preventDefault();
        navigate(to, { preventScrollReset: true, state });
      }}
    />
  );
}
