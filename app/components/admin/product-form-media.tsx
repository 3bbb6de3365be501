import { type DragEvent, useEffect, useRef, useState } from "react";
import { PRODUCT_LIMITS } from "../../../workers/services/back-office/catalog/admin-products.rules";
import { Field, FieldError, fid, invalid } from "./product-form-fields";
import type { ProductFormValues } from "./product-form-types";

/**
 * The pictures and video links: reordered by "Move up/Move down" (submit buttons that save the form
 * with the change; with JavaScript they reorder on the page) or by dragging, removed, added. Each
 * says which of the product's colours it shows: the shop puts a colour's pictures first when a
 * shopper chooses it (docs/product/listing-and-colours.md).
 */
export function ImagesSection({ values, errors }: { values: ProductFormValues; errors: Record<string, string> }) {
  const [media, setMedia] = useState(values.media);
  const [announce, setAnnounce] = useState("");
  const [chosen, setChosen] = useState<File[]>([]);
  const dragFrom = useRef<number | null>(null);
  useEffect(() => setMedia(values.media), [values.media]);

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

  return (
    <fieldset className="admin-panel admin-product__section">
      <legend>Images</legend>
      <p className="admin-muted">
        The first is the cover. JPEG, PNG or WebP, at most 5 MB each. Every picture needs alt text: what it shows, for people who cannot see
        it.
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
                <ColourSelect path={`media.${i}.color`} index={i} value={m.color} colours={values.colors} errors={errors} />
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
  );
}

/**
 * The colours offered are the product's as last saved or posted; a colour the product no longer has
 * stays listed (named so) until the owner picks another, so a save cannot drop it unseen.
 */
function ColourSelect({
  path,
  index,
  value,
  colours,
  errors,
}: {
  path: string;
  index: number;
  value: string;
  colours: readonly { name: string }[];
  errors: Record<string, string>;
}) {
  const id = fid(path);
  const gone = value !== "" && !colours.some((c) => c.name === value);
  return (
    <div className="admin-field">
      <label htmlFor={id}>Colour of item {index + 1}</label>
      <select id={id} name={path} defaultValue={value} {...invalid(errors, path)}>
        <option value="">Any colour</option>
        {colours.map((c) => (
          <option key={c.name} value={c.name}>
            {c.name}
          </option>
        ))}
        {gone && <option value={value}>{value} (not a colour of this product)</option>}
      </select>
      <FieldError path={path} errors={errors} />
    </div>
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
