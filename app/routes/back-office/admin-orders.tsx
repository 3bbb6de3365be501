import { data, Form } from "react-router";
import type {
  ORDER_STATUSES as OrderStatuses,
  PAYMENT_METHODS as PaymentMethods,
  PAYMENT_STATUSES as PaymentStatuses,
} from "../../../db/schema";
import { csvRefusal } from "../../../workers/services/back-office/orders/admin-orders-csv";
import { listOrders } from "../../../workers/services/back-office/orders/admin-orders-list";
import { settings } from "../../../workers/services/content/settings";
import { AppError } from "../../../workers/services/platform/errors";
import { AdminPager, FilterButtons, FilterSearch } from "../../components/admin/admin-lists";
import { OrdersTable } from "../../components/admin/orders-table";
import { orderStatusLabel, paymentMethodLabel, paymentStatusLabel } from "../../lib/back-office/admin-labels";
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
      problem: null as null | { message: string; fields: Record<string, string> },
      // Too many for one export: the page says so where the link would be.
      exportRefusal: csvRefusal(list.total),
    };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    if (error instanceof AppError && error.status === 400) {
      const fields = (error.details?.fields as Record<string, string> | undefined) ?? {};
      return data(
        {
          orders: [],
          total: 0,
          page: 1,
          limit: 1,
          filters: null,
          shown: filters,
          problem: { message: error.message, fields },
          exportRefusal: null,
        },
        { status: 400 },
      );
    }
    throw error;
  }
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `Orders | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

export default function AdminOrders({ loaderData: d }: Route.ComponentProps) {
  const f = d.shown;
  const pages = Math.max(1, Math.ceil(d.total / d.limit));
  const first = d.total === 0 ? 0 : (d.page - 1) * d.limit + 1;
  const last = Math.min(d.total, d.page * d.limit);
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
        <label>
          Order status
          <select name="status" defaultValue={f.status ?? ""} aria-invalid={err.status ? true : undefined}>
            <option value="">All</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Payment status
          <select name="payment" defaultValue={f.payment ?? ""}>
            <option value="">All</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {paymentStatusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Method
          <select name="method" defaultValue={f.method ?? ""}>
            <option value="">All</option>
            {PAYMENT_METHODS.map((s) => (
              <option key={s} value={s}>
                {paymentMethodLabel(s)}
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
        <FilterSearch value={f.q} placeholder="Number, e-mail, phone or name" />
        <FilterButtons clearTo="/admin/orders" />
      </Form>
      {d.problem && (
        <p className="notice notice--error" role="alert">
          {d.problem.message}
        </p>
      )}
      <OrdersTable
        orders={d.orders}
        caption={d.total === 0 ? "No orders match." : `Orders ${first} to ${last} of ${d.total}, newest first`}
      />
      <AdminPager page={d.page} pages={pages} href={(page) => `/admin/orders${queryString({ ...f, page })}`} />
    </div>
  );
}
