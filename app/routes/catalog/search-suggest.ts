import { data } from "react-router";
import { searchCards } from "../../../workers/services/catalog/catalog-search";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import { settings } from "../../../workers/services/content/settings";
import { PLACEHOLDER_IMAGE } from "../../lib/hooks/use-image-fallback";
import { toProductCard } from "../../lib/product-card.server";
import type { Route } from "./+types/search-suggest";

/** One row under the header search box. */
export interface Suggestion {
  name: string;
  href: string;
  image: { url: string; alt: string };
  /** The card's price (lowest in-stock effective price), formatted in rupees. */
  price: string | null;
  /** No size has stock: the row says "Out of stock" in words, as the card's badge does. */
  outOfStock: boolean;
}

const SUGGESTION_COUNT = 6;

/**
 * Not kept at the edge, like the results page: a piece just published or repriced is suggested at
 * once, in every data centre (docs/product/search.md).
 */
function answer(suggestions: Suggestion[], cacheControl = "private, no-cache") {
  return data({ suggestions }, { headers: { "Cache-Control": cacheControl } });
}

/**
 * As-you-type suggestions, from the same search index as /search. Always a 200: a blank or too long
 * query simply has no suggestions, and a failure must not break the page the box sits on (the
 * browser asks through a fetcher, which would raise a non-2xx answer to the page's error boundary),
 * so it answers an empty list that no cache keeps.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("query")?.trim() ?? "";
  if (!query || query.length > settings.catalogue.searchMaxQueryLength) return answer([]);
  try {
    const { products } = await searchCards(context.services, { query, limit: SUGGESTION_COUNT }, { fallback: false });
    return answer(
      products.map(toProductCard).map((card) => ({
        name: card.name,
        href: card.href,
        image: card.image ? { url: card.image.url, alt: card.image.alt } : { url: PLACEHOLDER_IMAGE, alt: "" },
        price: card.price ? formatRupees(card.price.effectivePaise) : null,
        outOfStock: card.outOfStock,
      })),
    );
  } catch (error) {
    console.error("Search suggestions failed", error);
    return answer([], "no-store");
  }
}

/** Fetcher requests (`/search/suggest.data`) carry the loader's Cache-Control too. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
