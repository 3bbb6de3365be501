import { useNavigation } from "react-router";
import { ListingLink } from "./listing-link";
import { LISTING_PATH, type ListingFilters, listingHref, readListingParams } from "./listing-url";
import { Spinner } from "./spinner";

/** Written as the HTML attribute: React 18 does not know the `fetchPriority` prop. */
const LOW_PRIORITY = { fetchpriority: "low" } as const;

export interface CategoryTile {
  id: number;
  name: string;
  icon: string;
  productCount: number;
}

/**
 * One tile per category (2, 3, 4 or 6 across by width). A tile filters the listing by its category
 * and clears the subcategory, size and colour; the sort order is the shopper's and stays.
 */
export function CategoryTiles({ categories, filters }: { categories: CategoryTile[]; filters: ListingFilters }) {
  const navigation = useNavigation();
  const pendingCategory =
    navigation.state === "loading" && navigation.location.pathname === LISTING_PATH
      ? readListingParams(new URLSearchParams(navigation.location.search)).category
      : undefined;
  return (
    <nav className="category-tiles" aria-labelledby="category-tiles-title">
      <p id="category-tiles-title" className="eyebrow">
        Shop by category
      </p>
      <ul className="category-tiles__list">
        {categories.map((category) => {
          const current = category.id === filters.category;
          const comingSoon = category.productCount === 0;
          const loading = pendingCategory === String(category.id) && !current;
          return (
            <li key={category.id}>
              <ListingLink
                to={listingHref({ category: category.id, sort: filters.sort })}
                anchor="products"
                state={{ focusHeading: true }}
                className="category-tile"
                aria-current={current ? "true" : undefined}
              >
                <span className="category-tile__art">
                  {/* Low priority: on a slow line the banner above them (the page's largest picture) goes first. */}
                  <img src={category.icon} alt="" width={400} height={400} decoding="async" {...LOW_PRIORITY} />
                  {loading && (
                    <span className="category-tile__loading">
                      <Spinner />
                    </span>
                  )}
                </span>
                <span className="category-tile__text">
                  <span className="category-tile__name">{category.name}</span>
                  {!comingSoon && (
                    <span className="category-tile__count">
                      {category.productCount} {category.productCount === 1 ? "style" : "styles"}
                    </span>
                  )}
                </span>
                {comingSoon && <span className="category-tile__ribbon">Coming Soon</span>}
              </ListingLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
