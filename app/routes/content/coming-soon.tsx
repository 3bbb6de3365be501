import { settings } from "../../../workers/services/content/settings";
import { shopSettings } from "../../../workers/services/content/shop-settings";
import { ComingSoonScreen } from "../../components/catalog/coming-soon-screen";
import { launchCountdown } from "../../components/catalog/launch.server";
import { ShopLink } from "../../components/shop-link";
import { rootOrigin, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/coming-soon";

export async function loader({ context }: Route.LoaderArgs) {
  return { countdown: launchCountdown(context.services.now(), (await shopSettings(context.services)).launchDate) };
}

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  return (
    <ComingSoonScreen
      eyebrow={settings.brand.name}
      countdown={loaderData.countdown}
      actions={
        <ShopLink to="/" className="button button--primary">
          Back to Home
        </ShopLink>
      }
    >
      <p>Our new collection is on the cutting table: festive kurtis, Anarkalis, dresses and sarees, finished by hand in Ghaziabad.</p>
      <p>Follow along for a first look on launch day.</p>
    </ComingSoonScreen>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  return seoMeta({
    title: "Coming Soon",
    description: `${settings.brand.name}'s new collection of ethnic wear is almost ready. Count down to launch day with us.`,
    origin: rootOrigin(matches),
    path: "/coming-soon",
    image: "/media/banners/hero-2.svg",
  });
};
