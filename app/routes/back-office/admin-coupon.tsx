import { redirect } from "react-router";
import { couponDetail, updateCoupon } from "../../../workers/services/back-office/admin-coupons";
import { COUPON_MESSAGES } from "../../../workers/services/back-office/admin-coupons.rules";
import { requireStaff } from "../../../workers/services/back-office/staff";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import { settings } from "../../../workers/services/content/settings";
import { indiaDateTime } from "../../../workers/services/platform/india-time.rules";
import { CouponForm, type CouponFormValues } from "../../components/admin/coupon-form";
import { PageNotice } from "../../components/admin/page-notice";
import { TableScroll } from "../../components/admin/table-scroll";
import { ShopLink } from "../../components/shop-link";
import type { FormProblem } from "../../lib/auth.server";
import { staffPage, staffRecordPage } from "../../lib/back-office/admin.server";
import { couponFormValues, couponProblem, postedCoupon } from "../../lib/back-office/admin-coupons.server";
import { orderStatusLabel } from "../../lib/back-office/admin-labels";
import type { Route } from "./+types/admin-coupon";

/**
 * One coupon: its form (every field says what is saved now) and its uses, each
 * order linked to its page. The owner only. Post/Redirect/Get with a notice.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const detail = await staffRecordPage(couponDetail(context.services, params.id));
  const done = new URL(request.url).searchParams.get("done");
  const notice =
    done === "created"
      ? COUPON_MESSAGES.created
      : done === "saved"
        ? COUPON_MESSAGES.saved
        : done === "unchanged"
          ? COUPON_MESSAGES.unchanged
          : null;
  return { ...detail, values: couponFormValues(detail.coupon), notice };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await staffPage(requireStaff(context.services, "owner"));
  const values = postedCoupon(await request.formData().catch(() => new FormData()));
  try {
    const { coupon, changed } = await updateCoupon(context.services, params.id, values);
    throw redirect(`/admin/coupons/${coupon.id}?done=${changed ? "saved" : "unchanged"}`);
  } catch (error) {
    return couponProblem(error, values);
  }
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `Coupon ${data.coupon.code}` : "Coupon"} | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

export default function AdminCoupon({ loaderData: l, actionData }: Route.ComponentProps) {
  const problem = actionData as FormProblem | undefined;
  const c = l.coupon;
  return (
    <div className="admin-page">
      <p>
        <ShopLink to="/admin/coupons?status=all">← All coupons</ShopLink>
      </p>
      <header className="admin-page__head">
        <h1>Coupon {c.code}</h1>
        <p className="admin-muted">
          {c.expired ? "Expired" : c.isActive ? "Active" : "Inactive"}; used {c.usedCount}
          {c.usageLimit === null ? "" : ` of ${c.usageLimit}`} {c.usedCount === 1 ? "time" : "times"}.
        </p>
      </header>
      <PageNotice notice={l.notice} problem={problem?.message} />
      <CouponForm
        key={JSON.stringify(l.values)}
        values={problem?.values ? (problem.values as unknown as CouponFormValues) : l.values}
        saved={l.values}
        errors={problem?.fields}
        submitLabel="Save coupon"
      />
      <TableScroll label="Orders that used this coupon">
        <table className="admin-table admin-coupon-uses">
          <caption className="admin-table__caption">
            Orders that used {c.code} ({l.uses.length})
          </caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Placed</th>
              <th scope="col">Customer</th>
              <th scope="col">Status</th>
              <th scope="col">Discount</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {l.uses.map((u) => (
              <tr key={u.orderNumber}>
                <th scope="row">
                  <ShopLink to={`/admin/orders/${u.orderNumber}`}>#{u.orderNumber}</ShopLink>
                </th>
                <td>
                  <time dateTime={u.createdAt}>{indiaDateTime(u.createdAt)}</time>
                </td>
                <td>{u.customer}</td>
                <td>{orderStatusLabel(u.orderStatus)}</td>
                <td className="admin-num">{formatRupees(u.discountPaise)}</td>
                <td className="admin-num">{formatRupees(u.totalPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {l.uses.length === 0 && <p className="admin-muted">No order has used this coupon yet.</p>}
    </div>
  );
}
