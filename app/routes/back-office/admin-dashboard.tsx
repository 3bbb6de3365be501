import { adminDashboard } from "../../../workers/services/back-office/admin-dashboard";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import { settings } from "../../../workers/services/content/settings";
import { figures, TableHead } from "../../components/admin/admin-lists";
import { OrdersTable } from "../../components/admin/orders-table";
import { ShopLink } from "../../components/shop-link";
import type { Route } from "./+types/admin-dashboard";

/**
 * The dashboard (/admin): today's and this week's orders and revenue (India time), the
 * orders waiting for each step, online payments still pending, refunds due, unread messages and the
 * sizes running low, and the returns waiting at each step. One service, one round trip, the same figures as GET /api/admin/dashboard.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return adminDashboard(context.services);
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `Dashboard | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

const dateLabel = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const day = (isoDate: string) => dateLabel.format(new Date(`${isoDate}T00:00:00Z`));

function Figure({ label, value, note, to }: { label: string; value: React.ReactNode; note?: React.ReactNode; to?: string }) {
  return (
    <div className="admin-figure">
      <dt>{label}</dt>
      <dd>
        <span className="admin-figure__value">{to ? <ShopLink to={to}>{value}</ShopLink> : value}</span>
        {note && <span className="admin-figure__note">{note}</span>}
      </dd>
    </div>
  );
}

export default function AdminDashboard({ loaderData: f }: Route.ComponentProps) {
  return (
    <div className="admin-page">
      <header className="admin-page__head">
        <h1>Dashboard</h1>
        <p className="admin-muted">
          India time, {day(f.todayDate)}; the week began on Monday {day(f.weekStartDate)}.
        </p>
      </header>
      <div className="admin-grid">
        <section className="admin-panel" aria-labelledby="dash-sales">
          <h2 id="dash-sales">Sales</h2>
          <dl className="admin-figures">
            <Figure label="Orders today" value={f.today.orders} />
            <Figure label="Revenue today" value={formatRupees(f.today.revenuePaise)} />
            <Figure label="Orders this week" value={f.week.orders} />
            <Figure label="Revenue this week" value={formatRupees(f.week.revenuePaise)} />
          </dl>
          <p className="admin-muted">
            Revenue counts cash-on-delivery orders not cancelled and online orders paid. Payments still due are not counted until they
            arrive.
          </p>
        </section>
        <section className="admin-panel" aria-labelledby="dash-waiting">
          <h2 id="dash-waiting">Waiting for you</h2>
          <dl className="admin-figures">
            <Figure label="To confirm" value={f.waiting.confirmation} note="placed" to="/admin/orders?status=placed" />
            <Figure label="To ship" value={f.waiting.shipping} note="confirmed" to="/admin/orders?status=confirmed" />
            <Figure label="To deliver" value={f.waiting.delivery} note="shipped" to="/admin/orders?status=shipped" />
            <Figure label="Refunds due" value={f.refundDue} />
            <Figure
              label="Payments due"
              value={f.pendingPayments.orders}
              note={formatRupees(f.pendingPayments.amountPaise)}
              to="/admin/orders?method=bank&payment=pending"
            />
          </dl>
          <p>
            <ShopLink to="/admin/orders">All orders</ShopLink>
          </p>
        </section>
        <section className="admin-panel" aria-labelledby="dash-returns">
          <h2 id="dash-returns">Returns</h2>
          <dl className="admin-figures">
            <Figure label="To approve" value={f.returns.requested} note="requested" to="/admin/returns?status=requested" />
            <Figure label="Awaiting pickup" value={f.returns.approved} note="approved" to="/admin/returns?status=approved" />
            <Figure label="To refund or exchange" value={f.returns.received} note="received" to="/admin/returns?status=received" />
          </dl>
          <p>
            <ShopLink to="/admin/returns">All returns</ShopLink>
          </p>
        </section>
        <section className="admin-panel" aria-labelledby="dash-messages">
          <h2 id="dash-messages">Unread messages</h2>
          <dl className="admin-figures">
            <Figure label="Unread" value={f.unread.total} />
            <Figure label="Contact messages" value={f.unread.contact} />
            <Figure label="Enquiries" value={f.unread.enquiries} />
          </dl>
          <p>
            <ShopLink to="/admin/messages">Open the inbox</ShopLink>
          </p>
        </section>
      </div>
      <section className="admin-panel" aria-labelledby="dash-latest">
        <h2 id="dash-latest">Latest orders</h2>
        {f.latest.length === 0 ? (
          <p className="admin-muted">No orders yet.</p>
        ) : (
          <OrdersTable orders={f.latest} caption={f.latest.length === 1 ? "The newest order" : `The ${f.latest.length} newest orders`} />
        )}
      </section>
      <section className="admin-panel" aria-labelledby="dash-stock">
        <h2 id="dash-stock">Low stock</h2>
        <p className="admin-muted">
          Sizes with {f.lowStock.threshold} or fewer pieces: {f.lowStock.total}
          {f.lowStock.total > f.lowStock.sizes.length ? ` (the ${f.lowStock.sizes.length} lowest shown)` : ""}.
        </p>
        {f.lowStock.sizes.length > 0 && (
          <table className="admin-table">
            <TableHead columns={["Product", "Size", figures("Stock")]} />
            <tbody>
              {f.lowStock.sizes.map((s) => (
                <tr key={`${s.productId}-${s.size}`} className={s.stock === 0 ? "admin-table__out" : undefined}>
                  <td>{s.product}</td>
                  <td>{s.size}</td>
                  <td className="admin-num">{s.stock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
