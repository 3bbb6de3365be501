import { eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import * as s from "../../../db/schema";
import { checkoutAddressSchema } from "../accounts/address.schema";
import { parsePlacedAddress } from "../accounts/address-place";
import { addressesOf } from "../accounts/addresses";
import { SIGN_IN_FIRST } from "../accounts/auth.rules";
import { requireUser } from "../accounts/session";
import { effectivePrice } from "../catalog/pricing";
import { moneyRules } from "../content/shop-settings";
import type { ServiceContext } from "../platform/context";
import { AppError } from "../platform/errors";
import { parseInput } from "../platform/validate";
import { type CartLine, type HeldLine, heldLine, myCart } from "../shopping/cart";
import { cartMessages } from "../shopping/cart.rules";
import { productIdSchema, quantitySchema } from "../shopping/cart-choice";
import { type CouponTerms, couponMessages, couponProblem, normaliseCouponCode, type OrderTotals, orderTotals } from "./coupon.rules";
import { orderMessages } from "./order.rules";

/**
 * What an order would cost now: the checkout's input read, the lines at today's prices and stock, the
 * coupon checked and the totals (the quote placing an order carries), and the coupon box's answer.
 * The order service is order-quote.ts, order-placing.ts, order-payments.ts and order-claims.ts; see order-placing.ts.
 */

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

/** Who is ordering: a signed-in shopper or a guest known by her e-mail. */
export interface Owner {
  userId: number | null;
  email: string;
}

// ---------------------------------------------------------------------------------------------
// Input

export const paymentMethodSchema = z.enum(s.PAYMENT_METHODS, { error: orderMessages.choosePayment });
export const checkoutKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, "Invalid checkout key");
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
export async function shippingAddress(ctx: ServiceContext, owner: Owner, input: unknown) {
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

export type Source = { kind: "cart"; userId: number } | { kind: "items"; lines: HeldLine[] };

export interface Quote {
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
export const ownerUses = (owner: Owner, couponId: SQL | number) =>
  sql`(select count(*) from orders u where u.coupon_id = ${couponId} and u.order_status <> 'cancelled' and ${
    owner.userId === null ? sql`u.user_id is null and u.guest_email = ${owner.email}` : sql`u.user_id = ${owner.userId}`
  })`;

/**
 * The lines at today's prices and stock, the coupon and the shopper's uses of it, read together
 * (one round trip, with the session check), and the totals the order will carry.
 */
export async function quote(
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

export const pieceKey = (l: { productId: number | null; size: string }) => `${l.productId}|${l.size}`;

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
export async function ownerAndSource(
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
