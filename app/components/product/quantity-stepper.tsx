import { useId, useState } from "react";
import { canDecrease, canIncrease, clampQuantity, stockNote } from "../../lib/product-options";

interface QuantityStepperProps {
  value: number;
  /** The chosen size's stock; null while no size is chosen. */
  stock: number | null;
  onChange: (quantity: number) => void;
}

/**
 * Minus, a number box and plus. The buttons stay within 1 and the stock; a typed number goes
 * through as typed, so the form's checks can say what is wrong with it. Without JavaScript the
 * buttons are hidden (CSS `scripting: none`) and the number box alone does the job.
 */
export function QuantityStepper({ value, stock, onChange }: QuantityStepperProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const note = stock === null ? null : stockNote(stock);
  const step = (delta: number) => {
    setDraft(null);
    onChange(clampQuantity(value + delta, stock ?? 1));
  };
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
            setDraft(text);
            if (/^\d+$/.test(text)) onChange(Number(text));
          }}
          onBlur={() => setDraft(null)}
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
