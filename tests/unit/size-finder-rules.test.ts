import { describe, expect, it } from "vitest";
import { findFit, fitWords, fromInches, type Measurements, toInches } from "../../workers/services/catalog/size-finder.rules";
import { measurementsSchema, readMeasurementsCookie } from "../../workers/services/catalog/size-finder.schema";

const ALL = ["XS", "S", "M", "L", "XL", "XXL", "3XL", "4XL"].map((size) => ({ size, stock: 5 }));
const inches = (bust: number, waist: number, hip: number): Measurements => ({ unit: "in", bust, waist, hip });

describe("size finder: conversion", () => {
  it("converts at 2.54 cm to the inch, both ways", () => {
    expect(toInches(91.44, "cm")).toBeCloseTo(36, 10);
    expect(fromInches(36, "cm")).toBeCloseTo(91.44, 10);
    expect(toInches(36, "in")).toBe(36);
  });

  it("finds the same size in centimetres as in inches, a hair of rounding included", () => {
    expect(findFit({ unit: "cm", bust: 86.4, waist: 76.2, hip: 91.4 }, ALL)).toMatchObject({ kind: "fits", size: "M" });
    expect(findFit(inches(34, 30, 36), ALL)).toMatchObject({ kind: "fits", size: "M" });
  });
});

describe("size finder: fit", () => {
  it("a measurement fits the smallest size whose chart value is at least hers", () => {
    expect(findFit(inches(34, 30, 36), ALL)).toMatchObject({ kind: "fits", size: "M", soldOut: false });
    expect(findFit(inches(34.5, 30.5, 36.5), ALL)).toMatchObject({ kind: "fits", size: "L" });
    expect(fitWords(findFit(inches(36, 32, 38), ALL), "in")).toEqual({
      headline: "Your size: L",
      reason: "Bust 36 in: L, waist 32 in: L, hip 38 in: L.",
    });
  });

  it("says the reason in centimetres when she entered centimetres", () => {
    const words = fitWords(findFit({ unit: "cm", bust: 91, waist: 80, hip: 96 }, ALL), "cm");
    expect(words?.reason).toBe("Bust 91 cm: L, waist 80 cm: L, hip 96 cm: L.");
  });

  it("only this product's sizes count: with no M, an M figure fits L", () => {
    const noM = ALL.filter((s) => s.size !== "M");
    expect(findFit(inches(34, 30, 36), noM)).toMatchObject({ kind: "fits", size: "L" });
  });

  it("between two sizes: names both, which measurement fits which, and suggests the larger", () => {
    const fit = findFit(inches(34, 30, 38), ALL);
    expect(fit).toMatchObject({ kind: "between", smaller: "M", larger: "L" });
    expect(fitWords(fit, "in")).toEqual({
      headline: "Between M and L: we suggest L for comfort.",
      reason: "Bust and waist fit M, hip fits L. Bust 34 in: M, waist 30 in: M, hip 38 in: L.",
    });
  });

  it("a size that fits but has sold out is named, and said to be sold out", () => {
    const mGone = ALL.map((s) => (s.size === "M" ? { ...s, stock: 0 } : s));
    const fit = findFit(inches(34, 30, 36), mGone);
    expect(fit).toMatchObject({ kind: "fits", size: "M", soldOut: true });
    expect(fitWords(fit, "in")?.headline).toBe("M fits you, but it is sold out.");
  });

  it("larger than this piece's largest size: none fits, with the measurement that is over", () => {
    const small = ALL.slice(0, 5); // up to XL (hip 40)
    const fit = findFit(inches(36, 32, 42), small);
    expect(fit).toMatchObject({ kind: "too-large", largest: "XL", beyondChart: false });
    expect(fitWords(fit, "in")).toEqual({
      headline: "None of this piece's sizes fits you.",
      reason: "Your hip (42 in) is more than this piece's largest size, XL (hip up to 40 in).",
    });
  });

  it("larger than the chart's 4XL: says so, in her unit", () => {
    const fit = findFit({ unit: "cm", bust: 120, waist: 110, hip: 125 }, ALL);
    expect(fit).toMatchObject({ kind: "too-large", largest: "4XL", beyondChart: true });
    expect(fitWords(fit, "cm")?.reason).toBe(
      "Your bust (120 cm), waist (110 cm) and hip (125 cm) are more than our largest size, 4XL (bust up to 112 cm).",
    );
  });

  it("smaller than XS: XS, said to be loose", () => {
    const fit = findFit(inches(26, 22, 28), ALL);
    expect(fit).toMatchObject({ kind: "fits", size: "XS", belowChart: true });
    expect(fitWords(fit, "in")?.reason).toContain("smaller than our smallest size, so XS will be loose");
    expect(findFit(inches(30, 26, 32), ALL)).toMatchObject({ kind: "fits", size: "XS", belowChart: false });
  });

  it("Free Size: one size, whatever her measurements", () => {
    const fit = findFit(inches(44, 40, 46), [{ size: "Free Size", stock: 3 }]);
    expect(fit).toEqual({ kind: "free-size", soldOut: false });
    expect(fitWords(fit, "in")?.headline).toBe("Free Size: one size, it fits you.");
    expect(fitWords(findFit(inches(34, 30, 36), [{ size: "Free Size", stock: 0 }]), "in")?.headline).toBe(
      "Free Size fits you, but it is sold out.",
    );
  });

  it("sizes the chart does not describe: nothing to say", () => {
    expect(findFit(inches(34, 30, 36), [{ size: "28", stock: 2 }])).toEqual({ kind: "none" });
    expect(fitWords({ kind: "none" }, "in")).toBeNull();
  });
});

describe("size finder: input", () => {
  it("takes a unit and three numbers within that unit's range, one decimal at most", () => {
    expect(measurementsSchema.parse({ unit: "cm", bust: "91.5", waist: "76", hip: 96 })).toEqual({
      unit: "cm",
      bust: 91.5,
      waist: 76,
      hip: 96,
    });
    expect(measurementsSchema.parse({ bust: "36", waist: "30", hip: "38" }).unit).toBe("in");
  });

  it.each([
    [{ unit: "in", bust: "", waist: "30", hip: "38" }, "bust", "Enter your bust in inches, from 20 to 70."],
    [{ unit: "in", bust: "91", waist: "30", hip: "38" }, "bust", "Enter your bust in inches, from 20 to 70."],
    [{ unit: "cm", bust: "36", waist: "76", hip: "96" }, "bust", "Enter your bust in centimetres, from 50 to 178."],
    [{ unit: "in", bust: "36", waist: "abc", hip: "38" }, "waist", "Enter your waist in inches, from 16 to 70."],
    [{ unit: "in", bust: "36", waist: "30", hip: "38.25" }, "hip", "Enter your hip in inches, from 20 to 76."],
    [{ unit: "in", bust: "36", waist: "30", hip: "-38" }, "hip", "Enter your hip in inches, from 20 to 76."],
    [{ unit: "ft", bust: "3", waist: "2", hip: "3" }, "unit", "Choose inches or centimetres."],
  ])("refuses %j at its field", (input, field, message) => {
    const result = measurementsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it("reads back only a cookie it wrote", () => {
    expect(readMeasurementsCookie("cm-91.5-76-96")).toEqual({ unit: "cm", bust: 91.5, waist: 76, hip: 96 });
    expect(readMeasurementsCookie("in-36-30")).toBeNull();
    expect(readMeasurementsCookie("in-36-30-38-1")).toBeNull();
    expect(readMeasurementsCookie("in-999-30-38")).toBeNull();
    expect(readMeasurementsCookie(undefined)).toBeNull();
  });
});
