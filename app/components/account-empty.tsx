import { ShopLink } from "./shop-link";
import { StatusPage } from "./status-page";

/**
 * A signed-in shopper's list with nothing in it yet (cart, wishlist, orders), with a way back to the
 * products.
 */
export function AccountEmpty({ eyebrow, title, children }: { eyebrow: string; title: string; children: React.ReactNode }) {
  return (
    <StatusPage
      eyebrow={eyebrow}
      title={title}
      actions={
        <ShopLink to="/all-products" className="button button--secondary">
          Browse products
        </ShopLink>
      }
    >
      <p>{children}</p>
    </StatusPage>
  );
}
