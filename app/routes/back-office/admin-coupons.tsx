import { listCoupons } from "../../../workers/services/back-office/admin-coupons";
import { COUPON_FILTERS, type CouponFilter } from "../../../workers/services/back-office/admin-coupons.rules";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import { settings } from "../../../workers/services/content/settings";
import { AdminFilters } from "../../components/admin/admin-lists";
import { TableScroll } from "../../components/admin/table-scroll";
import { ShopLink } from "../../components/shop-link";
import { staffPage } from "../../lib/back-office/admin.server";
import type { Route } from "./+types/admin-coupons";

/**
 * The owner's Coupons page: every coupon with its terms, window, limits, uses and
 * state; filters Active (switched on and not past its last day), Expired and All. The owner only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const list = await staffPage(listCoupons(context.services, { status: params.get("status") ?? undefined }));
  return { ...list, created: params.get("done") === "created" ? params.get("code") : null };
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `Coupons | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

const LABELS: Record<CouponFilter, string> = { active: "Active", expired: "Expired", all: "All" };

const windowText = (startsOn: string | null, endsOn: string | null) =>
  !startsOn && !endsOn ? "Always" : `${startsOn ?? "now"} to ${endsOn ?? "no end"}`;

export default function AdminCoupons({ loaderData: l }: Route.ComponentProps) {
  return (
    <div className="admin-page">
      <header className="admin-page__head admin-page__head--row">
        <h1>Coupons</h1>
        <ShopLink to="/admin/coupons/new" className="button button--primary">
          New coupon
        </ShopLink>
      </header>
      {l.created && (
        <p className="notice" role="status">
          Coupon {l.created} created.
        </p>
      )}
      <AdminFilters
        label="Coupon filter"
        filters={COUPON_FILTERS}
        current={l.status}
        labels={LABELS}
        href={(f) => (f === "active" ? "/admin/coupons" : `/admin/coupons?status=${f}`)}
      />
      <TableScroll label="Coupons">
        <table className="admin-table admin-coupons">
          <caption className="admin-table__caption">
            {l.coupons.length} {LABELS[l.status].toLowerCase()} {l.coupons.length === 1 ? "coupon" : "coupons"}
          </caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Type</th>
              <th scope="col">Value</th>
              <th scope="col">Minimum</th>
              <th scope="col">Window (India time)</th>
              <th scope="col">Limits</th>
              <th scope="col">Used</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {l.coupons.map((c) => (
              <tr key={c.id}>
                <th scope="row">
                  <ShopLink to={`/admin/coupons/${c.id}`}>{c.code}</ShopLink>
                </th>
                <td>{c.discountType === "percentage" ? "Percentage" : "Flat"}</td>
                <td className="admin-num">{c.discountType === "percentage" ? `${c.discountValue}%` : formatRupees(c.discountValue)}</td>
                <td className="admin-num">{c.minSubtotalPaise > 0 ? formatRupees(c.minSubtotalPaise) : "—"}</td>
                <td>{windowText(c.startsOn, c.endsOn)}</td>
                <td>
                  {c.usageLimit === null ? "No total limit" : `${c.usageLimit} in all`};{" "}
                  {c.perUserLimit === null ? "any per shopper" : `${c.perUserLimit} per shopper`}
                </td>
                <td className="admin-num">{c.usedCount}</td>
                <td>{c.expired ? "Expired" : c.isActive ? "Active" : "Inactive"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {l.coupons.length === 0 && <p className="admin-muted">No coupons here.</p>}
    </div>
  );
}
