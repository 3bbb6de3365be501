import { settings } from "../../workers/services/content/settings";
import type { StoreContact } from "../../workers/services/content/shop-settings.rules";
import { INFORMATION_PAGES, POLICY_PAGES } from "../../workers/services/content/site-pages.rules";
import { Kept } from "../lib/kept-html";
import { useRootData } from "../lib/root-data";
import { useStoreContact } from "../lib/store-contact";
import { BrandMark, FacebookIcon, InstagramIcon, YoutubeIcon } from "./icons";
import { ShopLink } from "./shop-link";

const SOCIAL_ICONS: Record<string, () => React.JSX.Element> = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  YouTube: YoutubeIcon,
};

function LinkList({ title, links }: { title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav className="footer-col" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {links.map(({ to, label }) => (
          <li key={to}>
            <ShopLink to={to}>{label}</ShopLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  // The year comes from the server render, so a browser clock on another year cannot break hydration.
  const year = useRootData()?.year ?? new Date().getFullYear();
  const store = useStoreContact();
  // The same for every shopper and page until the owner changes the store's details (or the year
  // turns): the server writes the HTML it rendered the first time (kept-html.tsx).
  return (
    <Kept as="footer" className="site-footer" name="footer" inputs={{ year, store }}>
      {(inputs) => <FooterContent {...inputs} />}
    </Kept>
  );
}

function FooterContent({ year, store }: { year: number; store: StoreContact }) {
  const { brand, social, paymentMethods } = settings;
  const { address } = store;
  return (
    <>
      <div className="container footer-grid">
        <section className="footer-brand" aria-label={brand.name}>
          <ShopLink to="/" className="wordmark">
            <BrandMark />
            <span>{brand.name}</span>
          </ShopLink>
          <p>{brand.tagline}</p>
          <ul className="social-links">
            {social.map(({ name, href }) => {
              const Icon = SOCIAL_ICONS[name];
              return (
                <li key={name}>
                  <a href={href} target="_blank" rel="noopener" aria-label={`${brand.name} on ${name} (opens in a new tab)`}>
                    {Icon ? <Icon /> : name}
                  </a>
                </li>
              );
            })}
          </ul>
        </section>

        <LinkList title="Policies" links={POLICY_PAGES} />
        <LinkList title="Information" links={INFORMATION_PAGES} />

        <section className="footer-col" aria-labelledby="footer-visit">
          <h2 id="footer-visit">Visit our store</h2>
          <address>
            {address.line1}
            {address.line2 && `, ${address.line2}`}
            <br />
            {address.city}, {address.state} {address.pin}
            <br />
            <a href={store.phoneHref}>{store.phone}</a>
            <br />
            <a href={`mailto:${store.email}`}>{store.email}</a>
          </address>
          <p>Business hours: {store.hours}</p>
        </section>
      </div>

      <div className="container footer-bottom">
        <div className="payments">
          <span id="footer-payments">We accept</span>
          <ul aria-labelledby="footer-payments">
            {paymentMethods.map((method) => (
              <li key={method}>{method}</li>
            ))}
          </ul>
        </div>
        <p>
          © {year} {brand.name}. All rights reserved.
        </p>
      </div>
    </>
  );
}
