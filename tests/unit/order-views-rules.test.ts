import { describe, expect, it } from "vitest";
import {
  discountShown,
  formatOrderDate,
  orderPagePath,
  orderStanding,
  orderStatusLabel,
  paymentMethodLabel,
  paymentStatusLabel,
} from "../../workers/services/orders/order-views.rules";

describe("order words", () => {
  it("names the payment methods as checkout does, and keeps anything unknown as it is", () => {
    expect(paymentMethodLabel("cashOnDelivery")).toBe("Cash on Delivery");
    expect(paymentMethodLabel("bank")).toBe("Bank / UPI / Wallets");
    expect(paymentMethodLabel("upi")).toBe("upi");
  });

  it("says where a payment stands: a cash order is paid at the door, an online one is pending until paid", () => {
    expect(paymentStatusLabel({ paymentMethod: "cashOnDelivery", paymentStatus: "pending" })).toBe("Pay on delivery");
    expect(paymentStatusLabel({ paymentMethod: "bank", paymentStatus: "pending" })).toBe("Payment pending");
    expect(paymentStatusLabel({ paymentMethod: "bank", paymentStatus: "paid" })).toBe("Paid");
    expect(paymentStatusLabel({ paymentMethod: "bank", paymentStatus: "failed" })).toBe("Payment not completed");
    expect(paymentStatusLabel({ paymentMethod: "bank", paymentStatus: "refunded" })).toBe("Refunded");
    expect(paymentStatusLabel({ paymentMethod: "bank", paymentStatus: "paid", refundDue: true })).toBe("Paid, refund due");
  });

  it("never calls an online order waiting for its payment, or one whose payment never came, placed or cancelled", () => {
    const bank = { paymentMethod: "bank" };
    expect(orderStanding({ ...bank, paymentStatus: "pending", orderStatus: "placed" })).toEqual({
      label: "Payment pending",
      badge: "payment-pending",
    });
    expect(orderStanding({ ...bank, paymentStatus: "failed", orderStatus: "cancelled" })).toEqual({
      label: "Payment not completed",
      badge: "payment-not-completed",
    });
    expect(orderStanding({ ...bank, paymentStatus: "paid", orderStatus: "placed" }).label).toBe("Placed");
    expect(orderStanding({ ...bank, paymentStatus: "paid", orderStatus: "cancelled", refundDue: true }).label).toBe("Cancelled");
    expect(orderStanding({ paymentMethod: "cashOnDelivery", paymentStatus: "pending", orderStatus: "placed" }).label).toBe("Placed");
  });

  it("capitalises the order statuses", () => {
    expect(["placed", "confirmed", "shipped", "delivered", "cancelled"].map(orderStatusLabel)).toEqual([
      "Placed",
      "Confirmed",
      "Shipped",
      "Delivered",
      "Cancelled",
    ]);
  });

  it("dates an order in India's time, as '25 Nov 2026'", () => {
    expect(formatOrderDate("2026-11-25T10:00:00.000Z")).toBe("25 Nov 2026");
    // 20:00 UTC is already the next morning in India.
    expect(formatOrderDate("2026-11-20T20:00:00.000Z")).toBe("21 Nov 2026");
    expect(formatOrderDate("2026-12-31T18:29:59.000Z")).toBe("31 Dec 2026");
    expect(formatOrderDate("2026-12-31T18:30:00.000Z")).toBe("1 Jan 2027");
    expect(formatOrderDate("not a date")).toBe("");
  });

  it("shows a discount when the items and delivery come to more than the total", () => {
    const lines = [
      { unitPricePaise: 1299_00, quantity: 2 },
      { unitPricePaise: 1000_00, quantity: 1 },
    ];
    expect(discountShown({ lines, shippingPaise: 100_00, totalPaise: 3338_20 })).toBe(359_80);
    expect(discountShown({ lines, shippingPaise: 100_00, totalPaise: 3698_00 })).toBe(0);
    expect(discountShown({ lines: [], shippingPaise: 0, totalPaise: 0 })).toBe(0);
  });

  it("links an order's page, with a guest's key when there is one", () => {
    expect(orderPagePath(42)).toBe("/thankyou?order=42");
    expect(orderPagePath(42, null)).toBe("/thankyou?order=42");
    expect(orderPagePath(42, "Ab-_9")).toBe("/thankyou?order=42&key=Ab-_9");
  });
});
