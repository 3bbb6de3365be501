import { createHmac, randomBytes } from "node:crypto";

/** Razorpay's side of the wire as the stand-in speaks it: its entities, its error shape, its ids and its rules for amounts. */

export interface RazorpayOrderEntity {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: string | null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
}

export interface RazorpayPaymentEntity {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "captured" | "failed";
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: string;
  amount_refunded: number;
  refund_status: null;
  captured: boolean;
  description: string | null;
  card_id: null;
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

export interface RazorpayErrorBody {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, string>;
    field?: string | null;
  };
}

export interface WebhookDelivery {
  eventId: string;
  event: string;
  orderId: string;
  paymentId: string;
  /** "pending" while attempts remain; "delivered" on a 2xx; "failed" after the last attempt. */
  state: "pending" | "delivered" | "failed";
  attempts: number;
  /** The last HTTP status, or the network error's message. */
  lastResult: string | null;
}

export type PayOutcome = "success" | "failure";

export type PayResult =
  | { ok: true; status: 200; body: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string } }
  | { ok: false; status: number; body: RazorpayErrorBody };

/** The account id webhooks carry (Razorpay's `acc_` + 14 characters). */
export const ACCOUNT_ID = "acc_AanchalLocal01";
export const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const MAX_BODY_BYTES = 64 * 1024;
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** Fields `POST /v1/orders` accepts; anything else is refused as Razorpay refuses extra fields. */
export const ORDER_FIELDS = new Set([
  "amount",
  "currency",
  "receipt",
  "notes",
  "partial_payment",
  "first_payment_min_amount",
  "payment_capture",
  "offer_id",
  "method",
  "customer_id",
]);

/** Razorpay-style ids: a prefix and 14 alphanumerics. */
export function razorpayId(prefix: "order" | "pay" | "evt"): string {
  const bytes = randomBytes(14);
  let id = "";
  for (const byte of bytes) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return prefix === "evt" ? id : `${prefix}_${id}`;
}

export const hmacHex = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");
export const now = () => Math.floor(Date.now() / 1000);

export function apiError(
  status: number,
  description: string,
  extra: { field?: string | null; source?: string; step?: string; reason?: string; metadata?: Record<string, string> } = {},
): { ok: false; status: number; body: RazorpayErrorBody } {
  const validation = extra.field !== undefined;
  return {
    ok: false,
    status,
    body: {
      error: {
        code: "BAD_REQUEST_ERROR",
        description,
        source: extra.source ?? (validation ? "business" : "NA"),
        step: extra.step ?? (validation ? "payment_initiation" : "NA"),
        reason: extra.reason ?? (validation ? "input_validation_failed" : "NA"),
        metadata: extra.metadata ?? {},
        ...(validation ? { field: extra.field } : {}),
      },
    },
  };
}

export const invalid = (field: string, description: string) => apiError(400, description, { field });

/** Razorpay's integer rule: a whole number, or a string of digits. */
export function asInteger(value: unknown): number | null {
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  if (typeof value === "string" && /^-?\d{1,15}$/.test(value)) return Number(value);
  return null;
}

export interface StoredOrder {
  entity: RazorpayOrderEntity;
  webhooks: boolean;
  payments: string[];
}
