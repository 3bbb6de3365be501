import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { saveOrderAddress } from "../accounts/addresses";
import { settings } from "../content/settings";
import type { ServiceContext } from "../platform/context";
import { AppError } from "../platform/errors";
import { orderMail } from "../platform/mail-orders";
import { orderMessages } from "./order.rules";
import {
  accessKeyFor,
  clearBoughtLines,
  deliverQueuedMail,
  moveCouponUses,
  moveStock,
  newClaim,
  type OrderState,
  queueOrderMail,
  refusedBy,
  releaseHeldMail,
  stateQuery,
} from "./order-claims";
import { type OrderView, orderViewQuery, parseOrderNumber, toOrderViews, viewOrder } from "./order-views";
import { createRazorpayOrder, paymentSignatureValid, type RazorpayConfig, razorpayConfig, webhookSignatureValid } from "./razorpay";

export interface PaymentRequest {
  /** Razorpay's order id. */
  id: string;
  amount: number;
  currency: "INR";
  key: string;
  checkoutUrl: string;
  name: string;
  description: string;
  orderNumber: number;
  prefill: { name: string; email: string; contact: string };
}

/**
 * Razorpay's order for a pending online order: made once (a retried checkout finds the one made
 * before) for our total in paise, with our order number as its receipt. If Razorpay cannot be
 * reached the order is cancelled at once and its stock given back: nothing is held for nothing.
 */
export async function paymentFor(
  ctx: ServiceContext,
  config: RazorpayConfig | null,
  order: OrderView,
  state: OrderState,
  address: { fullName: string; emailAddress: string; phoneNumber: string },
): Promise<PaymentRequest | null> {
  if (!config || order.paymentStatus === "paid") return null;
  if (order.orderStatus === "cancelled") throw new AppError(409, orderMessages.initiateFailed);
  let providerOrderId = state.providerOrderId;
  if (!providerOrderId) {
    try {
      const created = await createRazorpayOrder(config, {
        amount: order.totalPaise,
        receipt: String(order.orderNumber),
        notes: { order_number: String(order.orderNumber) },
      });
      const [, [row]] = await ctx.db.batch([
        ctx.db.run(sql`update orders set provider_order_id = ${created.id} where id = ${order.id} and provider_order_id is null`),
        ctx.db.all<{ id: string }>(sql`select provider_order_id as id from orders where id = ${order.id}`),
      ]);
      providerOrderId = row?.id ?? created.id;
    } catch (error) {
      console.error("Razorpay order creation failed", error);
      await cancelPending(ctx, sql`id = ${order.id} and provider_order_id is null`);
      throw new AppError(503, orderMessages.initiateFailed);
    }
  }
  return {
    id: providerOrderId,
    amount: order.totalPaise,
    currency: "INR",
    key: config.keyId,
    checkoutUrl: config.checkoutUrl,
    name: settings.brand.name,
    description: `Order #${order.orderNumber}`,
    orderNumber: order.orderNumber,
    prefill: { name: address.fullName, email: address.emailAddress, contact: address.phoneNumber },
  };
}

// ---------------------------------------------------------------------------------------------
// Pay now

/**
 * "Pay now" on the thank-you page and in My Orders: Razorpay's window again for her online order
 * still waiting for its payment, with the same Razorpay order (made now if the first try never got
 * one). Its owner signed in, or a guest holding her link's key; anyone else gets the 404 of a missing
 * order. The payment is then verified by confirmPayment, as at checkout. One round trip to read.
 */
export async function startPayment(
  ctx: ServiceContext,
  input: { order: unknown; key: unknown },
): Promise<{ order: OrderView; payment: PaymentRequest }> {
  const number = parseOrderNumber(input.order);
  const [order, [state]] = await Promise.all([viewOrder(ctx, input), ctx.read(stateQuery(ctx.db, sql`o.order_number = ${number}`))]);
  if (!state) throw new AppError(404, "Order not found");
  if (order.paymentMethod !== "bank") throw new AppError(409, orderMessages.notOnline);
  if (order.paymentStatus === "paid") throw new AppError(409, orderMessages.alreadyPaid);
  if (order.paymentStatus !== "pending" || order.orderStatus !== "placed" || Number(state.stockHeld) !== 1)
    throw new AppError(409, orderMessages.paymentClosed);
  const config = razorpayConfig(ctx.env);
  if (!config) throw new AppError(503, orderMessages.onlineOff);
  const payment = await paymentFor(ctx, config, order, state, order.shipping);
  if (!payment) throw new AppError(409, orderMessages.alreadyPaid);
  return { order, payment };
}

// ---------------------------------------------------------------------------------------------
// Expiry

/**
 * Cancels the pending online orders matching `where` that still hold stock, and gives their stock
 * and coupon uses back, in one batch. Their held mails stay held: a late payment revives the order.
 */
async function cancelPending(ctx: Pick<ServiceContext, "db">, where: SQL): Promise<number> {
  const claim = newClaim();
  const [marked] = await ctx.db.batch([
    ctx.db.run(sql`update orders set claim = ${claim}, order_status = 'cancelled', payment_status = 'failed', stock_held = 0
      where payment_method = 'bank' and payment_status = 'pending' and stock_held = 1 and ${where}`),
    moveStock(ctx.db, claim, "give"),
    moveCouponUses(ctx.db, claim, "give"),
  ]);
  return marked.rowsAffected;
}

/** The scheduled handler's part: pending online orders past their window give their stock back. */
export function expirePendingOrders(ctx: Pick<ServiceContext, "db" | "now">): Promise<number> {
  return cancelPending(ctx, sql`expires_at <= ${ctx.now().getTime()}`);
}

// ---------------------------------------------------------------------------------------------
// Payment confirmation

const providerOrderIdSchema = z.string().regex(/^order_[A-Za-z0-9]{1,40}$/);
const providerPaymentIdSchema = z.string().regex(/^pay_[A-Za-z0-9]{1,40}$/);
const verifySchema = z.object({
  razorpay_order_id: providerOrderIdSchema,
  razorpay_payment_id: providerPaymentIdSchema,
  razorpay_signature: z.string().regex(/^[0-9a-fA-F]{64}$/),
});

const verifyFailed = () => new AppError(400, orderMessages.verifyFailed);

interface Confirmation {
  providerOrderId: string;
  paymentId: string;
  eventId: string;
  source: "verify" | "webhook";
  type: string;
  payload: string;
  /** The amount paid (webhooks say it): a payment of another amount confirms nothing. */
  amount: number | null;
}

/**
 * Marks the order paid, once, whichever of verify and the webhook comes first; a repeated event id
 * records nothing. An order that expired meanwhile is revived when its stock is still there, else kept
 * as paid, flagged for a refund, and the shop is mailed. Answers the order, or null for an unknown one.
 */
async function confirm(ctx: ServiceContext, c: Confirmation): Promise<{ order: OrderView; state: OrderState } | null> {
  const claim = newClaim();
  const now = ctx.now().getTime();
  const byProvider = sql`o.provider_order_id = ${c.providerOrderId}`;
  const results = await ctx.db.batch([
    ctx.db.run(sql`insert into payment_events (event_id, source, order_id, type, payload, claim, created_at)
      select ${c.eventId}, ${c.source}, (select id from orders o where ${byProvider}), ${c.type}, ${c.payload}, ${claim}, ${now} where 1
      on conflict (event_id) do nothing`),
    ctx.db.run(sql`update orders set payment_status = 'paid', paid_at = ${now}, provider_payment_id = ${c.paymentId}, claim = ${claim}
      where provider_order_id = ${c.providerOrderId} and payment_status = 'pending' and stock_held = 1
        and (${c.amount} is null or total_paise = ${c.amount})
        and exists (select 1 from payment_events e where e.event_id = ${c.eventId} and e.claim = ${claim})`),
    releaseHeldMail(ctx, claim),
    clearBoughtLines(ctx.db, claim),
    // The address she asked to keep is saved now that the order is one.
    saveOrderAddress(ctx.db, claim),
    ctx.db.all<{ claim: string | null }>(sql`select claim from payment_events where event_id = ${c.eventId}`),
    stateQuery(ctx.db, byProvider),
    orderViewQuery(ctx.db, byProvider),
  ]);
  const [event] = results[5] as { claim: string | null }[];
  const [state] = results[6] as OrderState[];
  const [order] = toOrderViews(results[7] as never);
  if (!state || !order) return null;
  if (state.claim === claim) {
    deliverQueuedMail(ctx, claim);
    return { order, state };
  }
  const newEvent = event?.claim === claim;
  const lateForExpired =
    newEvent && state.paymentStatus !== "paid" && !state.stockHeld && (c.amount === null || c.amount === order.totalPaise);
  if (!lateForExpired) return { order, state };
  return (await revive(ctx, c)) ?? { order, state };
}

/** A payment for an expired order: take its stock again if it is there, else keep it paid and flag a refund. */
async function revive(ctx: ServiceContext, c: Confirmation): Promise<{ order: OrderView; state: OrderState } | null> {
  const now = ctx.now().getTime();
  const byProvider = sql`o.provider_order_id = ${c.providerOrderId}`;
  const markPaid = (claim: string, revived: boolean) =>
    ctx.db.run(sql`update orders set payment_status = 'paid', paid_at = ${now}, provider_payment_id = ${c.paymentId}, claim = ${claim},
        ${revived ? sql`order_status = 'placed', stock_held = 1` : sql`refund_due = 1`}
      where provider_order_id = ${c.providerOrderId} and payment_status <> 'paid' and stock_held = 0`);
  const claim = newClaim();
  try {
    const results = await ctx.db.batch([
      markPaid(claim, true),
      moveStock(ctx.db, claim, "take"),
      moveCouponUses(ctx.db, claim, "take"),
      releaseHeldMail(ctx, claim),
      clearBoughtLines(ctx.db, claim),
      saveOrderAddress(ctx.db, claim),
      stateQuery(ctx.db, byProvider),
      orderViewQuery(ctx.db, byProvider),
    ]);
    deliverQueuedMail(ctx, claim);
    return { state: (results[6] as OrderState[])[0]!, order: toOrderViews(results[7] as never)[0]! };
  } catch (error) {
    if (!refusedBy(error, "product_sizes_stock_check") && !refusedBy(error, "coupons_usage_check")) throw error;
  }
  // The stock (or the coupon) is gone: the payment is kept, the order flagged, the shop told to refund.
  const flag = newClaim();
  const [mark, , state, view] = await ctx.db.batch([
    markPaid(flag, false),
    ...(await queueOrderMail(
      ctx,
      flag,
      settings.store.email,
      "refund-due",
      { order: await mailParamsOf(ctx, byProvider), paymentId: c.paymentId },
      false,
    )),
    stateQuery(ctx.db, byProvider),
    orderViewQuery(ctx.db, byProvider),
  ]);
  if (mark.rowsAffected > 0) {
    console.warn("Payment for an expired order whose stock is gone: flagged for refund", c.providerOrderId, c.paymentId);
    deliverQueuedMail(ctx, flag);
  }
  return { state: (state as OrderState[])[0]!, order: toOrderViews(view as never)[0]! };
}

/** A stored order as a mail's parameters (the refund notice). */
async function mailParamsOf(ctx: ServiceContext, where: SQL) {
  const [order] = toOrderViews((await orderViewQuery(ctx.db, where)) as never);
  if (!order) throw new Error("Order vanished while flagging a refund");
  return orderMail(order);
}

/**
 * `POST /api/payment/verify-payment` and the checkout page after Checkout.js's handler: checks
 * Razorpay's signature (HMAC-SHA256 of `order_id|payment_id` with the key secret, constant time)
 * for an order WE stored for this shopper, and confirms it. Anything else: "Payment verification failed."
 */
export async function confirmPayment(ctx: ServiceContext, input: unknown): Promise<{ order: OrderView; accessKey: string | null }> {
  const config = razorpayConfig(ctx.env);
  const parsed = verifySchema.safeParse(input);
  if (!config || !parsed.success) throw verifyFailed();
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = parsed.data;
  const claims = await ctx.claims();
  const [[owned], user] = await Promise.all([
    ctx.read(
      ctx.db.all<{ userId: number | null; key: string }>(
        sql`select user_id as userId, checkout_key as key from orders where provider_order_id = ${orderId}`,
      ),
    ),
    claims ? ctx.user() : null,
  ]);
  // Her own order, or a guest order (whose payer alone holds this payment's signature).
  if (!owned || (owned.userId !== null && owned.userId !== user?.id)) throw verifyFailed();
  if (!(await paymentSignatureValid(config, orderId, paymentId, signature))) throw verifyFailed();
  const done = await confirm(ctx, {
    providerOrderId: orderId,
    paymentId,
    eventId: `verify:${paymentId}`,
    source: "verify",
    type: "checkout.verified",
    payload: JSON.stringify(parsed.data),
    amount: null,
  });
  if (done?.order.paymentStatus !== "paid") throw verifyFailed();
  return { order: done.order, accessKey: owned.userId === null ? await accessKeyFor(ctx, owned.key) : null };
}

const webhookSchema = z.object({
  event: z.string().max(100),
  payload: z
    .object({
      payment: z
        .object({ entity: z.object({ id: providerPaymentIdSchema, order_id: providerOrderIdSchema.nullish(), amount: z.number().int() }) })
        .optional(),
      order: z.object({ entity: z.object({ id: providerOrderIdSchema, amount_paid: z.number().int().optional() }) }).optional(),
    })
    .default({}),
});

/**
 * `POST /api/payment/webhook`: Razorpay's signed events. A bad signature is refused (400); a good one
 * is always answered 200 so Razorpay stops retrying, whether it changed anything or not.
 */
export async function paymentWebhook(
  ctx: ServiceContext,
  raw: string,
  headers: { signature: string | undefined; eventId: string | undefined },
): Promise<{ status: "confirmed" | "recorded" | "ignored" }> {
  const config = razorpayConfig(ctx.env);
  if (!config) throw new AppError(503, orderMessages.onlineOff);
  if (
    !headers.signature ||
    !/^[0-9a-fA-F]{64}$/.test(headers.signature) ||
    !(await webhookSignatureValid(config, raw, headers.signature))
  ) {
    throw new AppError(400, "Invalid webhook signature");
  }
  let body: z.infer<typeof webhookSchema>;
  try {
    body = webhookSchema.parse(JSON.parse(raw));
  } catch {
    return { status: "ignored" };
  }
  const payment = body.payload.payment?.entity;
  const providerOrderId = payment?.order_id ?? body.payload.order?.entity.id;
  if (!payment || !providerOrderId) return { status: "ignored" };
  const eventId = headers.eventId && /^[A-Za-z0-9_.:-]{1,100}$/.test(headers.eventId) ? headers.eventId : `${body.event}:${payment.id}`;
  const base = {
    providerOrderId,
    paymentId: payment.id,
    eventId: `webhook:${eventId}`,
    source: "webhook" as const,
    type: body.event,
    payload: raw,
  };
  if (body.event === "payment.captured" || body.event === "order.paid") {
    const done = await confirm(ctx, { ...base, amount: payment.amount });
    return { status: done?.state.paymentStatus === "paid" ? "confirmed" : "ignored" };
  }
  if (body.event === "payment.failed") {
    // A failed attempt: the shopper may try again in the same dialog, so the order stays pending until it expires.
    await ctx.db.run(sql`insert into payment_events (event_id, source, order_id, type, payload, created_at)
      select ${base.eventId}, 'webhook', (select id from orders where provider_order_id = ${providerOrderId}), ${body.event}, ${raw}, ${ctx.now().getTime()}
      where 1 on conflict (event_id) do nothing`);
    return { status: "recorded" };
  }
  return { status: "ignored" };
}
