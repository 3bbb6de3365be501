import { data, redirect } from "react-router";
import { getCategory } from "../../../workers/services/catalog/catalog-pages";
import { AppError } from "../../../workers/services/platform/errors";
import { LISTING_PATH } from "../../components/catalog/listing-url";
import type { Route } from "./+types/category";

/**
 * `/category/{id}` is an older address of the one listing, `/all-products?category={id}`: it is sent
 * there for good (301), its other parameters kept, so links and bookmarks from before still work and
 * search engines move to the one address. Why the query-string address is the canonical one:
 * docs/product/listing-and-colours.md.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  let category: Awaited<ReturnType<typeof getCategory>>;
  try {
    category = await getCategory(context.services, params.categoryId);
  } catch (error) {
    // An unknown id (404) or one that is not an id at all (400, `/category/abc`): no such page.
    if (error instanceof AppError && (error.status === 400 || error.status === 404)) throw data(null, { status: 404 });
    throw error;
  }
  const search = new URLSearchParams([["category", String(category.id)]]);
  for (const [name, value] of new URL(request.url).searchParams) if (name !== "category") search.append(name, value);
  throw redirect(`${LISTING_PATH}?${search}`, 301);
}

/** Never shown (the loader always redirects or throws); it makes a 404 here render the shop's 404 page. */
export default function Category() {
  return null;
}
