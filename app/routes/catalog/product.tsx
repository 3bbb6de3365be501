import { useState } from "react";
import { data, type MetaDescriptor, redirect, useNavigation } from "react-router";
import type { Product } from "../../../workers/services/catalog/catalog";
import { PRODUCT_NOT_FOUND } from "../../../workers/services/catalog/catalog.rules";
import { getProductPage } from "../../../workers/services/catalog/catalog-pages";
import { messages } from "../../../workers/services/catalog/choice.rules";
import { cardPrice, isOutOfStock, paiseToRupees } from "../../../workers/services/catalog/pricing";
import { currentMeasurements, fitForProduct } from "../../../workers/services/catalog/size-finder";
import { settings } from "../../../workers/services/content/settings";
import { AppError } from "../../../workers/services/platform/errors";
import { categorySegment, productPath } from "../../../workers/services/platform/paths";
import { categoryHref } from "../../components/catalog/listing-url";
import { DetailsPanel } from "../../components/product/details-panel";
import { Gallery } from "../../components/product/gallery";
import { colourFirst } from "../../components/product/media";
import { pageProduct } from "../../components/product/page-product";
import { ProductTabs } from "../../components/product/product-tabs";
import { PurchaseForm } from "../../components/product/purchase-form";
import { Rating } from "../../components/product/rating-summary";
import { ReviewsPanel } from "../../components/product/reviews-panel";
import { sizeFinderHtml } from "../../components/product/size-finder-html.server";
import { ProductCard } from "../../components/product-card";
import { ShopLink } from "../../components/shop-link";
import { WishlistHeart } from "../../components/wishlist-heart";
import { publicPageHeaders } from "../../lib/cache";
import { cartAction } from "../../lib/cart.server";
import { toProductCard } from "../../lib/product-card.server";
import { hasMeasuredSizes, presetSize, ratingSummary } from "../../lib/product-options";
import { reviewFeedback, reviewItem } from "../../lib/reviews.server";
import { imagePreload, jsonLd, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/product";

/** A malformed slug can name no product either: both are the shopper's 404, not a server error. */
function isMissingProduct(error: unknown): boolean {
  return error instanceof AppError && (error.status === 404 || error.status === 400);
}

/**
 * The page's title, description, canonical URL, Open Graph tags and JSON-LD (the product with its
 * offer and rating, and where it sits in the shop). Built here, with the data, so the browser needs
 * no code for it: `meta` only hands it over.
 */
function productMeta(product: Product, origin: string, path: string, colour: string | null): MetaDescriptor[] {
  const url = origin + path;
  const offer = cardPrice(product.sizes);
  const rating = ratingSummary(product.rating.average, product.rating.count);
  const seo = seoMeta({
    title: product.meta.title || product.name,
    description: product.meta.description || product.description,
    origin,
    path,
    image: product.media.find((m) => m.type === "image")?.url,
    type: "product",
  });
  const productLd = jsonLd({
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.slug,
    image: product.media.filter((m) => m.type === "image").map((m) => new URL(m.url, origin).href),
    category: product.category.name,
    brand: { "@type": "Brand", name: product.brand || settings.brand.name },
    ...(offer && {
      offers: {
        "@type": "Offer",
        url,
        priceCurrency: "INR",
        price: paiseToRupees(offer.effectivePaise),
        availability: `https://schema.org/${isOutOfStock(product.sizes) ? "OutOfStock" : "InStock"}`,
        itemCondition: "https://schema.org/NewCondition",
      },
    }),
    ...(rating && {
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: rating.value,
        reviewCount: product.rating.count,
        bestRating: 5,
        worstRating: 1,
      },
    }),
  });
  const breadcrumbLd = jsonLd({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: `${origin}/` },
      {
        "@type": "ListItem",
        position: 2,
        name: product.category.name,
        item: origin + categoryHref(product.category.id),
      },
      { "@type": "ListItem", position: 3, name: product.name, item: url },
    ],
  });
  // The gallery opens on the first item (of the chosen colour): when it is an image, it is the page's largest paint.
  const first = colourFirst(product.media, colour)[0];
  const preload: MetaDescriptor[] = first?.type === "image" ? [{ tagName: "link", ...imagePreload(first.url) }] : [];
  return [...seo, productLd, breadcrumbLd, ...preload];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  let page: Awaited<ReturnType<typeof getProductPage>>;
  // Her size-finder measurements, read in the same round trip as the product (handled below; a
  // missing product must not leave it unhandled).
  const measured = currentMeasurements(context.services, request.headers);
  measured.catch(() => {});
  try {
    // `?reviews=N`: the Reviews tab's "Show more" without JavaScript.
    page = await getProductPage(context.services, params.slug, { reviews: Number(url.searchParams.get("reviews")) || undefined });
  } catch (error) {
    if (isMissingProduct(error)) throw data(PRODUCT_NOT_FOUND, { status: 404, statusText: "Not Found" });
    throw error;
  }
  const { product, related, reviews } = page;
  const path = productPath(product.category.name, product.slug);
  // An old or hand-typed category segment goes to the canonical URL before anything is shaped.
  if (params.category !== categorySegment(product.category.name)) throw redirect(path, 301);
  const measurements = await measured;
  // `?colour=Navy` (a swatch's link): that colour chosen and its pictures first. Without one (or with
  // one the product does not have) the first colour is ticked and the pictures keep the owner's order.
  const asked = url.searchParams.get("colour")?.trim().toLowerCase();
  const colour = product.colors.find((c) => c.name.toLowerCase() === asked)?.name ?? null;
  return {
    product: pageProduct(product),
    rating: ratingSummary(product.rating.average, product.rating.count),
    preselected: { color: colour ?? product.colors[0]?.name ?? null, size: presetSize(product.sizes)?.size ?? null },
    colour,
    soldOut: isOutOfStock(product.sizes),
    // Shown while no size is chosen: the lowest in-stock price, what a card shows.
    cardPrice: cardPrice(product.sizes),
    path,
    // Built here, not in the page: the listing's URL code stays out of this page's script.
    categoryHref: categoryHref(product.category.id),
    reviews: reviews.map(reviewItem),
    reviewsPageSize: settings.catalogue.reviewsShown,
    // The action's words for a missing size, said by the browser too (the rules stay out of the page's script).
    sizePrompt: messages.selectSize,
    reviewFeedback: await reviewFeedback(context.services, url),
    meta: productMeta(product, new URL(request.url).origin, path, colour),
    related: related.map(toProductCard),
    // A Free Size piece has nothing to measure against: the finder only answers, it does not ask.
    sizeFinder: sizeFinderHtml(measurements ? fitForProduct(measurements, product.sizes) : null, hasMeasuredSizes(product.sizes)),
  };
}

/** Add to Cart and Buy Now, from this page's form and its cards' modals: the one cart action. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return cartAction(request, context.services, params.slug);
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const {
    product,
    rating,
    preselected,
    colour: askedColour,
    soldOut,
    cardPrice,
    path,
    categoryHref,
    reviews,
    reviewsPageSize,
    reviewFeedback,
    sizePrompt,
    related,
    sizeFinder,
  } = loaderData;
  const navigation = useNavigation();
  // Another product is on its way (a related card was chosen), this one dims.
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/women-products/");
  // The colour she asked for or ticked orders the gallery; another product starts from its own.
  const [chosen, setChosen] = useState({ productId: product.id, colour: askedColour });
  const colour = chosen.productId === product.id ? chosen.colour : askedColour;
  return (
    // Keyed by product, so moving to another product starts from its own preselection.
    <div
      key={product.id}
      className={loading ? "product-page container is-loading" : "product-page container"}
      aria-busy={loading || undefined}
    >
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <ShopLink to="/">Home</ShopLink>
          </li>
          <li>
            <ShopLink to={categoryHref}>{product.category.name}</ShopLink>
          </li>
          <li>
            <span aria-current="page">{product.name}</span>
          </li>
        </ol>
      </nav>

      <div className="product-page__top">
        <Gallery media={product.media} name={product.name} colour={colour} />
        <div className="product-info">
          <p className="eyebrow">{product.category.name}</p>
          <div className="product-info__title-row">
            <h1 className="product-info__title">{product.name}</h1>
            <WishlistHeart productId={product.id} name={product.name} className="product-info__heart" />
          </div>
          <Rating summary={rating} count={product.rating.count} />
          <p className="product-info__description">{product.description}</p>
          <PurchaseForm
            product={product}
            preselected={preselected}
            cardPrice={cardPrice}
            soldOut={soldOut}
            sizePrompt={sizePrompt}
            colourHref={(name) => `${path}?colour=${encodeURIComponent(name)}`}
            onColourChange={(name) => setChosen({ productId: product.id, colour: name })}
          >
            {sizeFinder && (
              // Server-rendered HTML, kept as it is through hydration (see size-finder-html.server.tsx).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the finder, on the server.
              <div className="size-finder-slot" dangerouslySetInnerHTML={{ __html: sizeFinder }} suppressHydrationWarning />
            )}
          </PurchaseForm>
          {/* The finder's fields sit inside the purchase form and belong to this one (their `form` attribute).
              Written out here, not as SizeFinderForm: importing that module would bring the finder's
              component into this page's script, which the page never runs (its finder is server HTML). */}
          <form id="size-finder" method="post" action="/size-finder" hidden>
            <input type="hidden" name="back" value={path} />
          </form>
        </div>
      </div>

      <ProductTabs
        label="Product information"
        sections={[
          { id: "details", label: "Description & Details", content: <DetailsPanel product={product} /> },
          {
            id: "reviews",
            label: "Reviews",
            content: (
              <ReviewsPanel
                product={{ id: product.id, name: product.name, path }}
                summary={rating}
                total={product.rating.count}
                reviews={reviews}
                pageSize={reviewsPageSize}
                notice={reviewFeedback.notice}
                answer={reviewFeedback.answer ?? undefined}
              />
            ),
          },
        ]}
      />

      {related.length > 0 && (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title">You may also like</h2>
          <div className="product-grid">
            {related.map((card) => (
              <ProductCard key={card.id} product={card} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export const handle = { failure: "Failed to load product." };

export const headers: Route.HeadersFunction = publicPageHeaders;
