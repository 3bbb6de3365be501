import { type SQL, sql } from "drizzle-orm";
import { SIGN_IN_FIRST } from "../accounts/auth.rules";
import type { StateRow } from "../back-office/orders/admin-order-detail";
import { stateQuery } from "../back-office/orders/admin-order-detail";
import { commitMove } from "../back-office/orders/admin-order-moves";
import { shopSettings } from "../content/shop-settings";
import type { ServiceContext } from "../platform/context";
import { sha256Hex } from "../platform/crypto";
import { AppError, notFound } from "../platform/errors";
import { outboxMail } from "../platform/mail";
import { orderMail } from "../platform/mail-orders";
import { readAll } from "../platform/read-batch";
import { parseInput } from "../platform/validate";
import { canCancel, cancelUntil } from "./after-sale.rules";
import { afterSaleMessages } from "./after-sale-messages.rules";
import { type OrderView, orderAccess, orderKeySchema, orderViewQuery, parseOrderNumber, toOrderViews } from "./order-views";
import { orderMessages } from "./order-views.rules";

/**
 * The shopper cancels her own order (My Orders, the order's page, `POST /api/orders/:number/cancel`):
 * the back office's cancel (commitMove: stock and coupon use back once, a refund due when it was
 * paid, her mail, the audit entry), held to two more rules in its UPDATE: the order is hers (her
 * account, or the key of a guest's link) and it was placed within the cancellation window. The shop
 * is mailed too. docs/product/after-the-purchase.md, "Cancelling an order".
 */

/** The words for an order she may not cancel (null when she may), from its state and when it was placed. */
function refusal(
  st: Pick<StateRow, "orderStatus" | "paymentMethod" | "paymentStatus" | "stockHeld">,
  placedAt: number,
  now: number,
  n: number,
) {
  if (st.orderStatus === "cancelled") return afterSaleMessages.cancelAlready(n);
  if (st.paymentMethod === "bank" && st.paymentStatus === "pending" && st.orderStatus === "placed")
    return afterSaleMessages.cancelPaymentDue(n);
  const may = canCancel({ orderStatus: st.orderStatus, paymentDue: false, placedAt }, now) && Number(st.stockHeld) === 1;
  return may ? null : afterSaleMessages.cancelClosed(n);
}

/**
 * Cancels order `order` for the signed-in shopper who placed it, or for whoever holds its guest link's
 * `key`. 401 signed out without a key, 404 for an order that is not hers (as for one that does not
 * exist), 409 with the policy's words when it may not be cancelled (any more). Answers the order as it is now.
 */
export async function cancelMyOrder(ctx: ServiceContext, input: { order: unknown; key?: unknown }): Promise<OrderView> {
  const orderNumber = parseOrderNumber(input.order);
  const key = parseInput(orderKeySchema, input.key);
  const claims = await ctx.claims();
  if (!claims && key === null) throw new AppError(401, SIGN_IN_FIRST);
  const [user, [views, states], shop, keyHash] = await Promise.all([
    claims ? ctx.user() : null,
    readAll(ctx, [orderViewQuery(ctx.db, sql`o.order_number = ${orderNumber}`, { limit: 1 }), stateQuery(ctx.db, orderNumber)]),
    shopSettings(ctx),
    key === null ? null : sha256Hex(key),
  ]);
  if (!user && key === null) throw new AppError(401, SIGN_IN_FIRST);
  const row = (views as { userId: number | null; accessHash: string | null }[])[0];
  const [order] = toOrderViews(views);
  const [st] = states;
  if (!row || !order || !st) throw notFound(orderMessages.notFound);
  const access = orderAccess(row, user, keyHash);
  if (!access) throw notFound(orderMessages.notFound);
  const owner = access === "owner";

  const now = ctx.now().getTime();
  const placedAt = Date.parse(order.createdAt);
  const refused = refusal(st, placedAt, now, orderNumber);
  if (refused) throw new AppError(409, refused);

  // Hers, and still inside the window when the statement runs: the same rules the read above passed.
  const whose: SQL = owner ? sql`user_id = ${user!.id}` : sql`access_hash = ${keyHash}`;
  const rule = sql`${whose} and created_at > ${now - cancelUntil(0)}`;
  const refundDue = order.paymentStatus === "paid";
  const toShop = await outboxMail(ctx, {
    to: shop.email,
    template: "order-cancelled-to-shop",
    params: { order: orderMail(order), refundDue },
  });
  const detail = await commitMove(ctx, {
    action: "cancel",
    orderNumber,
    order,
    st,
    input: {},
    actorId: owner ? user!.id : null,
    refusal: (fresh, n) => refusal(fresh, placedAt, ctx.now().getTime(), n),
    rule,
    note: { by: owner ? "shopper" : "guest" },
    mails: [toShop],
  });
  // The back office's fuller record of the order is an OrderView too; her pages and the API show its view's fields only.
  return detail;
}
