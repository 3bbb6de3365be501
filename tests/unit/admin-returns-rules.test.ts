import { describe, expect, it } from "vitest";
import { linePaidPaise } from "../../workers/services/back-office/returns/admin-returns";
import { allowedReturnMoves, returnMessages } from "../../workers/services/back-office/returns/admin-returns.rules";
import { renderMail } from "../../workers/services/platform/mail-templates";

/** The returns queue's plain rules: what a piece was paid, which moves a request offers, the owner's refusals, and her mails. */
describe("what she paid for returned pieces", () => {
  it("is their price less their share of the order's discount, in proportion to their value", () => {
    expect(linePaidPaise(100_000, 300_000, 30_000)).toBe(90_000);
    expect(linePaidPaise(100_000, 100_000, 0)).toBe(100_000);
    // Shares are rounded to the paisa.
    expect(linePaidPaise(33_333, 100_000, 10_000)).toBe(30_000);
    expect(linePaidPaise(50_000, 0, 0)).toBe(50_000);
  });
});

describe("the moves a request offers", () => {
  it("follows its status and kind", () => {
    expect(allowedReturnMoves({ status: "requested", kind: "refund" })).toEqual(["approve", "decline"]);
    expect(allowedReturnMoves({ status: "approved", kind: "exchange" })).toEqual(["receive"]);
    expect(allowedReturnMoves({ status: "received", kind: "refund" })).toEqual(["refund"]);
    expect(allowedReturnMoves({ status: "received", kind: "exchange" })).toEqual(["ship-exchange", "refund"]);
    for (const status of ["declined", "refunded", "exchanged"]) expect(allowedReturnMoves({ status, kind: "exchange" })).toEqual([]);
  });

  it("refuses the others with the reason, and agrees with the offered moves", () => {
    expect(returnMessages.refusal("receive", { id: 7, status: "requested", kind: "refund" })).toBe(
      "Return #7 is requested: only a return that is awaiting pickup can be marked received.",
    );
    expect(returnMessages.refusal("refund", { id: 7, status: "refunded", kind: "refund" })).toBe("Return #7 is already refunded.");
    expect(returnMessages.refusal("ship-exchange", { id: 7, status: "received", kind: "refund" })).toMatch(/refund request/);
    for (const status of ["requested", "approved", "declined", "received", "refunded", "exchanged"]) {
      for (const kind of ["refund", "exchange"]) {
        const offered = allowedReturnMoves({ status, kind });
        for (const action of ["approve", "decline", "receive", "refund", "ship-exchange"] as const) {
          expect(returnMessages.refusal(action, { id: 1, status, kind }) === null, `${status} ${kind} ${action}`).toBe(
            offered.includes(action),
          );
        }
      }
    }
  });
});

describe("her mails for each step", () => {
  const r = {
    returnId: 4,
    orderNumber: 1042,
    kind: "exchange" as const,
    lines: [{ name: "Indigo <Anarkali>", color: "Indigo", size: "M", quantity: 1, exchangeSize: "L" }],
  };
  it("name the order, the pieces and the step's own facts, escaped in HTML", () => {
    const approved = renderMail("return-approved", { name: "Priya", r, courier: "Delhivery", trackingNumber: "DLR-1", link: null });
    expect(approved.subject).toContain("#1042");
    expect(approved.text).toContain("Tracking number: DLR-1");
    expect(approved.text).toContain("Indigo <Anarkali> (Indigo, size M) x 1, for size L");
    expect(approved.html).toContain("Indigo &lt;Anarkali&gt;");
    const declined = renderMail("return-declined", { name: "Priya", r, reason: "The tags were removed.", link: "https://x/my-orders" });
    expect(declined.text).toContain("Why: The tags were removed.");
    expect(declined.text).toContain("https://x/my-orders");
    const refunded = renderMail("return-refunded", {
      name: "Priya",
      r: { ...r, kind: "refund" },
      amountPaise: 129_950,
      method: "UPI",
      reference: "UTR9",
      link: null,
    });
    expect(refunded.subject).toContain("₹1,299.50");
    expect(renderMail("return-received", { name: "Priya", r, link: null }).text).toContain("new size");
    expect(renderMail("exchange-shipped", { name: "Priya", r, courier: "Blue Dart", trackingNumber: "BD1", link: null }).text).toContain(
      "Courier: Blue Dart",
    );
  });
});
