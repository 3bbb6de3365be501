import { Hono } from "hono";
import { requireStaff } from "../services/staff";
import { adminDashboardApi } from "./admin-dashboard";
import { adminInboxApi } from "./admin-inbox";
import { adminInvoiceApi } from "./admin-invoice";
import { adminOrdersApi } from "./admin-orders";
import { adminStaffApi } from "./admin-staff";
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
  .route("/", adminStaffApi)
  .route("/", adminInboxApi)
  .route("/", adminOrdersApi)
  .route("/", adminDashboardApi)
  .route("/", adminInvoiceApi)
  .all("/admin/*", (c) => c.json({ message: "Not found" }, 404));
