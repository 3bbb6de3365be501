import { useEffect, useId, useRef, useState } from "react";
import { canDecrease, canIncrease, clampQuantity, stockNote } from "../../lib/product-options";

interface QuantityStepperProps {
  value: number;
  /** The chosen size's stock; null while no size is chosen. */
  stock: number | null;
  onChange: (quantity: number) => void;
}

/**
 * Minus, a number box and plus, all kept within 1 and the chosen size's stock: a typed number above
 * the stock becomes the stock at once (the note says why), one below 1 becomes 1 when the box is
 * left. The box keeps its own value (`defaultValue`), so a number typed before the page's script has
 * started stays; the buttons, which need the script, show once it has (CSS on `html[data-hydrated]`)
 * and are hidden without JavaScript (CSS `scripting: none`), where the number box alone does the job;
 * the action then refuses a quantity above the stock and the page comes back with it brought down
 * (app/components/product/purchase-form.tsx).
 */
export function QuantityStepper({ value, stock, onChange }: QuantityStepperProps) {
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const [clamped, setClamped] = useState(false);
  // Another size: why a typed number was brought down belongs to the last one.
  const [shownStock, setShownStock] = useState(stock);
  if (stock !== shownStock) {
    setShownStock(stock);
    setClamped(false);
  }
  // The page may set the quantity too (another size's stock): the box shows it, unless what she is
  // typing already means it. Not on mount: the box then holds what she typed before the script
  // started, which the page reads and adopts.
  const shown = useRef(value);
  useEffect(() => {
    const input = box.current;
    if (shown.current === value) return;
    shown.current = value;
    if (input && Number(input.value) !== value && /^\d+$/.test(input.value)) input.value = String(value);
  }, [value]);
  const note = stock === null ? null : stockNote(stock, clamped);
  const set = (quantity: number) => {
    if (box.current) box.current.value = String(quantity);
    setClamped(false);
    onChange(quantity);
  };
  const step = (delta: number) => set(clampQuantity(value + delta, stock ?? Number.POSITIVE_INFINITY));
  return (
    <div className="option-group">
      <label htmlFor={id} className="option-group__legend">
        Quantity
      </label>
      <div className="stepper">
        <button
          type="button"
          className="stepper__button js-only"
          aria-label="Decrease quantity"
          disabled={!canDecrease(value)}
          onClick={() => step(-1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          ref={box}
          id={id}
          className="stepper__input"
          type="number"
          name="quantity"
          inputMode="numeric"
          min={1}
          max={stock ?? undefined}
          defaultValue={String(value)}
          onChange={(event) => {
            const text = event.target.value;
            if (!/^\d+$/.test(text)) return;
            const typed = Number(text);
            if (stock === null || typed <= stock) {
              setClamped(false);
              return onChange(typed);
            }
            set(clampQuantity(typed, stock));
            setClamped(true);
          }}
          onBlur={(event) => {
            const text = event.target.value;
            const quantity = clampQuantity(/^\d+$/.test(text) ? Number(text) : value, stock ?? Number.POSITIVE_INFINITY);
            event.target.value = String(quantity);
            if (quantity !== value) onChange(quantity);
          }}
        />
        <button
          type="button"
          className="stepper__button js-only"
          aria-label="Increase quantity"
          disabled={!canIncrease(value, stock)}
          onClick={() => step(1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <p className="stock-note" aria-live="polite">
        {note}
      </p>
    </div>
  );
}
