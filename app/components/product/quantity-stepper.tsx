import { useId, useState } from "react";
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
 * left. Without JavaScript the buttons are hidden (CSS `scripting: none`) and the number box alone
 * does the job; the action then refuses a quantity above the stock and the page comes back with
 * it brought down (app/routes/product.tsx).
 */
export function QuantityStepper({ value, stock, onChange }: QuantityStepperProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [clamped, setClamped] = useState(false);
  // Another size: what was typed and why it was brought down belong to the last one.
  const [shownStock, setShownStock] = useState(stock);
  if (stock !== shownStock) {
    setShownStock(stock);
    setDraft(null);
    setClamped(false);
  }
  const note = stock === null ? null : stockNote(stock, clamped);
  const set = (quantity: number, typed: string | null = null) => {
    setDraft(typed);
    setClamped(false);
    onChange(quantity);
  };
  const step = (delta: number) => set(clampQuantity(value + delta, stock ?? 1));
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
          id={id}
          className="stepper__input"
          type="number"
          name="quantity"
          inputMode="numeric"
          min={1}
          max={stock ?? undefined}
          value={draft ?? String(value)}
          onChange={(event) => {
            const text = event.target.value;
            if (!/^\d+$/.test(text)) return setDraft(text);
            const typed = Number(text);
            if (stock === null || typed <= stock) return set(typed, text);
            set(clampQuantity(typed, stock));
            setClamped(true);
          }}
          onBlur={() => {
            setDraft(null);
            if (value < 1) set(1);
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
