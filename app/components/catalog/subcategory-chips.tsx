import { ListingLink } from "./listing-link";
import { type ListingFilters, listingHref } from "./listing-url";

interface Subcategory {
  id: number;
  name: string;
}

/** The chosen category's subcategories as chips, "All {category}" first. Size, colour and sort stay. */
export function SubcategoryChips({
  categoryName,
  subcategories,
  filters,
}: {
  categoryName: string;
  subcategories: Subcategory[];
  filters: ListingFilters;
}) {
  const { category, size, color, sort } = filters;
  const chips = [{ id: undefined, name: `All ${categoryName}` }, ...subcategories];
  return (
    <nav className="chips" aria-label={`${categoryName} by type`}>
      <ul className="chips__list">
        {chips.map((chip) => (
          <li key={chip.id ?? "all"}>
            <ListingLink
              to={listingHref({ category, subcategory: chip.id, size, color, sort })}
              anchor="products"
              className="chip"
              aria-current={chip.id === filters.subcategory ? "true" : undefined}
            >
              {chip.name}
            </ListingLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
