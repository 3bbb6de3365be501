import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import { placeByPin } from "../../../workers/services/accounts/address-place";
import { myAddresses } from "../../../workers/services/accounts/addresses";
import { effectivePrice } from "../../../workers/services/catalog/pricing";
import { settings } from "../../../workers/services/content/settings";
import { type MoneyRules, moneyRules } from "../../../workers/services/content/shop-settings";
import { couponMessages, normaliseCouponCode, orderTotals } from "../../../workers/services/orders/coupon.rules";
import { confirmPayment } from "../../../workers/services/orders/order-payments";
import { placeOrder } from "../../../workers/services/orders/order-placing";
import { applyCoupon } from "../../../workers/services/orders/order-quote";
import { orderPagePath } from "../../../workers/services/orders/order-views.rules";
import { razorpayConfig } from "../../../workers/services/orders/razorpay";
import { AppError, errorHeaders } from "../../../workers/services/platform/errors";
import { type CartLine, type HeldLine, heldLine, myCart } from "../../../workers/services/shopping/cart";
import {
  ADDRESS_FIELDS,
  type AddressField,
  type AddressValues,
  type CheckoutAnswer,
  type CheckoutFormState,
  type CouponApplied,
  checkoutMessages,
  type LinesSource,
  NEW_ADDRESS,
  noAddressGiven,
} from "../../components/checkout/checkout.rules";
import { CheckoutView } from "../../components/checkout/checkout-view";
import { keepWaitingOrder, waitingOrderKey } from "../../components/order/pay-now.server";
import { problemOf } from "../../lib/action-errors.server";
import { buyNowLine, CHECKOUT_SIGN_UP, clearBuyNow } from "../../lib/cart.server";
import type { Route } from "./+types/checkout";

/**
 * Checkout (docs/product/orders.md). A signed-out shopper makes her account
 * first and comes back, unless she holds a Buy Now line and chose to check out as a guest
 * (`?guest=1`). She sees what she is buying (the Buy Now line if she came that way, else her cart)
 * at today's prices, picks or adds the delivery address, may apply a coupon and pays by cash on
 * delivery (works without JavaScript: the form posts here and the answer is a redirect to the
 * thank-you page) or online through Razorpay (the page opens Checkout.js with the payment the action
 * answers, then posts the result back to be verified). Every figure comes from the server: the
 * order service (workers/services/orders/order-placing.ts) prices the order again from the database.
 */
export const meta: Route.MetaFunction = () => [{ title: `Checkout | ${settings.brand.name}` }, { name: "robots", content: "noindex" }];

const isGuestAsked = (request: Request) => new URL(request.url).searchParams.get("guest") === "1";

/** The held line as the order service takes it (its `items`, docs/product/orders.md). */
const itemsOf = (held: HeldLine | null) =>
  held ? [{ product: held.productId, size: held.size, color: held.color, quantity: held.quantity }] : undefined;

/** The figures the order service will charge for these lines without a coupon (coupon.rules.ts, which it uses too). */
const totalsOf = (lines: CartLine[], rules: MoneyRules) =>
  orderTotals(
    lines.filter((l) => !l.problem).map((l) => ({ unitPricePaise: effectivePrice(l), quantity: l.quantity })),
    null,
    rules,
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.services;
  // The token names the shopper without a read: a Buy Now line chosen by someone else is not hers.
  const claims = await services.claims();
  const held = buyNowLine(request, claims?.userId ?? null);
  const checkoutKey = crypto.randomUUID();
  // Without Razorpay's keys (or with the stand-in's in production) the shop takes cash on delivery only.
  const onlinePayment = razorpayConfig(services.env) !== null;
  if (!claims) {
    // A guest checks out only the piece she chose with Buy Now, and only when she asked to.
    if (!held || !isGuestAsked(request)) throw redirect(CHECKOUT_SIGN_UP);
    const [line, rules] = await Promise.all([heldLine(services, held), moneyRules(services)]);
    const lines = line ? [line] : [];
    return { guest: true, buyNow: true, lines, totals: totalsOf(lines, rules), addresses: [], checkoutKey, contact: null, onlinePayment };
  }
  // The session check, the lines and her saved addresses travel in one batch (one round trip).
  const lines = held ? heldLine(services, held).then((line) => (line ? [line] : [])) : myCart(services).then((cart) => cart.lines);
  const [user, shown, addresses, rules] = await Promise.all([
    services.user(),
    lines.catch(signedOutIsEmpty),
    myAddresses(services).catch(signedOutIsEmpty),
    moneyRules(services),
  ]);
  if (!user) throw redirect(CHECKOUT_SIGN_UP);
  return {
    guest: false,
    buyNow: held !== null,
    lines: shown,
    totals: totalsOf(shown, rules),
    addresses,
    checkoutKey,
    onlinePayment,
    // The new-address form starts with what her account already says.
    contact: { fullName: user.name, phoneNumber: user.mobile, emailAddress: user.email },
  };
}

/** A session that failed its check reads as empty here; the loader then sends her to make an account. */
function signedOutIsEmpty(error: unknown): never[] {
  if (error instanceof AppError && error.status === 401) return [];
  throw error;
}

const answer = (body: CheckoutAnswer, status = 200, headers?: HeadersInit) => data<CheckoutAnswer>(body, { status, headers });

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.services;
  const form = await request.formData().catch(() => new FormData());
  const intent = text(form, "intent");
  const claims = await services.claims();
  const held = buyNowLine(request, claims?.userId ?? null);
  // Razorpay's answer is checked against the order we stored: nothing else of this request is needed.
  if (intent === "verify") return verify(request, services, form, held !== null, !claims);
  // A guest checks out only a Buy Now line (her session may also have ended since the page was drawn).
  if (!claims && !held) throw redirect(CHECKOUT_SIGN_UP);
  const checkout: Checkout = { services, held, guest: !claims, posted: postedForm(form, !claims) };
  // "enter" is the form's first, unseen submit button, the one the Enter key presses without
  // JavaScript: it applies a code typed in the coupon box, else only draws the page again, so Enter
  // in a field never places an order unseen.
  if (intent === "apply-coupon" || (intent === "enter" && checkout.posted.couponEntry.trim())) return applyCode(checkout);
  if (intent === "remove-coupon") return answer({ intent, ok: true, form: { ...checkout.posted, coupon: null } });
  if (intent === "enter") return answer({ intent, ok: true, form: await drawnAgain(checkout) });
  if (intent === "place") return place(request, checkout, form);
  return answer({ intent: "unknown", ok: false, message: checkoutMessages.unknownAction }, 400);
}

type Services = Route.ActionArgs["context"]["services"];

/** One post of the checkout form: who asks, for which lines, and the form as she left it. */
interface Checkout {
  services: Services;
  held: HeldLine | null;
  guest: boolean;
  posted: PostedForm;
}

type PostedForm = Omit<CheckoutFormState, "coupon" | "values"> & { values: AddressValues; couponCode: string };

/** The checkout form as posted: every address field, the chosen address and method, the codes. */
function postedForm(form: FormData, guest: boolean): PostedForm {
  return {
    values: Object.fromEntries(ADDRESS_FIELDS.map(([field]) => [field, text(form, field)])) as AddressValues,
    addressId: guest ? NEW_ADDRESS : text(form, "addressId") || NEW_ADDRESS,
    paymentMethod: text(form, "paymentMethod"),
    saveAddress: form.get("saveAddress") === "on",
    couponCode: normaliseCouponCode(text(form, "couponCode")),
    couponEntry: text(form, "couponEntry"),
  };
}

async function appliedCoupon({ services, held, guest }: Checkout, code: string): Promise<CouponApplied> {
  const { coupon, totals } = await applyCoupon(services, { couponCode: code, items: itemsOf(held), buyNow: held !== null, guest });
  return { ...coupon, totals };
}

/** The form drawn again as posted, with the coupon she had applied if it still applies. */
async function drawnAgain(checkout: Checkout, values?: AddressValues): Promise<CheckoutFormState> {
  const { couponCode, ...posted } = checkout.posted;
  const coupon = couponCode ? await appliedCoupon(checkout, couponCode).catch(() => null) : null;
  return { ...posted, values: values ?? posted.values, coupon };
}

/** `intent` apply-coupon: the code typed, trimmed and upper-cased, judged by the order service against these lines. */
async function applyCode(checkout: Checkout) {
  const raw = checkout.posted.couponEntry;
  const code = normaliseCouponCode(raw);
  const refused = async (message: string, status: number, headers?: HeadersInit) =>
    answer({ intent: "apply-coupon", ok: false, message, code: raw, form: await drawnAgain(checkout) }, status, headers);
  if (!code) return refused(couponMessages.empty, 400);
  try {
    const coupon = await appliedCoupon(checkout, code);
    return answer({ intent: "apply-coupon", ok: true, coupon, form: { ...checkout.posted, couponEntry: "", coupon } });
  } catch (error) {
    const problem = problemOf(error, "Checkout action failed");
    return refused(problem?.message ?? couponMessages.failed, problem?.status ?? 500, problem ? errorHeaders(problem) : undefined);
  }
}

/** `intent` place: the order service places the order; cash on delivery goes on to the thank-you page. */
async function place(request: Request, checkout: Checkout, form: FormData) {
  const { services, held, guest, posted } = checkout;
  const { paymentMethod, addressId: chosen } = posted;
  let values = posted.values;
  const refuse = async (message: string, status: number, fields?: Partial<Record<AddressField, string>>, headers?: HeadersInit) =>
    // Drawn again without JavaScript: what she typed, and the coupon she applied, are kept.
    answer({ intent: "place", ok: false, message, fields, form: await drawnAgain(checkout, values) }, status, headers);

  const source: LinesSource = held ? "buy-now" : "cart";
  if (text(form, "lines") !== source) return refuse(checkoutMessages.changed, 409);
  // Razorpay's window needs JavaScript; without it no pending order is made to hold stock for nothing.
  if (paymentMethod === "bank" && text(form, "js") !== "1") return refuse(checkoutMessages.needsJavaScript, 400);

  if (chosen === NEW_ADDRESS && noAddressGiven(values)) return refuse(checkoutMessages.noAddress, 400);

  try {
    let shippingInfo: unknown = { addressId: chosen };
    if (chosen === NEW_ADDRESS) {
      // City and State from the PIN directory (also when she typed the PIN before the page's script
      // could fill them; a PIN it must ask India Post about may fail with a 503, refused below); the
      // order service checks every field and answers each one's message.
      values = (await placeByPin(services, values)).address as AddressValues;
      shippingInfo = values;
    }
    const placed = await placeOrder(services, {
      shippingInfo,
      saveAddress: !guest && chosen === NEW_ADDRESS && posted.saveAddress,
      paymentMethod,
      couponCode: posted.couponCode || undefined,
      checkoutKey: text(form, "checkoutKey"),
      items: itemsOf(held),
      buyNow: held !== null,
      guest,
      resumeKey: guest ? waitingOrderKey(request) : undefined,
    });
    if (!placed.payment) {
      // Post/Redirect/Get: a reload of the thank-you page can never place the order again.
      const headers = held ? { "Set-Cookie": clearBuyNow(request) } : undefined;
      throw redirect(orderPagePath(placed.order.orderNumber, guest ? placed.accessKey : null), { status: 303, headers });
    }
    const keep = guest && placed.accessKey ? { "Set-Cookie": keepWaitingOrder(request, placed.accessKey) } : undefined;
    return answer({ intent: "place", ok: true, payment: placed.payment, orderNumber: placed.order.orderNumber }, 200, keep);
  } catch (error) {
    const problem = problemOf(error, "Checkout action failed");
    if (problem?.status === 401) throw redirect(CHECKOUT_SIGN_UP);
    const fallback = paymentMethod === "bank" ? checkoutMessages.paymentStartFailed : checkoutMessages.placeFailed;
    const fields = problem?.details?.fields as Partial<Record<AddressField, string>> | undefined;
    return refuse(
      firstOf(fields) ?? problem?.message ?? fallback,
      problem?.status ?? 500,
      fields,
      problem ? errorHeaders(problem) : undefined,
    );
  }
}

/** The message of the first refused field in the order the form shows them. */
const firstOf = (fields: Partial<Record<AddressField, string>> | undefined) =>
  fields && ADDRESS_FIELDS.map(([f]) => fields[f]).find(Boolean);

/** `intent` verify: Razorpay's handler answer, checked by the order service; then the thank-you page. */
async function verify(request: Request, services: Services, form: FormData, buyNow: boolean, guest: boolean) {
  try {
    const { order, accessKey } = await confirmPayment(services, {
      razorpay_order_id: form.get("razorpay_order_id"),
      razorpay_payment_id: form.get("razorpay_payment_id"),
      razorpay_signature: form.get("razorpay_signature"),
    });
    const headers = buyNow ? { "Set-Cookie": clearBuyNow(request) } : undefined;
    throw redirect(orderPagePath(order.orderNumber, guest ? accessKey : null), { status: 303, headers });
  } catch (error) {
    const problem = problemOf(error, "Checkout action failed");
    return answer({ intent: "verify", ok: false, message: checkoutMessages.verifyFailed }, problem?.status ?? 500);
  }
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return <CheckoutView {...loaderData} />;
}

export const handle = { failure: "Failed to load checkout" };

/**
 * A coupon's answer changes nothing the loader reads; any answer to Place Order, refusals too, reads
 * the lines again (a size that sold out meanwhile shows why), as does a refused payment.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  if (intent === "apply-coupon" || intent === "remove-coupon" || intent === "enter") return false;
  if (intent === "place" || intent === "verify") return true;
  return defaultShouldRevalidate;
};

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
