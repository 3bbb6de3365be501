import type { Colour } from "../../lib/product-options";

interface ColourSwatchesProps {
  colors: readonly Colour[];
  /** The colour ticked in the server's HTML; the legend names the one ticked now. */
  defaultValue: string | null;
  value: string | null;
  onChange: (name: string) => void;
  /**
   * The page that shows a colour chosen, its pictures first (`?colour=`). Given, each swatch is also
   * a link there in a browser without JavaScript, so a tap shows her that colour.
   */
  colourHref?: (name: string) => string;
}

/**
 * Colour choice as radio inputs (they post without JavaScript), drawn as swatches named on hover.
 * The radios keep their own state (`defaultChecked`), so one ticked before the page's script has
 * started stays ticked. With `colourHref`, a link lies over each swatch in a browser without
 * JavaScript (`<noscript>`): the radio alone cannot bring the colour's pictures forward without a
 * script, the server can. A browser with JavaScript never draws the link, so a tap before the
 * script has started ticks the radio in place (keeping a size she ticked) and the pictures follow
 * once it runs.
 */
export function ColourSwatches({ colors, defaultValue, value, onChange, colourHref }: ColourSwatchesProps) {
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
            {colourHref && (
              <noscript>
                {/* biome-ignore lint/a11y/useAnchorContent: for a pointer's tap only; the radio under it is the control keyboards and screen readers use */}
                <a href={colourHref(colour.name)} className="swatch__link" tabIndex={-1} aria-hidden="true" />
              </noscript>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
