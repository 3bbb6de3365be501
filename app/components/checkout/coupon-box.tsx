import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { couponMessages, normaliseCouponCode } from "../../../workers/services/coupon.rules";
import { formatRupees } from "../../../workers/services/pricing";
import { useHydrated } from "../../lib/use-hydrated";
import { useToast } from "../toast/toast";
import type { CheckoutAnswer, CouponApplied } from "./checkout.rules";

/**
 * The coupon box (SPEC §4 "Checkout", §5 "Coupon"): none or applied. Apply posts `intent`
 * apply-coupon to the page's action; without JavaScript the page comes back with the answer, with it
 * a fetcher brings it here. An empty code is refused before anything is sent. Applied: the input is
 * disabled and "Remove" clears it (without JavaScript, by posting remove-coupon).
 */
export function CouponBox({
  applied,
  refused,
  onApplied,
  onRemoved,
}: {
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
  const [code, setCode] = useState(refused?.code ?? "");
  const [error, setError] = useState<string | null>(refused?.message ?? null);
  const busy = fetcher.state !== "idle";

  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer once, when it has arrived; the callbacks and toast are stable enough.
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || answer?.intent !== "apply-coupon") return;
    if (answer.ok) {
      setError(null);
      setCode("");
      onApplied(answer.coupon);
      toast.success(`Coupon ${answer.coupon.code} applied`);
    } else {
      const message = answer.message || couponMessages.failed;
      setError(message);
      toast.error(message);
      input.current?.focus();
    }
  }, [fetcher.data, fetcher.state]);

  function check(event: React.FormEvent<HTMLFormElement>) {
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") !== "apply-coupon") return;
    if (busy) {
      event.preventDefault();
      return;
    }
    if (!normaliseCouponCode(code)) {
      event.preventDefault();
      setError(couponMessages.empty);
      toast.error(couponMessages.empty);
      input.current?.focus();
    }
  }

  function remove(event: React.MouseEvent) {
    if (!hydrated) return; // posts remove-coupon
    event.preventDefault();
    onRemoved();
    setError(null);
    toast.info("Coupon removed");
    // The input comes back enabled on the next render.
    requestAnimationFrame(() => input.current?.focus());
  }

  const errorId = error ? `${id}-error` : undefined;
  return (
    <fetcher.Form method="post" className="checkout-card coupon-box" noValidate onSubmit={check}>
      <label htmlFor={`${id}-code`} className="coupon-box__label">
        Coupon code
      </label>
      <div className="coupon-box__row">
        <input
          ref={input}
          id={`${id}-code`}
          name="couponCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={applied ? applied.code : code}
          disabled={applied !== null}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
        />
        {applied ? (
          <button type="submit" name="intent" value="remove-coupon" className="button button--secondary" onClick={remove}>
            Remove<span className="visually-hidden"> coupon {applied.code}</span>
          </button>
        ) : (
          <button type="submit" name="intent" value="apply-coupon" className="button button--secondary" aria-disabled={busy || undefined}>
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
    </fetcher.Form>
  );
}
