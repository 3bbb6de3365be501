import { useFetchers, useNavigation } from "react-router";
import { useRootData } from "./root-data";

/**
 * The header's counts and the hearts' state as the shopper expects them this instant: the root
 * loader's figures (read with the session check) plus every cart or wishlist form still on its way.
 * A form the server refuses stops counting the moment its answer arrives, so a refused change
 * corrects itself; an accepted one is replaced by the revalidated figures.
 *
 * Forms that change the cart say so with `intent` (add-to-cart, update, remove, clear) and carry
 * `quantity` (add, update) and `was`, the line's quantity as shown (update, remove): `was` only
 * serves this estimate, the server never reads it. Wishlist forms post `intent` add or remove and
 * `productId` to /wishlist.
 */
export function useShopperCounts(): { cartCount: number; wishlisted: (productId: number) => boolean; wishlistCount: number } {
  const root = useRootData();
  const navigation = useNavigation();
  const pending = [...useFetchers(), navigation]
    .filter((f) => f.state !== "idle" && f.formData && f.formMethod?.toUpperCase() === "POST")
    .map((f) => ({ action: f.formAction ?? "", form: f.formData as FormData }));

  let cartCount = root?.cartCount ?? 0;
  const wishlist = new Set(root?.wishlistIds ?? []);
  const whole = (form: FormData, name: string) => {
    const n = Number(form.get(name));
    return Number.isSafeInteger(n) && n > 0 ? n : 0;
  };
  for (const { action, form } of pending) {
    const intent = form.get("intent");
    if (action.split("?")[0] === "/wishlist") {
      const id = Number(form.get("productId"));
      if (intent === "add") wishlist.add(id);
      else if (intent === "remove") wishlist.delete(id);
      continue;
    }
    if (intent === "add-to-cart") cartCount += whole(form, "quantity") || 1;
    else if (intent === "update" && whole(form, "quantity")) cartCount += whole(form, "quantity") - whole(form, "was");
    else if (intent === "remove") cartCount -= whole(form, "was");
    else if (intent === "clear") cartCount = 0;
  }
  return { cartCount: Math.max(cartCount, 0), wishlisted: (id) => wishlist.has(id), wishlistCount: wishlist.size };
}
