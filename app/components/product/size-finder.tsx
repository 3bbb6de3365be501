import type { Measurements, ProductFit } from "../../../workers/services/catalog/size-finder";

/**
 * "Find my size" (docs/product/size-finder.md). All of it is server-rendered HTML and a plain form
 * posting to /size-finder, which keeps her measurements and sends her back here, where the page's
 * loader has worked out the answer: it costs the product page no script and works the same before
 * the script starts and without it. The inputs are uncontrolled (`defaultValue`), so what she typed
 * before the script started stays typed.
 *
 * The fields sit inside the product's purchase form on the page, and a form cannot hold another
 * form: they belong to their own form through the `form` attribute (`SizeFinderForm`, rendered
 * outside the purchase form), so they never travel with Add to Cart.
 */

const MEASURES = [
  ["bust", "Bust"],
  ["waist", "Waist"],
  ["hip", "Hip"],
] as const;

export interface SizeFinderProps {
  /** The form's id (`SizeFinderForm`), and the prefix of each field's id. */
  form: string;
  /** What the loader worked out for her, or null before she has given her measurements. */
  answer: Pick<ProductFit, "measurements" | "words"> | null;
  /** The values she posted and each field's message, when the action refused them. */
  refused?: { values: Partial<Record<string, string>>; errors: Partial<Record<string, string>> };
  /** Open the disclosure (a refused post, or no other place to show the fields). */
  open?: boolean;
  /** False for a piece with no measured sizes (Free Size): the answer only, no fields. */
  asks?: boolean;
}

/** The answer, then the disclosure with the fields; the answer is a live region, so a screen reader hears it after a save. */
export function SizeFinder({ form, answer, refused, open, asks = true }: SizeFinderProps) {
  const words = answer?.words;
  return (
    <div className="size-finder" id={`${form}-box`}>
      {words && (
        <p className="size-finder__answer" role="status">
          <strong>{words.headline}</strong> <span>{words.reason}</span>
        </p>
      )}
      {asks && (
        <details className="size-finder__disclosure" open={open || Boolean(refused)}>
          <summary className="link-button">{answer ? "Change my measurements" : "Find my size"}</summary>
          <SizeFinderFields form={form} measurements={answer?.measurements ?? null} refused={refused} />
        </details>
      )}
    </div>
  );
}

function SizeFinderFields({
  form,
  measurements,
  refused,
}: {
  form: string;
  measurements: Measurements | null;
  refused?: SizeFinderProps["refused"];
}) {
  const value = (name: string) => refused?.values[name] ?? (measurements ? String(measurements[name as keyof Measurements]) : "");
  const unit = value("unit") || "in";
  return (
    <div className="size-finder__fields">
      <p className="size-finder__hint" id={`${form}-hint`}>
        Measure over light clothing, the tape snug, not tight. We keep your measurements for every product page.
      </p>
      <fieldset className="size-finder__units">
        <legend>Unit</legend>
        <label>
          <input type="radio" form={form} name="unit" value="in" defaultChecked={unit !== "cm"} /> Inches
        </label>
        <label>
          <input type="radio" form={form} name="unit" value="cm" defaultChecked={unit === "cm"} /> Centimetres
        </label>
      </fieldset>
      {MEASURES.map(([name, label]) => {
        const error = refused?.errors[name];
        const id = `${form}-${name}`;
        return (
          <div key={name} className={error ? "field field--invalid size-finder__field" : "field size-finder__field"}>
            <label htmlFor={id}>{label}</label>
            <input
              id={id}
              form={form}
              name={name}
              inputMode="decimal"
              autoComplete="off"
              defaultValue={value(name)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${form}-hint`}
            />
            {error && (
              <p id={`${id}-error`} className="field__error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" form={form} className="button button--secondary size-finder__submit">
        Show my size
      </button>
    </div>
  );
}

/**
 * The form the fields belong to: posted to /size-finder with the page to come back to. Empty; it
 * must stand outside any other form.
 */
export function SizeFinderForm({ id, back }: { id: string; back: string }) {
  return (
    <form id={id} method="post" action="/size-finder" noValidate hidden>
      <input type="hidden" name="back" value={back} />
    </form>
  );
}
