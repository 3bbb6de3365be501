/**
 * The size finder's rules (docs/product/size-finder.md): which of a product's sizes fits a shopper's
 * bust, waist and hip, and the words the page says it in. Pure and client-safe: the chart and the
 * wording are the same on the server, in the size chart's modal and in tests.
 */

/** Body measurements in inches, per size (docs/product/catalog.md, "Sizes and the size chart"). */
export const SIZE_CHART = [
  { size: "XS", chest: 30, waist: 26, hip: 32 },
  { size: "S", chest: 32, waist: 28, hip: 34 },
  { size: "M", chest: 34, waist: 30, hip: 36 },
  { size: "L", chest: 36, waist: 32, hip: 38 },
  { size: "XL", chest: 38, waist: 34, hip: 40 },
  { size: "XXL", chest: 40, waist: 36, hip: 42 },
  { size: "3XL", chest: 42, waist: 38, hip: 44 },
  { size: "4XL", chest: 44, waist: 40, hip: 46 },
] as const;

export type ChartRow = (typeof SIZE_CHART)[number];

const LARGEST: ChartRow = SIZE_CHART[SIZE_CHART.length - 1] as ChartRow;

export const UNITS = ["in", "cm"] as const;
export type Unit = (typeof UNITS)[number];

export const CM_PER_INCH = 2.54;

export const MEASURES = ["bust", "waist", "hip"] as const;
export type Measure = (typeof MEASURES)[number];

/** What she entered, in the unit she chose. */
export interface Measurements {
  unit: Unit;
  bust: number;
  waist: number;
  hip: number;
}

export const MEASURE_LABEL: Record<Measure, string> = { bust: "Bust", waist: "Waist", hip: "Hip" };

/** The chart's column for a measurement (the chart calls the bust "chest"). */
const column = (m: Measure): "chest" | "waist" | "hip" => (m === "bust" ? "chest" : m);

/**
 * Numbers a person can measure, in each unit: wide enough for anyone the chart does not reach
 * (so the finder can say so), narrow enough to catch a slip such as inches typed as centimetres.
 */
export const RANGES: Record<Unit, Record<Measure, { min: number; max: number }>> = {
  in: { bust: { min: 20, max: 70 }, waist: { min: 16, max: 70 }, hip: { min: 20, max: 76 } },
  cm: { bust: { min: 50, max: 178 }, waist: { min: 40, max: 178 }, hip: { min: 50, max: 193 } },
};

export const toInches = (value: number, unit: Unit): number => (unit === "in" ? value : value / CM_PER_INCH);
export const fromInches = (inches: number, unit: Unit): number => (unit === "in" ? inches : inches * CM_PER_INCH);

/** A measurement as the page says it, in her unit: "36 in", "36.5 in", "92 cm". */
export function formatMeasure(value: number, unit: Unit): string {
  return `${Number(value.toFixed(1))} ${unit}`;
}

/** A chart value (inches) in her unit: centimetres to the whole number, as a tape shows them. */
const chartValue = (inches: number, unit: Unit): string => formatMeasure(unit === "in" ? inches : Math.round(inches * CM_PER_INCH), unit);

/** Centimetres to one decimal miss a chart value by up to 0.05 cm (0.02 in) once converted; that still fits. */
const TOLERANCE_IN = 0.02;

/** One chart step (2 in): a shopper smaller than the smallest size by more than this is below the chart. */
const CHART_STEP_IN = 2;

const FREE_SIZE = "free size";

export interface Reason {
  measure: Measure;
  /** Her measurement, in her unit. */
  value: number;
  /** The smallest of the product's sizes it fits, or null when it is larger than all of them. */
  size: string | null;
}

export type Fit =
  /** Nothing to say: no sizes the chart describes (or none at all). */
  | { kind: "none" }
  | { kind: "free-size"; soldOut: boolean }
  /** Every measurement points to the same size. */
  | { kind: "fits"; size: string; soldOut: boolean; belowChart: boolean; reasons: Reason[] }
  /** The measurements point to different sizes: the larger is suggested, so nothing is tight. */
  | { kind: "between"; smaller: string; larger: string; soldOut: boolean; reasons: Reason[] }
  /** Some measurement is larger than the product's largest size (`beyondChart`: than the chart's largest). */
  | { kind: "too-large"; largest: string; beyondChart: boolean; reasons: Reason[] };

interface SizeOnOffer {
  size: string;
  stock: number;
}

const chartRow = (size: string): ChartRow | undefined => SIZE_CHART.find((r) => r.size.toLowerCase() === size.toLowerCase());

/**
 * The rule: a measurement fits a size when it is at most that size's chart value; each measurement
 * points to the smallest of the product's own sizes it fits. One size for all three: that size.
 * Different sizes: she is between the smallest and the largest of them, and the largest is suggested
 * (a kurti a little loose at the bust can be worn; one tight at the hip cannot). A measurement
 * larger than the product's largest size: none of its sizes fits, said with that measurement.
 */
export function findFit(her: Measurements, sizes: readonly SizeOnOffer[]): Fit {
  const offered = SIZE_CHART.flatMap((row) => {
    const own = sizes.find((s) => s.size.toLowerCase() === row.size.toLowerCase());
    return own ? [{ row, own }] : [];
  });
  if (offered.length === 0) {
    const free = sizes.find((s) => s.size.toLowerCase() === FREE_SIZE);
    return free ? { kind: "free-size", soldOut: free.stock <= 0 } : { kind: "none" };
  }
  const reasons: Reason[] = MEASURES.map((measure) => {
    const inches = toInches(her[measure], her.unit);
    const hit = offered.find(({ row }) => inches <= row[column(measure)] + TOLERANCE_IN);
    return { measure, value: her[measure], size: hit ? hit.own.size : null };
  });
  const largest = offered[offered.length - 1]!;
  if (reasons.some((r) => r.size === null)) {
    const beyondChart = reasons.some((r) => r.size === null && toInches(r.value, her.unit) > LARGEST[column(r.measure)] + TOLERANCE_IN);
    return { kind: "too-large", largest: largest.own.size, beyondChart, reasons };
  }
  const at = (size: string | null) => offered.findIndex(({ own }) => own.size === size);
  const indexes = reasons.map((r) => at(r.size));
  const smaller = offered[Math.min(...indexes)]!;
  const larger = offered[Math.max(...indexes)]!;
  const soldOut = larger.own.stock <= 0;
  if (smaller === larger) {
    const first = SIZE_CHART[0];
    const belowChart =
      smaller.row === first && MEASURES.every((m) => toInches(her[m], her.unit) < first[column(m)] - CHART_STEP_IN - TOLERANCE_IN);
    return { kind: "fits", size: larger.own.size, soldOut, belowChart, reasons };
  }
  return { kind: "between", smaller: smaller.own.size, larger: larger.own.size, soldOut, reasons };
}

/** What the page says: a headline (the size) and the reason under it. */
export interface FitWords {
  headline: string;
  reason: string;
}

const listOf = (parts: string[]) => parts.join(", ");

/** "bust", "bust and hip", "bust, waist and hip". */
const andList = (parts: string[]) => (parts.length < 2 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`);

/** "Bust 36 in: M, waist 30 in: M, hip 38 in: L": each measurement and the size it fits. */
function reasonLine(reasons: readonly Reason[], unit: Unit): string {
  const parts = reasons.map((r, i) => {
    const label = i === 0 ? MEASURE_LABEL[r.measure] : MEASURE_LABEL[r.measure].toLowerCase();
    return `${label} ${formatMeasure(r.value, unit)}: ${r.size ?? "larger than every size"}`;
  });
  return `${listOf(parts)}.`;
}

export function fitWords(fit: Fit, unit: Unit): FitWords | null {
  switch (fit.kind) {
    case "none":
      return null;
    case "free-size":
      return {
        headline: fit.soldOut ? "Free Size fits you, but it is sold out." : "Free Size: one size, it fits you.",
        reason: "This piece is made in one size that fits all, so your measurements need no chart.",
      };
    case "fits": {
      const headline = fit.soldOut ? `${fit.size} fits you, but it is sold out.` : `Your size: ${fit.size}`;
      const below = fit.belowChart ? ` You measure smaller than our smallest size, so ${fit.size} will be loose.` : "";
      return { headline, reason: reasonLine(fit.reasons, unit) + below };
    }
    case "between": {
      const at = (size: string) => fit.reasons.filter((r) => r.size === size).map((r) => r.measure);
      const fitsSmaller = andList(at(fit.smaller));
      const fitsLarger = andList(at(fit.larger));
      const headline = fit.soldOut
        ? `Between ${fit.smaller} and ${fit.larger}: ${fit.larger} would fit you, but it is sold out.`
        : `Between ${fit.smaller} and ${fit.larger}: we suggest ${fit.larger} for comfort.`;
      return {
        headline,
        reason: `${capitalise(fitsSmaller)} ${at(fit.smaller).length > 1 ? "fit" : "fits"} ${fit.smaller}, ${fitsLarger} ${
          at(fit.larger).length > 1 ? "fit" : "fits"
        } ${fit.larger}. ${reasonLine(fit.reasons, unit)}`,
      };
    }
    case "too-large": {
      const over = fit.reasons.filter((r) => r.size === null);
      const overList = `${andList(over.map((r) => `${r.measure} (${formatMeasure(r.value, unit)})`))} ${over.length > 1 ? "are" : "is"}`;
      const top = fit.beyondChart ? LARGEST : (chartRow(fit.largest) ?? LARGEST);
      const first = over[0]!;
      const limit = `${first.measure} up to ${chartValue(top[column(first.measure)], unit)}`;
      return {
        headline: "None of this piece's sizes fits you.",
        reason: fit.beyondChart
          ? `Your ${overList} more than our largest size, ${top.size} (${limit}).`
          : `Your ${overList} more than this piece's largest size, ${fit.largest} (${limit}).`,
      };
    }
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
