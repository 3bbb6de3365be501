import { Hono } from "hono";
import { auditEntries, requireStaff, setStaffRole } from "../services/staff";
import { adminDashboardApi } from "./admin-dashboard";
import { adminInboxApi } from "./admin-inbox";
import { adminInvoiceApi } from "./admin-invoice";
import { adminOrdersApi } from "./admin-orders";
import { readBody } from "./body";
import type { ApiEnv } from "./types";

/**
 * `/api/admin/*` (issue 13): the back office's API, for tools and scripts, on the same services as
 * its pages. Every path, known or not, first checks for a staff session: anyone else gets the same
 * 404 as a path that does not exist.
 */
export const adminApi = new Hono<ApiEnv>()
  .use("/admin/*", async (c, next) => {
    await requireStaff(c.var.ctx);
    await next();
  })
  .get("/admin/audit-log", async (c) => c.json({ entries: await auditEntries(c.var.ctx, c.req.query()) }))
  .put("/admin/staff/:userId", async (c) => c.json({ user: await setStaffRole(c.var.ctx, c.req.param("userId"), await readBody(c)) }))
  .route("/", adminInboxApi)
  .route("/", adminOrdersApi)
  .route("/", adminDashboardApi)
  .route("/", adminInvoiceApi)
  .all("/admin/*", (c) => c.json({ message: "Not found" }, 404));
