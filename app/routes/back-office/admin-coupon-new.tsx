import { redirect } from "react-router";
import { createCoupon } from "../../../workers/services/back-office/admin-coupons";
import { requireStaff } from "../../../workers/services/back-office/staff";
import { settings } from "../../../workers/services/content/settings";
import { CouponForm, type CouponFormValues } from "../../components/admin/coupon-form";
import { ShopLink } from "../../components/shop-link";
import type { FormProblem } from "../../lib/auth.server";
import { staffPage } from "../../lib/back-office/admin.server";
import { couponProblem, postedCoupon } from "../../lib/back-office/admin-coupons.server";
import type { Route } from "./+types/admin-coupon-new";

/** The owner's new-coupon form; a saved coupon goes back to the list with a notice. */
export async function loader({ context }: Route.LoaderArgs) {
  await staffPage(requireStaff(context.services, "owner"));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await staffPage(requireStaff(context.services, "owner"));
  const values = postedCoupon(await request.formData().catch(() => new FormData()));
  try {
    const { coupon } = await createCoupon(context.services, values);
    throw redirect(`/admin/coupons/${coupon.id}?done=created`);
  } catch (error) {
    return couponProblem(error, values);
  }
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `New coupon | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

const EMPTY: CouponFormValues = {
  code: "",
  discountType: "percentage",
  discountValue: "",
  minSubtotal: "0",
  startsOn: "",
  endsOn: "",
  usageLimit: "",
  perUserLimit: "1",
  isActive: "on",
};

export default function AdminCouponNew({ actionData }: Route.ComponentProps) {
  const problem = actionData as FormProblem | undefined;
  return (
    <div className="admin-page">
      <p>
        <ShopLink to="/admin/coupons">← All coupons</ShopLink>
      </p>
      <header className="admin-page__head">
        <h1>New coupon</h1>
      </header>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem.message}
        </p>
      )}
      <CouponForm
        values={problem?.values ? (problem.values as unknown as CouponFormValues) : EMPTY}
        errors={problem?.fields}
        submitLabel="Create coupon"
      />
    </div>
  );
}
