import { z } from "zod";
import { MEASURE_LABEL, MEASURES, type Measurements, RANGES, UNITS, type Unit } from "./size-finder.rules";

const UNIT_NAME: Record<Unit, string> = { in: "inches", cm: "centimetres" };

/** "Enter your bust in inches, from 20 to 70 (one decimal at most)." */
export function measureMessage(measure: (typeof MEASURES)[number], unit: Unit): string {
  const { min, max } = RANGES[unit][measure];
  return `Enter your ${MEASURE_LABEL[measure].toLowerCase()} in ${UNIT_NAME[unit]}, from ${min} to ${max}.`;
}

/** A number as a form or JSON sends it: up to three digits and one decimal ("36", "36.5"); anything else is NaN. */
function toNumber(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v !== "string") return Number.NaN;
  const t = v.trim();
  return /^\d{1,3}(\.\d)?$/.test(t) ? Number(t) : Number.NaN;
}

/**
 * Her measurements from a form, a JSON body, a query or the guest's cookie: a unit (in or cm, inches
 * when not sent) and bust, waist and hip each within that unit's range (size-finder.rules.ts RANGES),
 * at most one decimal. Each field gets its own message in her unit.
 */
export const measurementsSchema = z
  .object({
    unit: z.unknown().optional(),
    bust: z.unknown().optional(),
    waist: z.unknown().optional(),
    hip: z.unknown().optional(),
  })
  .transform((raw, ctx): Measurements => {
    const unitIn = raw.unit === undefined || raw.unit === "" ? "in" : raw.unit;
    if (!(UNITS as readonly unknown[]).includes(unitIn)) {
      ctx.addIssue({ code: "custom", path: ["unit"], message: "Choose inches or centimetres." });
      return z.NEVER;
    }
    const unit = unitIn as Unit;
    const out: Measurements = { unit, bust: 0, waist: 0, hip: 0 };
    for (const measure of MEASURES) {
      const n = toNumber(raw[measure]);
      const { min, max } = RANGES[unit][measure];
      if (!Number.isFinite(n) || n < min || n > max || Math.round(n * 10) !== n * 10) {
        ctx.addIssue({ code: "custom", path: [measure], message: measureMessage(measure, unit) });
      } else {
        out[measure] = n;
      }
    }
    return out;
  });

/** The guest's cookie: "in-36-30-38.5" (unit, bust, waist, hip). */
export function measurementsCookieValue(m: Measurements): string {
  return [m.unit, m.bust, m.waist, m.hip].join("-");
}

/** Her measurements from the cookie, or null when it is absent or not one this shop wrote. */
export function readMeasurementsCookie(value: string | undefined): Measurements | null {
  if (!value) return null;
  const [unit, bust, waist, hip, ...rest] = value.split("-");
  if (rest.length > 0) return null;
  const parsed = measurementsSchema.safeParse({ unit, bust, waist, hip });
  return parsed.success ? parsed.data : null;
}
