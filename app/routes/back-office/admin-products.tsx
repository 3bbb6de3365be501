import { Form } from "react-router";
import { listAdminProducts } from "../../../workers/services/back-office/catalog/admin-products";
import {
  PRODUCT_FILTERS,
  PRODUCT_MESSAGES,
  PRODUCT_STATE_LABELS,
  type ProductFilter,
} from "../../../workers/services/back-office/catalog/admin-products.rules";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import { settings } from "../../../workers/services/content/settings";
import { indiaDateTime } from "../../../workers/services/platform/india-time.rules";
import { AdminFilters, AdminPager, CategoryFilter, FilterButtons, FilterSearch } from "../../components/admin/admin-lists";
import { PageNotice } from "../../components/admin/page-notice";
import { TableScroll } from "../../components/admin/table-scroll";
import { ShopLink } from "../../components/shop-link";
import { staffPage } from "../../lib/back-office/admin.server";
import { queryString } from "../../lib/back-office/admin-query";
import type { Route } from "./+types/admin-products";

/**
 * The back office's products (/admin/products): the most recently changed first,
 * searched by name or slug, filtered by state (or low stock) and category, paged; each row's cover,
 * price range, total stock and low-stock sizes. One service (listAdminProducts), one round trip.
 */
const FILTER_LABELS: Record<ProductFilter, string> = {
  all: "All",
  draft: "Drafts",
  published: "Published",
  archived: "Archived",
  "low-stock": "Low stock",
};

const DONE: Record<string, string> = { deleted: PRODUCT_MESSAGES.deleted };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = Object.fromEntries(url.searchParams);
  const list = await staffPage(listAdminProducts(context.services, { ...params, limit: 25 }));
  const done = url.searchParams.get("done");
  return { ...list, notice: done && Object.hasOwn(DONE, done) ? DONE[done]! : null };
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `Products | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

const range = (min: number | null, max: number | null) =>
  min === null || max === null ? "—" : min === max ? formatRupees(min) : `${formatRupees(min)} – ${formatRupees(max)}`;

export default function AdminProducts({ loaderData: d }: Route.ComponentProps) {
  const q = d.query;
  const keep = { q: q.q, category: q.category, state: q.state };
  const first = d.total === 0 ? 0 : (d.page - 1) * d.limit + 1;
  const last = Math.min(d.total, d.page * d.limit);
  return (
    <div className="admin-page">
      <header className="admin-page__head admin-page__head--row">
        <h1>Products</h1>
        <ShopLink to="/admin/products/new" className="button button--primary">
          New product
        </ShopLink>
      </header>
      <PageNotice notice={d.notice} />
      <AdminFilters
        label="Product state"
        filters={PRODUCT_FILTERS}
        current={q.state}
        labels={FILTER_LABELS}
        href={(state) => `/admin/products${queryString({ ...keep, state, page: undefined }, ["all"])}`}
      />
      <Form method="get" className="admin-filters" aria-label="Search products">
        {q.state !== "all" && <input type="hidden" name="state" value={q.state} />}
        <FilterSearch value={q.q} placeholder="Name or slug" />
        <CategoryFilter categories={d.categories} value={q.category} />
        <FilterButtons clearTo="/admin/products" />
      </Form>
      <TableScroll label="Products">
        <table className="admin-table admin-products">
          <caption className="admin-table__caption">
            {d.total === 0 ? "No products match." : `Products ${first} to ${last} of ${d.total}, most recently changed first`}
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Cover</span>
              </th>
              <th scope="col">Name</th>
              <th scope="col">Category</th>
              <th scope="col">Price</th>
              <th scope="col">Stock</th>
              <th scope="col">State</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {d.products.map((p) => (
              <tr key={p.id}>
                <td>
                  {p.cover ? (
                    <img src={p.cover.url} alt="" width={48} height={60} loading="lazy" className="admin-products__cover" />
                  ) : (
                    <span className="admin-products__cover admin-products__cover--none" />
                  )}
                </td>
                <th scope="row">
                  <ShopLink to={`/admin/products/${p.id}`}>{p.name}</ShopLink>
                  <span className="admin-muted admin-products__slug">{p.slug}</span>
                </th>
                <td>{p.category.name}</td>
                <td className="admin-num">{range(p.minPricePaise, p.maxPricePaise)}</td>
                <td className="admin-num">
                  {p.totalStock}
                  {p.lowStockSizes > 0 && (
                    <span className="admin-flag">
                      {" "}
                      {p.lowStockSizes} low
                      <span className="visually-hidden"> (sizes at or under {d.lowStockThreshold})</span>
                    </span>
                  )}
                </td>
                <td>
                  <span className={`admin-status admin-status--${p.state}`}>{PRODUCT_STATE_LABELS[p.state]}</span>
                </td>
                <td>
                  <time dateTime={p.updatedAt}>{indiaDateTime(p.updatedAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <AdminPager page={d.page} pages={d.pages} href={(page) => `/admin/products${queryString({ ...keep, page }, ["all"])}`} />
    </div>
  );
}
