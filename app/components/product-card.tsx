import { type CSSProperties, lazy, Suspense, useState } from "react";
import { useSubmit } from "react-router";
import type { CartIntent } from "../../workers/services/catalog/choice.rules";
import { PRIORITY_IMAGE } from "../lib/deferred-scripts";
import { useHydrated } from "../lib/hooks/use-hydrated";
import { PLACEHOLDER_IMAGE, useImageFallback } from "../lib/hooks/use-image-fallback";
import { Kept } from "../lib/kept-html";
import type { ProductCardData } from "../lib/product-card-data";
import { Price } from "./product/price";
import { ShopLink } from "./shop-link";
import { WishlistHeart } from "./wishlist-heart";

const loadCardChoice = () => import("./product/card-modal");
const CardChoice = lazy(loadCardChoice);
/** Fetched as the pointer or focus arrives, so the modal opens without a wait on the click. */
const preloadCardChoice = () => void loadCardChoice().catch(() => {});

export type { ProductCardData };

const ACTIONS: { intent: CartIntent; label: string; className: string }[] = [
  { intent: "add-to-cart", label: "Add to Cart", className: "button button--primary" },
  { intent: "buy-now", label: "Buy Now", className: "button button--secondary" },
];
/** On the wishlist page: one button, the same modal; a successful add takes the card off the wishlist. */
const WISHLIST_ACTIONS: typeof ACTIONS = [{ intent: "add-to-cart", label: "Move to cart", className: "button button--primary" }];

/** Once the modal's add succeeds, the entry leaves the wishlist (its card goes at once, optimistically). */
function useMoveOffWishlist(productId: number) {
  const submit = useSubmit();
  return () =>
    void submit(
      { intent: "remove", productId },
      { method: "post", action: "/wishlist", navigate: false, fetcherKey: `wishlist-move-${productId}` },
    );
}

/**
 * Add to Cart and Buy Now. Once hydrated they open the "Select Size & Color" modal (or say the
 * product is out of stock, without opening it); before that, and without JavaScript, they lead to
 * the product page.
 */
function CardActions({ product, variant, hidden }: { product: ProductCardData; variant: CardVariant; hidden: boolean }) {
  const hydrated = useHydrated();
  const [intent, setIntent] = useState<CartIntent | null>(null);
  const moveOffWishlist = useMoveOffWishlist(product.id);
  const forProduct = <span className="visually-hidden">: {product.name}</span>;
  return (
    <div className="product-card__actions">
      {(variant === "wishlist" ? WISHLIST_ACTIONS : ACTIONS).map((action) =>
        hydrated ? (
          <button
            key={action.intent}
            type="button"
            className={action.className}
            aria-haspopup={product.outOfStock ? undefined : "dialog"}
            onPointerEnter={preloadCardChoice}
            onFocus={preloadCardChoice}
            onClick={() => setIntent(action.intent)}
          >
            {action.label}
            {forProduct}
          </button>
        ) : (
          <ShopLink key={action.intent} to={product.href} className={action.className}>
            {action.label}
            {forProduct}
          </ShopLink>
        ),
      )}
      {intent && !hidden && (
        <Suspense fallback={null}>
          <CardChoice
            product={product}
            intent={intent}
            onClose={() => setIntent(null)}
            onAdded={variant === "wishlist" ? moveOffWishlist : undefined}
          />
        </Suspense>
      )}
    </div>
  );
}

interface ProductCardProps {
  product: ProductCardData;
  /** Loads the image at once instead of lazily: for cards in the first screenful. */
  aboveFold?: boolean;
  /** Fetches the image first: for the card that is the page's largest paint (the first search result). */
  priority?: boolean;
  /** The name's heading level, one below the heading of the list the card sits in. */
  headingLevel?: 2 | 3;
  /** "wishlist": the wishlist page's card, with "Move to cart" instead of Add to Cart and Buy Now. */
  variant?: CardVariant;
  /**
   * Out of sight but still mounted (the wishlist page, while a removal is on its way): the heart that
   * sent it is there to hear the answer, and comes back with the card if the server refuses.
   */
  hidden?: boolean;
}

type CardVariant = "shop" | "wishlist";

/** Cards' bodies kept as HTML per Worker (app/lib/kept-html.tsx): a few pages' worth of products. */
const CARDS_KEPT = 400;

type CardBodyInputs = Pick<ProductCardData, "category" | "name" | "href" | "description" | "rating" | "price"> & {
  headingLevel: 2 | 3;
};

/**
 * What a card says about its product: the same for every shopper while the product is, so the server
 * renders it once and keeps the HTML (a card's heart and buttons, which depend on who looks and on
 * the page, are drawn around it as usual).
 */
function CardBody({ category, name, href, description, rating, price, headingLevel }: CardBodyInputs) {
  const Name = `h${headingLevel}` as const;
  return (
    <>
      <p className="product-card__category">{category}</p>
      <Name className="product-card__name">
        <ShopLink to={href}>{name}</ShopLink>
      </Name>
      <p className="product-card__description">{description}</p>
      {rating && (
        <p className="product-card__rating">
          {/* The stars of rating-stars.tsx, drawn here without importing it: a module shared by the
              card's pages and the product page would move between chunks (the JS budget). */}
          <span className="stars" style={{ "--filled": rating.stars } as CSSProperties} aria-hidden="true" />
          <span aria-hidden="true">
            {rating.value} ({rating.count})
          </span>
          <span className="visually-hidden">{rating.label}</span>
        </p>
      )}
      {price && <Price pricePaise={price.pricePaise} effectivePaise={price.effectivePaise} />}
    </>
  );
}

/**
 * Keyboard focus on a card's link or buttons brings the whole card into view, clear of the sticky
 * header (html's scroll-padding-top): the browser alone centres the focused control, which leaves
 * the top of a tall card, its picture, under the header.
 */
function revealCard(event: React.FocusEvent<HTMLElement>) {
  const { target } = event;
  // Not for focus inside the card's own "Select Size & Color" modal, which sits over the page.
  if (target.matches(":focus-visible") && !target.closest("dialog")) event.currentTarget.scrollIntoView({ block: "nearest" });
}

export function ProductCard({
  product,
  aboveFold = false,
  priority = false,
  headingLevel = 3,
  variant = "shop",
  hidden = false,
}: ProductCardProps) {
  const fallback = useImageFallback();
  const { image, category, name, href, description, rating, price } = product;
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: focus moving to the card's own link and buttons, not an interaction of its own
    <article className="product-card" onFocus={revealCard} hidden={hidden || undefined}>
      <div className="product-card__media">
        <img
          {...fallback}
          src={image?.url ?? PLACEHOLDER_IMAGE}
          alt={image?.alt ?? ""}
          width={image?.width ?? 800}
          height={image?.height ?? 1000}
          loading={aboveFold || priority ? "eager" : "lazy"}
          decoding="async"
          {...(priority ? PRIORITY_IMAGE : {})}
        />
        {product.outOfStock && <span className="badge product-card__badge">Out of Stock</span>}
        <WishlistHeart productId={product.id} name={product.name} className="product-card__heart" />
      </div>
      <Kept
        as="div"
        className="product-card__body"
        name="card"
        inputs={{ category, name, href, description, rating, price, headingLevel }}
        limit={CARDS_KEPT}
      >
        {CardBody}
      </Kept>
      <CardActions product={product} variant={variant} hidden={hidden} />
    </article>
  );
}
