import type { Invoice } from "../back-office/orders/admin-invoice";
import { indiaDay } from "../platform/india-time.rules";
import { allocateDiscount, rupeesInWords, splitTax, type TaxSplit } from "./gst";
import type { RefundMethod, RefundRow, RefundSource } from "./refunds";

/**
 * Credit notes (docs/product/after-the-purchase.md, "Refunds and credit notes"): a refund of an
 * invoiced order takes back part of what the invoice charged, so it is split back into taxable value
 * and GST in the invoice's own proportions. Pure arithmetic on the invoice kept on the order and the
 * refund's row: the same refund always prints the same credit note.
 */

/** A refund as her order carries it (the columns of `refunds` a page or a document shows). */
export type OrderRefund = Omit<RefundRow, "orderId" | "returnRequestId">;

/** One GST rate's share of the refund. */
export interface CreditNoteRow extends TaxSplit {
  rate: number;
  taxablePaise: number;
  taxPaise: number;
  /** Taxable value plus GST: this rate's part of the refund. */
  totalPaise: number;
}

export interface CreditNote {
  creditNoteNumber: string;
  /** Its place among the order's credit notes, from 1: the document's address. */
  position: number;
  /** The credit note's day (India's time), YYYY-MM-DD: the day of the refund. */
  date: string;
  invoiceNumber: string;
  invoiceDate: string;
  orderNumber: number;
  seller: Invoice["seller"];
  buyer: Invoice["buyer"];
  placeOfSupply: Invoice["placeOfSupply"];
  intraState: boolean;
  refund: { source: RefundSource; method: RefundMethod; reference: string; amountPaise: number };
  rows: CreditNoteRow[];
  totals: TaxSplit & { taxablePaise: number; taxPaise: number; totalPaise: number };
  amountInWords: string;
}

interface RateGroup {
  rate: number;
  valuePaise: number;
  taxPaise: number;
  cgstPaise: number;
}

/** The invoice's goods and delivery by GST rate (rising): what each rate charged, its GST and CGST. */
function rateGroups(invoice: Pick<Invoice, "lines" | "delivery">): RateGroup[] {
  const groups = new Map<number, RateGroup>();
  const add = (rate: number, valuePaise: number, taxPaise: number, cgstPaise: number) => {
    const g = groups.get(rate) ?? { rate, valuePaise: 0, taxPaise: 0, cgstPaise: 0 };
    g.valuePaise += valuePaise;
    g.taxPaise += taxPaise;
    g.cgstPaise += cgstPaise;
    groups.set(rate, g);
  };
  for (const l of invoice.lines) add(l.rate, l.totalPaise, l.taxPaise, l.cgstPaise);
  if (invoice.delivery) add(invoice.delivery.rate, invoice.delivery.valuePaise, invoice.delivery.taxPaise, invoice.delivery.cgstPaise);
  return [...groups.values()].filter((g) => g.valuePaise > 0).sort((a, b) => a.rate - b.rate);
}

/** round(a * b / c) for non-negative whole numbers, exact however large. */
const mulDiv = (a: number, b: number, c: number) => Number((2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c)));

/**
 * A refund split back into taxable value and GST by rate. Each rate takes its share of the refund in
 * proportion to what it charged on the invoice (the rest of the division to the largest), and within
 * it GST in the invoice's own ratio of GST to value (CGST likewise; SGST is the rest). Every figure is
 * whole paise and taxable value + GST = the refund exactly; a refund of the whole invoice gives back
 * its figures rate by rate.
 */
export function splitRefund(invoice: Pick<Invoice, "lines" | "delivery" | "intraState">, amountPaise: number): CreditNoteRow[] {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) throw new Error("A refund is a positive number of paise");
  const groups = rateGroups(invoice);
  if (groups.length === 0) return [];
  const values = groups.map((g) => g.valuePaise);
  const shares = allocateDiscount(values, amountPaise);
  // A refund above the invoice (never made by the shop) still adds up: the excess goes with the largest rate group.
  const excess = amountPaise - shares.reduce((s, p) => s + p, 0);
  if (excess > 0) {
    const largest = values.indexOf(Math.max(...values));
    shares[largest]! += excess;
  }
  return groups.map((g, i) => {
    const share = shares[i]!;
    const taxPaise = Math.min(share, mulDiv(share, g.taxPaise, g.valuePaise));
    const split = invoice.intraState
      ? (() => {
          const cgst = g.taxPaise > 0 ? Math.min(taxPaise, mulDiv(taxPaise, g.cgstPaise, g.taxPaise)) : 0;
          return { cgstPaise: cgst, sgstPaise: taxPaise - cgst, igstPaise: 0 };
        })()
      : splitTax(taxPaise, false);
    return { rate: g.rate, taxablePaise: share - taxPaise, taxPaise, totalPaise: share, ...split };
  });
}

/** The credit note of one refund of an invoiced order. */
export function creditNoteFor(invoice: Invoice, refund: OrderRefund & { creditNoteNumber: string }, position: number): CreditNote {
  const rows = splitRefund(invoice, refund.amountPaise);
  const sum = (k: keyof CreditNoteRow) => rows.reduce((s, r) => s + r[k], 0);
  return {
    creditNoteNumber: refund.creditNoteNumber,
    position,
    date: indiaDay(refund.createdAt),
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    orderNumber: invoice.orderNumber,
    seller: invoice.seller,
    buyer: invoice.buyer,
    placeOfSupply: invoice.placeOfSupply,
    intraState: invoice.intraState,
    refund: { source: refund.source, method: refund.method, reference: refund.reference, amountPaise: refund.amountPaise },
    rows,
    totals: {
      taxablePaise: sum("taxablePaise"),
      taxPaise: sum("taxPaise"),
      cgstPaise: sum("cgstPaise"),
      sgstPaise: sum("sgstPaise"),
      igstPaise: sum("igstPaise"),
      totalPaise: sum("totalPaise"),
    },
    amountInWords: rupeesInWords(refund.amountPaise),
  };
}

/** The credit notes of an order's refunds (those that have one), oldest first, numbered 1, 2... on the order. */
export function creditNotesOf(invoice: Invoice, refunds: readonly OrderRefund[]): CreditNote[] {
  return refunds
    .filter((r): r is OrderRefund & { creditNoteNumber: string } => r.creditNoteNumber !== null)
    .map((r, i) => creditNoteFor(invoice, r, i + 1));
}
