import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { formatRupees, percentOff } from "../../workers/services/pricing";
import "./product-card.css";

const PLACEHOLDER = "/media/placeholder.svg";

/** What a card shows; built on the server by toProductCard (app/lib/product-card.server.ts). */
export interface ProductCardData {
  id: number;
  name: string;
  description: string;
  category: string;
  href: string;
  image: { url: string; alt: string; width: number; height: number } | null;
  price: { pricePaise: number; effectivePaise: number } | null;
  outOfStock: boolean;
}

function useImageFallback() {
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event before React was listening.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) img.src = PLACEHOLDER;
  }, []);
  return {
    ref,
    onError: (event: React.SyntheticEvent<HTMLImageElement>) => {
      const img = event.currentTarget;
      if (!img.src.endsWith(PLACEHOLDER)) img.src = PLACEHOLDER;
    },
  };
}

interface ProductCardProps {
  product: ProductCardData;
  /** Loads the image at once instead of lazily: for cards in the first screenful. */
  aboveFold?: boolean;
  /** The name's heading level, one below the heading of the list the card sits in. */
  headingLevel?: 2 | 3;
}

export function ProductCard({ product, aboveFold = false, headingLevel = 3 }: ProductCardProps) {
  const fallback = useImageFallback();
  const Name = `h${headingLevel}` as const;
  const { image, price } = product;
  const off = price ? percentOff(price.pricePaise, price.effectivePaise) : 0;
  return (
    <article className="product-card">
      <div className="product-card__media">
        <img
          {...fallback}
          src={image?.url ?? PLACEHOLDER}
          alt={image?.alt ?? ""}
          width={image?.width ?? 800}
          height={image?.height ?? 1000}
          loading={aboveFold ? "eager" : "lazy"}
          decoding="async"
        />
        {product.outOfStock && <span className="product-card__badge">Out of Stock</span>}
      </div>
      <div className="product-card__body">
        <p className="product-card__category">{product.category}</p>
        <Name className="product-card__name">
          <Link to={product.href}>{product.name}</Link>
        </Name>
        <p className="product-card__description">{product.description}</p>
        {price && (
          <p className="price">
            <span className="visually-hidden">Price </span>
            <span className="price__now">{formatRupees(price.effectivePaise)}</span>
            {price.effectivePaise !== price.pricePaise && (
              <>
                <span className="visually-hidden"> Original price </span>
                <s className="price__was">{formatRupees(price.pricePaise)}</s>
              </>
            )}
            {off > 0 && <span className="price__off">{off}% off</span>}
          </p>
        )}
      </div>
    </article>
  );
}
