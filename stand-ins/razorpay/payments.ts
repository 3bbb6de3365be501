import {
  apiError,
  asInteger,
  hmacHex,
  invalid,
  now,
  ORDER_FIELDS,
  type PayOutcome,
  type PayResult,
  type RazorpayOrderEntity,
  type RazorpayPaymentEntity,
  razorpayId,
  type StoredOrder,
} from "./api";

/**
 * The stand-in's orders and payments: creating an order (the Orders API) and paying it (the dialog's
 * buttons), with the webhooks a payment sends. One desk per running stand-in.
 */
export function paymentDesk({
  orders,
  payments,
  keySecret,
  queueWebhooks,
}: {
  orders: Map<string, StoredOrder>;
  payments: Map<string, RazorpayPaymentEntity>;
  keySecret: string;
  queueWebhooks: (order: RazorpayOrderEntity, payment: RazorpayPaymentEntity, events: { event: string; contains: string[] }[]) => void;
}) {
  // ---- Orders API ----

  function createOrder(body: Record<string, unknown>): { ok: true; order: RazorpayOrderEntity } | ReturnType<typeof apiError> {
    for (const key of Object.keys(body)) {
      if (!ORDER_FIELDS.has(key)) return invalid(key, `${key} is/are not required and should not be sent`);
    }
    if (body.amount === undefined || body.amount === null || body.amount === "") return invalid("amount", "The amount field is required.");
    const amount = asInteger(body.amount);
    if (amount === null) return invalid("amount", "The amount must be an integer.");
    if (amount < 100) return invalid("amount", "The amount must be at least INR 1.00.");
    if (body.currency === undefined || body.currency === null || body.currency === "") {
      return invalid("currency", "The currency field is required.");
    }
    if (body.currency !== "INR") return invalid("currency", "The selected currency is invalid.");
    let receipt: string | null = null;
    if (body.receipt !== undefined && body.receipt !== null) {
      if (typeof body.receipt !== "string" && typeof body.receipt !== "number") return invalid("receipt", "The receipt must be a string.");
      receipt = String(body.receipt);
      if (receipt.length > 40) return invalid("receipt", "The receipt may not be greater than 40 characters.");
    }
    let notes: Record<string, string> | [] = [];
    if (body.notes !== undefined && body.notes !== null) {
      if (typeof body.notes !== "object" || Array.isArray(body.notes)) return invalid("notes", "The notes must be an object.");
      const entries = Object.entries(body.notes as Record<string, unknown>);
      if (entries.length > 15) return invalid("notes", "Number of notes should be less than or equal to 15");
      for (const [name, value] of entries) {
        if (typeof value !== "string" && typeof value !== "number") return invalid("notes", `The notes.${name} must be a string.`);
        if (String(value).length > 256) return invalid("notes", `The notes.${name} may not be greater than 256 characters.`);
      }
      if (entries.length > 0) notes = Object.fromEntries(entries.map(([name, value]) => [name, String(value)]));
    }
    if (body.partial_payment !== undefined && typeof body.partial_payment !== "boolean") {
      return invalid("partial_payment", "The partial payment field must be true or false.");
    }
    const order: RazorpayOrderEntity = {
      id: razorpayId("order"),
      entity: "order",
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: "INR",
      receipt,
      offer_id: null,
      status: "created",
      attempts: 0,
      notes,
      created_at: now(),
    };
    orders.set(order.id, { entity: order, webhooks: true, payments: [] });
    return { ok: true, order };
  }

  // ---- paying (the dialog's buttons) ----

  function pay(input: { orderId: string; outcome: PayOutcome; webhooks?: boolean; email?: string; contact?: string }): PayResult {
    const stored = orders.get(input.orderId);
    if (!stored) return invalid("order_id", "The id provided does not exist");
    const order = stored.entity;
    if (order.status === "paid") {
      return apiError(400, "Payment for this order has already been completed", { field: "order_id", metadata: { order_id: order.id } });
    }
    const paymentId = razorpayId("pay");
    const success = input.outcome === "success";
    const failure = {
      code: "BAD_REQUEST_ERROR",
      description: "Payment processing failed due to error at bank or wallet gateway",
      source: "bank",
      step: "payment_authorization",
      reason: "payment_failed",
    };
    const fee = Math.round(order.amount * 0.02);
    const payment: RazorpayPaymentEntity = {
      id: paymentId,
      entity: "payment",
      amount: order.amount,
      currency: order.currency,
      status: success ? "captured" : "failed",
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: "upi",
      amount_refunded: 0,
      refund_status: null,
      captured: success,
      description: order.receipt === null ? null : `Receipt ${order.receipt}`,
      card_id: null,
      bank: null,
      wallet: null,
      // Razorpay's test-mode UPI ids.
      vpa: success ? "success@razorpay" : "failure@razorpay",
      email: input.email ?? "void@razorpay.com",
      contact: input.contact ?? "+919999999999",
      notes: [],
      fee: success ? fee : null,
      tax: success ? Math.round(fee * 0.18) : null,
      error_code: success ? null : failure.code,
      error_description: success ? null : failure.description,
      error_source: success ? null : failure.source,
      error_step: success ? null : failure.step,
      error_reason: success ? null : failure.reason,
      acquirer_data: success ? { rrn: String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999)) } : {},
      created_at: now(),
    };
    payments.set(paymentId, payment);
    stored.payments.push(paymentId);
    order.attempts += 1;
    const sendWebhooks = input.webhooks !== false && stored.webhooks;
    if (success) {
      order.status = "paid";
      order.amount_paid = order.amount;
      order.amount_due = 0;
      if (sendWebhooks) {
        queueWebhooks(order, payment, [
          { event: "payment.captured", contains: ["payment"] },
          { event: "order.paid", contains: ["payment", "order"] },
        ]);
      }
      return {
        ok: true,
        status: 200,
        body: {
          razorpay_payment_id: paymentId,
          razorpay_order_id: order.id,
          razorpay_signature: hmacHex(keySecret, `${order.id}|${paymentId}`),
        },
      };
    }
    order.status = "attempted";
    if (sendWebhooks) queueWebhooks(order, payment, [{ event: "payment.failed", contains: ["payment"] }]);
    // Answered 200: the asked-for outcome happened (Razorpay's own Checkout talks to it out of the
    // shop page's sight, so a browser test's "no failed request" check must not see a 400 here).
    return apiError(200, failure.description, { ...failure, field: null, metadata: { order_id: order.id, payment_id: paymentId } });
  }

  return { createOrder, pay };
}
