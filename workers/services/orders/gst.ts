/**
 * GST on the shop's tax invoice. Pure: no database, no settings import; the rates,
 * the threshold and the HSN table are passed in (they live in settings.ts `tax`). All money in
 * integer paise.
 *
 * The rules:
 * - Prices are INCLUSIVE of GST: what the shopper pays for a line is its value with the tax in it.
 * - Apparel since 22 September 2025: a piece is taxed at the low rate (5%) when its transaction value
 *   per piece WITHOUT the tax is at most the threshold (₹2,500), otherwise at the high rate (18%).
 *   With inclusive prices that value is inclusive * 100 / 105, so a piece is 5% when its inclusive
 *   price is at most ₹2,625.00 (= 2,500 taxable + 125 tax), and 18% from ₹2,625.01. The comparison
 *   is done in integers: value * 100 <= threshold * (100 + low rate) * quantity.
 * - Fabrics (a saree is an unstitched length of woven fabric, HSN 50xx to 55xx) are taxed at their
 *   own flat rate, whatever the price.
 * - A coupon's discount is a discount shown on the invoice and lowers the taxable value: the order's
 *   discount is shared across the lines in proportion to their value (integer paise; what rounding
 *   leaves goes to the largest line, so the parts add up exactly), and each line's rate is decided
 *   on its value after its part of the discount, per piece.
 * - The delivery charge goes with the goods (a composite supply whose principal supply is the
 *   goods): it is taxed at the highest rate among the order's lines, also inclusive.
 * - Per line: taxable = round(inclusive * 100 / (100 + rate)), tax = inclusive - taxable. So the
 *   taxable values and taxes add up to exactly what the shopper paid.
 * - Place of supply is the state of the shipping address: the shop's own state gives CGST + SGST
 *   (CGST = floor(tax / 2), SGST the rest); any other state gives IGST.
 */

import { indiaClock } from "../platform/india-time.rules";

export interface GstRule {
  /** The date the rule applies from (YYYY-MM-DD). */
  effective: string;
  /** A garment piece is at the low rate while its value net of GST is at most this. */
  thresholdPaise: number;
  lowRate: number;
  highRate: number;
  /** Fabrics (sarees): one rate whatever the price. */
  fabricRate: number;
}

export type Goods = "garment" | "fabric";

export interface HsnEntry {
  code: string;
  goods: Goods;
}

export interface HsnTable {
  default: HsnEntry;
  /** By category slug, or "category/subcategory" (which wins). */
  byCategory: Readonly<Record<string, HsnEntry>>;
}

/** A line's HSN code and kind of goods from its category (and subcategory) slug; the default for an unknown or deleted one. */
export function hsnFor(table: HsnTable, category: string | null, subcategory: string | null = null): HsnEntry {
  if (category && subcategory) {
    const own = table.byCategory[`${category}/${subcategory}`];
    if (own) return own;
  }
  return (category ? table.byCategory[category] : undefined) ?? table.default;
}

/**
 * Shares `discount` across `values` in proportion (floor of each share; the rest to the largest value,
 * the first of equals). The parts add up to the discount, capped at the values' sum, and no part is
 * above its value (should the rest not fit in the largest line, it spills to the next lines).
 */
export function allocateDiscount(values: readonly number[], discount: number): number[] {
  const total = values.reduce((s, v) => s + v, 0);
  const d = Math.max(0, Math.min(Math.trunc(discount), total));
  if (d === 0 || total === 0) return values.map(() => 0);
  const parts = values.map((v) => Number((BigInt(d) * BigInt(v)) / BigInt(total)));
  let rest = d - parts.reduce((s, p) => s + p, 0);
  const byValue = values.map((_, i) => i).sort((a, b) => values[b]! - values[a]! || a - b);
  for (const i of byValue) {
    if (rest === 0) break;
    const room = values[i]! - parts[i]!;
    const add = Math.min(room, rest);
    parts[i]! += add;
    rest -= add;
  }
  return parts;
}

/**
 * The rate of a line of `quantity` garments worth `valuePaise` in all (inclusive of GST, after its
 * part of the discount): the low rate when a piece's value net of low-rate GST is at most the threshold.
 */
export function garmentRate(valuePaise: number, quantity: number, rule: GstRule): number {
  const q = Math.max(1, quantity);
  return valuePaise * 100 <= rule.thresholdPaise * (100 + rule.lowRate) * q ? rule.lowRate : rule.highRate;
}

/** The taxable value inside an inclusive amount at `rate` percent (rounded to the paisa). */
export function taxableOf(inclusivePaise: number, rate: number): number {
  return Math.round((inclusivePaise * 100) / (100 + rate));
}

export interface TaxSplit {
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** Same state: CGST = floor(tax / 2) and SGST the rest; another state: all IGST. */
export function splitTax(taxPaise: number, intraState: boolean): TaxSplit {
  if (!intraState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  const cgst = Math.floor(taxPaise / 2);
  return { cgstPaise: cgst, sgstPaise: taxPaise - cgst, igstPaise: 0 };
}

export interface GstLineInput {
  quantity: number;
  unitPricePaise: number;
  goods: Goods;
}

export interface GstLine extends TaxSplit {
  /** unit price * quantity, before the discount. */
  grossPaise: number;
  discountPaise: number;
  /** What the shopper pays for the line: gross - discount (GST included). */
  valuePaise: number;
  rate: number;
  taxablePaise: number;
  taxPaise: number;
}

export interface GstCharge extends TaxSplit {
  valuePaise: number;
  rate: number;
  taxablePaise: number;
  taxPaise: number;
}

export interface GstTotals extends TaxSplit {
  grossPaise: number;
  discountPaise: number;
  taxablePaise: number;
  taxPaise: number;
  /** Lines after discount plus delivery: the order's total. */
  totalPaise: number;
}

export interface GstBreakdown {
  lines: GstLine[];
  /** Null when there is no delivery charge. */
  delivery: GstCharge | null;
  totals: GstTotals;
}

function charge(valuePaise: number, rate: number, intraState: boolean) {
  const taxablePaise = taxableOf(valuePaise, rate);
  const taxPaise = valuePaise - taxablePaise;
  return { valuePaise, rate, taxablePaise, taxPaise, ...splitTax(taxPaise, intraState) };
}

/** An order's GST, line by line, with its delivery charge and totals (see the rules above). */
export function computeGst(input: {
  lines: readonly GstLineInput[];
  discountPaise: number;
  deliveryPaise: number;
  intraState: boolean;
  rule: GstRule;
}): GstBreakdown {
  const { rule, intraState } = input;
  const gross = input.lines.map((l) => l.unitPricePaise * l.quantity);
  const parts = allocateDiscount(gross, input.discountPaise);
  const lines: GstLine[] = input.lines.map((l, i) => {
    const valuePaise = gross[i]! - parts[i]!;
    const rate = l.goods === "fabric" ? rule.fabricRate : garmentRate(valuePaise, l.quantity, rule);
    return { grossPaise: gross[i]!, discountPaise: parts[i]!, ...charge(valuePaise, rate, intraState) };
  });
  const deliveryRate = lines.reduce((top, l) => Math.max(top, l.rate), 0) || rule.highRate;
  const delivery = input.deliveryPaise > 0 ? charge(input.deliveryPaise, deliveryRate, intraState) : null;
  const all = [...lines, ...(delivery ? [delivery] : [])];
  const sum = (f: (x: GstCharge) => number) => all.reduce((s, x) => s + f(x), 0);
  return {
    lines,
    delivery,
    totals: {
      grossPaise: gross.reduce((s, g) => s + g, 0),
      discountPaise: parts.reduce((s, p) => s + p, 0),
      taxablePaise: sum((x) => x.taxablePaise),
      taxPaise: sum((x) => x.taxPaise),
      cgstPaise: sum((x) => x.cgstPaise),
      sgstPaise: sum((x) => x.sgstPaise),
      igstPaise: sum((x) => x.igstPaise),
      totalPaise: sum((x) => x.valuePaise),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// States, GSTIN, invoice number

/** GST state codes (the first two digits of a GSTIN). */
const STATE_CODES: Record<string, string> = {
  "jammu and kashmir": "01",
  "himachal pradesh": "02",
  punjab: "03",
  chandigarh: "04",
  uttarakhand: "05",
  haryana: "06",
  delhi: "07",
  rajasthan: "08",
  "uttar pradesh": "09",
  bihar: "10",
  sikkim: "11",
  "arunachal pradesh": "12",
  nagaland: "13",
  manipur: "14",
  mizoram: "15",
  tripura: "16",
  meghalaya: "17",
  assam: "18",
  "west bengal": "19",
  jharkhand: "20",
  odisha: "21",
  chhattisgarh: "22",
  "madhya pradesh": "23",
  gujarat: "24",
  "dadra and nagar haveli and daman and diu": "26",
  maharashtra: "27",
  karnataka: "29",
  goa: "30",
  lakshadweep: "31",
  kerala: "32",
  "tamil nadu": "33",
  puducherry: "34",
  "andaman and nicobar islands": "35",
  telangana: "36",
  "andhra pradesh": "37",
  ladakh: "38",
};

/** Other spellings (the PIN directory's among them). */
const STATE_ALIASES: Record<string, string> = {
  chattisgarh: "chhattisgarh",
  orissa: "odisha",
  pondicherry: "puducherry",
  "andaman and nicobar": "andaman and nicobar islands",
  "nct of delhi": "delhi",
  "new delhi": "delhi",
  up: "uttar pradesh",
  "u p": "uttar pradesh",
};

const normState = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z]+/g, " ")
    .trim();

/** The GST state code of a state's name as written on an address, or null when it is not one. */
export function stateCode(state: string): string | null {
  const n = normState(state);
  return STATE_CODES[STATE_ALIASES[n] ?? n] ?? null;
}

/** Whether two addresses' states are the same state (by code when known, else by name). */
export function sameState(a: string, b: string): boolean {
  const [ca, cb] = [stateCode(a), stateCode(b)];
  return ca !== null || cb !== null ? ca === cb : normState(a) === normState(b);
}

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A GSTIN's 15th character: the mod-36 checksum of the first 14. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** 2-digit state code, a 10-character PAN (5 letters, 4 digits, a letter), an entity character (not 0), "Z", and the check character. */
export function isGstin(gstin: string): boolean {
  return /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin) && gstinCheckChar(gstin) === gstin[14];
}

/** The Indian financial year (April to March, in India's time) of a moment: "26-27" for 1 April 2026 to 31 March 2027. */
export function financialYear(at: Date): string {
  const t = indiaClock(at);
  const start = t.getUTCMonth() >= 3 ? t.getUTCFullYear() : t.getUTCFullYear() - 1;
  const yy = (y: number) => String(y % 100).padStart(2, "0");
  return `${yy(start)}-${yy(start + 1)}`;
}

/** GST allows an invoice number of at most 16 characters. */
export const INVOICE_NUMBER_MAX = 16;

/**
 * The invoice number of an order: prefix, financial year of its date, order number
 * ("AAN/26-27/1001"). Order numbers are unique and rise, so the invoices of a year are a unique
 * rising series. Should it not fit in 16 characters (an order number of 7 digits or more), the
 * separators go ("AAN26271234567").
 */
export function invoiceNumber(prefix: string, orderNumber: number, orderedAt: Date): string {
  const fy = financialYear(orderedAt);
  const full = `${prefix}/${fy}/${orderNumber}`;
  if (full.length <= INVOICE_NUMBER_MAX) return full;
  const compact = `${prefix}${fy.replace("-", "")}${orderNumber}`;
  if (compact.length <= INVOICE_NUMBER_MAX) return compact;
  throw new Error(`Order number ${orderNumber} does not fit in an invoice number`);
}

// ---------------------------------------------------------------------------------------------
// Amount in words

const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const t = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? t : `${t}-${ONES[n % 10]}`;
}

function belowThousand(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const parts = [];
  if (h > 0) parts.push(`${ONES[h]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/** A whole number in words, Indian system: thousand, lakh (1,00,000), crore (1,00,00,000); crores above 99 in words too. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Not a whole number: ${n}`);
  if (n === 0) return ONES[0]!;
  const crore = Math.floor(n / 1_00_00_000);
  const lakh = Math.floor((n % 1_00_00_000) / 1_00_000);
  const thousand = Math.floor((n % 1_00_000) / 1000);
  const rest = n % 1000;
  const parts = [];
  if (crore > 0) parts.push(`${numberInWords(crore)} Crore`);
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(" ");
}

/** An amount in words as an Indian invoice writes it: "Rupees One Lakh Five Thousand and Fifty Paise Only". */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new Error(`Not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  if (rupees === 0 && p > 0) return `${belowHundred(p)} Paise Only`;
  return `Rupees ${numberInWords(rupees)}${p > 0 ? ` and ${belowHundred(p)} Paise` : ""} Only`;
}
