import { describe, expect, it } from "vitest";
import { DOCUMENT_RUPEES, dayLabel } from "../../app/lib/back-office/admin-documents";
import { formatRupees } from "../../workers/services/catalog/pricing";
import { settings } from "../../workers/services/content/settings";
import {
  allocateDiscount,
  computeGst,
  financialYear,
  garmentRate,
  gstinCheckChar,
  hsnFor,
  invoiceNumber,
  isGstin,
  numberInWords,
  rupeesInWords,
  sameState,
  splitTax,
  stateCode,
  taxableOf,
} from "../../workers/services/orders/gst";
import { indiaDate } from "../../workers/services/platform/india-time.rules";

const rule = settings.tax.gst;
const garment = (unitPricePaise: number, quantity = 1) => ({ unitPricePaise, quantity, goods: "garment" as const });

describe("the settings the invoice reads", () => {
  it("hold the rule since 22 September 2025: 5% up to ₹2,500 a piece, 18% above", () => {
    expect(rule).toMatchObject({ effective: "2025-09-22", thresholdPaise: 2_500_00, lowRate: 5, highRate: 18 });
  });

  it("hold a well-formed GSTIN for Uttar Pradesh (state code 09) whose check character is right", () => {
    const { gstin } = settings.tax;
    expect(gstin).toMatch(/^09[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
    expect(isGstin(gstin)).toBe(true);
    expect(gstin.slice(0, 2)).toBe(settings.tax.stateCode);
    expect(stateCode(settings.tax.state)).toBe("09");
  });
});

describe("a GSTIN", () => {
  it("is checked by its mod-36 check character", () => {
    // A GSTIN published as an example by many GST guides.
    expect(gstinCheckChar("27AAPFU0939F1Z")).toBe("V");
    expect(isGstin("27AAPFU0939F1ZV")).toBe(true);
    expect(isGstin("27AAPFU0939F1ZW")).toBe(false);
    expect(isGstin("09AAKFA1234C1Z5")).toBe(false);
    expect(isGstin("09AAKFA1234C0ZY")).toBe(false);
    expect(isGstin("9AAKFA1234C1ZY")).toBe(false);
  });
});

describe("the rate of a garment", () => {
  it("is 5% while a piece's value net of 5% GST is at most ₹2,500, 18% above", () => {
    expect(garmentRate(2_625_00, 1, rule)).toBe(5); // 2,500.00 taxable + 125.00 tax
    expect(taxableOf(2_625_00, 5)).toBe(2_500_00);
    expect(garmentRate(2_625_01, 1, rule)).toBe(18);
    expect(garmentRate(2_700_00, 1, rule)).toBe(18);
    expect(garmentRate(999_00, 1, rule)).toBe(5);
  });

  it("is decided per piece: three pieces at ₹2,625 are 5%, at ₹2,625.01 each 18%", () => {
    expect(garmentRate(3 * 2_625_00, 3, rule)).toBe(5);
    expect(garmentRate(3 * 2_625_01, 3, rule)).toBe(18);
  });

  it("follows the settings' threshold and rates, not numbers of its own", () => {
    const other = { ...rule, thresholdPaise: 1_000_00, lowRate: 12, highRate: 28 };
    expect(garmentRate(1_120_00, 1, other)).toBe(12);
    expect(garmentRate(1_120_01, 1, other)).toBe(28);
  });

  it("is decided on the value after the line's part of the coupon", () => {
    // ₹2,700 less a ₹100 discount is ₹2,600 a piece: 5%.
    const g = computeGst({ lines: [garment(2_700_00)], discountPaise: 100_00, deliveryPaise: 0, intraState: true, rule });
    expect(g.lines[0]).toMatchObject({ grossPaise: 2_700_00, discountPaise: 100_00, valuePaise: 2_600_00, rate: 5 });
    const none = computeGst({ lines: [garment(2_700_00)], discountPaise: 0, deliveryPaise: 0, intraState: true, rule });
    expect(none.lines[0]!.rate).toBe(18);
  });

  it("does not apply to a fabric: a saree is at the fabric rate whatever its price", () => {
    const g = computeGst({
      lines: [{ unitPricePaise: 8_999_00, quantity: 1, goods: "fabric" }],
      discountPaise: 0,
      deliveryPaise: 0,
      intraState: true,
      rule,
    });
    expect(g.lines[0]!.rate).toBe(rule.fabricRate);
  });
});

describe("HSN codes", () => {
  const table = settings.tax.hsn;
  it("come from the category (a subcategory's own first), with a default for an unknown one", () => {
    expect(hsnFor(table, "kurtis").code).toBe("6211");
    expect(hsnFor(table, "dresses").code).toBe("6204");
    expect(hsnFor(table, "sarees", "silk")).toEqual({ code: "5007", goods: "fabric" });
    expect(hsnFor(table, "sarees", "unknown")).toEqual({ code: "5208", goods: "fabric" });
    expect(hsnFor(table, "capes")).toEqual({ code: "6211", goods: "garment" });
    expect(hsnFor(table, null)).toEqual({ code: "6211", goods: "garment" });
  });
});

describe("the discount's allocation", () => {
  it("is in proportion to the lines' values, the rest to the largest line", () => {
    expect(allocateDiscount([1_000_00, 2_000_00, 3_000_00], 600_00)).toEqual([100_00, 200_00, 300_00]);
    // 100 paise over 1:1:1 gives 33 each, the one left over to the largest (the first of equals).
    expect(allocateDiscount([300, 300, 300], 100)).toEqual([34, 33, 33]);
    expect(allocateDiscount([100, 700, 200], 10)).toEqual([1, 7, 2]);
    expect(allocateDiscount([101, 703, 202], 11)).toEqual([1, 8, 2]);
  });

  it("is nothing without a discount, and never more than the lines are worth", () => {
    expect(allocateDiscount([500, 700], 0)).toEqual([0, 0]);
    expect(allocateDiscount([500, 700], 5_000)).toEqual([500, 700]);
    expect(allocateDiscount([], 100)).toEqual([]);
  });
});

describe("the tax split", () => {
  it("is CGST + SGST (CGST the lower half) within Uttar Pradesh, IGST elsewhere", () => {
    expect(splitTax(125_01, true)).toEqual({ cgstPaise: 62_50, sgstPaise: 62_51, igstPaise: 0 });
    expect(splitTax(125_01, false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 125_01 });
  });

  it("knows the states by their GST code, whatever the spelling", () => {
    expect(stateCode("Uttar Pradesh")).toBe("09");
    expect(stateCode("uttar  pradesh ")).toBe("09");
    expect(stateCode("Maharashtra")).toBe("27");
    expect(stateCode("Jammu & Kashmir")).toBe("01");
    expect(stateCode("Chattisgarh")).toBe("22");
    expect(stateCode("Atlantis")).toBeNull();
    expect(sameState("UTTAR PRADESH", "Uttar Pradesh")).toBe(true);
    expect(sameState("Delhi", "Uttar Pradesh")).toBe(false);
    expect(sameState("Atlantis", "Uttar Pradesh")).toBe(false);
  });
});

describe("an order's GST", () => {
  it("taxes the delivery charge at the highest rate among the lines", () => {
    const low = computeGst({ lines: [garment(999_00, 2)], discountPaise: 0, deliveryPaise: 100_00, intraState: true, rule });
    expect(low.delivery).toMatchObject({ valuePaise: 100_00, rate: 5, taxablePaise: 95_24, taxPaise: 4_76 });
    const high = computeGst({
      lines: [garment(999_00), garment(3_499_00)],
      discountPaise: 0,
      deliveryPaise: 100_00,
      intraState: false,
      rule,
    });
    expect(high.delivery).toMatchObject({ rate: 18, taxablePaise: 84_75, taxPaise: 15_25, igstPaise: 15_25 });
  });

  it("works a known order out to the paisa", () => {
    // ₹1,299 x 2 and ₹2,999 x 1, a ₹300 coupon, ₹100 delivery, shipped within Uttar Pradesh.
    const g = computeGst({
      lines: [garment(1_299_00, 2), garment(2_999_00)],
      discountPaise: 300_00,
      deliveryPaise: 100_00,
      intraState: true,
      rule,
    });
    // Shares: 300 * 2598/5597 = 139.25.. -> 13925 paise; 300 * 2999/5597 = 160.74.. -> 16074; 1 paisa left to the larger line.
    expect(g.lines.map((l) => l.discountPaise)).toEqual([139_25, 160_75]);
    expect(g.lines[0]).toMatchObject({
      valuePaise: 2_458_75,
      rate: 5,
      taxablePaise: 2_341_67,
      taxPaise: 117_08,
      cgstPaise: 58_54,
      sgstPaise: 58_54,
    });
    // 2,838.25 a piece after the discount: 18%.
    expect(g.lines[1]).toMatchObject({
      valuePaise: 2_838_25,
      rate: 18,
      taxablePaise: 2_405_30,
      taxPaise: 432_95,
      cgstPaise: 216_47,
      sgstPaise: 216_48,
    });
    expect(g.delivery).toMatchObject({ rate: 18, taxablePaise: 84_75, taxPaise: 15_25 });
    expect(g.totals).toEqual({
      grossPaise: 5_597_00,
      discountPaise: 300_00,
      taxablePaise: 2_341_67 + 2_405_30 + 84_75,
      taxPaise: 117_08 + 432_95 + 15_25,
      cgstPaise: 58_54 + 216_47 + 7_62,
      sgstPaise: 58_54 + 216_48 + 7_63,
      igstPaise: 0,
      totalPaise: 5_397_00,
    });
  });

  it("adds up to the order's total to the paisa, for any order (seeded random orders)", () => {
    // mulberry32: the same seed gives the same orders, so a failure can be replayed.
    let seed = 0x13_2025;
    const next = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = seed;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
    for (let run = 0; run < 2000; run++) {
      const lines = Array.from({ length: int(1, 6) }, () => ({
        unitPricePaise: next() < 0.2 ? int(2_600_00, 2_650_00) : int(1_00, 12_000_00),
        quantity: int(1, 5),
        goods: next() < 0.2 ? ("fabric" as const) : ("garment" as const),
      }));
      const subtotal = lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
      const discount = next() < 0.3 ? 0 : next() < 0.1 ? subtotal + int(0, 500_00) : int(0, Math.floor(subtotal / 2));
      const delivery = next() < 0.3 ? 0 : int(1, 200_00);
      const intraState = next() < 0.5;
      // The order's total as checkout computes it (tooling/orders.ts, workers/services/orders/order-quote.ts).
      const orderTotal = Math.max(0, subtotal - discount) + delivery;
      const g = computeGst({ lines, discountPaise: discount, deliveryPaise: delivery, intraState, rule });
      const context = { run, lines, discount, delivery };

      const parts = g.lines.map((l) => l.discountPaise);
      expect(
        parts.reduce((s, p) => s + p, 0),
        JSON.stringify(context),
      ).toBe(Math.min(discount, subtotal));
      for (const l of g.lines) {
        expect(l.discountPaise).toBeGreaterThanOrEqual(0);
        expect(l.discountPaise).toBeLessThanOrEqual(l.grossPaise);
        expect(l.taxablePaise + l.taxPaise).toBe(l.valuePaise);
        expect(l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.taxPaise);
        expect(l.taxPaise).toBeGreaterThanOrEqual(0);
        if (intraState) expect(l.sgstPaise - l.cgstPaise).toBeLessThanOrEqual(1);
        else expect(l.cgstPaise + l.sgstPaise).toBe(0);
      }
      const linesSum = g.lines.reduce((s, l) => s + l.taxablePaise + l.taxPaise, 0);
      const deliverySum = g.delivery ? g.delivery.taxablePaise + g.delivery.taxPaise : 0;
      expect(linesSum + deliverySum, JSON.stringify(context)).toBe(orderTotal);
      expect(g.totals.totalPaise).toBe(orderTotal);
      expect(g.totals.taxablePaise + g.totals.taxPaise).toBe(orderTotal);
      expect(g.totals.cgstPaise + g.totals.sgstPaise + g.totals.igstPaise).toBe(g.totals.taxPaise);
      if (g.delivery) expect(g.delivery.rate).toBe(Math.max(...g.lines.map((l) => l.rate)));
    }
  });
});

describe("the invoice number", () => {
  it("carries the Indian financial year (April to March, India's time) of the order's date", () => {
    expect(financialYear(new Date("2026-04-01T00:00:00+05:30"))).toBe("26-27");
    expect(financialYear(new Date("2026-03-31T23:59:59+05:30"))).toBe("25-26");
    // 31 March 2026 at 19:00 UTC is already 1 April in India.
    expect(financialYear(new Date("2026-03-31T19:00:00Z"))).toBe("26-27");
    expect(financialYear(new Date("2099-12-31T12:00:00Z"))).toBe("99-00");
  });

  it("is prefix/year/order number, 16 characters at most", () => {
    expect(invoiceNumber("AAN", 1001, new Date("2026-11-26T10:00:00Z"))).toBe("AAN/26-27/1001");
    expect(invoiceNumber("AAN", 999_999, new Date("2026-11-26T10:00:00Z"))).toBe("AAN/26-27/999999");
    expect(invoiceNumber("AAN", 1_234_567, new Date("2026-11-26T10:00:00Z"))).toBe("AAN26271234567");
    for (const n of [1, 1001, 999_999, 1_234_567, 123_456_789]) expect(invoiceNumber("AAN", n, new Date()).length).toBeLessThanOrEqual(16);
    expect(() => invoiceNumber("AAN", 12_345_678_901, new Date())).toThrow();
  });
});

describe("an amount in words", () => {
  it("reads whole numbers in the Indian system: thousand, lakh, crore", () => {
    expect(numberInWords(0)).toBe("Zero");
    expect(numberInWords(7)).toBe("Seven");
    expect(numberInWords(15)).toBe("Fifteen");
    expect(numberInWords(40)).toBe("Forty");
    expect(numberInWords(99)).toBe("Ninety-Nine");
    expect(numberInWords(100)).toBe("One Hundred");
    expect(numberInWords(101)).toBe("One Hundred One");
    expect(numberInWords(2_625)).toBe("Two Thousand Six Hundred Twenty-Five");
    expect(numberInWords(1_00_000)).toBe("One Lakh");
    expect(numberInWords(12_34_567)).toBe("Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven");
    expect(numberInWords(1_00_00_000)).toBe("One Crore");
    expect(numberInWords(10_05_00_010)).toBe("Ten Crore Five Lakh Ten");
    expect(numberInWords(123_45_67_890)).toBe("One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety");
  });

  it("writes rupees and paise as an invoice does", () => {
    expect(rupeesInWords(5_397_00)).toBe("Rupees Five Thousand Three Hundred Ninety-Seven Only");
    expect(rupeesInWords(2_625_50)).toBe("Rupees Two Thousand Six Hundred Twenty-Five and Fifty Paise Only");
    expect(rupeesInWords(1_00_000_01)).toBe("Rupees One Lakh and One Paise Only");
    expect(rupeesInWords(0)).toBe("Rupees Zero Only");
    expect(rupeesInWords(75)).toBe("Seventy-Five Paise Only");
    expect(() => rupeesInWords(-1)).toThrow();
    expect(() => rupeesInWords(1.5)).toThrow();
  });
});

describe("the documents' figures and dates", () => {
  it("write amounts with their paise in the Indian grouping", () => {
    expect(formatRupees(0, DOCUMENT_RUPEES)).toBe("₹0.00");
    expect(formatRupees(5, DOCUMENT_RUPEES)).toBe("₹0.05");
    expect(formatRupees(2_625_00, DOCUMENT_RUPEES)).toBe("₹2,625.00");
    expect(formatRupees(1_23_456_78, DOCUMENT_RUPEES)).toBe("₹1,23,456.78");
    expect(formatRupees(1_23_45_678_90, DOCUMENT_RUPEES)).toBe("₹1,23,45,678.90");
    expect(formatRupees(-265_80, DOCUMENT_RUPEES)).toBe("−₹265.80");
  });

  it("write days as India does, in India's time", () => {
    expect(dayLabel("2026-04-01")).toBe("1 April 2026");
    expect(indiaDate("2026-03-31T19:00:00Z")).toBe("1 April 2026");
    expect(indiaDate("not a date")).toBe("");
  });
});
