import { useEffect, useRef, useState } from "react";
import { data, type MetaDescriptor, redirect, useActionData, useNavigate, useNavigation } from "react-router";
import type { Product } from "../../workers/services/catalog";
import { PRODUCT_NOT_FOUND } from "../../workers/services/catalog.rules";
import { getProductPage } from "../../workers/services/catalog-pages";
import { messages, type Selection } from "../../workers/services/choice.rules";
import { AppError } from "../../workers/services/errors";
import { categorySegment, productPath } from "../../workers/services/paths";
import { type CardPrice, cardPrice, effectivePrice, formatRupees, isOutOfStock, paiseToRupees } from "../../workers/services/pricing";
import { settings } from "../../workers/services/settings";
import { OnceForm } from "../components/forms/once-form";
import { ColourSwatches } from "../components/product/colour-swatches";
import { Gallery } from "../components/product/gallery";
import { Price } from "../components/product/price";
import { ProductTabs } from "../components/product/product-tabs";
import { QuantityStepper } from "../components/product/quantity-stepper";
import { RatingStars } from "../components/product/rating-stars";
import { ReviewsPanel } from "../components/product/reviews-panel";
import { SizeChart } from "../components/product/size-chart";
import { SizeOptions } from "../components/product/size-options";
import { ProductCard } from "../components/product-card";
import { ShopLink } from "../components/shop-link";
import { useToast } from "../components/toast/toast";
import { WishlistHeart } from "../components/wishlist-heart";
import { publicPageHeaders } from "../lib/cache";
import { cartAction } from "../lib/cart.server";
import { deliveryReturnsText } from "../lib/help-figures";
import { toProductCard } from "../lib/product-card.server";
import type { CartAnswer } from "../lib/product-choice";
import { clampQuantity, findSize, presetSize, type RatingSummary, ratingSummary } from "../lib/product-options";
import { reviewFeedback, reviewItem } from "../lib/reviews.server";
import { imagePreload, jsonLd, seoMeta } from "../lib/seo";
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
function productMeta(product: Product, origin: string, path: string): MetaDescriptor[] {
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
        item: `${origin}/category/${product.category.id}`,
      },
      { "@type": "ListItem", position: 3, name: product.name, item: url },
    ],
  });
  // The gallery opens on the first item: when it is an image, it is the page's largest paint.
  const first = product.media[0];
  const preload: MetaDescriptor[] = first?.type === "image" ? [{ tagName: "link", ...imagePreload(first.url) }] : [];
  return [...seo, productLd, breadcrumbLd, ...preload];
}

/**
 * Only what the page shows goes to the browser; the reviews travel apart, their dates written out.
 * A product's own delivery-and-returns text is not shown: the page states the shop's one promise,
 * from the figures the FAQ and the policies state.
 */
function pageProduct({ id, name, description, category, media, colors, sizes, paragraph1, paragraph2, details, rating }: Product) {
  const shown = { ...details, deliveryReturns: deliveryReturnsText };
  return { id, name, description, category, media, colors, sizes, paragraph1, paragraph2, details: shown, rating };
}

type PageProduct = ReturnType<typeof pageProduct>;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  let page: Awaited<ReturnType<typeof getProductPage>>;
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
  return {
    product: pageProduct(product),
    rating: ratingSummary(product.rating.average, product.rating.count),
    preselected: { color: product.colors[0]?.name ?? null, size: presetSize(product.sizes)?.size ?? null },
    soldOut: isOutOfStock(product.sizes),
    // Shown while no size is chosen: the lowest in-stock price, what a card shows.
    cardPrice: cardPrice(product.sizes),
    path,
    reviews: reviews.map(reviewItem),
    reviewsPageSize: settings.catalogue.reviewsShown,
    // The action's words for a missing size, said by the browser too (the rules stay out of the page's script).
    sizePrompt: messages.selectSize,
    reviewFeedback: await reviewFeedback(context.services, url),
    meta: productMeta(product, new URL(request.url).origin, path),
    related: related.map(toProductCard),
  };
}

/** Add to Cart and Buy Now, from this page's form and its cards' modals: the one cart action. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return cartAction(request, context.services, params.slug);
}

const DETAILS: [keyof Product["details"], string][] = [
  ["fabric", "Fabric"],
  ["fitType", "Fit Type"],
  ["length", "Length"],
  ["sleeveNeckType", "Sleeve & Neck"],
  ["patternPrint", "Pattern / Print"],
  ["occasionType", "Occasion"],
  ["washCare", "Wash Care"],
  ["countryOfOrigin", "Country of Origin"],
  ["deliveryReturns", "Delivery & Returns"],
];

function Rating({ summary, count }: { summary: RatingSummary | null; count: number }) {
  if (!summary) return <p className="rating-summary">No reviews yet</p>;
  return (
    <p className="rating-summary">
      <RatingStars filled={summary.stars} />
      <span aria-hidden="true">
        <strong>{summary.value}</strong> ({count} {count === 1 ? "review" : "reviews"})
      </span>
      <span className="visually-hidden">{summary.label}</span>
    </p>
  );
}

/**
 * Price, colour, size, quantity and the two buttons. The choice is a real form: it posts to this
 * route's action with or without JavaScript, and the action alone judges it (the same rules as the
 * card modal, app/lib/product-choice.ts). With JavaScript its answer comes back as a toast;
 * without, the page comes back with it written under the form. No size is chosen for her when there
 * is more than one: without one, both buttons ask for it at the size choice, in the browser and,
 * without JavaScript, in the action's answer.
 */
interface PurchaseFormProps {
  product: PageProduct;
  preselected: Pick<Selection, "color" | "size">;
  cardPrice: CardPrice | null;
  soldOut: boolean;
  sizePrompt: string;
}

/** The action's refusal of a post without a size: said at the size choice, not under the form. */
const sizeRefusal = (answer: CartAnswer | undefined) =>
  answer?.kind === "invalid" && answer.selection && answer.selection.size === null ? answer.message : null;

function PurchaseForm({ product, preselected, cardPrice, soldOut, sizePrompt }: PurchaseFormProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const answer = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  // A page rendered for a refused post (no JavaScript) shows the choice that was posted, its
  // quantity brought within 1 and the size's stock, as the stepper would have done.
  const posted = answer?.kind === "invalid" ? answer.selection : undefined;
  const initial = posted ?? { ...preselected, quantity: 1 };
  const [color, setColor] = useState(initial.color);
  const [sizeName, setSizeName] = useState(initial.size);
  const size = findSize(product.sizes, sizeName);
  const [quantity, setQuantity] = useState(() => clampQuantity(initial.quantity, size?.stock ?? Number.POSITIVE_INFINITY));
  const [sizeError, setSizeError] = useState<string | null>(() => sizeRefusal(answer));
  const sizeGroup = useRef<HTMLFieldSetElement>(null);
  // Before a size is chosen, the lowest in-stock price, as the product's card shows.
  const shown = size ? { pricePaise: size.pricePaise, effectivePaise: effectivePrice(size) } : cardPrice;

  // The radios and the number box work before the page's scripts have arrived (they load after the
  // first paint): what she picked or typed meanwhile is her choice, so hydration takes it over.
  const form = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: mount only, reading what the page shows.
  useEffect(() => {
    if (!form.current) return;
    const picked = new FormData(form.current);
    const pickedColor = picked.get("color");
    const pickedSize = picked.get("size");
    const typed = picked.get("quantity");
    if (typeof pickedColor === "string" && pickedColor !== color) setColor(pickedColor);
    const stock = findSize(product.sizes, typeof pickedSize === "string" ? pickedSize : sizeName)?.stock;
    if (typeof pickedSize === "string" && pickedSize !== sizeName) {
      setSizeName(pickedSize);
      setSizeError(null);
    }
    if (typeof typed === "string" && /^\d+$/.test(typed)) setQuantity(clampQuantity(Number(typed), stock ?? Number.POSITIVE_INFINITY));
  }, []);

  useEffect(() => {
    // A refusal for want of a size is said at the size choice (it reaches only a page posted without the script).
    if (!answer || sizeRefusal(answer)) return;
    if (answer.kind === "sign-in") {
      toast.info(answer.message, { toNextPage: true });
      navigate(answer.href);
    } else if (answer.kind === "done") {
      toast.success(answer.message);
    } else {
      toast.error(answer.message);
    }
    // A new answer from the action is the only trigger: toast's api and navigate never change.
  }, [answer, toast, navigate]);

  const askForSize = (event: React.FormEvent<HTMLFormElement>) => {
    if (soldOut || new FormData(event.currentTarget).get("size") !== null) return;
    event.preventDefault();
    setSizeError(sizePrompt);
    sizeGroup.current?.focus();
  };

  return (
    // noValidate: the action answers in SPEC §5's words, not the browser's.
    <OnceForm ref={form} method="post" className="purchase" noValidate onSubmit={askForSize}>
      {shown && <Price pricePaise={shown.pricePaise} effectivePaise={shown.effectivePaise} className="price--large" />}
      {soldOut && <p className="badge purchase__sold-out">Out of stock</p>}
      <ColourSwatches colors={product.colors} defaultValue={initial.color} value={color} onChange={setColor} />
      <SizeOptions
        groupRef={sizeGroup}
        sizes={product.sizes}
        defaultValue={initial.size}
        error={sizeError}
        errorId="size-error"
        onChange={(name) => {
          setSizeName(name);
          setSizeError(null);
          setQuantity((q) => clampQuantity(q, findSize(product.sizes, name)?.stock ?? 1));
        }}
      />
      <SizeChart sizes={product.sizes} />
      <QuantityStepper value={quantity} stock={size?.stock ?? null} onChange={setQuantity} />
      {answer && !sizeRefusal(answer) && (
        <p
          className={`no-js-only notice${answer.kind === "invalid" ? " notice--error" : ""}`}
          role={answer.kind === "invalid" ? "alert" : "status"}
        >
          {answer.message}
          {answer.kind === "sign-in" && (
            <>
              {" "}
              <ShopLink to={answer.href}>Sign in</ShopLink>
            </>
          )}
          {answer.kind === "done" && (
            <>
              {" "}
              <ShopLink to="/cart">View cart</ShopLink>
            </>
          )}
        </p>
      )}
      {/* On phones and tablets a bar fixed to the bottom of the screen: the price (spoken above, so
          hidden here from screen readers) and the two buttons stay in sight however far the
          shopper scrolls, while the picture keeps the first screen. */}
      <div className="purchase__bar">
        {shown && (
          <p className="purchase__bar-price" aria-hidden="true">
            {formatRupees(shown.effectivePaise)}
          </p>
        )}
        <div className="purchase__actions">
          <button
            type="submit"
            name="intent"
            value="add-to-cart"
            className="button button--primary"
            disabled={soldOut}
            aria-busy={submitting || undefined}
          >
            Add to Cart
          </button>
          <button type="submit" name="intent" value="buy-now" className="button button--secondary" disabled={soldOut}>
            Buy Now
          </button>
        </div>
      </div>
    </OnceForm>
  );
}

function DetailsPanel({ product }: { product: PageProduct }) {
  return (
    <>
      {product.paragraph1 && <p>{product.paragraph1}</p>}
      {product.paragraph2 && <p>{product.paragraph2}</p>}
      <dl className="details-list">
        {DETAILS.filter(([key]) => product.details[key]).map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{product.details[key]}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, rating, preselected, soldOut, cardPrice, path, reviews, reviewsPageSize, reviewFeedback, sizePrompt, related } =
    loaderData;
  const navigation = useNavigation();
  // SPEC §4 "loading": another product is on its way (a related card was chosen), this one dims.
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/women-products/");
  const categoryHref = `/category/${product.category.id}`;
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
        <Gallery media={product.media} name={product.name} />
        <div className="product-info">
          <p className="eyebrow">{product.category.name}</p>
          <div className="product-info__title-row">
            <h1 className="product-info__title">{product.name}</h1>
            <WishlistHeart productId={product.id} name={product.name} className="product-info__heart" />
          </div>
          <Rating summary={rating} count={product.rating.count} />
          <p className="product-info__description">{product.description}</p>
          <PurchaseForm product={product} preselected={preselected} cardPrice={cardPrice} soldOut={soldOut} sizePrompt={sizePrompt} />
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
