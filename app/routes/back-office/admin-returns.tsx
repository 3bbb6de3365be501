import { data, Form } from "react-router";
import { listReturns } from "../../../workers/services/back-office/returns/admin-returns";
import {
  RETURN_KIND_LIST,
  RETURN_STATUS_LIST,
  returnKindLabel,
  returnStatusLabel,
} from "../../../workers/services/back-office/returns/admin-returns.rules";
import { settings } from "../../../workers/services/content/settings";
import { indiaDateTime } from "../../../workers/services/platform/india-time.rules";
import { AdminPager, FilterButtons, FilterDates, FilterSearch, FilterSelect, figures, TableHead } from "../../components/admin/admin-lists";
import { PageNotice } from "../../components/admin/page-notice";
import { TableScroll } from "../../components/admin/table-scroll";
import { ShopLink } from "../../components/shop-link";
import { type ListProblem, listCaption, pageSpan } from "../../lib/back-office/admin-list-page";
import { listProblem } from "../../lib/back-office/admin-list-page.server";
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
    return { ...list, shown: filters, problem: null as null | ListProblem };
  } catch (error) {
    const problem = listProblem(error);
    return data({ returns: [], total: 0, page: 1, limit: 1, filters: null, shown: filters, problem }, { status: 400 });
  }
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `Returns | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

export default function AdminReturns({ loaderData: d }: Route.ComponentProps) {
  const f = d.shown;
  const span = pageSpan(d);
  const err = d.problem?.fields ?? {};
  return (
    <div className="admin-page">
      <header className="admin-page__head">
        <h1>Returns</h1>
      </header>
      <Form method="get" className="admin-filters" aria-label="Filter returns">
        <FilterSelect
          label="Status"
          name="status"
          value={f.status}
          options={RETURN_STATUS_LIST}
          labelOf={returnStatusLabel}
          invalid={err.status}
        />
        <FilterSelect label="Kind" name="kind" value={f.kind} options={RETURN_KIND_LIST} labelOf={returnKindLabel} invalid={err.kind} />
        <FilterDates from={f.from} to={f.to} errors={err} />
        <FilterSearch value={f.q} placeholder="Order number or e-mail" />
        <FilterButtons clearTo="/admin/returns" />
      </Form>
      <PageNotice problem={d.problem?.message} />
      <TableScroll label="Returns">
        <table className="admin-table">
          <caption className="admin-table__caption">{listCaption("Returns", d.total, span)}</caption>
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
      <AdminPager page={d.page} pages={span.pages} href={(page) => `/admin/returns${queryString({ ...f, page })}`} />
    </div>
  );
}
