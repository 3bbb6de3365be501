import { Hono } from "hono";
import { adminDashboard, type DashboardFigures } from "../../services/back-office/admin-dashboard";
import { paiseToRupees } from "../../services/catalog/pricing";
import type { ApiEnv } from "../types";
import { orderListJson } from "./admin-orders";

/** The dashboard's figures as JSON, money in rupees (the API's unit), from the page's own service. */
export function dashboardJson(f: DashboardFigures) {
  return {
    today: { orders: f.today.orders, revenue: paiseToRupees(f.today.revenuePaise) },
    week: { orders: f.week.orders, revenue: paiseToRupees(f.week.revenuePaise), startsOn: f.weekStartDate },
    date: f.todayDate,
    waiting: f.waiting,
    pendingPayments: { orders: f.pendingPayments.orders, amount: paiseToRupees(f.pendingPayments.amountPaise) },
    refundDue: f.refundDue,
    returns: f.returns,
    unread: f.unread,
    lowStock: f.lowStock,
    latest: f.latest.map(orderListJson),
  };
}

/** GET /api/admin/dashboard: behind the /api/admin door (workers/api/back-office/admin.ts). */
export const adminDashboardApi = new Hono<ApiEnv>().get("/admin/dashboard", async (c) =>
  c.json({ dashboard: dashboardJson(await adminDashboard(c.var.ctx)) }, 200, { "Cache-Control": "private, no-store" }),
);
