import { forwardRef } from "react";
import { ProductCard, type ProductCardData } from "../product-card";

/**
 * The listing's cards. Each item has an id (`item-9`) so "See More" without JavaScript can land on
 * the first new card. The first row loads its images at once; the rest wait until scrolled near.
 */
export const ProductGrid = forwardRef<HTMLUListElement, { products: ProductCardData[]; busy?: boolean }>(function ProductGrid(
  { products, busy = false },
  ref,
) {
  return (
    <ul ref={ref} className={busy ? "listing-grid product-grid is-busy" : "listing-grid product-grid"} aria-busy={busy || undefined}>
      {products.map((product, i) => (
        <li key={product.id} id={`item-${i + 1}`}>
          <ProductCard product={product} aboveFold={i < 4} headingLevel={2} />
        </li>
      ))}
    </ul>
  );
});
