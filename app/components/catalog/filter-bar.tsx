import { useEffect, useRef } from "react";
import { useNavigate, useNavigation } from "react-router";
import type { ProductSort } from "../../../workers/services/catalog/catalog.schema";
import { useHydrated } from "../../lib/hooks/use-hydrated";
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
 * button). Once hydrated each change applies at once and the button goes. The selects keep their own
 * DOM value (docs/style-guide.md): a choice made before the script started is applied when it starts
 * (the Apply button she would have pressed is gone by then), and a URL loaded since (Back, a tile)
 * is written into them.
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
  const shown = {
    size: filters.size ?? "",
    color: colors.find((c) => c.name.toLowerCase() === filters.color?.toLowerCase())?.name ?? "",
    sort: filters.sort,
  };

  const form = useRef<HTMLFormElement>(null);
  const select = (field: Field) => form.current?.elements.namedItem(field) as HTMLSelectElement | null;
  // What she chose before the script started is what she asked for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the script takes over the form.
  useEffect(() => {
    const chosen = { size: select("size")?.value ?? "", color: select("color")?.value ?? "", sort: select("sort")?.value ?? shown.sort };
    if (chosen.size === shown.size && chosen.color === shown.color && chosen.sort === shown.sort) return;
    navigate(
      listingHref({
        ...filters,
        page: 1,
        size: chosen.size || undefined,
        color: chosen.color || undefined,
        sort: chosen.sort as ProductSort,
      }),
      { preventScrollReset: true },
    );
  }, []);
  // A URL loaded since: the selects show it (not on hydration, where they keep her choice).
  const loaded = useRef(`${shown.size}|${shown.color}|${shown.sort}`);
  useEffect(() => {
    const now = `${shown.size}|${shown.color}|${shown.sort}`;
    if (loaded.current === now) return;
    loaded.current = now;
    for (const field of ["size", "color", "sort"] as const) {
      const element = select(field);
      if (element && element.value !== shown[field]) element.value = shown[field];
    }
  });

  return (
    <form ref={form} method="get" action={`${LISTING_PATH}#products`} className="filter-bar" aria-label="Sort and filter products">
      {filters.category && <input type="hidden" name="category" value={filters.category} />}
      {filters.subcategory && <input type="hidden" name="subcategory" value={filters.subcategory} />}

      <label className="filter-bar__field filter-bar__field--size">
        <span className="filter-bar__label">Size</span>
        <select name="size" defaultValue={shown.size} onChange={(e) => change("size", e.target.value)}>
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
          <select name="color" defaultValue={shown.color} onChange={(e) => change("color", e.target.value)}>
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
        <select name="sort" defaultValue={shown.sort} onChange={(e) => change("sort", e.target.value)}>
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
