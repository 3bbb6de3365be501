import { getHomePage } from "../../../workers/services/catalog/catalog-pages";
import { settings } from "../../../workers/services/content/settings";
import { categoryHref } from "../../components/catalog/listing-url";
import { CatalogueSlot } from "../../components/home/catalogue-slot";
import { type OutfitTile, OutfitTiles } from "../../components/home/outfit-tiles";
import { SkeletonCard } from "../../components/home/skeleton-card";
import { StagedReveal } from "../../components/home/staged-reveal";
import { ProductCard, type ProductCardData } from "../../components/product-card";
import { ShopLink } from "../../components/shop-link";
import { publicPageHeaders } from "../../lib/cache";
import { PRIORITY_IMAGE } from "../../lib/deferred-scripts";
import { toProductCard } from "../../lib/product-card.server";
import { imagePreload, seoMeta } from "../../lib/seo";
import { useStoreContact } from "../../lib/store-contact";
import type { Route } from "./+types/home";

const HERO_IMAGE = "/media/banners/hero-1.svg";
const POSTER_IMAGE = "/media/banners/hero-2.svg";
const FEATURED_COUNT = settings.catalogue.featuredCount;
const NEW_ARRIVALS_COUNT = 8;

interface HomeCatalogue {
  newArrivals: ProductCardData[];
  featured: ProductCardData[];
  categories: OutfitTile[];
}

/**
 * Everything the home page shows from the catalogue, in one database round trip. Featured Products
 * are the first 4 products (docs/product/catalog.md), i.e. the newest; New Arrivals are the 8 after them, so no product
 * appears twice on the page.
 */
async function loadCatalogue(context: Route.LoaderArgs["context"]): Promise<HomeCatalogue> {
  const wanted = FEATURED_COUNT + NEW_ARRIVALS_COUNT;
  const page = await getHomePage(context.services, { products: wanted });
  const products = page.products.map(toProductCard);
  return {
    featured: products.slice(0, FEATURED_COUNT),
    newArrivals: products.slice(FEATURED_COUNT),
    categories: page.categories.map((c) => ({
      id: c.id,
      name: c.name,
      href: categoryHref(c.id),
      icon: c.icon,
      productCount: c.productCount,
    })),
  };
}

export async function loader({ context }: Route.LoaderArgs) {
  return { catalogue: await loadCatalogue(context) };
}

export const handle = { failure: "Failed to load products" };

/**
 * A client-side navigation to home renders at once (hero and poster, skeleton cards in the product
 * sections) and fills in when the server's answer arrives; the first load uses the server's HTML.
 * A revalidation on home (say after adding to the cart) does not flash back to skeletons: router
 * updates are React transitions, which keep the products on screen until the fresh ones arrive.
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return {
    catalogue: serverLoader().then(
      (d) => d.catalogue,
      () => null,
    ),
  };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export const links: Route.LinksFunction = () => [imagePreload(HERO_IMAGE)];

function ProductSkeletons({ count }: { count: number }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
  return Array.from({ length: count }, (_, i) => <SkeletonCard key={i} />);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { catalogue } = loaderData;
  const { promoLine } = useStoreContact();
  const [offer, headline] = promoLine.includes(": ") ? promoLine.split(": ", 2) : [null, promoLine];
  return (
    <>
      <StagedReveal />
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__media">
          <img src={HERO_IMAGE} alt="" width={1600} height={700} {...PRIORITY_IMAGE} />
        </div>
        <div className="hero__content container">
          <p className="eyebrow">{settings.brand.tagline}</p>
          <h1 id="hero-title">Ethnic wear for every celebration</h1>
          <p className="hero__lead">
            Kurtis, Anarkalis, dresses and sarees in soft fabrics and festive colours, cut and finished in our own workshop.
          </p>
          <div className="button-row">
            <ShopLink to="/all-products" className="button button--primary">
              Shop Now
            </ShopLink>
            <ShopLink to="/about-us" className="button button--secondary">
              Our Story
            </ShopLink>
          </div>
        </div>
      </section>

      <section className="section container home-stage home-stage--1" aria-labelledby="new-arrivals-title">
        <header className="section-heading">
          <h2 id="new-arrivals-title">New Arrivals</h2>
          <p>Just in from our workshop</p>
        </header>
        <CatalogueSlot
          data={catalogue}
          skeleton={
            <div className="home-rail" aria-busy="true">
              <ProductSkeletons count={4} />
            </div>
          }
        >
          {({ newArrivals }) => (
            // biome-ignore lint/a11y/noRedundantRoles: Safari drops the list semantics of a ul styled with list-style: none; the role restores them
            <ul className="home-rail" role="list">
              {newArrivals.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          )}
        </CatalogueSlot>
      </section>

      <section className="section home-outfits home-stage home-stage--2" aria-labelledby="outfits-title">
        <div className="container">
          <header className="section-heading">
            <h2 id="outfits-title">Shop by Outfit</h2>
            <p>Everyday kurtis to festive Anarkalis: find your silhouette</p>
          </header>
          <CatalogueSlot
            data={catalogue}
            skeleton={
              <div className="outfit-tiles" aria-busy="true">
                {Array.from({ length: 7 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
                  <div key={i} className="outfit-tile outfit-tile--skeleton" aria-hidden="true" />
                ))}
              </div>
            }
            failure={
              <p className="outfit-tiles__fallback">
                <ShopLink to="/all-products">Browse all products</ShopLink>
              </p>
            }
          >
            {({ categories }) => <OutfitTiles tiles={categories} />}
          </CatalogueSlot>
        </div>
      </section>

      <section className="home-poster home-stage home-stage--3" aria-labelledby="poster-title">
        <div className="home-poster__media">
          <img src={POSTER_IMAGE} alt="" width={1600} height={700} loading="lazy" decoding="async" />
        </div>
        <div className="home-poster__content container">
          {offer && <p className="home-poster__offer">{offer}</p>}
          <h2 id="poster-title">{headline}</h2>
          <p>A little thank-you from our workshop, packed with your order.</p>
          <ShopLink to="/all-products" className="button home-poster__cta">
            Shop Now
          </ShopLink>
        </div>
      </section>

      <section className="section container home-stage home-stage--4" aria-labelledby="featured-title">
        <header className="section-heading">
          <h2 id="featured-title">Featured Products</h2>
          <p>Our latest favourites, picked for you</p>
        </header>
        <CatalogueSlot
          data={catalogue}
          skeleton={
            <div className="product-grid" aria-busy="true">
              <ProductSkeletons count={FEATURED_COUNT} />
            </div>
          }
        >
          {({ featured }) => (
            <div className="product-grid">
              {featured.map((product) => (
                <ProductCard key={product.id} product={product} />
              ))}
            </div>
          )}
        </CatalogueSlot>
        <div className="button-row button-row--center">
          <ShopLink to="/all-products" className="button button--secondary">
            View All Products
          </ShopLink>
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { name, tagline } = settings.brand;
  return seoMeta({
    title: `${name} | ${tagline}`,
    description: `${name}: kurtis, Anarkalis, dresses and sarees, ${tagline.charAt(0).toLowerCase()}${tagline.slice(1)}.`,
    origin: matches[0].loaderData.origin,
    path: "/",
    image: HERO_IMAGE,
  });
};
