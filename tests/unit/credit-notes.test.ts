import { describe, expect, it } from "vitest";
import { buildInvoice, type Invoice } from "../../workers/services/back-office/orders/admin-invoice";
import { creditNoteFor, creditNotesOf, type OrderRefund, splitRefund } from "../../workers/services/orders/credit-notes";
import type { OrderView } from "../../workers/services/orders/order-views";

/**
 * A credit note gives back part of an invoice: its taxable value and GST, rate by rate, must add up
 * to the refund to the paisa, whatever the amount (odd paise, a refund that does not divide evenly),
 * however many rates the invoice had, within the state (CGST + SGST) and outside it (IGST).
 */

const line = (name: string, unitPricePaise: number, quantity: number) => ({
  id: 1,
  productId: 1,
  name,
  href: null,
  image: null,
  color: "Red",
  size: "M",
  quantity,
  unitPricePaise,
  originalUnitPricePaise: unitPricePaise,
});

function order(state: string, lines: ReturnType<typeof line>[], discountPaise: number, shippingPaise: number): OrderView {
  const subtotal = lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
  return {
    id: 1,
    orderNumber: 1234,
    createdAt: "2026-11-20T06:30:00.000Z",
    cancelledAt: null,
    paymentMethod: "bank",
    paymentStatus: "paid",
    orderStatus: "confirmed",
    subtotalPaise: subtotal,
    discountPaise,
    shippingPaise,
    totalPaise: subtotal - discountPaise + shippingPaise,
    couponCode: discountPaise > 0 ? "WELCOME10" : null,
    giftEligible: false,
    refundDue: false,
    guest: false,
    courier: null,
    trackingNumber: null,
    shipping: {
      fullName: "Asha Verma",
      streetAddress: "12 Mall Road",
      apartment: "",
      townCity: state === "Uttar Pradesh" ? "Lucknow" : "Mumbai",
      state,
      zipcode: state === "Uttar Pradesh" ? "226001" : "400001",
      phoneNumber: "9876543210",
      emailAddress: "asha@example.com",
    },
    lines,
    deliveredAt: null,
    returns: [],
    invoiced: true,
    refunds: [],
  };
}

// A kurti under the threshold (5%), a kurta set above it (18%), a silk saree (fabric, 5%), odd paise,
// a coupon shared across them and a delivery charge taxed at the highest rate.
const mixedLines = [line("Kurti", 1_299_99, 3), line("Kurta set", 4_999_49, 1), line("Silk saree", 7_777_77, 1)];
const goods = [
  { id: 1, category: "kurtis", subcategory: null },
  { id: 2, category: "kurta-sets", subcategory: null },
  { id: 3, category: "sarees", subcategory: "silk" },
];

const within: Invoice = buildInvoice(order("Uttar Pradesh", mixedLines, 1_234_57, 99_01), goods);
const outside: Invoice = buildInvoice(order("Maharashtra", mixedLines, 1_234_57, 99_01), goods);

const refund = (amountPaise: number, creditNoteNumber: string | null = "AAN/CN/26-27/1"): OrderRefund => ({
  id: 1,
  source: "cancellation",
  amountPaise,
  method: "original",
  reference: "rfnd_1",
  creditNoteNumber,
  createdAt: "2026-11-22T10:00:00.000Z",
});

const AWKWARD = [1, 3, 7, 99, 101, 1_000_01, 3_333_33, 12_345_67, 17_531_53];

describe("a credit note's figures", () => {
  it("has several GST rates to split among (the fixture is what it claims)", () => {
    expect(new Set(within.lines.map((l) => l.rate))).toEqual(new Set([5, 18]));
    expect(within.delivery?.rate).toBe(18);
    expect(within.intraState).toBe(true);
    expect(outside.intraState).toBe(false);
  });

  for (const [where, invoice] of [
    ["within the state", within],
    ["to another state", outside],
  ] as const) {
    it(`add up to the refund to the paisa for awkward amounts, ${where}`, () => {
      for (const amount of [...AWKWARD, invoice.totals.totalPaise - 1, invoice.totals.totalPaise]) {
        const note = creditNoteFor(invoice, { ...refund(amount), creditNoteNumber: "AAN/CN/26-27/1" }, 1);
        const t = note.totals;
        expect(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise, `refund of ${amount} paise`).toBe(amount);
        expect(t.totalPaise).toBe(amount);
        for (const row of note.rows) {
          expect(row.taxablePaise + row.cgstPaise + row.sgstPaise + row.igstPaise).toBe(row.totalPaise);
          expect(row.taxablePaise).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(row.taxPaise)).toBe(true);
          if (invoice.intraState) expect(row.igstPaise).toBe(0);
          else expect(row.cgstPaise + row.sgstPaise).toBe(0);
        }
      }
    });
  }

  it("gives back the invoice's own figures, rate by rate, for a refund of the whole invoice", () => {
    for (const invoice of [within, outside]) {
      const note = creditNoteFor(invoice, { ...refund(invoice.totals.totalPaise), creditNoteNumber: "X" }, 1);
      expect(note.totals.taxablePaise).toBe(invoice.totals.taxablePaise);
      expect(note.totals.cgstPaise).toBe(invoice.totals.cgstPaise);
      expect(note.totals.sgstPaise).toBe(invoice.totals.sgstPaise);
      expect(note.totals.igstPaise).toBe(invoice.totals.igstPaise);
    }
  });

  it("splits a part refund in the invoice's proportions: the 18% part carries 18% GST on its taxable value", () => {
    const rows = splitRefund(within, 10_000_00);
    const high = rows.find((r) => r.rate === 18)!;
    const low = rows.find((r) => r.rate === 5)!;
    // Within a paisa or two of the rate's own arithmetic (the invoice rounded line by line).
    expect(Math.abs(high.taxPaise - high.taxablePaise * 0.18)).toBeLessThan(3);
    expect(Math.abs(low.taxPaise - low.taxablePaise * 0.05)).toBeLessThan(3);
    expect(high.cgstPaise + high.sgstPaise).toBe(high.taxPaise);
    expect(Math.abs(high.cgstPaise - high.sgstPaise)).toBeLessThanOrEqual(1);
  });

  it("numbers an order's credit notes 1, 2 and skips refunds made before the invoice", () => {
    const notes = creditNotesOf(within, [
      { ...refund(500, null), id: 1 },
      { ...refund(700, "AAN/CN/26-27/4"), id: 2 },
      { ...refund(900, "AAN/CN/26-27/5"), id: 3 },
    ]);
    expect(notes.map((n) => [n.position, n.creditNoteNumber, n.refund.amountPaise])).toEqual([
      [1, "AAN/CN/26-27/4", 700],
      [2, "AAN/CN/26-27/5", 900],
    ]);
    expect(notes[0]!.date).toBe("2026-11-22");
    expect(notes[0]!.invoiceNumber).toBe(within.invoiceNumber);
    expect(notes[0]!.amountInWords).toBe("Rupees Seven Only");
  });

  it("refuses a refund of no money", () => {
    expect(() => splitRefund(within, 0)).toThrow();
    expect(() => splitRefund(within, 1.5)).toThrow();
  });
});
