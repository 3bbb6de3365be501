/**
 * Price rules (docs/product/catalog.md, "Prices and stock"; docs/money.md). Pure and client-safe: the server
 * uses them to compute totals and the pages use the same functions to display, so a card can never show a
 * price checkout disagrees with. All amounts are integer paise.
 */

export interface SizePrice {
  size: string;
  pricePaise: number;
  discountPricePaise: number | null;
  stock: number;
}

/** Effective price is discountPrice, else price. */
export function effectivePrice(size: Pick<SizePrice, "pricePaise" | "discountPricePaise">): number {
  return size.discountPricePaise ?? size.pricePaise;
}

/** Rounded percent off, 0 when there is no real discount. */
export function percentOff(pricePaise: number, discountPricePaise: number | null): number {
  if (discountPricePaise === null || pricePaise <= 0 || discountPricePaise >= pricePaise) return 0;
  return Math.round(((pricePaise - discountPricePaise) / pricePaise) * 100);
}

export interface CardPrice {
  /** The size the card's price comes from. */
  size: string;
  pricePaise: number;
  effectivePaise: number;
  stock: number;
}

/**
 * The price a product card shows: the lowest effective price among sizes with stock above zero,
 * with that size's original price and stock. When no size has stock the product is out of stock and
 * the card shows the lowest price overall, so the shopper still sees what it costs.
 */
export function cardPrice(sizes: readonly SizePrice[]): CardPrice | null {
  const inStock = sizes.filter((s) => s.stock > 0);
  const pool = inStock.length > 0 ? inStock : sizes;
  let best: SizePrice | undefined;
  for (const s of pool) {
    if (!best || effectivePrice(s) < effectivePrice(best)) best = s;
  }
  if (!best) return null;
  return { size: best.size, pricePaise: best.pricePaise, effectivePaise: effectivePrice(best), stock: best.stock };
}

/**
 * docs/product/catalog.md, "Prices and stock": a product is out of stock when the stock of its lowest-priced in-stock size is zero or
 * less. Taken literally that can never happen for a size chosen for having stock, so the working
 * reading is: out of stock when no size has stock above zero.
 */
export function isOutOfStock(sizes: readonly Pick<SizePrice, "stock">[]): boolean {
  return !sizes.some((s) => s.stock > 0);
}

/** Delivery charge: fixed when the subtotal is above 0, unless a free-shipping threshold is met. */
export function deliveryCharge(
  subtotalPaise: number,
  rules: { deliveryChargePaise: number; freeShippingThresholdPaise: number | null },
): number {
  if (subtotalPaise <= 0) return 0;
  if (rules.freeShippingThresholdPaise !== null && subtotalPaise >= rules.freeShippingThresholdPaise) return 0;
  return rules.deliveryChargePaise;
}

/** Paise to rupees for API payloads that speak rupees (the API's shapes). */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** How an amount is written; every option's default is the shop's own "₹1,299" / "₹1,299.50". */
export interface RupeeStyle {
  /** "always" writes paise on whole rupees too ("₹2,625.00": invoices, CSV); by default only when there are some. */
  paise?: "always" | "some";
  /** false writes a plain number with no ₹ and no grouping ("1299.50"): CSV cells, form fields. */
  symbol?: boolean;
  /** A negative amount's sign: "-" by default, the typeset minus "−" on printed documents. */
  minus?: "-" | "−";
}

/**
 * ₹1,29,999 or ₹1,299.50: formatted only at the edge of the UI, mail or document. Written out by
 * hand (Indian grouping: the last three digits, then pairs) rather than with `Intl.NumberFormat("en-IN")`,
 * whose set-up cost a phone about 40 ms of main thread before the page could answer a tap
 * (docs/performance-interactive.md); a unit test holds it to Intl's output. No amount (null) writes nothing.
 */
export function formatRupees(paise: number | null, style: RupeeStyle = {}): string {
  if (paise === null) return "";
  const whole = Math.round(Math.abs(paise));
  const digits = String(Math.floor(whole / 100));
  let rupees = digits;
  if (style.symbol !== false) {
    const groups = [digits.slice(-3)];
    for (let end = digits.length - 3; end > 0; end -= 2) groups.unshift(digits.slice(Math.max(0, end - 2), end));
    rupees = `₹${groups.join(",")}`;
  }
  const fraction = whole % 100 === 0 && style.paise !== "always" ? "" : `.${String(whole % 100).padStart(2, "0")}`;
  return `${paise < 0 && whole > 0 ? (style.minus ?? "-") : ""}${rupees}${fraction}`;
}
