import { describe, expect, it } from "vitest";
import { cancelEnquiryPath, pastCancelling, shopperMayCancel } from "../../workers/services/orders/order-cancel.rules";

const placedAt = Date.parse("2026-11-25T10:00:00.000Z");
const HOUR = 3_600_000;
const order = (over: Partial<Parameters<typeof shopperMayCancel>[0]> = {}) => ({
  orderStatus: "placed" as const,
  paymentMethod: "cashOnDelivery" as const,
  paymentStatus: "pending" as const,
  createdAt: new Date(placedAt).toISOString(),
  refundDue: false,
  ...over,
});

describe("whether she may cancel an order herself", () => {
  it("placed or confirmed, within 24 hours of placing it", () => {
    expect(shopperMayCancel(order(), placedAt + 23 * HOUR)).toBe(true);
    expect(shopperMayCancel(order({ orderStatus: "confirmed" }), placedAt + HOUR)).toBe(true);
    expect(shopperMayCancel(order({ paymentMethod: "bank", paymentStatus: "paid" }), placedAt + HOUR)).toBe(true);
  });

  it("not at or after the 24th hour, not once shipped, delivered or cancelled, not while an online payment is due", () => {
    expect(shopperMayCancel(order(), placedAt + 24 * HOUR)).toBe(false);
    for (const orderStatus of ["shipped", "delivered", "cancelled"] as const) {
      expect(shopperMayCancel(order({ orderStatus }), placedAt + HOUR), orderStatus).toBe(false);
    }
    expect(shopperMayCancel(order({ paymentMethod: "bank", paymentStatus: "pending" }), placedAt + HOUR)).toBe(false);
  });

  it("points her to the shop for an order past cancelling, not for a payment due or one that never came", () => {
    for (const orderStatus of ["placed", "confirmed", "shipped", "cancelled"] as const)
      expect(pastCancelling(order({ orderStatus }))).toBe(true);
    expect(pastCancelling(order({ orderStatus: "delivered" }))).toBe(false);
    expect(pastCancelling(order({ paymentMethod: "bank", paymentStatus: "pending" }))).toBe(false);
    expect(pastCancelling(order({ paymentMethod: "bank", paymentStatus: "failed", orderStatus: "cancelled" }))).toBe(false);
  });

  it("links to the enquiry form with the type and the number", () => {
    expect(cancelEnquiryPath(1024)).toBe("/enquiry-us?type=Order%20Cancellation%20Query&order=1024");
  });
});
