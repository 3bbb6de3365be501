/**
 * Rupees as people and clients type them, read back into paise (docs/money.md). Apart from the
 * formatter (pricing.ts) so the storefront's pages, which only show prices, do not carry them.
 */

/** Rupees as a number (JSON's 49.5, a form's "49.50" read as a number) in paise; NaN when not finite or finer than a paisa. */
export function paiseOf(rupees: number): number {
  const paise = Math.round(rupees * 100);
  return Number.isFinite(rupees) && Math.abs(paise - rupees * 100) < 1e-6 ? paise : Number.NaN;
}

/**
 * Rupees as a form, a CSV cell or the API sends them ("1299", "1299.5", 1299.5) -> paise: undefined
 * for absent, null for blank, NaN for anything else (a caller that allows "₹" or "1,299" strips them first).
 */
export function rupeesToPaise(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || (typeof value === "string" && value.trim() === "")) return null;
  const s = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "x") : typeof value === "string" ? value.trim() : "x";
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return Number.NaN;
  const [whole, frac = ""] = s.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}
