import { settings } from "../../workers/services/settings";
import { AccountEmpty } from "../components/account-empty";
import { signedInOnly } from "../lib/auth.server";
import type { Route } from "./+types/cart";

/**
 * Your cart (protected, SPEC §2): a signed-out shopper is sent to sign-in and back. Its contents
 * arrive with their own issue; until then the list is honestly empty, as nothing can be added yet.
 */
export const meta: Route.MetaFunction = () => [{ title: `Your cart | ${settings.brand.name}` }, { name: "robots", content: "noindex" }];

export const loader = signedInOnly;

export default function Page() {
  return (
    <AccountEmpty eyebrow="Your cart" title="Your cart is empty.">
      Pieces you add to your cart wait here until you check out.
    </AccountEmpty>
  );
}
