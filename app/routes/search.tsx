import { data, Form, Link, useNavigation } from "react-router";
import { searchProducts } from "../../workers/services/catalog";
import { AppError } from "../../workers/services/errors";
import { settings } from "../../workers/services/settings";
import { ProductCard, type ProductCardData } from "../components/product-card";
import { toProductCard } from "../lib/product-card.server";
import type { Route } from "./+types/search";
import "../styles/search.css";

interface SearchResult {
  query: string;
  products: ProductCardData[];
  hasMore: boolean;
  error: string | null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("query")?.trim() ?? "";
  const empty: SearchResult = { query, products: [], hasMore: false, error: null };
  if (!query) return data(empty);
  try {
    const result = await searchProducts(context.services, { query, limit: settings.catalogue.searchPageSize });
    return data<SearchResult>({ ...empty, products: result.products.map(toProductCard), hasMore: result.hasMore });
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return data({ ...empty, error: error.message }, { status: 400 });
    console.error("Search failed", error);
    return data({ ...empty, error: "Failed to load search results" }, { status: 500 });
  }
}

function countLine(count: number, hasMore: boolean) {
  if (hasMore) return `Showing the first ${count} products`;
  return `${count} ${count === 1 ? "product" : "products"} found`;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, products, hasMore, error } = loaderData;
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === "/search";

  if (!query) {
    return (
      <section className="search-page container">
        <h1>Search</h1>
        <p className="search-page__prompt">Looking for something? Try a style, a fabric or a colour.</p>
        <Form method="get" action="/search" role="search" aria-label="Search products" className="search-form">
          <label htmlFor="page-search" className="visually-hidden">
            Search products
          </label>
          <input id="page-search" name="query" type="search" placeholder="e.g. cotton kurti" maxLength={settings.catalogue.searchMaxQueryLength} />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </Form>
      </section>
    );
  }

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
        <p className="search-page__prompt">
          Try another word or a shorter one, or <Link to="/all-products">browse all products</Link>.
        </p>
      ) : (
        <div className="product-grid">
          {products.map((product, i) => (
            <ProductCard key={product.id} product={product} aboveFold={i < 4} headingLevel={2} />
          ))}
        </div>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const { name } = settings.brand;
  const query = loaderData?.query;
  return [
    { title: query ? `Search: ${query} | ${name}` : `Search | ${name}` },
    { name: "description", content: `Search ${name}'s kurtis, Anarkalis, dresses and sarees by style, fabric or colour.` },
  ];
};
