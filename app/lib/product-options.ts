/**
 * The rules for choosing colour, size and quantity while the shopper chooses (docs/product/catalog.md,
 * "The product page"): what is ticked for her, the stepper's bounds, the low-stock note and the
 * rating. Pure, client-safe and small, because the product page loads it; judging a submitted
 * choice, with its messages, is workers/services/catalog/choice.rules.ts.
 */

import type { SizePrice } from "../../workers/services/catalog/pricing";
import { onlyAvailable } from "../../workers/services/catalog/stock.rules";

export interface Colour {
  name: string;
  hex: string;
}

/** At or below this many pieces the page says "Only N left". */
export const LOW_STOCK_AT = 5;

export function findSize<T extends Pick<SizePrice, "size">>(sizes: readonly T[], name: string | null): T | undefined {
  return name === null ? undefined : sizes.find((s) => s.size === name);
}

/** One size for everyone (a saree, a dupatta): nothing a chart of body measurements describes. */
export const FREE_SIZE = "Free Size";

/** Whether the size chart has anything to say: not when the only size is Free Size. */
export function hasMeasuredSizes(sizes: readonly Pick<SizePrice, "size">[]): boolean {
  return sizes.some((s) => s.size.toLowerCase() !== FREE_SIZE.toLowerCase());
}

/**
 * The size ticked for her when the product page opens: only the one size there is (Free Size), when
 * it has stock. With several sizes she chooses; a size chosen for her is a size she did not look at.
 */
export function presetSize<T extends Pick<SizePrice, "stock">>(sizes: readonly T[]): T | undefined {
  const [only] = sizes;
  return sizes.length === 1 && only && only.stock > 0 ? only : undefined;
}

/** A quantity the stepper can reach: a whole number from 1 up to the stock (1 when there is none). */
export function clampQuantity(quantity: number, stock: number): number {
  const whole = Number.isFinite(quantity) ? Math.trunc(quantity) : 1;
  return Math.min(Math.max(whole, 1), Math.max(stock, 1));
}

/** The plus button: off without a size (stock null) and at the size's stock. */
export function canIncrease(quantity: number, stock: number | null): boolean {
  return stock !== null && quantity < stock;
}

/** The minus button: off at 1. */
export function canDecrease(quantity: number): boolean {
  return quantity > 1;
}

/**
 * Under the stepper: why a typed quantity was brought down to the stock, else "Only 3 left" for a
 * size that is nearly gone; nothing while there is plenty or none at all.
 */
export function stockNote(stock: number, clamped = false): string | null {
  if (clamped) return onlyAvailable(stock);
  return stock > 0 && stock <= LOW_STOCK_AT ? `Only ${stock} left` : null;
}

export interface RatingSummary {
  /** The average to 1 decimal, e.g. "4.3". */
  value: string;
  stars: number;
  label: string;
}

/** The average to 1 decimal and the stars rounded from that same figure, so the two never disagree. */
export function ratingSummary(average: number | null, count: number): RatingSummary | null {
  if (average === null || count === 0) return null;
  const tenths = Math.round(average * 10) / 10;
  const value = tenths.toFixed(1);
  return {
    value,
    stars: Math.round(tenths),
    label: `Rated ${value} out of 5, ${count} ${count === 1 ? "review" : "reviews"}`,
  };
}
