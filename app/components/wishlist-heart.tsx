import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { WISHLIST_UPDATE_FAILED, type WishlistAnswer } from "../../workers/services/shopping/wishlist.rules";
import { useHydrated } from "../lib/hooks/use-hydrated";
import { useRootData } from "../lib/root-data";
import { useShopperCounts } from "../lib/shopper-counts";
import { HeartIcon } from "./icons";
import { useToast } from "./toast/toast";

interface WishlistHeartProps {
  productId: number;
  /** The product's name, for the button's accessible name. */
  name: string;
  /** Where it sits: on a card's picture, beside the product page's title, in the card modal. */
  className?: string;
}

/**
 * The wishlist heart (docs/product/shopping.md), for signed-in shoppers only: a real form posting intent add
 * or remove and the product id to /wishlist. Its state is `useShopperCounts().wishlisted`, so it
 * fills (and the header badge counts) the moment it is pressed, and goes back if the server refuses.
 * Without JavaScript the form also carries `redirect`, and the shopper comes back to this page.
 * Product and listing pages are edge-cached for signed-out visitors only, who never see a heart.
 */
export function WishlistHeart(props: WishlistHeartProps) {
  // Signed out (and so on every edge-cached page): nothing, not even the form's hooks, per card.
  const root = useRootData();
  return root?.user ? <HeartForm {...props} /> : null;
}

function HeartForm({ productId, name, className }: WishlistHeartProps) {
  const { wishlisted } = useShopperCounts();
  const fetcher = useFetcher<WishlistAnswer>();
  const hydrated = useHydrated();
  const toast = useToast();
  const { pathname, search } = useLocation();

  // Each answer speaks once, as soon as it arrives: while the pages revalidate, before a card the
  // answer takes away (on the wishlist page) is gone.
  const spoken = useRef<WishlistAnswer | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || spoken.current === answer) return;
    spoken.current = answer;
    if (answer.ok) toast.success(answer.message);
    else toast.error(answer.message || WISHLIST_UPDATE_FAILED);
  }, [fetcher.data, toast]);

  const on = wishlisted(productId);
  return (
    <fetcher.Form method="post" action="/wishlist" className={className ? `wishlist-heart ${className}` : "wishlist-heart"}>
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      {!hydrated && <input type="hidden" name="redirect" value={pathname + search} />}
      <button
        type="submit"
        className="wishlist-heart__button"
        // One name; the state is aria-pressed's to say (a name that changed too would say it twice).
        aria-pressed={on}
        aria-label={`Save ${name} to wishlist`}
      >
        <HeartIcon />
      </button>
    </fetcher.Form>
  );
}
