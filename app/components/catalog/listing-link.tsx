import { NavigatingLink, type ShopLinkProps } from "../shop-link";

interface ListingLinkProps extends Omit<ShopLinkProps, "state" | "replace" | "preventScrollReset"> {
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

export function ListingLink({ to, anchor, state, ...rest }: ListingLinkProps) {
  // The client navigation leaves the fragment out: the listing scrolls or focuses by itself.
  return (
    <NavigatingLink
      {...rest}
      to={to}
      href={anchor ? `${to}#${anchor}` : to}
      options={{ replace: false, preventScrollReset: true, state }}
    />
  );
}
