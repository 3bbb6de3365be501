import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { ServiceContext } from "../platform/context";
import { hmacSha256Hex, randomToken } from "../platform/crypto";
import { deliverMail, outboxMail } from "../platform/mail";
import type { MailParams } from "../platform/mail-templates";

/**
 * The statements placing and paying share. A claim marks the rows one batch changed, so the batch's
 * later statements act on those rows only; see order-placing.ts for why races are settled this way.
 */

/** A claim: marks the rows one batch changed, so its later statements act on those rows only. */
export const newClaim = () => randomToken(12);

export const claimed = (claim: string) => sql`exists (select 1 from orders c where c.claim = ${claim})`;

/** Removes from the cart the lines an order (claimed) bought from it: what she added since stays. */
export const clearBoughtLines = (db: Db, claim: string) =>
  db.run(sql`delete from cart_lines where exists (select 1 from order_lines ol join orders o on o.id = ol.order_id
    where o.claim = ${claim} and o.from_cart = 1 and o.user_id = cart_lines.user_id
      and ol.size_id = cart_lines.size_id and ol.color = cart_lines.color)`);

/** Takes (or, with `give`, gives back) the claimed orders' stock; a take below 0 fails the batch. */
export const moveStock = (db: Db, claim: string, direction: "take" | "give") =>
  db.run(sql`update product_sizes set stock = stock ${direction === "take" ? sql`-` : sql`+`} (
      select sum(ol.quantity) from order_lines ol join orders o on o.id = ol.order_id where o.claim = ${claim} and ol.size_id = product_sizes.id)
    where id in (select ol.size_id from order_lines ol join orders o on o.id = ol.order_id where o.claim = ${claim})`);

/** Counts (or gives back) the claimed orders' coupon uses; a count past the limit fails the batch. */
export const moveCouponUses = (db: Db, claim: string, direction: "take" | "give") =>
  db.run(sql`update coupons set used_count = used_count ${direction === "take" ? sql`+` : sql`-`} (
      select count(*) from orders o where o.claim = ${claim} and o.coupon_id = coupons.id)
    where id in (select coupon_id from orders where claim = ${claim} and coupon_id is not null)`);

/** Sends the claimed order's held mails (an online order's, once it is paid). */
export function releaseHeldMail(ctx: ServiceContext, claim: string) {
  const now = ctx.now().getTime();
  const sendLater = !!ctx.env.MAIL_API_KEY;
  return ctx.db.run(sql`update mail_outbox set status = ${sendLater ? "queued" : "sent"}, next_attempt_at = ${now},
      sent_at = ${sendLater ? null : now}
    where status = 'held' and json_extract(params, '$.orderId') in (select id from orders where claim = ${claim})`);
}

/** Stands in for the order number in a mail made before the database numbers the order. */
export const NUMBER_MARK = 987654321;

/**
 * The statement that queues a mail about the claimed order, its number and gift flag filled in by
 * the database (the batch numbers the order). `held`: written now, sent once the payment is confirmed.
 * In a one-element list: a statement is a thenable, and an async function would run it when returned.
 */
export async function queueOrderMail<T extends "order-confirmation" | "new-order" | "refund-due">(
  ctx: ServiceContext,
  claim: string,
  to: string,
  template: T,
  params: MailParams<T>,
  held: boolean,
) {
  const mail = await outboxMail(ctx, { to, template, params });
  const now = ctx.now().getTime();
  const sendLater = !!ctx.env.MAIL_API_KEY;
  const status = held ? "held" : sendLater ? "queued" : "sent";
  return [
    ctx.db.run(sql`insert into mail_outbox (${sql.identifier("to")}, template, params, subject, status, next_attempt_at, sent_at, created_at)
    select ${mail.to}, ${mail.template},
      json_set(${mail.params}, '$.orderId', o.id, '$.order.orderNumber', o.order_number,
        '$.order.giftEligible', json(case when o.gift_eligible then 'true' else 'false' end)),
      replace(${mail.subject}, ${String(NUMBER_MARK)}, o.order_number), ${status}, ${now}, ${status === "sent" ? now : null}, ${now}
    from orders o where o.claim = ${claim}`),
  ] as const;
}

/** A guest's key to her order: derived from the checkout key, so a retried request answers the same one. */
export const accessKeyFor = (ctx: ServiceContext, storedKey: string) => hmacSha256Hex(ctx.env.SESSION_SECRET, `order-access|${storedKey}`);

/** Whether a failed batch was refused by the named CHECK constraint. */
export function refusedBy(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as Error).message).includes(constraint)) return true;
  }
  return false;
}

export interface OrderState {
  claim: string | null;
  userId: number | null;
  paymentStatus: string;
  orderStatus: string;
  stockHeld: number;
  providerOrderId: string | null;
  checkoutKey: string | null;
}

export const stateQuery = (db: Db, where: SQL) =>
  db.all<OrderState>(sql`select claim, user_id as userId, payment_status as paymentStatus, order_status as orderStatus,
    stock_held as stockHeld, provider_order_id as providerOrderId, checkout_key as checkoutKey from orders o where ${where}
    order by o.id desc limit 1`);

/**
 * An online order still waiting for its payment and still holding its stock (`o`): a payment due,
 * not yet an order the shop acts on. See docs/payments.md.
 */
export const AWAITING_PAYMENT = sql`o.payment_method = 'bank' and o.payment_status = 'pending' and o.stock_held = 1 and o.order_status = 'placed'`;

/** Mail queued by a batch whose claim is `claim`: sent after the response when a provider is set (else the outbox is the mailbox). */
export function deliverQueuedMail(ctx: ServiceContext, claim: string) {
  if (!ctx.env.MAIL_API_KEY) return;
  ctx.defer(
    (async () => {
      const rows = await ctx.db.all<{ id: number }>(sql`select m.id as id from mail_outbox m where m.status = 'queued'
        and json_extract(m.params, '$.orderId') in (select id from orders where claim = ${claim})`);
      for (const row of rows) await deliverMail(ctx, Number(row.id));
    })().catch((err) => console.error("Order mail delivery failed", err)),
  );
}
