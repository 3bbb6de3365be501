import { data, Form } from "react-router";
import { listReturns } from "../../../workers/services/back-office/returns/admin-returns";
import {
  RETURN_KIND_LIST,
  RETURN_STATUS_LIST,
  returnKindLabel,
  returnStatusLabel,
} from "../../../workers/services/back-office/returns/admin-returns.rules";
import { settings } from "../../../workers/services/content/settings";
import { AppError } from "../../../workers/services/platform/errors";
import { indiaDateTime } from "../../../workers/services/platform/india-time.rules";
import { AdminPager, FilterButtons, FilterSearch, figures, TableHead } from "../../components/admin/admin-lists";
import { TableScroll } from "../../components/admin/table-scroll";
import { ShopLink } from "../../components/shop-link";
import { filtersOf, queryString } from "../../lib/back-office/admin-query";
import type { Route } from "./+types/admin-returns";

/**
 * The returns queue (/admin/returns): her return and exchange requests, newest first, filtered by a
 * GET form (works without JavaScript), paged by links. One service (listReturns), one round trip
 * with the staff check.
 */
const FILTERS = ["status", "kind", "from", "to", "q"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = filtersOf(url, FILTERS);
  try {
    const list = await listReturns(context.services, { ...filters, page: url.searchParams.get("page") ?? undefined });
    return { ...list, shown: filters, problem: null as null | { message: string; fields: Record<string, string> } };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    if (error instanceof AppError && error.status === 400) {
      const fields = (error.details?.fields as Record<string, string> | undefined) ?? {};
      return data(
        { returns: [], total: 0, page: 1, limit: 1, filters: null, shown: filters, problem: { message: error.message, fields } },
        { status: 400 },
      );
    }
    throw error;
  }
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `Returns | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

export default function AdminReturns({ loaderData: d }: Route.ComponentProps) {
  const f = d.shown;
  const pages = Math.max(1, Math.ceil(d.total / d.limit));
  const first = d.total === 0 ? 0 : (d.page - 1) * d.limit + 1;
  const last = Math.min(d.total, d.page * d.limit);
  const err = d.problem?.fields ?? {};
  return (
    <div className="admin-page">
      <header className="admin-page__head">
        <h1>Returns</h1>
      </header>
      <Form method="get" className="admin-filters" aria-label="Filter returns">
        <label>
          Status
          <select name="status" defaultValue={f.status ?? ""} aria-invalid={err.status ? true : undefined}>
            <option value="">All</option>
            {RETURN_STATUS_LIST.map((s) => (
              <option key={s} value={s}>
                {returnStatusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Kind
          <select name="kind" defaultValue={f.kind ?? ""} aria-invalid={err.kind ? true : undefined}>
            <option value="">All</option>
            {RETURN_KIND_LIST.map((k) => (
              <option key={k} value={k}>
                {returnKindLabel(k)}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" name="from" defaultValue={f.from ?? ""} aria-invalid={err.from ? true : undefined} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={f.to ?? ""} aria-invalid={err.to ? true : undefined} />
        </label>
        <FilterSearch value={f.q} placeholder="Order number or e-mail" />
        <FilterButtons clearTo="/admin/returns" />
      </Form>
      {d.problem && (
        <p className="notice notice--error" role="alert">
          {d.problem.message}
        </p>
      )}
      <TableScroll label="Returns">
        <table className="admin-table">
          <caption className="admin-table__caption">
            {d.total === 0 ? "No returns match." : `Returns ${first} to ${last} of ${d.total}, newest first`}
          </caption>
          <TableHead columns={["Return", "Asked", "Order", "Customer", "Kind", figures("Pieces"), "Status"]} />
          <tbody>
            {d.returns.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  <ShopLink to={`/admin/returns/${r.id}`}>Return #{r.id}</ShopLink>
                </th>
                <td>{indiaDateTime(r.createdAt)}</td>
                <td>
                  <ShopLink to={`/admin/orders/${r.orderNumber}`}>#{r.orderNumber}</ShopLink>
                </td>
                <td>
                  {r.fullName}
                  <span className="admin-sub">{r.email}</span>
                </td>
                <td>{returnKindLabel(r.kind)}</td>
                <td className="admin-num">{r.pieces}</td>
                <td>
                  <span className={`admin-status admin-status--return-${r.status}`}>{returnStatusLabel(r.status)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <AdminPager page={d.page} pages={pages} href={(page) => `/admin/returns${queryString({ ...f, page })}`} />
    </div>
  );
}
