import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import type * as s from "../../../db/schema";
import { checkoutAddressSchema } from "../accounts/address.schema";
import { parsePlacedAddress } from "../accounts/address-place";
import { insertIfNewAndRoom } from "../accounts/addresses";
import { effectivePrice } from "../catalog/pricing";
import { shopSettings } from "../content/shop-settings";
import type { ServiceContext } from "../platform/context";
import { randomToken, sha256Hex } from "../platform/crypto";
import { AppError } from "../platform/errors";
import { ORDER_NUMBER_IN_LINK } from "../platform/mail-orders";
import { limit } from "../platform/rate-limit";
import { parseInput } from "../platform/validate";
import { type CartLine, heldLine } from "../shopping/cart";
import { couponMessages, normaliseCouponCode } from "./coupon.rules";
import { orderMessages, PAYMENT_WINDOW_MINUTES } from "./order.rules";
import {
  AWAITING_PAYMENT,
  accessKeyFor,
  claimed,
  clearBoughtLines,
  deliverQueuedMail,
  moveCouponUses,
  moveStock,
  NUMBER_MARK,
  newClaim,
  type OrderState,
  queueOrderMail,
  refusedBy,
  stateQuery,
} from "./order-claims";
import { type PaymentRequest, paymentFor } from "./order-payments";
import {
  type CheckoutInput,
  checkoutKeySchema,
  type Owner,
  ownerAndSource,
  ownerUses,
  paymentMethodSchema,
  pieceKey,
  type Quote,
  quote,
  shippingAddress,
} from "./order-quote";
import { type OrderView, orderViewQuery, toOrderViews } from "./order-views";
import { orderPagePath } from "./order-views.rules";
import { razorpayConfig } from "./razorpay";

/**
 * The order service: placing here, the quote and coupon box in order-quote.ts, paying in
 * order-payments.ts, the statements both share in order-claims.ts. The checkout page's action and the
 * API (/api/orders, /api/coupons, /api/payment) call these functions and nothing else.
 *
 * The server is the authority: prices, the coupon's discount, delivery and the total are computed
 * here from the database; whatever amounts, prices or names a client sends are never read.
 *
 * Placing an order is one `db.batch` (one transaction, one round trip): the order row, its lines,
 * the stock taken, the coupon's use counted, the bought cart lines removed and the mails queued.
 * Races are settled inside the statements, never by a read before the write:
 * - a size's stock can never go below 0 (`CHECK (stock >= 0)`): a decrement that would fails the
 *   whole batch, so two shoppers can never both buy the last unit;
 * - a coupon's uses can never pass its limit (`CHECK (used_count <= usage_limit)`), the same way;
 * - the order row goes in only if this shopper's uses of the coupon are under its per-shopper limit,
 *   and only once per checkout key (`UNIQUE (checkout_key)`): a double click or a retried request
 *   finds the first order instead of making a second;
 * - every statement after the first acts only on the order row this batch wrote, found by a random
 *   `claim` the first statement set: when the row did not go in, the rest change nothing.
 * Payment confirmation (the shopper's verify call and Razorpay's webhook, in any order, any number of
 * times) uses the same claims: only a pending order turns paid, once, and a paid order never goes back.
 */

type PaymentMethod = (typeof s.PAYMENT_METHODS)[number];

export interface PlacedOrder {
  order: OrderView;
  /** A guest's key to her order's page (/thankyou?order=N&key=K); null for a signed-in shopper. */
  accessKey: string | null;
  /** Online payment still to make: what Checkout.js opens with. Null for cash on delivery or a paid order. */
  payment: PaymentRequest | null;
}

// ---------------------------------------------------------------------------------------------
// Placing

/** A mail's view of an order, before the database numbers it. */
function orderMailParams(quote: Quote, address: z.output<typeof checkoutAddressSchema>, method: PaymentMethod, couponCode: string | null) {
  return {
    orderNumber: NUMBER_MARK,
    giftEligible: false,
    paymentMethod: method,
    couponCode,
    ...quote.totals,
    lines: quote.lines.map((l) => ({
      name: l.name,
      color: l.color,
      size: l.size,
      quantity: l.quantity,
      unitPricePaise: effectivePrice(l),
    })),
    shipping: { ...address, apartment: address.apartment ?? "" },
  };
}

/** Whose waiting order a checkout takes up or replaces: a signed-in shopper's by her account, a guest's by the key her browser kept. */
function waitingOf(owner: Owner, resumeHash: string | null): SQL | null {
  if (owner.userId !== null) return sql`o.user_id = ${owner.userId}`;
  return resumeHash ? sql`o.user_id is null and o.access_hash = ${resumeHash}` : null;
}

/** Her newest waiting online order, if any (one read). */
async function waitingOrder(ctx: ServiceContext, whose: SQL | null): Promise<{ order: OrderView; state: OrderState } | null> {
  if (!whose) return null;
  const where = sql`${whose} and ${AWAITING_PAYMENT}`;
  const [[state], rows] = await Promise.all([ctx.read(stateQuery(ctx.db, where)), ctx.read(orderViewQuery(ctx.db, where, { limit: 1 }))]);
  const [order] = toOrderViews(rows as never);
  return state && order ? { order, state } : null;
}

/** Whether a waiting order is exactly what she is about to order again: the same pieces, quantities, prices, coupon and total. */
function sameOrder(order: OrderView, q: Quote): boolean {
  const key = (l: { productId: number | null; size: string; color: string; quantity: number }, price: number) =>
    `${l.productId}|${l.size}|${l.color}|${l.quantity}|${price}`;
  const had = order.lines.map((l) => key(l, l.unitPricePaise)).sort();
  const now = q.lines.map((l) => key(l, effectivePrice(l))).sort();
  return (
    had.join("\n") === now.join("\n") &&
    order.couponCode === (q.coupon?.code ?? null) &&
    order.totalPaise === q.totals.totalPaise &&
    order.shippingPaise === q.totals.shippingPaise
  );
}

/** The pieces a waiting order holds, by product and size. */
function heldPieces(order: OrderView | null): Map<string, number> {
  const held = new Map<string, number>();
  for (const l of order?.lines ?? []) held.set(pieceKey(l), (held.get(pieceKey(l)) ?? 0) + l.quantity);
  return held;
}

/**
 * Cancels the waiting online orders matching `whose` and gives their stock and coupon uses back: the
 * statements that go first in the batch placing the order that replaces them.
 */
function replaceWaiting(db: Db, whose: SQL) {
  const claim = newClaim();
  return [
    db.run(sql`update orders set claim = ${claim}, order_status = 'cancelled', payment_status = 'failed', stock_held = 0
      where id in (select o.id from orders o where ${whose} and ${AWAITING_PAYMENT})`),
    moveStock(db, claim, "give"),
    moveCouponUses(db, claim, "give"),
  ];
}

/**
 * Takes up her waiting online order for another try at paying it: the address she gives now becomes
 * the order's (and its held mails'), and so does whether to save it. Only while it still waits
 * (the statement says so): an order paid or expired meanwhile is not touched, and null is answered.
 */
async function takeUp(
  ctx: ServiceContext,
  waiting: { order: OrderView; state: OrderState },
  address: z.output<typeof checkoutAddressSchema>,
  saveAddress: boolean,
): Promise<{ order: OrderView; state: OrderState } | null> {
  const claim = newClaim();
  const id = waiting.order.id;
  const shipping = JSON.stringify({ ...address, apartment: address.apartment ?? "" });
  const [moved, , , [state], rows] = await ctx.db.batch([
    ctx.db.run(sql`update orders set claim = ${claim}, ship_full_name = ${address.fullName}, ship_street_address = ${address.streetAddress},
        ship_apartment = ${address.apartment ?? ""}, ship_town_city = ${address.townCity}, ship_state = ${address.state},
        ship_zipcode = ${address.zipcode}, ship_phone_number = ${address.phoneNumber}, ship_email_address = ${address.emailAddress},
        save_address = ${saveAddress ? 1 : 0}, guest_email = case when user_id is null then ${address.emailAddress} else guest_email end
      where id = ${id} and payment_method = 'bank' and payment_status = 'pending' and stock_held = 1 and order_status = 'placed'`),
    // Its held mails say where it goes too: the shop's, and hers (sent to the address's e-mail).
    ctx.db.run(sql`update mail_outbox set params = json_set(params, '$.order.shipping', json(${shipping}))
      where status = 'held' and json_extract(params, '$.orderId') in (select id from orders where claim = ${claim})`),
    ctx.db.run(sql`update mail_outbox set ${sql.identifier("to")} = ${address.emailAddress}, params = json_set(params, '$.name', ${address.fullName})
      where status = 'held' and template = 'order-confirmation'
        and json_extract(params, '$.orderId') in (select id from orders where claim = ${claim})`),
    stateQuery(ctx.db, sql`o.id = ${id}`),
    orderViewQuery(ctx.db, sql`o.id = ${id}`),
  ]);
  const [order] = toOrderViews(rows as never);
  return moved.rowsAffected === 1 && state && order ? { order, state } : null;
}

/**
 * Places an order: cash on delivery (payment pending, order placed) or online (payment pending, its
 * stock held for PAYMENT_WINDOW_MINUTES while the shopper pays through Razorpay).
 *
 * One online order waits for her payment at a time (docs/payments.md): paying again (a reload of
 * checkout, a second press, a retry after a failed payment) takes up the order already waiting when
 * it is the same order, its stock taken once and its Razorpay order made once; a different one (other
 * pieces, quantities, coupon or total), or cash on delivery instead, cancels the waiting order in the
 * batch that places the new one, its stock given back there. The insert itself refuses a second
 * waiting order for a signed-in shopper, so two tries at once still leave one.
 */
export async function placeOrder(ctx: ServiceContext, input: CheckoutInput, attempt = 0): Promise<PlacedOrder> {
  const method = parseInput(paymentMethodSchema, input.paymentMethod);
  const razorpay = method === "bank" ? razorpayConfig(ctx.env) : null;
  if (method === "bank" && !razorpay) throw new AppError(503, orderMessages.onlineOff, { field: "paymentMethod" });
  if (input.guest && attempt === 0) await limit(ctx, "guest-order");
  const code = normaliseCouponCode(input.couponCode) || null;
  const givenKey = !(input.checkoutKey === undefined || input.checkoutKey === null || input.checkoutKey === "");
  const key = givenKey ? parseInput(checkoutKeySchema, input.checkoutKey) : randomToken(18);
  const resume = input.guest ? checkoutKeySchema.safeParse(input.resumeKey) : null;

  // The guest's e-mail is her address's: validate the address first.
  const guestAddress = input.guest
    ? await parsePlacedAddress(ctx, input.shippingInfo ?? {}, (a) => parseInput(checkoutAddressSchema, a))
    : null;
  const { owner, source, confirmed } = await ownerAndSource(ctx, input, guestAddress?.emailAddress);
  const storedKey = `${owner.userId === null ? "g" : `u${owner.userId}`}:${key}`;
  const whose = waitingOf(owner, resume?.success ? await sha256Hex(resume.data) : null);

  // One read: her session, the order this checkout placed before if any (a retried request, a second
  // click after the first answered, paying again after the window closed: it answers that order,
  // although the cart it emptied is empty now), her waiting online order, her saved address, the
  // lines (counting the pieces her waiting order holds as hers) and the coupon.
  const waitingRead = waitingOrder(ctx, whose);
  waitingRead.catch(() => {});
  const [before, fresh] = await Promise.allSettled([
    Promise.all([confirmed, givenKey ? orderByKey(ctx, storedKey) : null]).then(([, found]) => found),
    Promise.all([
      guestAddress ? { address: guestAddress, saved: false } : shippingAddress(ctx, owner, input.shippingInfo),
      quote(
        ctx,
        owner,
        source,
        code,
        waitingRead.then((w) => heldPieces(w?.order ?? null)),
      ),
      waitingRead,
    ]),
  ]);
  if (before.status === "rejected") throw before.reason;
  const accessKey = await accessKeyFor(ctx, storedKey);
  if (before.value) {
    const { order, state } = before.value;
    return {
      order,
      accessKey: owner.userId === null ? accessKey : null,
      payment: await paymentFor(ctx, order.paymentMethod === "bank" ? razorpayConfig(ctx.env) : null, order, state, order.shipping),
    };
  }
  if (fresh.status === "rejected") throw fresh.reason;
  const [{ address, saved }, q, waiting] = fresh.value;
  const wantsSaved = !!input.saveAddress && owner.userId !== null && !saved;

  if (waiting && method === "bank" && sameOrder(waiting.order, q)) {
    const taken = await takeUp(ctx, waiting, address, wantsSaved);
    if (taken) {
      const waitingKey = taken.state.checkoutKey;
      return {
        order: taken.order,
        accessKey: owner.userId === null && waitingKey ? await accessKeyFor(ctx, waitingKey) : null,
        payment: await paymentFor(ctx, razorpay, taken.order, taken.state, address),
      };
    }
    // Paid or expired meanwhile: this checkout is a new order.
    if (attempt === 0) return placeOrder(ctx, input, attempt + 1);
  }

  const claim = newClaim();
  const now = ctx.now();
  const t = q.totals;
  const fromCart = source.kind === "cart";
  const coupon = q.coupon;
  // Read with the quote's reads (memoised per request): no round trip of its own.
  const shop = await shopSettings(ctx);
  const couponFits = coupon?.perUserLimit == null ? sql`1` : sql`${ownerUses(owner, coupon.id)} < ${coupon.perUserLimit}`;
  // A signed-in shopper never has two online orders waiting: the rule lives in the insert, so two tries at once leave one.
  const oneWaiting =
    method === "bank" && owner.userId !== null
      ? sql`not exists (select 1 from orders o where o.user_id = ${owner.userId} and ${AWAITING_PAYMENT})`
      : sql`1`;

  const insertOrder = ctx.db.run(sql`insert into orders (order_number, user_id, guest_email, payment_method, payment_status, order_status,
      subtotal_paise, discount_paise, shipping_paise, total_paise, coupon_id, coupon_code, gift_eligible,
      ship_full_name, ship_street_address, ship_apartment, ship_town_city, ship_state, ship_zipcode, ship_phone_number, ship_email_address,
      expires_at, checkout_key, claim, stock_held, from_cart, save_address, access_hash, created_at)
    select (select coalesce(max(order_number), 1000) + 1 from orders), ${owner.userId}, ${owner.userId === null ? owner.email : null},
      ${method}, 'pending', 'placed', ${t.subtotalPaise}, ${t.discountPaise}, ${t.shippingPaise}, ${t.totalPaise},
      ${coupon?.id ?? null}, ${coupon?.code ?? null},
      (select count(*) from orders where order_status <> 'cancelled') < ${shop.giftOrderLimit},
      ${address.fullName}, ${address.streetAddress}, ${address.apartment ?? ""}, ${address.townCity}, ${address.state}, ${address.zipcode},
      ${address.phoneNumber}, ${address.emailAddress},
      ${method === "bank" ? now.getTime() + PAYMENT_WINDOW_MINUTES * 60_000 : null}, ${storedKey}, ${claim}, 1, ${fromCart ? 1 : 0},
      ${wantsSaved ? 1 : 0}, ${await sha256Hex(accessKey)}, ${now.getTime()}
    where ${couponFits} and ${oneWaiting}
    on conflict (checkout_key) do nothing`);

  // One size bought in two colours is one decrement of its total.
  const perSize = new Map<number, number>();
  for (const line of q.lines) perSize.set(line.sizeId, (perSize.get(line.sizeId) ?? 0) + line.quantity);

  const mailParams = orderMailParams(q, address, method, coupon?.code ?? null);
  const held = method === "bank";
  const statements = [
    // Her waiting online order, replaced by this one, gives its stock back first.
    ...(waiting && whose ? replaceWaiting(ctx.db, whose) : []),
    insertOrder,
    ...[...perSize].map(([sizeId, quantity]) =>
      ctx.db.run(sql`update product_sizes set stock = stock - ${quantity} where id = ${sizeId} and ${claimed(claim)}`),
    ),
    ...q.lines.map((l) =>
      ctx.db.run(sql`insert into order_lines (order_id, product_id, size_id, product_name, image, color, size, quantity, unit_price_paise, original_unit_price_paise)
        select o.id, ${l.productId}, ${l.sizeId}, ${l.name}, ${l.image?.url ?? ""}, ${l.color}, ${l.size}, ${l.quantity}, ${effectivePrice(l)}, ${l.pricePaise}
        from orders o where o.claim = ${claim}`),
    ),
    ...(coupon ? [ctx.db.run(sql`update coupons set used_count = used_count + 1 where id = ${coupon.id} and ${claimed(claim)}`)] : []),
    ...(fromCart && method === "cashOnDelivery" ? [clearBoughtLines(ctx.db, claim)] : []),
    // An online order saves her address once its payment is confirmed (confirm below), not now.
    ...(wantsSaved && method === "cashOnDelivery" && owner.userId !== null
      ? [insertIfNewAndRoom(ctx.db, owner.userId, { ...address, apartment: address.apartment ?? "" })]
      : []),
    ...(await queueOrderMail(
      ctx,
      claim,
      address.emailAddress,
      "order-confirmation",
      {
        name: address.fullName,
        order: mailParams,
        link: `${ctx.origin}${orderPagePath(NUMBER_MARK, owner.userId === null ? accessKey : null)}`.replace(
          String(NUMBER_MARK),
          ORDER_NUMBER_IN_LINK,
        ),
      },
      held,
    )),
    ...(await queueOrderMail(ctx, claim, shop.email, "new-order", { order: mailParams }, held)),
    stateQuery(ctx.db, sql`o.checkout_key = ${storedKey}`),
    orderViewQuery(ctx.db, sql`o.checkout_key = ${storedKey}`),
  ];

  let results: unknown[];
  try {
    results = [...(await ctx.db.batch(statements as unknown as Parameters<typeof ctx.db.batch>[0]))];
  } catch (error) {
    if (refusedBy(error, "product_sizes_stock_check")) throw await stockRefusal(ctx, q.lines);
    if (refusedBy(error, "coupons_usage_check")) throw new AppError(409, couponMessages.usedUp, { field: "coupon_code" });
    throw error;
  }
  const [state] = results.at(-2) as OrderState[];
  const [order] = toOrderViews(results.at(-1) as never);
  if (!state || !order) {
    // Another try of hers placed a waiting online order meanwhile: this one takes that up instead.
    if (method === "bank" && owner.userId !== null && attempt === 0) return placeOrder(ctx, input, attempt + 1);
    throw new AppError(400, couponMessages.usedByYou, { field: "coupon_code" });
  }
  const mine = state.claim === claim;
  if (mine) deliverQueuedMail(ctx, claim);
  return {
    order,
    accessKey: owner.userId === null ? accessKey : null,
    payment: await paymentFor(ctx, razorpay, order, state, address),
  };
}

/** The order placed with this stored checkout key, if any, in one read. */
async function orderByKey(ctx: ServiceContext, storedKey: string): Promise<{ order: OrderView; state: OrderState } | null> {
  const where = sql`o.checkout_key = ${storedKey}`;
  const [[state], rows] = await Promise.all([ctx.read(stateQuery(ctx.db, where)), ctx.read(orderViewQuery(ctx.db, where))]);
  const [order] = toOrderViews(rows as never);
  return state && order ? { order, state } : null;
}

/** After a refused decrement: which line the stock could not take, from the stock as it is now. */
async function stockRefusal(ctx: ServiceContext, lines: CartLine[]): Promise<AppError> {
  const fresh = await Promise.all(
    lines.map((l) => heldLine(ctx, { productId: l.productId, size: l.size, color: l.color, quantity: l.quantity })),
  );
  const short = fresh.find((l, i) => !l || l.stock < lines[i]!.quantity);
  if (!short) return new AppError(409, orderMessages.tryAgain);
  return new AppError(409, orderMessages.onlyLeft(short.stock, short.name, short.size), { field: "items" });
}
