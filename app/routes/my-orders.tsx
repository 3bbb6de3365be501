import { settings } from "../../workers/services/settings";
import { AccountEmpty } from "../components/account-empty";
import { signedInOnly } from "../lib/auth.server";
import type { Route } from "./+types/my-orders";

/**
 * My Orders (protected, SPEC §2): a signed-out shopper is sent to sign-in and back. Its contents
 * arrive with their own issue; until then the list is honestly empty, as nothing can be added yet.
 */
export const meta: Route.MetaFunction = () => [{ title: `My Orders | ${settings.brand.name}` }, { name: "robots", content: "noindex" }];

export const loader = signedInOnly;

export default function Page() {
  return (
    <AccountEmpty eyebrow="My Orders" title="No orders found.">
      Orders you place appear here, with their payment and delivery status.
    </AccountEmpty>
  );
}
