/**
 * Razorpay's Checkout.js, loaded only when the shopper pays (never in the bundle, never
 * with the page). One script tag, added once; a failed load can be tried again.
 */
import { settings } from "../../../workers/services/content/settings";
import { BRAND_COLOR, type PaymentStart } from "./checkout.rules";

export interface RazorpaySuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

interface RazorpayInstance {
  open(): void;
  on(event: "payment.failed", listener: (response: unknown) => void): void;
}

type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

function loadCheckoutJs(src: string): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error("Razorpay missing")));
    script.onerror = () => reject(new Error("Checkout.js failed to load"));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    document.querySelector(`script[src="${CSS.escape(src)}"]`)?.remove();
    throw error;
  });
  return loading;
}

/**
 * Opens Razorpay's window for our order's payment. `onSuccess` gets the payment to be verified by
 * the server; `onFailed` may come more than once (Razorpay lets her try again in the same window),
 * `onDismiss` when she closes it (told whether a failure came first); `onLoadError` when the script
 * cannot be had.
 */
export async function payWithRazorpay(
  payment: PaymentStart,
  orderNumber: number,
  on: {
    onSuccess: (response: RazorpaySuccess) => void;
    onFailed: () => void;
    onDismiss: (afterFailure: boolean) => void;
    onLoadError: () => void;
  },
): Promise<void> {
  let Razorpay: RazorpayConstructor;
  try {
    Razorpay = await loadCheckoutJs(payment.checkoutUrl);
  } catch {
    on.onLoadError();
    return;
  }
  let paid = false;
  let failed = false;
  const checkout = new Razorpay({
    key: payment.key,
    amount: payment.amount,
    currency: payment.currency,
    name: settings.brand.name,
    description: payment.description ?? `Order #${orderNumber}`,
    order_id: payment.id,
    prefill: payment.prefill,
    theme: { color: BRAND_COLOR },
    handler: (response: RazorpaySuccess) => {
      if (paid) return;
      paid = true;
      on.onSuccess(response);
    },
    modal: { ondismiss: () => !paid && on.onDismiss(failed) },
  });
  checkout.on("payment.failed", () => {
    if (paid) return;
    failed = true;
    on.onFailed();
  });
  checkout.open();
}
