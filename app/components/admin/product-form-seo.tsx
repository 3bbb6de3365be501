import { PRODUCT_LIMITS } from "../../../workers/services/back-office/catalog/admin-products.rules";
import { Field } from "./product-form-fields";
import type { ProductFormValues } from "./product-form-types";

/** The page's title, description and keywords for search engines. */
export function SeoSection({ values, errors }: { values: ProductFormValues; errors: Record<string, string> }) {
  return (
    <fieldset className="admin-panel admin-product__section">
      <legend>SEO</legend>
      <Field path="meta.title" label="Meta title" value={values.meta.title} errors={errors} maxLength={PRODUCT_LIMITS.metaTitle} />
      <Field
        path="meta.description"
        label="Meta description"
        value={values.meta.description}
        errors={errors}
        multiline
        maxLength={PRODUCT_LIMITS.metaDescription}
      />
      <Field path="meta.keywords" label="Meta keywords" value={values.meta.keywords} errors={errors} hint="Separated by commas." />
    </fieldset>
  );
}
