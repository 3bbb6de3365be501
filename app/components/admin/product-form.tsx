import { type DragEvent, useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { PRODUCT_DETAILS, PRODUCT_LIMITS, slugFromName } from "../../../workers/services/admin-products.rules";
import { OnceForm } from "../forms/once-form";
import { TableScroll } from "./table-scroll";

/**
 * The product editor's form, for /admin/products/new and /admin/products/:id.
 * Field names are the shared schema's paths ("sizes.0.price"), so a refused field's message sits
 * next to it. Works without JavaScript: spare blank rows for colours and sizes (and "Add rows" for
 * more), pictures uploaded with the same multipart form, "Move up/Move down" and "Remove" as submit
 * buttons that save the form with the change. With JavaScript those buttons reorder on the page,
 * pictures can be dragged, and chosen files are previewed.
 */

export interface FormColour {
  name: string;
  hex: string;
}
export interface FormSize {
  size: string;
  price: string;
  discountPrice: string;
  stock: string;
  stockWas: string;
}
export interface FormMedia {
  id: string;
  type: "image" | "video";
  url: string;
  alt: string;
  width?: number;
  height?: number;
}
export interface ProductFormValues {
  name: string;
  slug: string;
  brand: string;
  description: string;
  paragraph1: string;
  paragraph2: string;
  categoryId: string;
  subcategoryId: string;
  details: Record<string, string>;
  meta: { title: string; description: string; keywords: string };
  colors: FormColour[];
  sizes: FormSize[];
  media: FormMedia[];
}

export interface ProductFormOptionsView {
  categories: { id: number; name: string }[];
  subcategories: { id: number; name: string; categoryId: number }[];
  sizeChart: string[];
}

export interface ProductFormProblem {
  message: string;
  fields?: Record<string, string>;
}

const fid = (path: string) => `f-${path.replace(/\./g, "-")}`;
const blankColour = (): FormColour => ({ name: "", hex: "#000000" });
const blankSize = (): FormSize => ({ size: "", price: "", discountPrice: "", stock: "", stockWas: "" });

function Field({
  path,
  label,
  value,
  errors,
  hint,
  type = "text",
  multiline,
  required,
  maxLength,
  inputMode,
  className,
  placeholder,
  onChange,
}: {
  path: string;
  label: string;
  value: string;
  errors: Record<string, string>;
  hint?: string;
  type?: string;
  multiline?: boolean;
  required?: boolean;
  maxLength?: number;
  inputMode?: "decimal" | "numeric";
  className?: string;
  placeholder?: string;
  onChange?: (value: string) => void;
}) {
  const id = fid(path);
  const error = errors[path];
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: path,
    defaultValue: value,
    required,
    maxLength,
    placeholder,
    onChange: onChange && ((e: { currentTarget: { value: string } }) => onChange(e.currentTarget.value)),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div className={`admin-field${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={4} {...common} /> : <input type={type} inputMode={inputMode} {...common} />}
      {hint && (
        <span id={`${id}-hint`} className="admin-muted">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="admin-field__error">
          {error}
        </span>
      )}
    </div>
  );
}

function FieldError({ path, errors }: { path: string; errors: Record<string, string> }) {
  const error = errors[path];
  if (!error) return null;
  return (
    <span id={`${fid(path)}-error`} className="admin-field__error">
      {error}
    </span>
  );
}

const invalid = (errors: Record<string, string>, path: string) =>
  errors[path] ? { "aria-invalid": true as const, "aria-describedby": `${fid(path)}-error` } : {};

/**
 * One cell of a colour or size row: its control, labelled for screen readers (the column heading
 * says it to sighted users), and the row's error for it. `children` draws the control from the ids
 * and ARIA attributes it must carry.
 */
function RowCell({
  path,
  label,
  errors,
  children,
}: {
  path: string;
  label: string;
  errors: Record<string, string>;
  children: (control: { id: string; name: string } & ReturnType<typeof invalid>) => React.ReactNode;
}) {
  return (
    <td>
      <label className="visually-hidden" htmlFor={fid(path)}>
        {label}
      </label>
      {children({ id: fid(path), name: path, ...invalid(errors, path) })}
      <FieldError path={path} errors={errors} />
    </td>
  );
}

/** Chosen files shown before upload (JavaScript only). */
function Previews({ files }: { files: File[] }) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((f) => URL.createObjectURL(f));
    setUrls(made);
    return () => {
      for (const u of made) URL.revokeObjectURL(u);
    };
  }, [files]);
  if (files.length === 0) return null;
  return (
    <ul className="admin-product__previews" aria-label="Chosen pictures">
      {files.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the chosen files, in the order chosen; the list is replaced whole
        <li key={`${f.name}-${i}`}>
          {urls[i] && <img src={urls[i]} alt="" width={80} height={100} />}
          <span>
            {f.name} ({Math.ceil(f.size / 1024)} KB){f.size > PRODUCT_LIMITS.imageMaxBytes ? " — too large (at most 5 MB)" : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

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
  const [media, setMedia] = useState(values.media);
  const [announce, setAnnounce] = useState("");
  const [chosen, setChosen] = useState<File[]>([]);
  const dragFrom = useRef<number | null>(null);
  // With JavaScript: the slug the name makes (shown while the slug is blank) and only the chosen category's subcategories.
  const [typedName, setTypedName] = useState(values.name);
  const [category, setCategory] = useState(values.categoryId);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => setMedia(values.media), [values.media]);
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

  const move = (from: number, to: number) => {
    if (to < 0 || to >= media.length || from === to) return;
    const next = [...media];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    setMedia(next);
    setAnnounce(`Moved to position ${to + 1} of ${next.length}${to === 0 ? ", now the cover" : ""}.`);
  };
  const onDrop = (to: number) => (e: DragEvent) => {
    e.preventDefault();
    if (dragFrom.current !== null) move(dragFrom.current, to);
    dragFrom.current = null;
  };

  const detail = (key: string) => values.details[key] ?? "";

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

      <fieldset className="admin-panel admin-product__section">
        <legend>Details</legend>
        <div className="admin-product__grid">
          {PRODUCT_DETAILS.map(([key, label]) => (
            <Field key={key} path={`details.${key}`} label={label} value={detail(key)} errors={errors} maxLength={PRODUCT_LIMITS.detail} />
          ))}
        </div>
      </fieldset>

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

      <fieldset className="admin-panel admin-product__section">
        <legend>Colours</legend>
        <p className="admin-muted">At least one. Leave a row's name blank to leave it out.</p>
        <FieldError path="colors" errors={errors} />
        <TableScroll label="Colours">
          <table className="admin-table admin-product__rows">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Colour (#rrggbb)</th>
              </tr>
            </thead>
            <tbody>
              {colours.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the form
                <tr key={i}>
                  <td>{i + 1}</td>
                  <RowCell path={`colors.${i}.name`} label={`Colour ${i + 1} name`} errors={errors}>
                    {(control) => <input {...control} defaultValue={c.name} maxLength={PRODUCT_LIMITS.colourName} />}
                  </RowCell>
                  <RowCell path={`colors.${i}.hex`} label={`Colour ${i + 1} hex code`} errors={errors}>
                    {(control) => (
                      <>
                        <input {...control} defaultValue={c.hex} maxLength={7} pattern="#[0-9a-fA-F]{6}" className="admin-product__hex" />
                        <span
                          className="admin-product__swatch"
                          style={{ background: /^#[0-9a-f]{6}$/i.test(c.hex) ? c.hex : "transparent" }}
                        />
                      </>
                    )}
                  </RowCell>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </fieldset>

      <fieldset className="admin-panel admin-product__section">
        <legend>Sizes &amp; stock</legend>
        <p className="admin-muted">
          At least one size from the size chart. Prices in rupees; the discount price, if any, must be below the price. Leave a row blank to
          leave it out; taking a size off drops it from shoppers' carts.
        </p>
        <FieldError path="sizes" errors={errors} />
        <TableScroll label="Sizes and stock">
          <table className="admin-table admin-product__rows">
            <thead>
              <tr>
                <th scope="col">Size</th>
                <th scope="col">Price (₹)</th>
                <th scope="col">Discount price (₹)</th>
                <th scope="col">Stock</th>
              </tr>
            </thead>
            <tbody>
              {sizes.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the form
                <tr key={i}>
                  <RowCell path={`sizes.${i}.size`} label={`Size, row ${i + 1}`} errors={errors}>
                    {(control) => (
                      <select {...control} defaultValue={s.size}>
                        <option value="">—</option>
                        {options.sizeChart.map((z) => (
                          <option key={z} value={z}>
                            {z}
                          </option>
                        ))}
                      </select>
                    )}
                  </RowCell>
                  <RowCell path={`sizes.${i}.price`} label={`Price in rupees, row ${i + 1}`} errors={errors}>
                    {(control) => <input {...control} defaultValue={s.price} inputMode="decimal" />}
                  </RowCell>
                  <RowCell path={`sizes.${i}.discountPrice`} label={`Discount price in rupees, row ${i + 1}`} errors={errors}>
                    {(control) => <input {...control} defaultValue={s.discountPrice} inputMode="decimal" />}
                  </RowCell>
                  <RowCell path={`sizes.${i}.stock`} label={`Stock, row ${i + 1}`} errors={errors}>
                    {(control) => (
                      <>
                        <input {...control} defaultValue={s.stock} inputMode="numeric" />
                        {s.stockWas !== "" && <input type="hidden" name={`sizes.${i}.stockWas`} value={s.stockWas} />}
                      </>
                    )}
                  </RowCell>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <button type="submit" name="intent" value="more-rows" className="button" formNoValidate>
          Add rows
        </button>
      </fieldset>

      <fieldset className="admin-panel admin-product__section">
        <legend>Images</legend>
        <p className="admin-muted">
          The first is the cover. JPEG, PNG or WebP, at most 5 MB each. Every picture needs alt text: what it shows, for people who cannot
          see it.
        </p>
        <p className="visually-hidden" aria-live="polite">
          {announce}
        </p>
        {media.length > 0 && (
          <ol className="admin-product__media">
            {media.map((m, i) => (
              // biome-ignore lint/a11y/noNoninteractiveElementInteractions: dragging is the mouse's shortcut; "Move up/Move down" do the same by keyboard
              <li
                key={m.id || `new-${i}`}
                draggable
                onDragStart={() => {
                  dragFrom.current = i;
                }}
                onDragOver={(e) => e.preventDefault()}
                onDrop={onDrop(i)}
                className="admin-product__medium"
              >
                <input type="hidden" name={`media.${i}.id`} value={m.id} />
                <input type="hidden" name={`media.${i}.type`} value={m.type} />
                {m.type === "image" ? (
                  <img src={m.url} alt="" width={80} height={m.width && m.height ? Math.round((80 * m.height) / m.width) : 100} />
                ) : (
                  <span className="admin-product__video">Video</span>
                )}
                <div className="admin-product__medium-fields">
                  <span className="admin-muted">
                    {i === 0 ? "Cover" : `Position ${i + 1}`}
                    {m.width && m.height ? ` · ${m.width} × ${m.height}` : ""}
                  </span>
                  {m.type === "video" && (
                    <Field path={`media.${i}.url`} label={`Video ${i + 1} link`} value={m.url} errors={errors} type="url" />
                  )}
                  {m.type === "image" && <input type="hidden" name={`media.${i}.url`} value={m.url} />}
                  <Field
                    path={`media.${i}.alt`}
                    label={`Alt text of item ${i + 1}`}
                    value={m.alt}
                    errors={errors}
                    maxLength={PRODUCT_LIMITS.alt}
                  />
                </div>
                <div className="admin-product__medium-buttons">
                  <button
                    type="submit"
                    name="intent"
                    value={`move:${i}:up`}
                    className="button"
                    disabled={i === 0}
                    onClick={(e) => {
                      e.preventDefault();
                      move(i, i - 1);
                    }}
                  >
                    Move up<span className="visually-hidden"> item {i + 1}</span>
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={`move:${i}:down`}
                    className="button"
                    disabled={i === media.length - 1}
                    onClick={(e) => {
                      e.preventDefault();
                      move(i, i + 1);
                    }}
                  >
                    Move down<span className="visually-hidden"> item {i + 1}</span>
                  </button>
                  <button type="submit" name="intent" value={`remove-media:${i}`} className="button" formNoValidate>
                    Remove<span className="visually-hidden"> item {i + 1}</span>
                  </button>
                </div>
              </li>
            ))}
          </ol>
        )}
        <div className="admin-field">
          <label htmlFor={fid("images")}>Add pictures</label>
          <input
            id={fid("images")}
            name="images"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => setChosen([...(e.currentTarget.files ?? [])])}
            {...invalid(errors, "images")}
          />
          <FieldError path="images" errors={errors} />
        </div>
        <Previews files={chosen} />
        <Field
          path="newVideo"
          label="Add a video link (optional)"
          value=""
          errors={errors}
          type="url"
          hint="An https address of an .mp4 or .webm file."
        />
      </fieldset>

      <div className="admin-product__save">{saveButton}</div>
    </OnceForm>
  );
}
