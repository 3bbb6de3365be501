/**
 * The checkout page's words and shapes (docs/product/orders.md): client-safe, imported by the page, its components and its
 * action.
 */
import type { OrderTotals } from "../../../workers/services/orders/coupon.rules";
import { orderMessages } from "../../../workers/services/orders/order.rules";

export const checkoutMessages = {
  noAddress: orderMessages.noAddress,
  placeFailed: orderMessages.placeFailed,
  paymentStartFailed: orderMessages.initiateFailed,
  sdkFailed: orderMessages.sdkFailed,
  paymentFailed: orderMessages.paymentFailed,
  paymentCancelled: orderMessages.cancelled,
  verifyFailed: orderMessages.verifyFailed,
  pinVerified: "PIN code verified: State & City auto-filled",
  /** A browser without JavaScript cannot open Razorpay's window: said before any order is made. */
  needsJavaScript: "Paying online needs JavaScript turned on in your browser. Turn it on, or choose Cash on Delivery.",
  /** The page showed the cart but a Buy Now line was chosen since (or the other way round), in another tab. */
  changed: "Your order changed in another tab. Please check it and place it again.",
  unknownAction: "Unknown action",
} as const;

/** The brand's kumkum (BRAND.md), Razorpay's window colour. */
export const BRAND_COLOR = "#8A1C2B";

/** The address fields in the order the form shows them, each labelled to match its message (docs/product/orders.md). */
export const ADDRESS_FIELDS = [
  ["fullName", "Full Name"],
  ["streetAddress", "House No. / Building Name"],
  ["apartment", "Road Name / Area / Colony"],
  ["zipcode", "ZIP / PIN Code"],
  ["townCity", "City / District"],
  ["state", "State"],
  ["phoneNumber", "Phone Number"],
  ["emailAddress", "Email Address"],
] as const;

export type AddressField = (typeof ADDRESS_FIELDS)[number][0];
export type AddressValues = Record<AddressField, string>;

/** The fields that say where: with all of them blank there is no address yet, whatever her name and phone say. */
const PLACE_FIELDS = ["streetAddress", "apartment", "zipcode", "townCity", "state"] as const satisfies AddressField[];

/** docs/product/orders.md: "Please provide a delivery address." when the new address says nothing of where. */
export const noAddressGiven = (values: Partial<AddressValues>) => PLACE_FIELDS.every((field) => !values[field]?.trim());

/** The radio value of "Add a new address" among the saved ones. */
export const NEW_ADDRESS = "new";

/** Which lines the page showed: the place action refuses when they are no longer the ones it would order. */
export type LinesSource = "buy-now" | "cart";

export interface CouponApplied {
  code: string;
  discountType: "percentage" | "flat";
  discountValue: number;
  discountPaise: number;
  totals: OrderTotals;
}

export interface PaymentStart {
  id: string;
  amount: number;
  currency: string;
  key: string;
  checkoutUrl: string;
  name: string;
  /** What Razorpay's window says the payment is for. */
  description?: string;
  prefill: { name: string; email: string; contact: string };
}

/**
 * The whole checkout form as she left it, for the page drawn again without JavaScript (applying or
 * removing a coupon, or a refused order, posts the one form): nothing she typed or chose is lost.
 */
export interface CheckoutFormState {
  values: Partial<AddressValues>;
  /** The saved address chosen, or NEW_ADDRESS. */
  addressId: string;
  paymentMethod: string;
  saveAddress: boolean;
  /** The coupon applied when the page is drawn again. */
  coupon: CouponApplied | null;
  /** The code typed in the coupon box (kept when it was refused). */
  couponEntry: string;
}

/** What the page's action answers (a placed cash-on-delivery order and a verified payment redirect instead). */
export type CheckoutAnswer =
  | { intent: "apply-coupon"; ok: true; coupon: CouponApplied; form?: CheckoutFormState }
  | { intent: "apply-coupon"; ok: false; message: string; code: string; form?: CheckoutFormState }
  | { intent: "remove-coupon" | "enter"; ok: true; form?: CheckoutFormState }
  | { intent: "place"; ok: true; payment: PaymentStart; orderNumber: number }
  | {
      intent: "place";
      ok: false;
      message: string;
      /** Each refused address field's message. */
      fields?: Partial<Record<AddressField, string>>;
      form?: CheckoutFormState;
    }
  | { intent: "verify"; ok: false; message: string }
  | { intent: "unknown"; ok: false; message: string };
