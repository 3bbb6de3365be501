/** The coupon pages' words and filters. Client-safe: no zod, no database. */

export const COUPON_FILTERS = ["active", "expired", "all"] as const;
export type CouponFilter = (typeof COUPON_FILTERS)[number];

export const COUPON_MESSAGES = {
  created: "Coupon created.",
  saved: "Coupon saved.",
  unchanged: "Nothing changed: the coupon was already like this.",
  code: "Enter a code of 3 to 40 letters, digits, - or _.",
  duplicate: "A coupon with this code already exists.",
  type: "Choose percentage or flat.",
  percentage: "A percentage is a whole number from 1 to 100.",
  flat: "Enter the flat discount in rupees, more than 0 (up to ₹1,00,000).",
  minSubtotal: "Enter the minimum subtotal in rupees, 0 or more (up to ₹10,00,000).",
  startsOn: "Enter the first day as a calendar date, or leave it empty.",
  endsOn: "Enter the last day as a calendar date, or leave it empty.",
  window: "The last day cannot be before the first day.",
  usageLimit: "The total limit is a whole number from 1 to 10,00,000, or empty for no limit.",
  perUserLimit: "The per-shopper limit is a whole number from 1 to 1,000, or empty for no limit.",
  belowUses: (used: number) => `The total limit cannot be below the ${used} uses already counted.`,
  notFound: "No such coupon.",
  invalid: "Please correct the fields marked below.",
} as const;
