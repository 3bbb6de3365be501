import { type RefObject, useEffect, useRef } from "react";
import { data, redirect, useNavigation, useNavigationType } from "react-router";
import { getCatalogPage } from "../../../workers/services/catalog/catalog-pages";
import { settings } from "../../../workers/services/content/settings";
import { AppError } from "../../../workers/services/platform/errors";
import { type CategoryTile, CategoryTiles } from "../../components/catalog/category-tiles";
import { type Facets, FilterBar } from "../../components/catalog/filter-bar";
import { ListingEmpty } from "../../components/catalog/listing-empty";
import { ListingLink } from "../../components/catalog/listing-link";
import { filterKey, LISTING_PATH, type ListingFilters, listingHref, readListingParams } from "../../components/catalog/listing-url";
import { ProductGrid } from "../../components/catalog/product-grid";
import { SeeMore } from "../../components/catalog/see-more";
import { Spinner } from "../../components/catalog/spinner";
import { SubcategoryChips } from "../../components/catalog/subcategory-chips";
import { useListingFocus } from "../../components/catalog/use-listing-focus";
import type { ProductCardData } from "../../components/product-card";
import { publicPageHeaders } from "../../lib/cache";
import { PRIORITY_IMAGE } from "../../lib/deferred-scripts";
import { toProductCard } from "../../lib/product-card.server";
import { imagePreload, rootOrigin, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/all-products";

const BANNER = { src: "/media/banners/hero-3.svg", width: 1600, height: 700 };

interface ListingData {
  filters: ListingFilters;
  categories: CategoryTile[];
  /** `empty`: the category has no products at all, so there is nothing to narrow or sort. */
  category: { id: number; name: string; empty: boolean } | null;
  subcategories: { id: number; name: string }[];
  products: ProductCardData[];
  hasMore: boolean;
  total: number;
  facets: Facets;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = readListingParams(new URL(request.url).searchParams);
  let page: Awaited<ReturnType<typeof getCatalogPage>>;
  try {
    page = await getCatalogPage(context.services, params);
  } catch (error) {
    // A malformed or unknown filter (`?category=abc`, `?category=999`, `?page=0`) names no page we
    // have: the shopper gets the 404 page, with its way back into the shop.
    if (error instanceof AppError) throw data(null, { status: 404 });
    throw error;
  }
  if (page.categories.length === 0) throw redirect("/coming-soon");
  return {
    filters: page.query,
    categories: page.categories.map(({ id, name, icon, productCount }) => ({ id, name, icon, productCount })),
    category: page.category && { id: page.category.id, name: page.category.name, empty: page.category.productCount === 0 },
    subcategories: page.subcategories.map(({ id, name }) => ({ id, name })),
    products: page.products.map(toProductCard),
    hasMore: page.hasMore,
    total: page.total,
    facets: page.facets,
  } satisfies ListingData;
}

/** The same for every signed-out shopper: kept at the edge (a failure or a 404 is never stored). */
export const headers: Route.HeadersFunction = publicPageHeaders;

export const handle = { failure: "Failed to load products" };

export const links: Route.LinksFunction = () => [imagePreload(BANNER.src)];

/** After the filters change by a click (not on first load, not on Back), bring the products into view. */
function useScrollToProducts(section: RefObject<HTMLElement | null>, key: string) {
  const navigationType = useNavigationType();
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    if (navigationType === "POP") return;
    const timer = setTimeout(() => {
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      section.current?.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    }, settings.timing.scrollToProductsMs);
    return () => clearTimeout(timer);
  }, [key, navigationType, section]);
}

export default function AllProducts({ loaderData }: Route.ComponentProps) {
  const { filters, categories, category, subcategories, products, hasMore, total, facets } = loaderData;
  const navigation = useNavigation();
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const grid = useRef<HTMLUListElement>(null);
  const key = filterKey(filters);
  useListingFocus(grid, heading);
  useScrollToProducts(section, key);

  const pending =
    navigation.state === "loading" && navigation.location.pathname === LISTING_PATH
      ? readListingParams(new URLSearchParams(navigation.location.search))
      : null;
  const loadingMore = pending !== null && filterKey(pending) === key;
  const refiltering = pending !== null && !loadingMore;
  const filtered = Boolean(filters.category || filters.subcategory || filters.size || filters.color);
  const narrowed = Boolean(filters.size || filters.color);

  return (
    <>
      <div className="listing-banner">
        <img src={BANNER.src} alt="" width={BANNER.width} height={BANNER.height} {...PRIORITY_IMAGE} />
        <div className="listing-banner__text container">
          <p className="eyebrow">The {settings.brand.name} collection</p>
          <p className="listing-banner__title">Made with care, worn with joy</p>
        </div>
      </div>

      <div className="container">
        {categories.length > 0 && <CategoryTiles categories={categories} filters={filters} />}

        <section id="products" ref={section} className="listing" aria-labelledby="listing-title">
          <header className="listing__header">
            <div>
              <h1 id="listing-title" ref={heading} tabIndex={-1}>
                {category?.name ?? "All Products"}
              </h1>
              <p className="listing__count" role="status">
                {refiltering ? (
                  <>
                    <Spinner /> Loading products…
                  </>
                ) : (
                  `${total} ${total === 1 ? "product" : "products"}`
                )}
              </p>
            </div>
            {filtered && (
              <ListingLink to={LISTING_PATH} anchor="products" className="button button--secondary listing__reset">
                View All Products
              </ListingLink>
            )}
          </header>

          {category && !category.empty && subcategories.length > 0 && (
            <SubcategoryChips categoryName={category.name} subcategories={subcategories} filters={filters} />
          )}
          {!category?.empty && <FilterBar filters={filters} facets={facets} />}

          <div className="listing__results">
            {products.length === 0 ? (
              <ListingEmpty>
                {narrowed ? (
                  <p>
                    Nothing in this size or colour yet.{" "}
                    <ListingLink to={listingHref({ ...filters, size: undefined, color: undefined, page: 1 })} anchor="products">
                      Show every size and colour
                    </ListingLink>
                  </p>
                ) : (
                  <p>New {category?.name ?? "styles"} are being stitched for the next collection. Please check back soon.</p>
                )}
              </ListingEmpty>
            ) : (
              <>
                <ProductGrid ref={grid} products={products} busy={refiltering} />
                <SeeMore
                  href={listingHref({ ...filters, page: filters.page + 1 })}
                  shown={products.length}
                  total={total}
                  hasMore={hasMore}
                  loading={loadingMore}
                />
              </>
            )}
          </div>
        </section>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const category = loaderData?.category;
  const { name } = settings.brand;
  return seoMeta({
    title: category?.name ?? "All Products",
    description: category
      ? `Shop ${category.name} at ${name}: handcrafted ethnic wear in soft fabrics and festive colours, made with care in Ghaziabad.`
      : `Shop every kurti, kurta set, Anarkali, dress and saree at ${name}: handcrafted ethnic wear, made with care in Ghaziabad.`,
    origin: rootOrigin(matches),
    path: category ? `${LISTING_PATH}?category=${category.id}` : LISTING_PATH,
    image: BANNER.src,
  });
};
