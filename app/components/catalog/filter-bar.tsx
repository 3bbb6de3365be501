import { useNavigate, useNavigation } from "react-router";
import type { ProductSort } from "../../../workers/services/catalog.schema";
import { useHydrated } from "../../lib/use-hydrated";
import { LISTING_PATH, type ListingFilters, listingHref, readListingParams } from "./listing-url";

const SORTS: { value: ProductSort; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
];

export interface Facets {
  sizes: string[];
  colors: { name: string; hex: string }[];
}

type Field = "sort" | "size" | "color";

/**
 * Sort, size and colour as a plain GET form, so it works before and without JavaScript (the Apply
 * button). Once hydrated each change applies at once and the button goes. The controls show the
 * URL being loaded while it loads, then the loaded one: the URL is the only state.
 */
export function FilterBar({ filters, facets }: { filters: ListingFilters; facets: Facets }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();

  // While a change loads, the controls show it and build on it, so a second quick change keeps the first.
  const pending =
    navigation.location?.pathname === LISTING_PATH ? readListingParams(new URLSearchParams(navigation.location.search)) : null;
  const current: ListingFilters = pending
    ? {
        category: Number(pending.category) || undefined,
        subcategory: Number(pending.subcategory) || undefined,
        size: pending.size,
        color: pending.color,
        sort: (pending.sort as ProductSort | undefined) ?? "newest",
        page: 1,
      }
    : filters;

  const change = (field: Field, value: string) => {
    navigate(listingHref({ ...current, page: 1, [field]: value || undefined }), { preventScrollReset: true });
  };

  // A size or colour from a shared link may not be on offer in this category: keep it choosable.
  const sizes = filters.size && !facets.sizes.includes(filters.size) ? [filters.size, ...facets.sizes] : facets.sizes;
  const colors =
    filters.color && !facets.colors.some((c) => c.name.toLowerCase() === filters.color?.toLowerCase())
      ? [{ name: filters.color, hex: "" }, ...facets.colors]
      : facets.colors;
  const chosenColor = colors.find((c) => c.name.toLowerCase() === current.color?.toLowerCase());

  return (
    <form method="get" action={`${LISTING_PATH}#products`} className="filter-bar" aria-label="Sort and filter products">
      {filters.category && <input type="hidden" name="category" value={filters.category} />}
      {filters.subcategory && <input type="hidden" name="subcategory" value={filters.subcategory} />}

      <label className="filter-bar__field filter-bar__field--size">
        <span className="filter-bar__label">Size</span>
        <select name="size" value={current.size ?? ""} onChange={(e) => change("size", e.target.value)}>
          <option value="">All sizes</option>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>

      <label className="filter-bar__field filter-bar__field--color">
        <span className="filter-bar__label">Colour</span>
        <span className="filter-bar__control">
          {chosenColor?.hex && <span className="filter-bar__swatch" style={{ background: chosenColor.hex }} aria-hidden="true" />}
          <select name="color" value={chosenColor?.name ?? ""} onChange={(e) => change("color", e.target.value)}>
            <option value="">All colours</option>
            {colors.map((color) => (
              <option key={color.name} value={color.name}>
                {color.name}
              </option>
            ))}
          </select>
        </span>
      </label>

      <label className="filter-bar__field filter-bar__field--sort">
        <span className="filter-bar__label">Sort by</span>
        <select name="sort" value={current.sort} onChange={(e) => change("sort", e.target.value)}>
          {SORTS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>

      {!hydrated && (
        <button type="submit" className="button button--primary filter-bar__apply">
          Apply
        </button>
      )}
    </form>
  );
}
