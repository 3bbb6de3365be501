import { data, redirect } from "react-router";
import { SIGN_IN_FIRST } from "../../../workers/services/accounts/auth.rules";
import { safeRedirect } from "../../../workers/services/accounts/auth.schema";
import { settings } from "../../../workers/services/content/settings";
import { AppError } from "../../../workers/services/platform/errors";
import { signInPath } from "../../../workers/services/platform/paths";
import { addToWishlist, listWishlist, parseProductId, removeFromWishlist } from "../../../workers/services/shopping/wishlist";
import {
  WISHLIST_ADDED,
  WISHLIST_FETCH_FAILED,
  WISHLIST_REMOVED,
  WISHLIST_UPDATE_FAILED,
  type WishlistAnswer,
  type WishlistIntent,
} from "../../../workers/services/shopping/wishlist.rules";
import { AccountEmpty } from "../../components/account-empty";
import { ProductCard } from "../../components/product-card";
import { formProblem, readForm, signedInRead } from "../../lib/auth.server";
import { toProductCard } from "../../lib/product-card.server";
import { useShopperCounts } from "../../lib/shopper-counts";
import type { Route } from "./+types/wishlist";

/**
 * Your wishlist (protected, docs/product/shopping.md): a signed-out shopper is sent to sign-in and back.
 * Its action is where every heart posts (intent add or remove, productId): with JavaScript a fetcher
 * gets a toast's answer; without, the form also carries `redirect` and the shopper goes back there.
 */
export const meta: Route.MetaFunction = () => [{ title: `Your wishlist | ${settings.brand.name}` }, { name: "robots", content: "noindex" }];

export const handle = { failure: WISHLIST_FETCH_FAILED };

export async function loader({ request, context }: Route.LoaderArgs) {
  // The session check and the list travel in the page's one batch.
  const entries = await signedInRead(request, listWishlist(context.services));
  return { cards: entries.map((entry) => toProductCard(entry.product)) };
}

const isIntent = (value: unknown): value is WishlistIntent => value === "add" || value === "remove";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  // Only a form posted without JavaScript carries `redirect` (the heart drops it once hydrated).
  const posted = form.get("redirect");
  const back = typeof posted === "string" && posted ? safeRedirect(posted, "/wishlist") : null;
  if (!isIntent(intent)) return data<WishlistAnswer>({ ok: false, message: "Unknown action" }, { status: 400 });
  try {
    const productId = parseProductId(form.get("productId"));
    await (intent === "add" ? addToWishlist : removeFromWishlist)(context.services, productId);
    if (back) throw redirect(back);
    return data<WishlistAnswer>({ ok: true, message: intent === "add" ? WISHLIST_ADDED : WISHLIST_REMOVED, intent, productId });
  } catch (err) {
    if (err instanceof Response) throw err;
    if (err instanceof AppError && err.status === 401) {
      if (back) throw redirect(signInPath(back));
      return data<WishlistAnswer>({ ok: false, message: SIGN_IN_FIRST, intent }, { status: 401 });
    }
    return formProblem(err, undefined, WISHLIST_UPDATE_FAILED);
  }
}

export default function WishlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { wishlisted } = useShopperCounts();
  const { cards } = loaderData;
  // A card leaves the moment its heart is pressed (and comes back if the server refuses). It stays
  // mounted, hidden, until the answer is in, so its heart can say how it went.
  const shown = cards.filter((card) => wishlisted(card.id)).length;
  const refused = actionData && !("ok" in actionData && actionData.ok) ? actionData.message : null;
  return (
    <>
      {refused && (
        <p className="notice notice--error container" role="alert">
          {refused}
        </p>
      )}
      {shown === 0 && (
        <AccountEmpty eyebrow="Your Wishlist" title="Your wishlist is empty.">
          Tap the heart on anything you love to keep it here.
        </AccountEmpty>
      )}
      {cards.length > 0 && (
        <div className="wishlist-page container" hidden={shown === 0 || undefined}>
          <header className="wishlist-page__header">
            <h1>Your Wishlist</h1>
            <p className="wishlist-page__count">
              {shown} {shown === 1 ? "piece" : "pieces"} saved for later
            </p>
          </header>
          <section aria-labelledby="wishlist-picks">
            <h2 id="wishlist-picks" className="wishlist-page__picks">
              Your Favorite Picks
            </h2>
            <div className="product-grid">
              {cards.map((card, i) => (
                <ProductCard key={card.id} product={card} aboveFold={i < 4} variant="wishlist" hidden={!wishlisted(card.id)} />
              ))}
            </div>
          </section>
        </div>
      )}
    </>
  );
}
