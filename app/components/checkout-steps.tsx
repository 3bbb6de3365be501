const STEPS = ["Shopping cart", "Checkout details", "Order complete"] as const;

/** The three steps of buying (docs/product/shopping.md), the current one marked for sight and for screen readers. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <nav aria-label="Checkout progress" className="checkout-steps">
      <ol>
        {STEPS.map((label, i) => {
          const step = i + 1;
          const state = step === current ? "is-current" : step < current ? "is-done" : "";
          return (
            <li key={label} className={state} aria-current={step === current ? "step" : undefined}>
              <span className="checkout-steps__number" aria-hidden="true">
                {step}
              </span>
              <span>{label}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
