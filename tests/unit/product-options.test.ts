import { describe, expect, it } from "vitest";
import { SIZE_CHART } from "../../app/components/product/size-chart-table";
import { readChoice } from "../../app/lib/product-choice";
import {
  canDecrease,
  canIncrease,
  clampQuantity,
  hasMeasuredSizes,
  presetSize,
  ratingSummary,
  stockNote,
} from "../../app/lib/product-options";
import { type Selection, selectionProblem } from "../../workers/services/catalog/choice.rules";
import type { SizePrice } from "../../workers/services/catalog/pricing";
import { signInPath } from "../../workers/services/platform/paths";

const size = (s: string, stock: number): SizePrice => ({
  size: s,
  pricePaise: 1999_00,
  discountPricePaise: 1499_00,
  stock,
});

const product = {
  colors: [
    { name: "Maroon", hex: "#7a1f2b" },
    { name: "Teal", hex: "#1f5f5b" },
  ],
  sizes: [size("XS", 0), size("S", 3), size("M", 12), size("L", 0)],
};

const choice = (over: Partial<Selection> = {}): Selection => ({ color: "Maroon", size: "S", quantity: 1, ...over });

describe("the size ticked for her", () => {
  it("is none when there are several sizes: she chooses", () => {
    expect(presetSize(product.sizes)).toBeUndefined();
  });
  it("is the only size there is, when it has stock", () => {
    expect(presetSize([size("Free Size", 4)])?.size).toBe("Free Size");
    expect(presetSize([size("Free Size", 0)])).toBeUndefined();
  });
});

describe("quantity", () => {
  it("clamps to between 1 and the stock", () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-3, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(3, 5)).toBe(3);
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
  });
  it("stays at 1 when there is no stock to count up to", () => {
    expect(clampQuantity(4, 0)).toBe(1);
  });
  it("disables minus at 1 and plus at the stock or without a size", () => {
    expect(canDecrease(1)).toBe(false);
    expect(canDecrease(2)).toBe(true);
    expect(canIncrease(2, 3)).toBe(true);
    expect(canIncrease(3, 3)).toBe(false);
    expect(canIncrease(1, null)).toBe(false);
    expect(canIncrease(1, 0)).toBe(false);
  });
  it("says how many are left only when few are", () => {
    expect(stockNote(1)).toBe("Only 1 left");
    expect(stockNote(5)).toBe("Only 5 left");
    expect(stockNote(6)).toBeNull();
    expect(stockNote(0)).toBeNull();
  });
  it("says why a typed quantity was brought down to the stock, in the shop's words", () => {
    expect(stockNote(8, true)).toBe("Only 8 items available in this size");
    expect(stockNote(3, true)).toBe("Only 3 items available in this size");
  });
  it("has a size chart only for sizes a body measurement describes", () => {
    expect(hasMeasuredSizes([size("Free Size", 4)])).toBe(false);
    expect(hasMeasuredSizes([size("free size", 4)])).toBe(false);
    expect(hasMeasuredSizes([size("S", 4), size("M", 0)])).toBe(true);
  });
});

describe("product page choice", () => {
  const page = (sel: Selection, intent: "add-to-cart" | "buy-now" = "add-to-cart") => selectionProblem(product, sel, intent, "page");

  it("accepts an in-stock size within its stock", () => {
    expect(page(choice())).toBeNull();
    expect(page(choice({ size: "M", quantity: 12 }), "buy-now")).toBeNull();
  });
  it("rejects an unknown or missing size", () => {
    expect(page(choice({ size: "XXXL" }))).toBe("Invalid size selected");
    expect(page(choice({ size: null }))).toBe("Please select a size");
  });
  it("rejects a size with no stock", () => {
    expect(page(choice({ size: "XS" }))).toBe("Selected size is out of stock");
  });
  it("rejects more than the size's stock", () => {
    expect(page(choice({ quantity: 4 }), "buy-now")).toBe("Only 3 items available in this size");
    expect(page(choice({ quantity: 4 }), "add-to-cart")).toBe("Only 3 items available in this size");
  });
  it("rejects a quantity below 1 or not a whole number", () => {
    expect(page(choice({ quantity: 0 }))).toBe("Quantity cannot be less than 1");
    expect(page(choice({ quantity: Number.NaN }))).toBe("Quantity cannot be less than 1");
    expect(page(choice({ quantity: 1.5 }))).toBe("Quantity cannot be less than 1");
  });
  it("needs one of the product's colours", () => {
    expect(page(choice({ color: "Purple" }))).toBe("Please select size and color");
    expect(page(choice({ color: null }), "buy-now")).toBe("Please select size and color before checkout");
  });
  it("needs no colour when the product has none", () => {
    expect(selectionProblem({ ...product, colors: [] }, choice({ color: null }), "add-to-cart", "page")).toBeNull();
  });
});

describe("card modal choice", () => {
  const card = (sel: Selection, intent: "add-to-cart" | "buy-now" = "add-to-cart") => selectionProblem(product, sel, intent, "card");

  it("needs both colour and size, worded by the button that opened it", () => {
    expect(card(choice({ size: null }))).toBe("Please select size and color");
    expect(card(choice({ color: null }))).toBe("Please select size and color");
    expect(card(choice({ size: null, color: null }), "buy-now")).toBe("Please select size and color before checkout");
  });
  it("rejects an unknown size", () => {
    expect(card(choice({ size: "XXXL" }))).toBe("Invalid size selected");
  });
  it("rejects more than the size's stock in its own words", () => {
    expect(card(choice({ size: "S", quantity: 5 }))).toBe("Sorry, there are only 3 items of this size available.");
  });
  it("rejects a sold-out size and a quantity below 1", () => {
    expect(card(choice({ size: "L" }))).toBe("Selected size is out of stock");
    expect(card(choice({ quantity: 0 }))).toBe("Quantity cannot be less than 1");
  });
  it("accepts a full choice", () => {
    expect(card(choice({ color: "Teal", size: "M", quantity: 2 }), "buy-now")).toBeNull();
  });
});

describe("sign in first", () => {
  it("sends the shopper to sign in and back to the product", () => {
    expect(signInPath("/women-products/kurtis/a-kurti")).toBe("/signin?redirect=%2Fwomen-products%2Fkurtis%2Fa-kurti");
  });
});

describe("posted choice", () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };
  it("reads intent, source and selection", () => {
    expect(readChoice(form({ intent: "buy-now", source: "card", color: "Teal", size: "M", quantity: "2" }))).toEqual({
      intent: "buy-now",
      source: "card",
      selection: { color: "Teal", size: "M", quantity: 2 },
    });
  });
  it("defaults to the product page and a quantity of 1", () => {
    const read = readChoice(form({ intent: "add-to-cart", size: "S" }));
    expect(read.source).toBe("page");
    expect(read.selection).toEqual({ color: null, size: "S", quantity: 1 });
  });
  it("refuses an unknown intent and an unreadable quantity", () => {
    const read = readChoice(form({ intent: "delete-everything", quantity: "2e3" }));
    expect(read.intent).toBeNull();
    expect(read.selection.quantity).toBeNaN();
  });
});

describe("rating", () => {
  it("shows the average to 1 decimal with the stars rounded", () => {
    expect(ratingSummary(4.333, 12)).toEqual({ value: "4.3", stars: 4, label: "Rated 4.3 out of 5, 12 reviews" });
    expect(ratingSummary(4.5, 2)?.stars).toBe(5);
    expect(ratingSummary(3, 1)).toEqual({ value: "3.0", stars: 3, label: "Rated 3.0 out of 5, 1 review" });
  });
  it("rounds the stars from the figure shown, so 4.46 shows 4.5 and 5 stars", () => {
    expect(ratingSummary(4.46, 5)).toMatchObject({ value: "4.5", stars: 5 });
  });
  it("has nothing to show without reviews", () => {
    expect(ratingSummary(null, 0)).toBeNull();
  });
});

describe("size chart", () => {
  it("has the size chart's eight rows in inches", () => {
    expect(SIZE_CHART.map((r) => [r.size, r.chest, r.waist, r.hip])).toEqual([
      ["XS", 30, 26, 32],
      ["S", 32, 28, 34],
      ["M", 34, 30, 36],
      ["L", 36, 32, 38],
      ["XL", 38, 34, 40],
      ["XXL", 40, 36, 42],
      ["3XL", 42, 38, 44],
      ["4XL", 44, 40, 46],
    ]);
  });
});
