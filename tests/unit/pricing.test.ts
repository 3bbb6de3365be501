import { describe, expect, it } from "vitest";
import {
  cardPrice,
  deliveryCharge,
  effectivePrice,
  formatRupees,
  isOutOfStock,
  percentOff,
  type SizePrice,
} from "../../workers/services/catalog/pricing";
import { settings } from "../../workers/services/content/settings";

const size = (s: string, price: number, discount: number | null, stock: number): SizePrice => ({
  size: s,
  pricePaise: price,
  discountPricePaise: discount,
  stock,
});

describe("effective price", () => {
  it("is the discount price when there is one", () => {
    expect(effectivePrice(size("M", 1999_00, 1499_00, 3))).toBe(1499_00);
  });
  it("falls back to the price without a discount", () => {
    expect(effectivePrice(size("M", 1999_00, null, 3))).toBe(1999_00);
  });
});

describe("percent-off badge", () => {
  it("rounds (price - discount) / price to a whole percent", () => {
    expect(percentOff(1999_00, 1499_00)).toBe(25); // 25.01 %
    expect(percentOff(3000_00, 1999_00)).toBe(33); // 33.37 %
    expect(percentOff(999_00, 499_00)).toBe(50); // 50.05 %
    expect(percentOff(800_00, 700_00)).toBe(13); // 12.5 % rounds half up
  });
  it("is 0 with no discount or a discount that is not lower", () => {
    expect(percentOff(1999_00, null)).toBe(0);
    expect(percentOff(1999_00, 1999_00)).toBe(0);
  });
});

describe("card price", () => {
  it("shows the lowest effective price among sizes in stock, with its original price and stock", () => {
    const sizes = [size("S", 1500_00, 1200_00, 0), size("M", 1600_00, 1300_00, 4), size("L", 1400_00, null, 2)];
    expect(cardPrice(sizes)).toEqual({ size: "M", pricePaise: 1600_00, effectivePaise: 1300_00, stock: 4 });
  });
  it("ignores a cheaper size that is out of stock", () => {
    const sizes = [size("XS", 999_00, 799_00, 0), size("XL", 1299_00, 1099_00, 5)];
    expect(cardPrice(sizes)?.effectivePaise).toBe(1099_00);
  });
  it("still shows a price for a product with no stock at all", () => {
    const sizes = [size("S", 1500_00, 1200_00, 0), size("M", 1400_00, null, 0)];
    expect(cardPrice(sizes)).toMatchObject({ effectivePaise: 1200_00, stock: 0 });
  });
  it("is null for a product without sizes", () => {
    expect(cardPrice([])).toBeNull();
  });
});

describe("out of stock", () => {
  it("is out of stock when no size has stock above zero", () => {
    expect(isOutOfStock([size("S", 1, null, 0), size("M", 1, null, 0)])).toBe(true);
    expect(isOutOfStock([])).toBe(true);
  });
  it("is in stock when any size has stock, even if the cheapest has none", () => {
    expect(isOutOfStock([size("S", 100, null, 0), size("M", 200, null, 1)])).toBe(false);
  });
});

describe("delivery charge", () => {
  const rules = settings.money;
  it("is ₹100 when the subtotal is above 0", () => {
    expect(deliveryCharge(1, rules)).toBe(100_00);
    expect(deliveryCharge(50_000_00, rules)).toBe(100_00);
  });
  it("is 0 for an empty subtotal", () => {
    expect(deliveryCharge(0, rules)).toBe(0);
  });
  it("is waived at a free-shipping threshold when one is set", () => {
    const withThreshold = { ...rules, freeShippingThresholdPaise: 1000_00 };
    expect(deliveryCharge(999_99, withThreshold)).toBe(100_00);
    expect(deliveryCharge(1000_00, withThreshold)).toBe(0);
  });
});

describe("rupee formatting", () => {
  it("uses Indian digit grouping and the rupee sign", () => {
    expect(formatRupees(129_999_00)).toBe("₹1,29,999");
    expect(formatRupees(1299_50)).toBe("₹1,299.50");
    expect(formatRupees(0)).toBe("₹0");
    expect(formatRupees(5)).toBe("₹0.05");
    expect(formatRupees(1_00_00_000_00)).toBe("₹1,00,00,000");
  });

  it("says what Intl's en-IN rupee format says, for every size of amount", () => {
    const whole = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
    const paise = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 });
    const amounts = [
      0, 1, 9, 10, 99, 100, 101, 999_99, 1000_00, 1299_50, 99_999_00, 1_00_000_00, 12_34_567_89, 9_87_65_43_210, -250_00, -1299_50,
    ];
    for (let n = 1; n < 1e13; n = n * 7 + 3) amounts.push(n, n * 100);
    for (const amount of amounts)
      expect(formatRupees(amount), String(amount)).toBe((amount % 100 === 0 ? whole : paise).format(amount / 100));
  });
});
