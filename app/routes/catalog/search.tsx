import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { searchCards } from "../../../workers/services/catalog/catalog-search";
import { settings } from "../../../workers/services/content/settings";
import { AppError } from "../../../workers/services/platform/errors";
import { searchPath } from "../../../workers/services/platform/paths";
import { ProductCard, type ProductCardData } from "../../components/product-card";
import { ShopLink } from "../../components/shop-link";
import { toProductCard } from "../../lib/product-card.server";
import { imagePreload, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/search";

const PAGE_SIZE = settings.catalogue.searchPageSize;
/** searchProducts returns at most 100 products per call, so "See More" stops at 6 pages (96). */
const MAX_PAGES = Math.floor(100 / PAGE_SIZE);

interface SearchResult {
  query: string;
  /** How many pages of PAGE_SIZE are shown: "See More" links to the next one. */
  page: number;
  products: ProductCardData[];
  hasMore: boolean;
  error: string | null;
  /** The shop's words she meant where she misspelt one, when those found the products. */
  meant: string[];
  /** Nothing matched: the nearest words the catalogue holds, as a search to offer, if any are near. */
  didYouMean: string | null;
  /** Nothing matched: popular pieces to offer instead of an empty page. */
  popular: ProductCardData[];
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) ? Math.min(Math.max(page, 1), MAX_PAGES) : 1;
}

function moreHref(query: string, page: number) {
  return `${searchPath(query)}&page=${page + 1}`;
}

/**
 * `?page=n` shows the first n pages in one list, so the same URL works with and without JavaScript,
 * survives a reload and keeps the shopper's place when they come back from a product.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = params.get("query")?.trim() ?? "";
  const page = pageOf(params.get("page"));
  const result: SearchResult = { query, page, products: [], hasMore: false, error: null, meant: [], didYouMean: null, popular: [] };
  if (!query) return data(result);
  try {
    const found = await searchCards(context.services, { query, limit: page * PAGE_SIZE }, { fallback: true });
    return data({
      ...result,
      products: found.products.map(toProductCard),
      hasMore: found.hasMore,
      meant: found.meant,
      didYouMean: found.didYouMean,
      popular: found.popular.map(toProductCard),
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return data({ ...result, error: error.message }, { status: 400 });
    throw error;
  }
}

export const handle = { failure: "Failed to load search results" };

/**
 * Results are not kept at the edge: a search answers from the database every time, so a piece just
 * published, repriced or sold out shows in every data centre at once (docs/product/search.md).
 */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-cache" });

function countLine(count: number, hasMore: boolean) {
  if (hasMore) return `Showing the first ${count} products`;
  return `${count} ${count === 1 ? "product" : "products"} found`;
}

function SearchForm() {
  return (
    <section className="search-page container">
      <h1>Search</h1>
      <p className="search-page__prompt">Looking for something? Try a style, a fabric or a colour.</p>
      <Form method="get" action="/search" role="search" aria-label="Search products" className="search-form">
        <label htmlFor="page-search" className="visually-hidden">
          Search products
        </label>
        <input
          id="page-search"
          name="query"
          type="search"
          placeholder="e.g. cotton kurti"
          maxLength={settings.catalogue.searchMaxQueryLength}
        />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </Form>
    </section>
  );
}

/** Never a bare "no results": the nearest words the catalogue holds, if any, and popular pieces. */
function NothingFound({ didYouMean, popular }: { didYouMean: string | null; popular: ProductCardData[] }) {
  return (
    <>
      {didYouMean && (
        <p className="search-page__did-you-mean">
          Did you mean <ShopLink to={searchPath(didYouMean)}>{didYouMean}</ShopLink>?
        </p>
      )}
      <p className="search-page__prompt">
        Try another word or a shorter one, or <ShopLink to="/all-products">browse all products</ShopLink>.
      </p>
      {popular.length > 0 && (
        <section aria-labelledby="search-popular" className="search-page__popular">
          <h2 id="search-popular">Popular pieces</h2>
          <div className="product-grid">
            {popular.map((product, i) => (
              <ProductCard key={product.id} product={product} aboveFold={i < 2} headingLevel={3} />
            ))}
          </div>
        </section>
      )}
    </>
  );
}

/**
 * After "See More", keyboard and screen-reader users land on the first new product instead of
 * staying at the end of a list that has grown above them.
 */
function useFocusFirstNew(query: string, count: number) {
  const grid = useRef<HTMLDivElement>(null);
  const firstNew = useRef<number | null>(null);
  // The first change of list after "See More" is its answer, unless the shopper searched anew meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: query is a trigger: a new search clears the pending "See More".
  useEffect(() => {
    const index = firstNew.current;
    firstNew.current = null;
    if (index !== null && count > index) grid.current?.children[index]?.querySelector("a")?.focus();
  }, [query, count]);
  return {
    grid,
    expectMoreAfter(shown: number) {
      firstNew.current = shown;
    },
  };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, page, products, hasMore, error, meant, didYouMean, popular } = loaderData;
  const navigation = useNavigation();
  const focus = useFocusFirstNew(query, products.length);
  const pending = navigation.state === "loading" && navigation.location.pathname === "/search" ? navigation.location : null;
  const pendingQuery = pending && new URLSearchParams(pending.search).get("query")?.trim();
  const loadingMore = pending !== null && pendingQuery === query;
  const updating = pending !== null && !loadingMore;

  if (!query) return <SearchForm />;

  const canShowMore = hasMore && page < MAX_PAGES;
  return (
    <section className={updating ? "search-page container is-updating" : "search-page container"} aria-busy={updating}>
      <header className="search-page__header">
        <p className="eyebrow" aria-hidden="true">
          Search results
        </p>
        <h1>
          <span className="visually-hidden">Search results for </span>“{query}”
        </h1>
        {!error && (
          <p role="status" className="search-page__count">
            {products.length > 0 ? countLine(products.length, hasMore) : "No results found."}
          </p>
        )}
      </header>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : products.length === 0 ? (
        <NothingFound didYouMean={didYouMean} popular={popular} />
      ) : (
        <>
          {meant.length > 0 && (
            <p className="search-page__prompt search-page__meant">Including results for {meant.map((m) => `“${m}”`).join(", ")}.</p>
          )}
          <div ref={focus.grid} className="product-grid" aria-busy={loadingMore}>
            {products.map((product, i) => (
              <ProductCard key={product.id} product={product} aboveFold={i < 4} priority={i === 0} headingLevel={2} />
            ))}
          </div>
          {canShowMore ? (
            <div className="button-row button-row--center">
              <ShopLink
                to={moreHref(query, page)}
                replace
                preventScrollReset
                className={loadingMore ? "button button--secondary is-loading" : "button button--secondary"}
                onClick={() => focus.expectMoreAfter(products.length)}
              >
                {loadingMore ? (
                  "Loading…"
                ) : (
                  <>
                    See More<span className="visually-hidden"> results</span>
                  </>
                )}
              </ShopLink>
            </div>
          ) : (
            hasMore && <p className="search-page__prompt search-page__end">Try a more specific search to see other products.</p>
          )}
        </>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const origin = matches[0].loaderData.origin;
  const { name } = settings.brand;
  const query = loaderData?.query;
  if (!query) {
    return seoMeta({
      title: "Search",
      description: `Search ${name}'s kurtis, Anarkalis, dresses and sarees by style, fabric or colour.`,
      origin,
      path: "/search",
    });
  }
  // The first result's picture is the page's largest paint.
  const firstImage = loaderData?.products[0]?.image?.url;
  return [
    ...seoMeta({
      title: `Search: ${query}`,
      description: `${name} kurtis, Anarkalis, dresses and sarees matching “${query}”.`,
      origin,
      path: searchPath(query),
    }),
    ...(firstImage ? [{ tagName: "link" as const, ...imagePreload(firstImage) }] : []),
  ];
};
