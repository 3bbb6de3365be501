import type { ReactNode } from "react";
import { settings } from "../../../workers/services/content/settings";
import { ShopLink } from "../shop-link";

/** The closing invitation of the About and Manufacturing pages: the store's address and hours, and Shop Now. */
export function StoreVisit({ title, children, other }: { title: string; children: ReactNode; other: { to: string; label: string } }) {
  const { store } = settings;
  const { address } = store;
  return (
    <>
      <h2 id="visit-title">{title}</h2>
      <p>{children}</p>
      <address className="brand-visit__address">
        {`${address.line1}, ${address.line2}, ${address.city}, ${address.state} ${address.pin}`}
        <br />
        {`Open ${store.hours}`}
      </address>
      <div className="button-row button-row--center">
        <ShopLink to="/all-products" className="button button--primary">
          Shop Now
        </ShopLink>
        <ShopLink to={other.to} className="button button--secondary">
          {other.label}
        </ShopLink>
      </div>
    </>
  );
}
