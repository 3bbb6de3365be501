import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { PRODUCT_LIMITS } from "../../../workers/services/back-office/catalog/admin-products.rules";
import { OnceForm } from "../forms/once-form";
import { BasicsSection } from "./product-form-basics";
import { ColoursSection } from "./product-form-colours";
import { DetailsSection } from "./product-form-details";
import { fid } from "./product-form-fields";
import { ImagesSection } from "./product-form-media";
import { SeoSection } from "./product-form-seo";
import { SizesSection } from "./product-form-sizes";
import type { FormColour, FormSize, ProductFormOptionsView, ProductFormProblem, ProductFormValues } from "./product-form-types";

export type { FormColour, FormMedia, FormSize, ProductFormOptionsView, ProductFormProblem, ProductFormValues } from "./product-form-types";

/**
 * The product editor's form, for /admin/products/new and /admin/products/:id.
 * Field names are the shared schema's paths ("sizes.0.price"), so a refused field's message sits
 * next to it. Works without JavaScript: spare blank rows for colours and sizes (and "Add rows" for
 * more), pictures uploaded with the same multipart form, "Move up/Move down" and "Remove" as submit
 * buttons that save the form with the change. With JavaScript those buttons reorder on the page,
 * pictures can be dragged, and chosen files are previewed. Each section (basics, details, SEO,
 * colours, sizes and stock, images) is its own component in product-form-*.tsx; inputs stay
 * uncontrolled (`defaultValue`), so what the form posts is what is in its fields.
 */

const blankColour = (): FormColour => ({ name: "", hex: "#000000" });
const blankSize = (): FormSize => ({ size: "", price: "", discountPrice: "", stock: "", stockWas: "" });

export function ProductForm({
  values,
  options,
  problem,
  extraRows = 0,
  submitLabel,
}: {
  values: ProductFormValues;
  options: ProductFormOptionsView;
  problem?: ProductFormProblem | null;
  extraRows?: number;
  submitLabel: string;
}) {
  const errors = problem?.fields ?? {};
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const spare = PRODUCT_LIMITS.blankRows + extraRows;
  const colours = [...values.colors, ...Array.from({ length: spare }, blankColour)];
  const sizes = [...values.sizes, ...Array.from({ length: spare }, blankSize)];
  // With JavaScript: the slug the name makes (shown while the slug is blank) and only the chosen category's subcategories.
  const [typedName, setTypedName] = useState(values.name);
  const [category, setCategory] = useState(values.categoryId);
  const formRef = useRef<HTMLFormElement>(null);
  // What was typed and chosen before the script started is in the form, not in `values`: the list
  // narrows only once the category is read from there, in the same render (narrowed first to the saved
  // category, it would drop the subcategory she chose, and the select would forget it).
  const [narrowed, setNarrowed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the script takes over the server's form.
  useEffect(() => {
    const field = (name: string) => formRef.current?.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    setTypedName(field("name")?.value ?? values.name);
    setCategory(field("categoryId")?.value ?? values.categoryId);
    setNarrowed(true);
  }, []);

  // Focus the first refused field (or the summary) after a refused save.
  useEffect(() => {
    if (!problem) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? document.getElementById("product-problem"))?.focus();
  }, [problem]);

  // At the top of the form and again at its foot.
  const saveButton = (
    <button type="submit" name="intent" value="save" className="button button--primary" disabled={saving} aria-busy={saving || undefined}>
      {saving ? "Saving…" : submitLabel}
    </button>
  );
  return (
    <OnceForm method="post" encType="multipart/form-data" className="admin-product" ref={formRef} noValidate>
      <input type="hidden" name="extraRows" value={extraRows} />
      <div className="admin-product__save admin-product__save--top">
        {/* First in the form: the button Enter in a field presses. */}
        {saveButton}
      </div>
      {problem && (
        <div id="product-problem" className="notice notice--error" role="alert" tabIndex={-1}>
          <p>{problem.message}</p>
          {Object.keys(errors).length > 1 && (
            <ul>
              {Object.entries(errors).map(([path, message]) => (
                <li key={path}>
                  <a href={`#${fid(path)}`}>{message}</a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <BasicsSection
        values={values}
        options={options}
        errors={errors}
        narrowed={narrowed}
        typedName={typedName}
        setTypedName={setTypedName}
        category={category}
        setCategory={setCategory}
      />
      <DetailsSection values={values} errors={errors} />
      <SeoSection values={values} errors={errors} />
      <ColoursSection colours={colours} errors={errors} />
      <SizesSection sizes={sizes} options={options} errors={errors} />
      <ImagesSection values={values} errors={errors} />

      <div className="admin-product__save">{saveButton}</div>
    </OnceForm>
  );
}
