import { describe, expect, it } from "vitest";
import { settings } from "../../workers/services/content/settings";
import {
  canAskReturn,
  canCancel,
  cancelUntil,
  isSizeReason,
  RETURN_REASON_IDS,
  returnUntil,
} from "../../workers/services/orders/after-sale.rules";
import { afterSaleMessages } from "../../workers/services/orders/after-sale-messages.rules";

const HOUR = 3_600_000;
const placedAt = Date.UTC(2026, 10, 1, 6, 0);

describe("cancelling her own order", () => {
  it("is open for the shop's window from placing, then closed", () => {
    const hours = settings.policies.cancelWithinHours;
    const order = { orderStatus: "placed", paymentDue: false, placedAt };
    expect(cancelUntil(placedAt) - placedAt).toBe(hours * HOUR);
    expect(canCancel(order, placedAt + hours * HOUR - 1)).toBe(true);
    expect(canCancel(order, placedAt + hours * HOUR)).toBe(false);
  });

  it("is open while placed or confirmed, not once shipped, delivered or cancelled", () => {
    const now = placedAt + HOUR;
    for (const [orderStatus, open] of [
      ["placed", true],
      ["confirmed", true],
      ["shipped", false],
      ["delivered", false],
      ["cancelled", false],
    ] as const) {
      expect(canCancel({ orderStatus, paymentDue: false, placedAt }, now), orderStatus).toBe(open);
    }
  });

  it("is not offered for an online payment still due", () => {
    expect(canCancel({ orderStatus: "placed", paymentDue: true, placedAt }, placedAt + HOUR)).toBe(false);
  });

  it("says the window in its refusal", () => {
    expect(afterSaleMessages.cancelClosed(1042)).toContain(`within ${settings.policies.cancelWithinHours} hours`);
  });
});

describe("asking for a return", () => {
  const deliveredAt = placedAt + 5 * 24 * HOUR;

  it("is open for the shop's days from delivery, only once delivered", () => {
    const days = settings.policies.returnWithinDays;
    expect(returnUntil(deliveredAt) - deliveredAt).toBe(days * 24 * HOUR);
    expect(canAskReturn({ orderStatus: "delivered", deliveredAt }, deliveredAt + days * 24 * HOUR - 1)).toBe(true);
    expect(canAskReturn({ orderStatus: "delivered", deliveredAt }, deliveredAt + days * 24 * HOUR)).toBe(false);
    expect(canAskReturn({ orderStatus: "shipped", deliveredAt: null }, deliveredAt)).toBe(false);
  });

  it("lets only the size reasons ask for another size", () => {
    expect(RETURN_REASON_IDS.filter(isSizeReason)).toEqual(["too-small", "too-large"]);
  });

  it("counts what is left to return", () => {
    expect(afterSaleMessages.tooMany("Teal Kurti", 2)).toBe("You can return at most 2 of Teal Kurti.");
    expect(afterSaleMessages.tooMany("Teal Kurti", 0)).toBe("Teal Kurti has no pieces left to return.");
  });
});
