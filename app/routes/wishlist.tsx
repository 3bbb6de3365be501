import { Link } from "react-router";
import { settings } from "../../workers/services/settings";
import { StatusPage } from "../components/status-page";
import { requirePageUser } from "../lib/auth.server";
import type { Route } from "./+types/wishlist";

/**
 * Your wishlist (protected, SPEC §2): a signed-out shopper is sent to sign-in and back. Shopping data
 * arrives with its own issue; until then the list is honestly empty, because nothing can be added yet.
 */
export const meta: Route.MetaFunction = () => [
  { title: `Your wishlist | ${settings.brand.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context.services);
  return null;
}

export default function Page() {
  return (
    <StatusPage
      eyebrow="Your wishlist"
      title="Your wishlist is empty."
      actions={
        <Link to="/all-products" className="button button--secondary">
          Browse products
        </Link>
      }
    >
      <p>Tap the heart on anything you love to keep it here.</p>
    </StatusPage>
  );
}
