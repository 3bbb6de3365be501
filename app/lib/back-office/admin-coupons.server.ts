import { data } from "react-router";
import type { AdminCoupon } from "../../../workers/services/back-office/admin-coupons";
import { paiseToRupees } from "../../../workers/services/catalog/pricing";
import { COUPON_FORM_FIELDS, type CouponFormValues } from "../../components/admin/coupon-form";
import { type FormProblem, formProblem } from "../auth.server";

/** A saved coupon as the form shows it (rupees, days). */
export const couponFormValues = (c: AdminCoupon): CouponFormValues => ({
  code: c.code,
  discountType: c.discountType,
  discountValue: String(c.discountType === "flat" ? paiseToRupees(c.discountValue) : c.discountValue),
  minSubtotal: String(paiseToRupees(c.minSubtotalPaise)),
  startsOn: c.startsOn ?? "",
  endsOn: c.endsOn ?? "",
  usageLimit: c.usageLimit === null ? "" : String(c.usageLimit),
  perUserLimit: c.perUserLimit === null ? "" : String(c.perUserLimit),
  isActive: c.isActive ? "on" : "",
});

/** The posted form's fields (strings, cut short), for the service and for refilling the form. */
export function postedCoupon(form: FormData): CouponFormValues {
  return Object.fromEntries(
    COUPON_FORM_FIELDS.map((f) => [f, typeof form.get(f) === "string" ? String(form.get(f)).slice(0, 200) : ""]),
  ) as unknown as CouponFormValues;
}

/** A refused save: its message, each field's, and what was typed. A 404 is the shop's 404. */
export function couponProblem(error: unknown, values: CouponFormValues) {
  if (error instanceof Response) throw error;
  if ((error as { status?: number })?.status === 404) throw data(null, { status: 404 });
  return formProblem(error, values as unknown as Record<string, string>, "The coupon could not be saved. Please try again.") as ReturnType<
    typeof data<FormProblem>
  >;
}
