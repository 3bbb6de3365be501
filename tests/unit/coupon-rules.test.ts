import { describe, expect, it } from "vitest";
import {
  type CouponTerms,
  couponDiscount,
  couponMessages,
  couponProblem,
  normaliseCouponCode,
  orderTotals,
} from "../../workers/services/orders/coupon.rules";

const terms = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  code: "WELCOME10",
  discountType: "percentage",
  discountValue: 10,
  minSubtotalPaise: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perUserLimit: null,
  usedCount: 0,
  isActive: true,
  ...over,
});
const now = new Date("2026-11-25T12:00:00Z");
const rules = { deliveryChargePaise: 100_00, freeShippingThresholdPaise: null };

describe("a coupon code as typed", () => {
  it("is trimmed and upper-cased; anything not text is empty", () => {
    expect(["  welcome10 ", "Flat200", "", 42, null].map(normaliseCouponCode)).toEqual(["WELCOME10", "FLAT200", "", "", ""]);
  });
});

describe("whether a coupon applies", () => {
  it("says the first thing that stops it, in the shopper's words", () => {
    expect(couponProblem(null, 1000_00, now)).toBe(couponMessages.unknown);
    expect(couponProblem(terms({ isActive: false }), 1000_00, now)).toBe(couponMessages.inactive);
    expect(couponProblem(terms({ startsAt: new Date("2026-12-01") }), 1000_00, now)).toBe(couponMessages.notYet);
    expect(couponProblem(terms({ endsAt: new Date("2025-09-30") }), 1000_00, now)).toBe("This coupon has expired.");
    expect(couponProblem(terms({ usageLimit: 1, usedCount: 1 }), 1000_00, now)).toBe(couponMessages.usedUp);
    expect(couponProblem(terms({ perUserLimit: 1 }), 1000_00, now, 1)).toBe(couponMessages.usedByYou);
    expect(couponProblem(terms({ minSubtotalPaise: 999_00 }), 899_00, now)).toBe("Add ₹100 more to use this coupon.");
  });

  it("applies within its window, limits and minimum", () => {
    const open = terms({ startsAt: new Date("2026-01-01"), endsAt: new Date("2026-12-31"), usageLimit: 5, usedCount: 4, perUserLimit: 2 });
    expect(couponProblem(open, 1000_00, now, 1)).toBeNull();
    expect(couponProblem(terms({ minSubtotalPaise: 999_00 }), 999_00, now)).toBeNull();
  });
});

describe("a coupon's discount", () => {
  it("is a percentage of the subtotal or the flat value, in whole rupees rounded up, never above the subtotal", () => {
    // Whole rupees, rounded up in her favour: 10% of ₹1,299 is ₹129.90, she saves ₹130.
    expect(couponDiscount(terms(), 1299_00)).toBe(130_00);
    expect(couponDiscount(terms(), 1200_00)).toBe(120_00);
    expect(couponDiscount(terms({ discountValue: 15 }), 333)).toBe(100);
    expect(couponDiscount(terms({ discountType: "flat", discountValue: 199_50 }), 1299_00)).toBe(200_00);
    expect(couponDiscount(terms({ discountType: "flat", discountValue: 200_00 }), 1299_00)).toBe(200_00);
    expect(couponDiscount(terms({ discountType: "flat", discountValue: 200_00 }), 150_00)).toBe(150_00);
    expect(couponDiscount(terms({ discountValue: 100 }), 999_00)).toBe(999_00);
  });
});

describe("an order's totals", () => {
  it("are the subtotal less the discount plus ₹100 delivery", () => {
    const lines = [
      { unitPricePaise: 959_00, quantity: 2 },
      { unitPricePaise: 1279_00, quantity: 1 },
    ];
    expect(orderTotals(lines, terms(), rules)).toEqual({
      subtotalPaise: 3197_00,
      discountPaise: 320_00,
      shippingPaise: 100_00,
      totalPaise: 2977_00,
    });
    expect(orderTotals(lines, null, rules).totalPaise).toBe(3297_00);
  });

  it("charge no delivery on nothing, and none at or above a free-shipping threshold when one is set", () => {
    expect(orderTotals([], null, rules)).toEqual({ subtotalPaise: 0, discountPaise: 0, shippingPaise: 0, totalPaise: 0 });
    const free = { deliveryChargePaise: 100_00, freeShippingThresholdPaise: 1000_00 };
    expect(orderTotals([{ unitPricePaise: 1000_00, quantity: 1 }], null, free).shippingPaise).toBe(0);
    expect(orderTotals([{ unitPricePaise: 999_00, quantity: 1 }], null, free).shippingPaise).toBe(100_00);
  });
});
