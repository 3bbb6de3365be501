import { describe, expect, it } from "vitest";
import { parseCsv } from "../../workers/services/platform/csv";
import { rupeesToPaise } from "../../workers/services/platform/rupees-input.rules";

/** The stock import's reading of a CSV file and of rupee amounts. */
describe("parseCsv", () => {
  it("reads quoted cells with commas, quotes and line breaks, and numbers each record by the line it starts on", () => {
    const text = 'sku,product\r\na-M,"Kurti, blue"\r\nb-L,"She said ""hi""\nand left"\r\n\r\nc-S,plain\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ["sku", "product"] },
      { line: 2, cells: ["a-M", "Kurti, blue"] },
      { line: 3, cells: ["b-L", 'She said "hi"\nand left'] },
      { line: 6, cells: ["c-S", "plain"] },
    ]);
  });

  it("keeps a last line without a line break, and a row of empty cells as a row", () => {
    expect(parseCsv("a,b\n,\nx,y")).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["", ""] },
      { line: 3, cells: ["x", "y"] },
    ]);
  });
});

describe("rupeesToPaise", () => {
  it("reads whole rupees and up to two decimals, as text or a number", () => {
    expect(rupeesToPaise("1299")).toBe(129900);
    expect(rupeesToPaise(" 1299.5 ")).toBe(129950);
    expect(rupeesToPaise("0.05")).toBe(5);
    expect(rupeesToPaise(1199.99)).toBe(119999);
  });

  it("answers null for blank, undefined for absent, and NaN for anything that is not an amount", () => {
    expect(rupeesToPaise("")).toBeNull();
    expect(rupeesToPaise(null)).toBeNull();
    expect(rupeesToPaise(undefined)).toBeUndefined();
    for (const bad of ["12,00", "-5", "1e3", "1.234", "₹100", "abc", Number.POSITIVE_INFINITY, {}]) expect(rupeesToPaise(bad)).toBeNaN();
  });
});
