import type { Ref } from "react";
import type { SizePrice } from "../../../workers/services/catalog/pricing";

interface SizeOptionsProps {
  sizes: readonly Pick<SizePrice, "size" | "stock">[];
  /** The size ticked in the server's HTML (none unless the page knows her choice). */
  defaultValue: string | null;
  onChange: (size: string) => void;
  /** Why her choice cannot go ahead ("Please select a size"), said at the choice itself. */
  error?: string | null;
  /** Names the error's element, so it is unique on a page with several choosers. */
  errorId?: string;
  /** The group, for moving focus to it when it asks for a choice. */
  groupRef?: Ref<HTMLFieldSetElement>;
}

/**
 * Size choice as radio inputs drawn as buttons; a size with no stock is disabled and struck through.
 * The radios keep their own state (`defaultChecked`): one ticked before the page's script has
 * started stays ticked when it does, and `onChange` tells the page what she picked. The group is a
 * focus target (`groupRef`) for an error that asks her to pick.
 */
export function SizeOptions({ sizes, defaultValue, onChange, error, errorId, groupRef }: SizeOptionsProps) {
  return (
    <fieldset
      ref={groupRef}
      className={error ? "option-group option-group--invalid" : "option-group"}
      aria-describedby={error ? errorId : undefined}
      tabIndex={-1}
      // A page that comes back asking for a size (posted without the script) opens at the question,
      // not at the top, where a phone shows only the picture.
      // biome-ignore lint/a11y/noAutofocus: only on the page that answers a post without a size; the question is where she must go next.
      autoFocus={Boolean(error)}
    >
      <legend className="option-group__legend">Size</legend>
      {error && (
        <p id={errorId} className="field__error option-group__error" role="alert">
          {error}
        </p>
      )}
      <div className="size-options">
        {sizes.map(({ size, stock }) => {
          const out = stock <= 0;
          return (
            <label key={size} className="size-option">
              <input
                type="radio"
                name="size"
                value={size}
                defaultChecked={defaultValue === size}
                disabled={out}
                onChange={() => onChange(size)}
                className="option-input"
              />
              <span className="size-option__label">
                {out ? <s>{size}</s> : size}
                {out && <span className="visually-hidden"> (out of stock)</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
