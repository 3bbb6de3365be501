import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import { couponMessages, normaliseCouponCode } from "../../../workers/services/orders/coupon.rules";
import { useHydrated } from "../../lib/hooks/use-hydrated";
import { useToast } from "../toast/toast";
import type { CheckoutAnswer, CouponApplied } from "./checkout.rules";

/**
 * The coupon box: none or applied. Its input and buttons belong to the checkout form (`form`
 * attribute), so without JavaScript Apply and Remove post the whole form and the page comes back
 * with every address field she typed (see CheckoutFormState). With JavaScript, Apply (or Enter in
 * the box) asks the page's action by itself, and an empty code is refused before anything is sent.
 * Applied: the input is disabled and Remove clears it. The input keeps its own DOM value, so a code
 * typed before the script started is the code applied.
 */
export function CouponBox({
  formId,
  applied,
  refused,
  onApplied,
  onRemoved,
}: {
  /** The checkout form the box posts with. */
  formId: string;
  applied: CouponApplied | null;
  /** The refusal the page came back with (no JavaScript). */
  refused?: { message: string; code: string } | null;
  onApplied: (coupon: CouponApplied) => void;
  onRemoved: () => void;
}) {
  const fetcher = useFetcher<CheckoutAnswer>({ key: "checkout-coupon" });
  const toast = useToast();
  const hydrated = useHydrated();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(refused?.message ?? null);
  const busy = fetcher.state !== "idle";

  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer once, when it has arrived; the callbacks and toast are stable enough.
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || answer?.intent !== "apply-coupon") return;
    if (answer.ok) {
      setError(null);
      onApplied(answer.coupon);
      toast.success(`Coupon ${answer.coupon.code} applied`);
    } else {
      const message = answer.message || couponMessages.failed;
      setError(message);
      toast.error(message);
      input.current?.focus();
    }
  }, [fetcher.data, fetcher.state]);

  function apply() {
    if (busy) return;
    const code = input.current?.value ?? "";
    if (!normaliseCouponCode(code)) {
      setError(couponMessages.empty);
      toast.error(couponMessages.empty);
      input.current?.focus();
      return;
    }
    fetcher.submit({ intent: "apply-coupon", couponEntry: code }, { method: "post" });
  }

  function remove() {
    onRemoved();
    setError(null);
    toast.info("Coupon removed");
    // The input comes back enabled on the next render.
    requestAnimationFrame(() => input.current?.focus());
  }

  // Without JavaScript these are the checkout form's own submit buttons; with it, handled here.
  const handled = (act: () => void) => (event: React.SyntheticEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    act();
  };

  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="checkout-card coupon-box">
      <label htmlFor={`${id}-code`} className="coupon-box__label">
        Coupon code
      </label>
      <div className="coupon-box__row">
        <input
          // A new element when a coupon is applied or removed: the applied code shows, the entry starts empty.
          key={applied ? `applied-${applied.code}` : "entry"}
          ref={input}
          id={`${id}-code`}
          form={formId}
          name={applied ? undefined : "couponEntry"}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          defaultValue={applied ? applied.code : (refused?.code ?? "")}
          disabled={applied !== null}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={() => setError(null)}
          onKeyDown={(event) => {
            if (event.key === "Enter") handled(apply)(event);
          }}
        />
        {applied ? (
          <button
            type="submit"
            form={formId}
            name="intent"
            value="remove-coupon"
            className="button button--secondary"
            onClick={handled(remove)}
          >
            Remove<span className="visually-hidden"> coupon {applied.code}</span>
          </button>
        ) : (
          <button
            type="submit"
            form={formId}
            name="intent"
            value="apply-coupon"
            className="button button--secondary"
            aria-disabled={busy || undefined}
            onClick={handled(apply)}
          >
            {busy ? "Applying..." : "Apply"}
          </button>
        )}
      </div>
      {applied && (
        <p className="coupon-box__applied" role="status">
          {applied.code} applied: you save {formatRupees(applied.discountPaise)}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
