import type { Colour } from "../../lib/product-options";

interface ColourSwatchesProps {
  colors: readonly Colour[];
  /** The colour ticked in the server's HTML; the legend names the one ticked now. */
  defaultValue: string | null;
  value: string | null;
  onChange: (name: string) => void;
}

/**
 * Colour choice as radio inputs (they post without JavaScript), drawn as swatches named on hover.
 * The radios keep their own state (`defaultChecked`), so one ticked before the page's script has
 * started stays ticked.
 */
export function ColourSwatches({ colors, defaultValue, value, onChange }: ColourSwatchesProps) {
  if (colors.length === 0) return null;
  return (
    <fieldset className="option-group">
      <legend className="option-group__legend">
        Colour
        {value && (
          <span className="option-group__value" aria-hidden="true">
            {value}
          </span>
        )}
      </legend>
      <div className="swatches">
        {colors.map((colour) => (
          <label key={colour.name} className="swatch" title={colour.name}>
            <input
              type="radio"
              name="color"
              value={colour.name}
              defaultChecked={defaultValue === colour.name}
              onChange={() => onChange(colour.name)}
              className="option-input"
            />
            <span className="swatch__chip" style={{ backgroundColor: colour.hex }} />
            <span className="visually-hidden">{colour.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
