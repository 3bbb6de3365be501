import { PRODUCT_LIMITS, slugFromName } from "../../../workers/services/back-office/catalog/admin-products.rules";
import { Field, FieldError, fid, invalid } from "./product-form-fields";
import type { ProductFormOptionsView, ProductFormValues } from "./product-form-types";

/** Name, slug, brand, category and the descriptions. With JavaScript the slug's placeholder follows the name and the subcategories narrow to the category. */
export function BasicsSection({
  values,
  options,
  errors,
  narrowed,
  typedName,
  setTypedName,
  category,
  setCategory,
}: {
  values: ProductFormValues;
  options: ProductFormOptionsView;
  errors: Record<string, string>;
  narrowed: boolean;
  typedName: string;
  setTypedName: (name: string) => void;
  category: string;
  setCategory: (id: string) => void;
}) {
  return (
    <fieldset className="admin-panel admin-product__section">
      <legend>Basics</legend>
      <Field
        path="name"
        label="Name"
        value={values.name}
        errors={errors}
        required
        maxLength={PRODUCT_LIMITS.name}
        onChange={setTypedName}
      />
      <Field
        path="slug"
        label="Slug (web address)"
        value={values.slug}
        errors={errors}
        maxLength={PRODUCT_LIMITS.slug}
        placeholder={narrowed ? slugFromName(typedName) : undefined}
        hint="Lowercase letters, digits and hyphens. Leave blank to make it from the name."
      />
      <Field path="brand" label="Brand" value={values.brand} errors={errors} maxLength={PRODUCT_LIMITS.brand} />
      <div className="admin-field">
        <label htmlFor={fid("categoryId")}>Category</label>
        <select
          id={fid("categoryId")}
          name="categoryId"
          defaultValue={values.categoryId}
          required
          onChange={(e) => setCategory(e.currentTarget.value)}
          {...invalid(errors, "categoryId")}
        >
          <option value="">Choose…</option>
          {options.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <FieldError path="categoryId" errors={errors} />
      </div>
      <div className="admin-field">
        <label htmlFor={fid("subcategoryId")}>Subcategory (optional)</label>
        <select id={fid("subcategoryId")} name="subcategoryId" defaultValue={values.subcategoryId} {...invalid(errors, "subcategoryId")}>
          <option value="">None</option>
          {options.categories.map((c) => {
            if (narrowed && String(c.id) !== category) return null;
            const subs = options.subcategories.filter((s) => s.categoryId === c.id);
            return subs.length ? (
              <optgroup key={c.id} label={c.name}>
                {subs.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </optgroup>
            ) : null;
          })}
        </select>
        <FieldError path="subcategoryId" errors={errors} />
      </div>
      <Field
        path="description"
        label="Short description"
        value={values.description}
        errors={errors}
        multiline
        required
        maxLength={PRODUCT_LIMITS.description}
      />
      <Field path="paragraph1" label="Description, paragraph 1" value={values.paragraph1} errors={errors} multiline />
      <Field path="paragraph2" label="Description, paragraph 2" value={values.paragraph2} errors={errors} multiline />
    </fieldset>
  );
}
