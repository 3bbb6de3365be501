/**
 * Coupon and order-total rules (docs/product/orders.md, "Coupons"; docs/money.md) as pure functions:
 * the checkout page shows what the order service will charge, because both call these. Amounts are
 * integer paise; a percentage is whole percent.
 */
import type { coupons } from "../../../db/schema";
import { deliveryCharge, formatRupees } from "../catalog/pricing";

/** What the rules read of a coupon: its row (db/schema/shopping.ts), a percentage in whole percent, a flat value in paise. */
export type CouponTerms = Pick<
  typeof coupons.$inferSelect,
  | "code"
  | "discountType"
  | "discountValue"
  | "minSubtotalPaise"
  | "startsAt"
  | "endsAt"
  | "usageLimit"
  | "perUserLimit"
  | "usedCount"
  | "isActive"
>;

export const couponMessages = {
  empty: "Please enter a coupon code.",
  unknown: "This coupon code is not valid.",
  inactive: "This coupon is no longer available.",
  notYet: "This coupon is not active yet.",
  expired: "This coupon has expired.",
  usedUp: "This coupon has been fully used.",
  usedByYou: "You have already used this coupon.",
  addMore: (paise: number) => `Add ${formatRupees(paise)} more to use this coupon.`,
  failed: "Invalid coupon or server error.",
} as const;

/** docs/product/orders.md: codes are trimmed and upper-cased; an empty one is refused before anything is read. */
export function normaliseCouponCode(input: unknown): string {
  return typeof input === "string" ? input.trim().toUpperCase() : "";
}

/**
 * Why `coupon` cannot apply to a subtotal at `now` for a shopper who has used it `usedByShopper`
 * times, or null when it can. Checked in this order, so the message names the first thing to fix.
 */
export function couponProblem(coupon: CouponTerms | null, subtotalPaise: number, now: Date, usedByShopper = 0): string | null {
  if (!coupon) return couponMessages.unknown;
  if (!coupon.isActive) return couponMessages.inactive;
  if (coupon.startsAt && now < coupon.startsAt) return couponMessages.notYet;
  if (coupon.endsAt && now > coupon.endsAt) return couponMessages.expired;
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return couponMessages.usedUp;
  if (coupon.perUserLimit !== null && usedByShopper >= coupon.perUserLimit) return couponMessages.usedByYou;
  if (subtotalPaise < coupon.minSubtotalPaise) return couponMessages.addMore(coupon.minSubtotalPaise - subtotalPaise);
  return null;
}

/**
 * A percentage of the subtotal or the flat value, in whole rupees rounded up (in her favour: no
 * amount she sees carries paise); never more than the subtotal, never negative. See docs/money.md.
 */
export function couponDiscount(coupon: Pick<CouponTerms, "discountType" | "discountValue">, subtotalPaise: number): number {
  const exact = coupon.discountType === "percentage" ? (subtotalPaise * coupon.discountValue) / 100 : coupon.discountValue;
  const raw = Math.ceil(exact / 100) * 100;
  return Math.max(0, Math.min(raw, subtotalPaise));
}

export interface OrderTotals {
  subtotalPaise: number;
  discountPaise: number;
  shippingPaise: number;
  totalPaise: number;
}

/**
 * The order's figures from its lines' unit prices and quantities: the subtotal, the coupon's
 * discount (0 without one), delivery by the subtotal (docs/product/orders.md) and the total, which is the
 * subtotal less the discount plus delivery (docs/product/orders.md).
 */
export function orderTotals(
  lines: readonly { unitPricePaise: number; quantity: number }[],
  coupon: Pick<CouponTerms, "discountType" | "discountValue"> | null,
  rules: { deliveryChargePaise: number; freeShippingThresholdPaise: number | null },
): OrderTotals {
  const subtotalPaise = lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  const discountPaise = coupon ? couponDiscount(coupon, subtotalPaise) : 0;
  const shippingPaise = deliveryCharge(subtotalPaise, rules);
  return { subtotalPaise, discountPaise, shippingPaise, totalPaise: subtotalPaise - discountPaise + shippingPaise };
}
