import { shopperHeader } from "../../workers/services/accounts/header";
import { shopSettings } from "../../workers/services/content/shop-settings";
import { storeContactOf } from "../../workers/services/content/shop-settings.rules";
import type { ServiceContext } from "../../workers/services/platform/context";
import { avatarUrl } from "./avatar";

/**
 * What the root loader answers for every page (root.tsx). Its own module so the header, footer and
 * hearts read its type (root-data.ts) without importing the root route that renders them.
 */
export async function rootData({ request, context }: { request: Request; context: { services: ServiceContext } }) {
  // The header's counts travel with the session check, in the page's batch (one round trip), and so
  // do the shop's settings (the promo line, the footer's address and contact): the page's loader
  // shares that one read. `origin` builds canonical and Open Graph URLs.
  const origin = new URL(request.url).origin;
  const [shopper, shop] = await Promise.all([shopperHeader(context.services), shopSettings(context.services)]);
  return {
    store: storeContactOf(shop),
    cartCount: shopper?.cartCount ?? 0,
    wishlistIds: shopper?.wishlistIds ?? [],
    origin,
    year: new Date().getFullYear(),
    user: shopper && { name: shopper.user.name, avatar: avatarUrl(shopper.user.profileImage, origin) },
  };
}
