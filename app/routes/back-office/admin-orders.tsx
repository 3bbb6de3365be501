import { data, Form } from "react-router";
import type {
  ORDER_STATUSES as OrderStatuses,
  PAYMENT_METHODS as PaymentMethods,
  PAYMENT_STATUSES as PaymentStatuses,
} from "../../../db/schema";
import { csvRefusal } from "../../../workers/services/back-office/orders/admin-orders-csv";
import { listOrders } from "../../../workers/services/back-office/orders/admin-orders-list";
import { settings } from "../../../workers/services/content/settings";
import { AdminPager, FilterButtons, FilterDates, FilterSearch, FilterSelect } from "../../components/admin/admin-lists";
import { OrdersTable } from "../../components/admin/orders-table";
import { PageNotice } from "../../components/admin/page-notice";
import { orderStatusLabel, paymentMethodLabel, paymentStatusLabel } from "../../lib/back-office/admin-labels";
import { type ListProblem, listCaption, pageSpan } from "../../lib/back-office/admin-list-page";
import { listProblem } from "../../lib/back-office/admin-list-page.server";
import { filtersOf, queryString } from "../../lib/back-office/admin-query";
import type { Route } from "./+types/admin-orders";

/**
 * The back office's order list (/admin/orders): newest first, filtered by a GET form (works
 * without JavaScript), paged by links, exported as CSV with the same filters. One service
 * (listOrders), one round trip with the staff check.
 */
// The database's values (db/schema is server-only, so the page lists them; the types keep them in step).
const ORDER_STATUSES = [
  "placed",
  "confirmed",
  "shipped",
  "delivered",
  "cancelled",
] as const satisfies readonly (typeof OrderStatuses)[number][];
const PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded"] as const satisfies readonly (typeof PaymentStatuses)[number][];
const PAYMENT_METHODS = ["cashOnDelivery", "bank"] as const satisfies readonly (typeof PaymentMethods)[number][];

const FILTERS = ["status", "payment", "method", "from", "to", "q"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = filtersOf(url, FILTERS);
  try {
    const list = await listOrders(context.services, { ...filters, page: url.searchParams.get("page") ?? undefined });
    return {
      ...list,
      orders: list.orders,
      shown: filters,
      problem: null as null | ListProblem,
      // Too many for one export: the page says so where the link would be.
      exportRefusal: csvRefusal(list.total),
    };
  } catch (error) {
    const problem = listProblem(error);
    return data({ orders: [], total: 0, page: 1, limit: 1, filters: null, shown: filters, problem, exportRefusal: null }, { status: 400 });
  }
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `Orders | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

export default function AdminOrders({ loaderData: d }: Route.ComponentProps) {
  const f = d.shown;
  const span = pageSpan(d);
  const err = d.problem?.fields ?? {};
  return (
    <div className="admin-page">
      <header className="admin-page__head admin-page__head--row">
        <h1>Orders</h1>
        {d.exportRefusal ? (
          <p className="admin-muted">{d.exportRefusal}</p>
        ) : (
          <a className="button" href={`/api/admin/orders.csv${queryString(f)}`} download>
            Export CSV
          </a>
        )}
      </header>
      <Form method="get" className="admin-filters" aria-label="Filter orders">
        <FilterSelect
          label="Order status"
          name="status"
          value={f.status}
          options={ORDER_STATUSES}
          labelOf={orderStatusLabel}
          invalid={err.status}
        />
        <FilterSelect label="Payment status" name="payment" value={f.payment} options={PAYMENT_STATUSES} labelOf={paymentStatusLabel} />
        <FilterSelect label="Method" name="method" value={f.method} options={PAYMENT_METHODS} labelOf={paymentMethodLabel} />
        <FilterDates from={f.from} to={f.to} errors={err} />
        <FilterSearch value={f.q} placeholder="Number, e-mail, phone or name" />
        <FilterButtons clearTo="/admin/orders" />
      </Form>
      <PageNotice problem={d.problem?.message} />
      <OrdersTable orders={d.orders} caption={listCaption("Orders", d.total, span)} />
      <AdminPager page={d.page} pages={span.pages} href={(page) => `/admin/orders${queryString({ ...f, page })}`} />
    </div>
  );
}
