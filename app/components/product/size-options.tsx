import type { SizePrice } from "../../../workers/services/pricing";

interface SizeOptionsProps {
  sizes: readonly Pick<SizePrice, "size" | "stock">[];
  value: string | null;
  onChange: (size: string) => void;
}

/** Size choice as radio inputs drawn as buttons; a size with no stock is disabled and struck through. */
export function SizeOptions({ sizes, value, onChange }: SizeOptionsProps) {
  return (
    <fieldset className="option-group">
      <legend className="option-group__legend">Size</legend>
      <div className="size-options">
        {sizes.map(({ size, stock }) => {
          const out = stock <= 0;
          return (
            <label key={size} className="size-option">
              <input
                type="radio"
                name="size"
                value={size}
                checked={value === size}
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
