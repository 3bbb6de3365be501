/**
 * TEMPORARY STUB on branch `checkout` (removed before merging main): the contract of the lead's
 * order service from /work/briefs/common11.md, so the checkout page builds and typechecks while
 * orders.ts is being written on main.
 */

import type { ServiceContext } from "./context";
import type { OrderTotals } from "./coupon.rules";
import { AppError } from "./errors";
import type { OrderView } from "./order-views";

export interface CheckoutInput {
  shippingInfo: unknown;
  saveAddress?: boolean;
  paymentMethod: unknown;
  couponCode?: unknown;
  checkoutKey?: unknown;
  items?: unknown;
  buyNow?: boolean;
  guest?: boolean;
}

export interface PlacedOrder {
  order: OrderView;
  accessKey: string | null;
  payment: null | {
    id: string;
    amount: number;
    currency: "INR";
    key: string;
    checkoutUrl: string;
    name: string;
    prefill: { name: string; email: string; contact: string };
  };
}

export interface AppliedCoupon {
  coupon: { code: string; discountType: "percentage" | "flat"; discountValue: number; discountPaise: number };
  totals: OrderTotals;
}

const notYet = () => new AppError(503, "Placing orders opens with our next update.");

export async function placeOrder(_ctx: ServiceContext, _input: CheckoutInput): Promise<PlacedOrder> {
  throw notYet();
}

export async function applyCoupon(
  _ctx: ServiceContext,
  _input: { couponCode: unknown; items?: unknown; buyNow?: boolean; guest?: boolean },
): Promise<AppliedCoupon> {
  throw notYet();
}

export async function confirmPayment(
  _ctx: ServiceContext,
  _input: { razorpay_order_id: unknown; razorpay_payment_id: unknown; razorpay_signature: unknown },
): Promise<{ order: OrderView; accessKey: string | null }> {
  throw notYet();
}
