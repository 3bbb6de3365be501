import { useLocation } from "react-router";
import { BrandMark } from "./icons";
import { ShopLink } from "./shop-link";

/** A full-page message (not found, something went wrong) with a way back into the shop. */
export function StatusPage({
  eyebrow,
  title,
  children,
  actions,
}: {
  eyebrow: string;
  title: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <section className="status-page container">
      <div className="status-page__art">
        <BrandMark />
      </div>
      <p className="eyebrow">{eyebrow}</p>
      <h1>{title}</h1>
      {children}
      <div className="button-row">
        <ShopLink to="/" className="button button--primary">
          Back to Home
        </ShopLink>
        {actions}
      </div>
    </section>
  );
}

/** Loads the same address again as a full document: the way out of an error boundary. */
export function TryAgainLink() {
  const { pathname, search } = useLocation();
  return (
    <a href={pathname + search} className="button button--secondary">
      Try again
    </a>
  );
}

/** The 404 page; `message` says what was missing (e.g. "Product not found."). */
export function NotFoundPage({
  message = "This page seems to have slipped off the hanger. Let us take you back to something beautiful.",
}: {
  message?: string;
}) {
  return (
    <StatusPage
      eyebrow="ERROR 404"
      title="SORRY, PAGE NOT FOUND"
      actions={
        <ShopLink to="/all-products" className="button button--secondary">
          Browse Products
        </ShopLink>
      }
    >
      <p>{message}</p>
    </StatusPage>
  );
}
