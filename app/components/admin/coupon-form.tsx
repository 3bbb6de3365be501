import { useNavigation } from "react-router";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import { rupeesToPaise } from "../../../workers/services/platform/rupees-input.rules";
import { OnceForm } from "../forms/once-form";
import { AdminFormField } from "./admin-form-field";

/** The coupon form's fields as text (rupees, India's calendar days), for showing and refilling. */
export interface CouponFormValues {
  code: string;
  discountType: string;
  discountValue: string;
  minSubtotal: string;
  startsOn: string;
  endsOn: string;
  usageLimit: string;
  perUserLimit: string;
  isActive: string;
}

export const COUPON_FORM_FIELDS = [
  "code",
  "discountType",
  "discountValue",
  "minSubtotal",
  "startsOn",
  "endsOn",
  "usageLimit",
  "perUserLimit",
  "isActive",
] as const satisfies readonly (keyof CouponFormValues)[];

/**
 * The new-coupon and edit-coupon form: percentage (1-100) or flat (rupees),
 * minimum subtotal, validity window in India's days, limits and the active switch; each error next
 * to its field. Works without JavaScript.
 */
export function CouponForm({
  values,
  saved,
  errors,
  submitLabel,
}: {
  values: CouponFormValues;
  /** The saved coupon (editing), to say what each field is now. */
  saved?: CouponFormValues;
  errors?: Record<string, string>;
  submitLabel: string;
}) {
  const busy = useNavigation().state === "submitting";
  const now = (name: keyof CouponFormValues, shown?: string) => (saved ? `Now: ${shown ?? (saved[name] || "—")}` : undefined);
  const field = (name: keyof CouponFormValues, label: string, hint: string | undefined, props: Record<string, unknown> = {}) => (
    <AdminFormField
      id={`coupon-${name}`}
      name={name}
      label={label}
      hint={hint}
      error={errors?.[name]}
      defaultValue={values[name]}
      {...props}
    />
  );
  return (
    <OnceForm method="post" className="admin-settings" noValidate>
      <fieldset className="admin-panel admin-settings__group">
        <legend>Discount</legend>
        {field("code", "Code", now("code") ?? "Letters, digits, - and _; saved in capitals.", {
          required: true,
          maxLength: 40,
          autoComplete: "off",
          spellCheck: false,
          style: { textTransform: "uppercase" },
        })}
        <fieldset className="admin-settings__choice" aria-describedby={errors?.discountType ? "coupon-discountType-error" : undefined}>
          <legend>Type</legend>
          <label className="admin-check">
            <input type="radio" name="discountType" value="percentage" defaultChecked={values.discountType !== "flat"} /> Percentage of the
            subtotal
          </label>
          <label className="admin-check">
            <input type="radio" name="discountType" value="flat" defaultChecked={values.discountType === "flat"} /> Flat amount in rupees
          </label>
          {errors?.discountType && (
            <span id="coupon-discountType-error" className="admin-field__error" role="alert">
              {errors.discountType}
            </span>
          )}
        </fieldset>
        {field(
          "discountValue",
          "Value (percent, or rupees when flat)",
          now(
            "discountValue",
            saved && (saved.discountType === "flat" ? formatRupees(rupeesToPaise(saved.discountValue) ?? null) : `${saved.discountValue}%`),
          ),
          { inputMode: "decimal", required: true },
        )}
        {field(
          "minSubtotal",
          "Minimum subtotal (₹)",
          now("minSubtotal", saved && formatRupees(rupeesToPaise(saved.minSubtotal) ?? null)) ?? "0: any order.",
          {
            inputMode: "decimal",
          },
        )}
      </fieldset>
      <fieldset className="admin-panel admin-settings__group">
        <legend>Validity and limits</legend>
        {field("startsOn", "First day (India time; empty: from now)", now("startsOn"), { type: "date" })}
        {field("endsOn", "Last day (India time; empty: no end)", now("endsOn"), { type: "date" })}
        {field("usageLimit", "Total uses (empty: no limit)", now("usageLimit"), { inputMode: "numeric" })}
        {field("perUserLimit", "Uses per shopper (empty: no limit)", now("perUserLimit"), { inputMode: "numeric" })}
        <label className="admin-check">
          <input type="checkbox" name="isActive" value="on" defaultChecked={values.isActive === "on"} /> Active (shoppers can use it)
          {saved && <span className="admin-muted"> Now: {saved.isActive === "on" ? "active" : "inactive"}</span>}
        </label>
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Saving…" : submitLabel}
        </button>
      </div>
    </OnceForm>
  );
}
