import { type RefObject, useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";
import type { ListingNavigationState } from "./listing-link";

/**
 * After a listing link's navigation, moves focus where the link asked (ListingNavigationState): to
 * the first product "See More" added, or to the list's heading after a category tile. Without it
 * focus would stay on a link the shopper has moved past, or fall to the page when it disappears.
 */
export function useListingFocus(grid: RefObject<HTMLElement | null>, heading: RefObject<HTMLElement | null>) {
  const location = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger: every navigation, even one with equal state, moves focus again.
  useEffect(() => {
    if (navigationType === "POP") return;
    const state = location.state as ListingNavigationState | null;
    if (state?.focusItem) {
      grid.current?.querySelector<HTMLElement>(`#item-${state.focusItem} a[href]`)?.focus({ preventScroll: true });
    } else if (state?.focusHeading) {
      heading.current?.focus({ preventScroll: true });
    }
  }, [location.key, location.state, navigationType, grid, heading]);
}
