import { PRODUCT_DETAILS, PRODUCT_LIMITS } from "../../../workers/services/back-office/catalog/admin-products.rules";
import { Field } from "./product-form-fields";
import type { ProductFormValues } from "./product-form-types";

/** The product's details (fabric, fit, care...). */
export function DetailsSection({ values, errors }: { values: ProductFormValues; errors: Record<string, string> }) {
  const detail = (key: string) => values.details[key] ?? "";

  return (
    <fieldset className="admin-panel admin-product__section">
      <legend>Details</legend>
      <div className="admin-product__grid">
        {PRODUCT_DETAILS.map(([key, label]) => (
          <Field key={key} path={`details.${key}`} label={label} value={detail(key)} errors={errors} maxLength={PRODUCT_LIMITS.detail} />
        ))}
      </div>
    </fieldset>
  );
}
