import { eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import * as s from "../../db/schema";
import { checkoutAddressSchema } from "./address.schema";
import { parsePlacedAddress } from "./address-place";
import { addressesOf, insertIfNewAndRoom, saveOrderAddress } from "./addresses";
import { SIGN_IN_FIRST } from "./auth.rules";
import { type CartLine, type HeldLine, heldLine, myCart, productIdSchema, quantitySchema } from "./cart";
import { cartMessages } from "./cart.rules";
import type { ServiceContext } from "./context";
import { type CouponTerms, couponMessages, couponProblem, normaliseCouponCode, type OrderTotals, orderTotals } from "./coupon.rules";
import { hmacSha256Hex, randomToken, sha256Hex } from "./crypto";
import { AppError } from "./errors";
import { deliverMail, outboxMail } from "./mail";
import { type MailParams, ORDER_NUMBER_IN_LINK, orderMail } from "./mail-templates";
import { orderMessages, PAYMENT_WINDOW_MINUTES } from "./order.rules";
import { type OrderView, orderViewQuery, parseOrderNumber, toOrderViews, viewOrder } from "./order-views";
import { orderPagePath } from "./order-views.rules";
import { effectivePrice } from "./pricing";
import { limit } from "./rate-limit";
import { createRazorpayOrder, paymentSignatureValid, type RazorpayConfig, razorpayConfig, webhookSignatureValid } from "./razorpay";
import { requireUser } from "./session";
import { settings } from "./settings";
import { moneyRules, shopSettings } from "./shop-settings";
import { parseInput } from "./validate";

/**
 * The one order service (docs/product/orders.md; docs/decisions/0006-reads-in-one-batch-and-product-sql.md). The checkout page's
 * action and the API (/api/orders, /api/coupons, /api/payment) call these functions and nothing else.
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

export interface CheckoutInput {
  /** A full address (the checkout form's fields), or `{ addressId }` of one the signed-in shopper saved. */
  shippingInfo: unknown;
  /** Signed in: also save the address to her profile. */
  saveAddress?: boolean;
  paymentMethod: unknown;
  couponCode?: unknown;
  /** The same key places the same order once (a double click, a retried request). */
  checkoutKey?: unknown;
  /** Guest or Buy Now lines: `[{ product (id), size, color, quantity }]`; prices are never read. */
  items?: unknown;
  /** Signed in: buy `items` (Buy Now) instead of the cart. */
  buyNow?: boolean;
  /** The guest order path: no account, the address's e-mail gets the mail. */
  guest?: boolean;
  /**
   * A guest's key to her online order still waiting for its payment (the key her browser kept from
   * the last try): paying again takes that order up instead of making another. A signed-in
   * shopper's is found by her account.
   */
  resumeKey?: unknown;
}

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

export interface PlacedOrder {
  order: OrderView;
  /** A guest's key to her order's page (/thankyou?order=N&key=K); null for a signed-in shopper. */
  accessKey: string | null;
  /** Online payment still to make: what Checkout.js opens with. Null for cash on delivery or a paid order. */
  payment: PaymentRequest | null;
}

/** Who is ordering: a signed-in shopper or a guest known by her e-mail. */
interface Owner {
  userId: number | null;
  email: string;
}

// ---------------------------------------------------------------------------------------------
// Input

const paymentMethodSchema = z.enum(s.PAYMENT_METHODS, { error: orderMessages.choosePayment });
const checkoutKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, "Invalid checkout key");
const itemSchema = z.object({
  product: productIdSchema,
  size: z.string().trim().min(1).max(40),
  color: z
    .string()
    .trim()
    .max(60)
    .nullish()
    .transform((c) => c ?? ""),
  quantity: z
    .unknown()
    .transform((v) => (v === undefined || v === null || v === "" ? 1 : v))
    .pipe(quantitySchema),
});
const itemsSchema = z
  .array(
    z.preprocess((item) => {
      // A line names its product `product` (or productId), as the cart API does; nothing else is read.
      if (typeof item !== "object" || item === null) return {};
      const { product, productId, size, color, quantity } = item as Record<string, unknown>;
      return { product: product ?? productId, size, color, quantity };
    }, itemSchema),
    { error: "Send the items to order" },
  )
  .min(1, orderMessages.noLines)
  .max(50, "At most 50 items in one order");
const addressIdSchema = z.object({ addressId: productIdSchema });

/** The delivery address: one of the shopper's saved ones (by id), else a full address checked by the form's rules. */
async function shippingAddress(ctx: ServiceContext, owner: Owner, input: unknown) {
  if (input === undefined || input === null || input === "") throw new AppError(400, orderMessages.noAddress, { field: "shippingInfo" });
  const saved = addressIdSchema.safeParse(input);
  if (saved.success) {
    if (owner.userId === null) throw new AppError(400, orderMessages.noAddress, { field: "shippingInfo" });
    const list = await ctx.read(addressesOf(ctx.db, owner.userId));
    const address = list.find((a) => a.id === saved.data.addressId);
    // Another shopper's address is answered like a missing one.
    if (!address) throw new AppError(404, orderMessages.addressNotFound, { field: "shippingInfo" });
    const { id: _, ...fields } = address;
    return { address: { ...fields, apartment: fields.apartment ?? "" }, saved: true };
  }
  return { address: await parsePlacedAddress(ctx, input, (a) => parseInput(checkoutAddressSchema, a)), saved: false };
}

// ---------------------------------------------------------------------------------------------
// Lines, coupon and totals: one read

type Source = { kind: "cart"; userId: number } | { kind: "items"; lines: HeldLine[] };

interface Quote {
  lines: CartLine[];
  coupon: (CouponTerms & { id: number }) | null;
  totals: OrderTotals;
}

/** Why a line cannot be bought as it is, in checkout's words ("Only {n} left of {product} ({size})"). */
function lineRefusal(line: CartLine): AppError {
  if (line.stock < line.quantity) return new AppError(409, orderMessages.onlyLeft(line.stock, line.name, line.size), { field: "items" });
  return new AppError(409, line.problem ?? orderMessages.placeFailed, { field: "items" });
}

const couponQuery = (db: Db, code: string) => db.select().from(s.coupons).where(eq(s.coupons.code, code)).limit(1);

/** The owner's orders that used the coupon (cancelled ones give their use back). */
const ownerUses = (owner: Owner, couponId: SQL | number) =>
  sql`(select count(*) from orders u where u.coupon_id = ${couponId} and u.order_status <> 'cancelled' and ${
    owner.userId === null ? sql`u.user_id is null and u.guest_email = ${owner.email}` : sql`u.user_id = ${owner.userId}`
  })`;

/**
 * The lines at today's prices and stock, the coupon and the shopper's uses of it, read together
 * (one round trip, with the session check), and the totals the order will carry.
 */
async function quote(
  ctx: ServiceContext,
  owner: Owner,
  source: Source,
  code: string | null,
  held: Promise<Map<string, number>> = Promise.resolve(new Map()),
): Promise<Quote> {
  const linesRead =
    source.kind === "cart"
      ? myCart(ctx).then((cart) => cart.lines)
      : Promise.all(source.lines.map((held) => heldLine(ctx, held))).then((lines) => {
          if (lines.some((l) => l === null)) throw new AppError(409, "The piece you chose is no longer available.", { field: "items" });
          return lines as CartLine[];
        });
  const couponRead = code
    ? Promise.all([
        ctx.read(couponQuery(ctx.db, code)),
        ctx.read(ctx.db.all<{ n: number }>(sql`select ${ownerUses(owner, sql`(select id from coupons where code = ${code})`)} as n`)),
      ])
    : null;
  const [read, couponRows, rules, heldBack] = await Promise.all([linesRead, couponRead, moneyRules(ctx), held]);
  const lines = heldBack.size === 0 ? read : read.map((l) => withHeldStock(l, heldBack));
  if (lines.length === 0) throw new AppError(400, orderMessages.noLines, { field: "items" });
  const refused = lines.find((l) => l.problem);
  if (refused) throw lineRefusal(refused);
  const priced = lines.map((l) => ({ unitPricePaise: effectivePrice(l), quantity: l.quantity }));
  let coupon: Quote["coupon"] = null;
  if (code && couponRows) {
    const [[row], [uses]] = couponRows;
    const subtotal = priced.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
    const problem = couponProblem(row ?? null, subtotal, ctx.now(), Number(uses?.n ?? 0));
    if (problem) throw new AppError(row ? 400 : 404, problem, { field: "coupon_code" });
    coupon = row!;
  }
  return { lines, coupon, totals: orderTotals(priced, coupon, rules) };
}

const pieceKey = (l: { productId: number | null; size: string }) => `${l.productId}|${l.size}`;

/**
 * A line as it stands when her own waiting online order gives its pieces back (the batch that
 * replaces or takes up that order does): the last piece she holds is not "sold out" to her.
 */
function withHeldStock(line: CartLine, held: Map<string, number>): CartLine {
  const back = held.get(pieceKey(line)) ?? 0;
  const stockProblem = line.problem === cartMessages.lineSoldOut || line.problem === cartMessages.lineAboveStock(line.stock);
  const stock = line.stock + back;
  if (back === 0 || !stockProblem) return { ...line, stock };
  return {
    ...line,
    stock,
    problem: line.quantity <= stock ? null : stock <= 0 ? cartMessages.lineSoldOut : cartMessages.lineAboveStock(stock),
  };
}

/**
 * Who orders and from which lines: the signed-in shopper's cart or Buy Now line, or a guest's items.
 * The token names the shopper without a read; `confirmed` checks her session in the database and
 * must be awaited with the reads the caller starts at once, so both travel in one round trip.
 */
async function ownerAndSource(
  ctx: ServiceContext,
  input: Pick<CheckoutInput, "items" | "buyNow" | "guest">,
  guestEmail?: string,
): Promise<{ owner: Owner; source: Source; confirmed: Promise<unknown> }> {
  const itemsOf = () => parseInput(itemsSchema, input.items).map(({ product, ...l }) => ({ productId: product, ...l }));
  if (input.guest) {
    return { owner: { userId: null, email: guestEmail ?? "" }, source: { kind: "items", lines: itemsOf() }, confirmed: Promise.resolve() };
  }
  const claims = await ctx.claims();
  if (!claims) throw new AppError(401, SIGN_IN_FIRST);
  const owner: Owner = { userId: claims.userId, email: "" };
  const source: Source = input.buyNow ? { kind: "items", lines: itemsOf() } : { kind: "cart", userId: claims.userId };
  const confirmed = requireUser(ctx).then((user) => {
    if (user.id !== claims.userId) throw new AppError(401, SIGN_IN_FIRST);
  });
  // Awaited by the caller with its reads; a refusal meanwhile is not an unhandled one.
  confirmed.catch(() => {});
  return { owner, source, confirmed };
}

/**
 * `POST /api/coupons/apply` and the checkout page's coupon box: whether the code applies to these
 * lines now, and the totals with it. The use is counted only when the order is placed.
 */
export async function applyCoupon(
  ctx: ServiceContext,
  input: { couponCode: unknown; items?: unknown; buyNow?: boolean; guest?: boolean },
): Promise<{
  coupon: { code: string; discountType: "percentage" | "flat"; discountValue: number; discountPaise: number };
  totals: OrderTotals;
}> {
  const code = normaliseCouponCode(input.couponCode);
  if (!code) throw new AppError(400, couponMessages.empty, { field: "coupon_code" });
  if (code.length > 40) throw new AppError(404, couponMessages.unknown, { field: "coupon_code" });
  const { owner, source, confirmed } = await ownerAndSource(ctx, input);
  const [, { coupon, totals }] = await Promise.all([confirmed, quote(ctx, owner, source, code)]);
  return {
    coupon: {
      code: coupon!.code,
      discountType: coupon!.discountType,
      discountValue: coupon!.discountValue,
      discountPaise: totals.discountPaise,
    },
    totals,
  };
}

// ---------------------------------------------------------------------------------------------
// Placing

/** A claim: marks the rows one batch changed, so its later statements act on those rows only. */
export const newClaim = () => randomToken(12);

const claimed = (claim: string) => sql`exists (select 1 from orders c where c.claim = ${claim})`;

/** Removes from the cart the lines an order (claimed) bought from it: what she added since stays. */
const clearBoughtLines = (db: Db, claim: string) =>
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
function releaseHeldMail(ctx: ServiceContext, claim: string) {
  const now = ctx.now().getTime();
  const sendLater = !!ctx.env.MAIL_API_KEY;
  return ctx.db.run(sql`update mail_outbox set status = ${sendLater ? "queued" : "sent"}, next_attempt_at = ${now},
      sent_at = ${sendLater ? null : now}
    where status = 'held' and json_extract(params, '$.orderId') in (select id from orders where claim = ${claim})`);
}

/** Stands in for the order number in a mail made before the database numbers the order. */
const NUMBER_MARK = 987654321;

/**
 * The statement that queues a mail about the claimed order, its number and gift flag filled in by
 * the database (the batch numbers the order). `held`: written now, sent once the payment is confirmed.
 * In a one-element list: a statement is a thenable, and an async function would run it when returned.
 */
async function queueOrderMail<T extends "order-confirmation" | "new-order" | "refund-due">(
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

/** A guest's key to her order: derived from the checkout key, so a retried request answers the same one. */
const accessKeyFor = (ctx: ServiceContext, storedKey: string) => hmacSha256Hex(ctx.env.SESSION_SECRET, `order-access|${storedKey}`);

/** Whether a failed batch was refused by the named CHECK constraint. */
function refusedBy(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as Error).message).includes(constraint)) return true;
  }
  return false;
}

interface OrderState {
  claim: string | null;
  userId: number | null;
  paymentStatus: string;
  orderStatus: string;
  stockHeld: number;
  providerOrderId: string | null;
  checkoutKey: string | null;
}

const stateQuery = (db: Db, where: SQL) =>
  db.all<OrderState>(sql`select claim, user_id as userId, payment_status as paymentStatus, order_status as orderStatus,
    stock_held as stockHeld, provider_order_id as providerOrderId, checkout_key as checkoutKey from orders o where ${where}
    order by o.id desc limit 1`);

/**
 * An online order still waiting for its payment and still holding its stock (`o`): a payment due,
 * not yet an order the shop acts on. See docs/payments.md.
 */
export const AWAITING_PAYMENT = sql`o.payment_method = 'bank' and o.payment_status = 'pending' and o.stock_held = 1 and o.order_status = 'placed'`;

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

/** Mail queued by a batch whose claim is `claim`: sent after the response when a provider is set (else the outbox is the mailbox). */
function deliverQueuedMail(ctx: ServiceContext, claim: string) {
  if (!ctx.env.MAIL_API_KEY) return;
  ctx.defer(
    (async () => {
      const rows = await ctx.db.all<{ id: number }>(sql`select m.id as id from mail_outbox m where m.status = 'queued'
        and json_extract(m.params, '$.orderId') in (select id from orders where claim = ${claim})`);
      for (const row of rows) await deliverMail(ctx, Number(row.id));
    })().catch((err) => console.error("Order mail delivery failed", err)),
  );
}

/**
 * Razorpay's order for a pending online order: made once (a retried checkout finds the one made
 * before) for our total in paise, with our order number as its receipt. If Razorpay cannot be
 * reached the order is cancelled at once and its stock given back: nothing is held for nothing.
 */
async function paymentFor(
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
