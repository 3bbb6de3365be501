import { ShopLink } from "../shop-link";

/** The filter links above a back-office list; the current one is marked for assistive technology too. */
export function AdminFilters<F extends string>({
  label,
  filters,
  current,
  labels,
  href,
}: {
  label: string;
  filters: readonly F[];
  current: F;
  labels: Record<F, string>;
  href: (filter: F) => string;
}) {
  return (
    <nav aria-label={label} className="admin-filters">
      <ul>
        {filters.map((f) => (
          <li key={f}>
            <ShopLink to={href(f)} aria-current={current === f ? "page" : undefined} className="admin-filters__link">
              {labels[f]}
            </ShopLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Newer / Page n of m / Older under a back-office list, newest first; nothing for a single page. */
export function AdminPager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="admin-pager">
      {page > 1 ? <ShopLink to={href(page - 1)}>Newer</ShopLink> : <span />}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <ShopLink to={href(page + 1)}>Older</ShopLink> : <span />}
    </nav>
  );
}

/** A list filter's category choice (GET forms): "All" or one category. */
export function CategoryFilter({
  categories,
  value,
}: {
  categories: readonly { id: number; name: string }[];
  value?: number | string | null;
}) {
  return (
    <label>
      Category
      <select name="category" defaultValue={value ?? ""}>
        <option value="">All</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A list filter's search box (GET forms). */
export function FilterSearch({ value, placeholder }: { value?: string | null; placeholder: string }) {
  return (
    <label className="admin-filters__search">
      Search
      <input type="search" name="q" defaultValue={value ?? ""} placeholder={placeholder} />
    </label>
  );
}

/** A list filter's buttons: apply the form, or go back to the whole list. */
export function FilterButtons({ clearTo }: { clearTo: string }) {
  return (
    <div className="admin-filters__buttons">
      <button type="submit" className="button button--primary">
        Filter
      </button>
      <ShopLink to={clearTo}>Clear</ShopLink>
    </div>
  );
}

/** A column of a back-office table: its heading, and the class of a column of figures (right-aligned). */
export type Column = string | { label: string; className: string };

/** Right-aligned, as figures are in every back-office table. */
export const figures = (label: string): Column => ({ label, className: "admin-num" });

/** A back-office table's column headings. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === "string" ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c.label} scope="col" className={c.className}>
              {c.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** A list filter's choice among fixed values (GET forms): "All" or one value; `invalid` when the server refused it. */
export function FilterSelect<V extends string>({
  label,
  name,
  value,
  options,
  labelOf,
  invalid,
}: {
  label: string;
  name: string;
  value?: string | null;
  options: readonly V[];
  labelOf: (value: V) => string;
  invalid?: string;
}) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value ?? ""} aria-invalid={invalid ? true : undefined}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {labelOf(o)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A list filter's date range (GET forms): From and To, each marked when the server refused it. */
export function FilterDates({ from, to, errors }: { from?: string | null; to?: string | null; errors: { from?: string; to?: string } }) {
  return (
    <>
      <label>
        From
        <input type="date" name="from" defaultValue={from ?? ""} aria-invalid={errors.from ? true : undefined} />
      </label>
      <label>
        To
        <input type="date" name="to" defaultValue={to ?? ""} aria-invalid={errors.to ? true : undefined} />
      </label>
    </>
  );
}
