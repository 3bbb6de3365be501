import { sql } from "drizzle-orm";
import { settings } from "../content/settings";
import { lowStockThresholdSql, shopSettings } from "../content/shop-settings";
import type { ServiceContext } from "../platform/context";
import { DAY_MS, INDIA_OFFSET_MS, indiaClock, indiaDay } from "../platform/india-time.rules";
import { readAll } from "../platform/read-batch";
import { newestOrdersRead, type OrderListItem, toListItem } from "./orders/admin-orders-list";
import { requireStaff } from "./staff";

/** Midnight in India today, and on this week's Monday (the shop's week starts on Monday), as instants. */
export function indiaPeriods(now: Date): { todayStart: number; weekStart: number } {
  const dayIndex = Math.floor(indiaClock(now).getTime() / DAY_MS);
  const todayStart = dayIndex * DAY_MS - INDIA_OFFSET_MS;
  // 1 January 1970 was a Thursday: day 0 is 3 days after a Monday.
  const sinceMonday = (dayIndex + 3) % 7;
  return { todayStart, weekStart: todayStart - sinceMonday * DAY_MS };
}

export interface DashboardFigures {
  /**
   * Orders placed in the period and their revenue in paise: cash-on-delivery orders not cancelled and
   * online orders paid (not cancelled). An online checkout still waiting for its payment is a payment
   * due, not an order; one whose payment failed or expired never became one (docs/payments.md).
   */
  today: { orders: number; revenuePaise: number };
  week: { orders: number; revenuePaise: number };
  /** Orders waiting for their next step: placed -> confirmed -> shipped -> delivered. */
  waiting: { confirmation: number; shipping: number; delivery: number };
  /** Payments due: online orders waiting for their payment, their stock held until they expire; counted in no order or revenue figure. */
  pendingPayments: { orders: number; amountPaise: number };
  /** Orders the shop owes a refund that has not been made. */
  refundDue: number;
  /** Return requests waiting at each step: to approve, awaiting pickup, received (to refund or exchange). */
  returns: { requested: number; approved: number; received: number };
  unread: { contact: number; enquiries: number; total: number };
  lowStock: {
    threshold: number;
    /** All sizes at or under the threshold; `sizes` lists the lowest first, up to settings.admin.lowStockListed. */
    total: number;
    sizes: { productId: number; product: string; size: string; stock: number }[];
  };
  /** The newest orders, newest first (settings.admin.latestOrdersListed of them). */
  latest: OrderListItem[];
  /** India's date the figures were read on, and when the week began (YYYY-MM-DD). */
  todayDate: string;
  weekStartDate: string;
}

const n = (v: unknown) => Number(v ?? 0);

/**
 * The back office's first page: every figure in ONE round trip. The staff check and the
 * three reads are asked for in the same moment, so they travel in the request's one batch; a visitor
 * who is not staff gets the door's 404 and none of the figures.
 */
export async function adminDashboard(ctx: ServiceContext): Promise<DashboardFigures> {
  const { todayStart, weekStart } = indiaPeriods(ctx.now());
  const { lowStockListed, latestOrdersListed } = settings.admin;
  const unpaidOnline = sql`order_status = 'placed' and payment_method = 'bank' and payment_status = 'pending' and stock_held = 1`;
  const counted = sql`payment_status <> 'failed' and not (${unpaidOnline})`;
  const revenue = sql`order_status <> 'cancelled' and (payment_method = 'cashOnDelivery' or payment_status = 'paid')`;
  // The token is checked first (no database): a visitor without one is turned away reading nothing,
  // and the staff check's read then leaves with the figures' reads, in one batch.
  if (!(await ctx.claims())) await requireStaff(ctx);
  // The threshold the owner set (shop_settings), inside the statement, so it leaves with the other reads.
  const thresholdSql = lowStockThresholdSql;
  const [, [[orders], lowStock, [unread], latest, [returns]], { lowStockThreshold: threshold }] = await Promise.all([
    requireStaff(ctx),
    readAll(ctx, [
      ctx.db.all<Record<string, number | null>>(sql`select
          sum(created_at >= ${todayStart} and ${counted}) as todayOrders,
          sum(case when created_at >= ${todayStart} and ${revenue} then total_paise else 0 end) as todayRevenue,
          sum(created_at >= ${weekStart} and ${counted}) as weekOrders,
          sum(case when created_at >= ${weekStart} and ${revenue} then total_paise else 0 end) as weekRevenue,
          sum(order_status = 'placed' and (payment_method = 'cashOnDelivery' or payment_status = 'paid')) as awaitingConfirmation,
          sum(order_status = 'confirmed') as awaitingShipping,
          sum(order_status = 'shipped') as awaitingDelivery,
          sum(${unpaidOnline}) as pendingPayments,
          sum(case when ${unpaidOnline} then total_paise else 0 end) as pendingPaymentsPaise,
          sum(refund_due = 1 and refunded_at is null) as refundDue
        from orders`),
      ctx.db.all<{ productId: number; product: string; size: string; stock: number; total: number }>(
        sql`select p.id as productId, p.name as product, s.size, s.stock, count(*) over () as total
          from product_sizes s join products p on p.id = s.product_id
          where p.is_active = 1 and s.stock <= ${thresholdSql}
          order by s.stock, p.name, s.position limit ${lowStockListed}`,
      ),
      ctx.db.all<{ contact: number; enquiries: number }>(
        sql`select (select count(*) from contact_messages where read_at is null) as contact,
          (select count(*) from enquiries where read_at is null) as enquiries`,
      ),
      newestOrdersRead(ctx.db, latestOrdersListed),
      ctx.db.all<{ requested: number; approved: number; received: number }>(
        sql`select (select count(*) from return_requests where status = 'requested') as requested,
          (select count(*) from return_requests where status = 'approved') as approved,
          (select count(*) from return_requests where status = 'received') as received`,
      ),
    ]),
    shopSettings(ctx),
  ]);
  const contact = n(unread?.contact);
  const enquiries = n(unread?.enquiries);
  return {
    today: { orders: n(orders?.todayOrders), revenuePaise: n(orders?.todayRevenue) },
    week: { orders: n(orders?.weekOrders), revenuePaise: n(orders?.weekRevenue) },
    waiting: {
      confirmation: n(orders?.awaitingConfirmation),
      shipping: n(orders?.awaitingShipping),
      delivery: n(orders?.awaitingDelivery),
    },
    pendingPayments: { orders: n(orders?.pendingPayments), amountPaise: n(orders?.pendingPaymentsPaise) },
    refundDue: n(orders?.refundDue),
    returns: { requested: n(returns?.requested), approved: n(returns?.approved), received: n(returns?.received) },
    unread: { contact, enquiries, total: contact + enquiries },
    lowStock: {
      threshold,
      total: n(lowStock[0]?.total),
      sizes: lowStock.map(({ productId, product, size, stock }) => ({ productId: n(productId), product, size, stock: n(stock) })),
    },
    latest: latest.map(toListItem),
    todayDate: indiaDay(todayStart),
    weekStartDate: indiaDay(weekStart),
  };
}
