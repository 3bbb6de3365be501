import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher, useNavigate } from "react-router";
import type { Address } from "../../../workers/services/accounts/addresses";
import { settings } from "../../../workers/services/content/settings";
import type { OrderTotals } from "../../../workers/services/orders/coupon.rules";
import type { CartLine } from "../../../workers/services/shopping/cart";
import { cartMessages } from "../../../workers/services/shopping/cart.rules";
import { useHydrated } from "../../lib/hooks/use-hydrated";
import { CheckoutSteps } from "../checkout-steps";
import { FormMessage, focusFirstInvalid } from "../forms/fields";
import { ShopLink } from "../shop-link";
import { StatusPage } from "../status-page";
import { AddressSection } from "./address-section";
import {
  ADDRESS_FIELDS,
  type AddressField,
  type AddressValues,
  type CheckoutAnswer,
  type CouponApplied,
  checkoutMessages,
  NEW_ADDRESS,
  noAddressGiven,
} from "./checkout.rules";
import { CouponBox } from "./coupon-box";
import { OrderSummary } from "./order-summary";

export interface CheckoutData {
  guest: boolean;
  buyNow: boolean;
  lines: CartLine[];
  totals: OrderTotals;
  addresses: Address[];
  checkoutKey: string;
  contact: { fullName: string; phoneNumber: string; emailAddress: string } | null;
  /** Whether the shop takes online payment now (Razorpay's keys are set). */
  onlinePayment: boolean;
}

/**
 * The checkout address form's own check (the server's schema), fetched when she first reaches the
 * form rather than with the page (it brings zod). Until it has arrived, the server checks alone.
 */
type AddressCheck = typeof import("../../../workers/services/accounts/address.schema")["checkoutAddressSchema"];
let addressCheck: AddressCheck | undefined;
let loadingCheck = false;
function loadAddressCheck() {
  if (addressCheck || loadingCheck) return;
  loadingCheck = true;
  import("../../../workers/services/accounts/address.schema").then(
    (m) => (addressCheck = m.checkoutAddressSchema),
    () => (loadingCheck = false),
  );
}

const FORM_ID = "checkout-place-form";

/** What an order is made of on the form: everything but its checkout key. */
const fingerprintOf = (form: FormData) =>
  JSON.stringify([...form.entries()].filter(([name]) => name !== "checkoutKey" && name !== "couponEntry"));
type Notice = { message: string; tone: "error" | "info" };

/** The cart emptied (or the Buy Now piece went): said, then back to the cart after a second (docs/product/orders.md). */
function EmptyCheckout({ buyNow, guest }: { buyNow: boolean; guest: boolean }) {
  const navigate = useNavigate();
  const back = guest ? "/all-products" : "/cart";
  useEffect(() => {
    if (buyNow) return;
    const timer = setTimeout(() => navigate("/cart", { replace: true }), settings.timing.checkoutEmptyRedirectMs);
    return () => clearTimeout(timer);
  }, [buyNow, navigate]);
  return (
    <StatusPage
      eyebrow="Checkout"
      title={buyNow ? "The piece you chose is no longer available." : cartMessages.emptyAtCheckout}
      actions={
        <ShopLink to={back} className="button button--secondary">
          {guest ? "Browse products" : "Back to your cart"}
        </ShopLink>
      }
    >
      {buyNow ? (
        <p>Choose another from the shop{guest ? "" : ", or check out what is in your cart"}.</p>
      ) : (
        <>
          <p role="status">Taking you back to your cart...</p>
          {/* Without JavaScript the browser goes back by itself (with it, the timer above does). */}
          <noscript>
            <meta httpEquiv="refresh" content={`${settings.timing.checkoutEmptyRedirectMs / 1000};url=/cart`} />
          </noscript>
        </>
      )}
    </StatusPage>
  );
}

/** Checkout (docs/product/orders.md): address, coupon, summary, payment and "Place Order". */
export function CheckoutView(props: CheckoutData) {
  if (props.lines.length === 0) return <EmptyCheckout buyNow={props.buyNow} guest={props.guest} />;
  return <CheckoutForm {...props} />;
}

function CheckoutForm({ guest, buyNow, lines, totals, addresses, checkoutKey, contact, onlinePayment }: CheckoutData) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  // Without JavaScript each form posts as a document and the answer comes back with the page.
  const pageAnswer = useActionData<CheckoutAnswer>();
  const place = useFetcher<CheckoutAnswer>({ key: "checkout-place" });
  const verify = useFetcher<CheckoutAnswer>({ key: "checkout-verify" });

  const placeRefusal = pageAnswer?.intent === "place" && !pageAnswer.ok ? pageAnswer : null;
  // Without JavaScript every button of the form posts all of it, and the page comes back as she left it.
  const drawn = pageAnswer && "form" in pageAnswer ? pageAnswer.form : undefined;
  const [coupon, setCoupon] = useState<CouponApplied | null>(() => drawn?.coupon ?? null);
  const couponRefusal = pageAnswer?.intent === "apply-coupon" && !pageAnswer.ok ? pageAnswer : null;
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>(placeRefusal?.fields ?? {});
  const [notice, setNotice] = useState<Notice | null>(
    placeRefusal && !placeRefusal.fields ? { message: placeRefusal.message, tone: "error" } : null,
  );
  const [paying, setPaying] = useState(false);
  const busy = place.state !== "idle" || verify.state !== "idle" || paying;
  // The order the last payment was started for, and the one on its way now (see checkBeforePlacing).
  const lastPayment = useRef<{ key: string; fingerprint: string } | null>(null);
  const submitted = useRef<{ key: string; fingerprint: string } | null>(null);

  const say = (message: string, tone: Notice["tone"] = "error") => setNotice({ message, tone });

  // The place answer: a refusal is shown by its fields and message; a payment opens Razorpay's window.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer once, when it has arrived.
  useEffect(() => {
    const answer = place.data;
    if (place.state !== "idle" || answer?.intent !== "place") return;
    if (!answer.ok) {
      // Whatever was refused (an order that expired meanwhile too), the next try is a new checkout.
      lastPayment.current = null;
      setErrors(answer.fields ?? {});
      say(answer.message);
      if (answer.fields) requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    lastPayment.current = submitted.current;
    setPaying(true);
    void import("./razorpay-checkout").then(
      ({ payWithRazorpay }) =>
        payWithRazorpay(answer.payment, answer.orderNumber, {
          onSuccess: (response) => verify.submit({ intent: "verify", ...response }, { method: "post" }),
          onFailed: () => {
            setPaying(false);
            say(checkoutMessages.paymentFailed);
          },
          onDismiss: (afterFailure) => {
            setPaying(false);
            if (!afterFailure) say(checkoutMessages.paymentCancelled, "info");
          },
          onLoadError: () => {
            setPaying(false);
            say(checkoutMessages.sdkFailed);
          },
        }),
      () => {
        setPaying(false);
        say(checkoutMessages.sdkFailed);
      },
    );
  }, [place.data, place.state]);

  // A verified payment redirects to the thank-you page; a refused one is said here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer once.
  useEffect(() => {
    if (verify.state !== "idle" || verify.data?.intent !== "verify" || verify.data.ok) return;
    setPaying(false);
    say(verify.data.message || checkoutMessages.verifyFailed);
  }, [verify.data, verify.state]);

  /** Checks her address before anything is sent, with the server's own rules and words. */
  function addressProblem(form: FormData): boolean {
    if ((form.get("addressId") ?? NEW_ADDRESS) !== NEW_ADDRESS) return false;
    const values = Object.fromEntries(ADDRESS_FIELDS.map(([f]) => [f, String(form.get(f) ?? "")])) as AddressValues;
    if (noAddressGiven(values)) {
      say(checkoutMessages.noAddress);
      formRef.current?.querySelector<HTMLElement>('[name="streetAddress"]')?.focus();
      return true;
    }
    const check = addressCheck?.safeParse(values);
    if (!check || check.success) return false;
    const found: Partial<Record<AddressField, string>> = {};
    // With a whole PIN the server fills City and State from its directory (or refuses the PIN).
    const placedByPin = /^\d{6}$/.test(values.zipcode.trim());
    for (const issue of check.error.issues) {
      const field = issue.path[0] as AddressField;
      if (placedByPin && (field === "townCity" || field === "state")) continue;
      found[field] ??= issue.message;
    }
    if (Object.keys(found).length === 0) return false;
    setErrors(found);
    say(ADDRESS_FIELDS.map(([f]) => found[f]).find(Boolean) ?? checkoutMessages.noAddress);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
    return true;
  }

  function checkBeforePlacing(event: React.FormEvent<HTMLFormElement>) {
    // Enter in a field presses the form's first button, "enter": with JavaScript it does nothing
    // (the coupon box answers Enter itself); only "Place Order" places the order.
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") !== "place") {
      event.preventDefault();
      return;
    }
    const form = new FormData(event.currentTarget);
    if (busy || addressProblem(form)) {
      event.preventDefault();
      return;
    }
    // Paying again for the same order (she closed Razorpay's window, or a payment failed): the same
    // checkout key finds the pending order already made, instead of holding the stock twice.
    const fingerprint = fingerprintOf(form);
    const last = lastPayment.current;
    if (last && last.fingerprint === fingerprint) {
      event.preventDefault();
      form.set("checkoutKey", last.key);
      form.set("intent", "place");
      place.submit(form, { method: "post" });
    }
    submitted.current = { key: String(form.get("checkoutKey")), fingerprint };
  }

  const initial = drawn?.values ?? contact ?? {};
  // Cash on delivery until she chooses: it works in every browser, and paying online needs the script.
  const method = drawn?.paymentMethod ?? "cashOnDelivery";
  const fieldsFlagged = Object.keys(errors).length > 0;

  return (
    <div className="checkout-page container">
      <CheckoutSteps current={2} />
      <h1 className="cart-page__title">Checkout details</h1>
      {guest && (
        <p className="notice">
          You are checking out as a guest. <ShopLink to="/create-account?redirect=%2Fcheckout">Create an account</ShopLink> to follow your
          orders.
        </p>
      )}
      <div className="checkout-layout">
        <place.Form
          method="post"
          id={FORM_ID}
          ref={formRef}
          noValidate
          className="checkout-main"
          onFocus={loadAddressCheck}
          onSubmit={checkBeforePlacing}
        >
          {/* The button Enter presses (the form's first): a typed coupon is applied or the page drawn again, never an order placed. */}
          <button type="submit" name="intent" value="enter" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
          <input type="hidden" name="checkoutKey" value={checkoutKey} />
          <input type="hidden" name="lines" value={buyNow ? "buy-now" : "cart"} />
          <input type="hidden" name="couponCode" value={coupon?.code ?? ""} />
          {hydrated && <input type="hidden" name="js" value="1" />}
          <AddressSection
            addresses={addresses}
            guest={guest}
            initial={initial}
            chosen={drawn?.addressId}
            saveAddress={drawn?.saveAddress ?? true}
            errors={errors}
            onEdit={(field) =>
              setErrors((current) => {
                if (!(field in current)) return current;
                const { [field]: _gone, ...rest } = current;
                return rest;
              })
            }
          />
          <fieldset className="checkout-card checkout-payment">
            <legend>Payment method</legend>
            <div className="checkout-choices">
              <label className="checkout-choice">
                <input
                  type="radio"
                  name="paymentMethod"
                  value="bank"
                  defaultChecked={onlinePayment && method === "bank"}
                  disabled={!onlinePayment}
                />
                <span>
                  <strong>Bank / UPI / Wallets</strong>
                  <span className="checkout-choice__detail">
                    {onlinePayment ? "Cards, UPI, net banking and wallets, through Razorpay" : "Not available right now"}
                  </span>
                  {onlinePayment && (
                    <noscript>
                      <span className="checkout-choice__detail">Needs JavaScript turned on in your browser.</span>
                    </noscript>
                  )}
                </span>
              </label>
              <label className="checkout-choice">
                <input type="radio" name="paymentMethod" value="cashOnDelivery" defaultChecked={method !== "bank" || !onlinePayment} />
                <span>
                  <strong>Cash on Delivery</strong>
                  <span className="checkout-choice__detail">Pay when your order arrives</span>
                </span>
              </label>
            </div>
          </fieldset>
        </place.Form>
        <div className="checkout-aside">
          <OrderSummary lines={lines} totals={coupon?.totals ?? totals} couponCode={coupon?.code ?? null} buyNow={buyNow} />
          <CouponBox formId={FORM_ID} applied={coupon} refused={couponRefusal} onApplied={setCoupon} onRemoved={() => setCoupon(null)} />
          <div className="checkout-place">
            <FormMessage message={notice?.message} tone={notice?.tone} besideField={fieldsFlagged} answer={notice} />
            <button
              type="submit"
              form={FORM_ID}
              name="intent"
              value="place"
              className="button button--primary checkout-place__button"
              disabled={busy}
              aria-disabled={busy || undefined}
              // Before her first click: the address check is fetched as she comes to the button.
              onFocus={loadAddressCheck}
              onPointerEnter={loadAddressCheck}
            >
              {busy ? "Placing Order..." : "Place Order"}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
