import { Footer } from "./footer";
import { Header } from "./header";
import { PromoMarquee } from "./promo-marquee";
import { useShopLinkNavigation } from "./shop-link";

/** The frame every page sits in. The home variant adds the offer band and a see-through top bar. */
export function PageShell({ home = false, children }: { home?: boolean; children: React.ReactNode }) {
  useShopLinkNavigation();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {home && <PromoMarquee />}
      <Header overlay={home} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
