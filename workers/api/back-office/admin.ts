import { Hono } from "hono";
import { requireStaff } from "../../services/back-office/staff";
import { AppError } from "../../services/platform/errors";
import type { ApiEnv } from "../types";
import { adminCategoriesApi } from "./admin-categories";
import { adminDashboardApi } from "./admin-dashboard";
import { adminInboxApi } from "./admin-inbox";
import { adminInvoiceApi } from "./admin-invoice";
import { adminOrdersApi } from "./admin-orders";
import { adminProductsApi } from "./admin-products";
import { adminReturnsApi } from "./admin-returns";
import { adminSettingsApi } from "./admin-settings";
import { adminStaffApi } from "./admin-staff";
import { adminStockApi } from "./admin-stock";

const notFound = () => new AppError(404, "Not found");

/**
 * `/api/admin/*`: the back office's API, for tools and scripts, on the same services as
 * its pages. Every path, known or not, checks for a staff session: anyone else gets the same 404 as
 * a path that does not exist. Every service checks again, so the gate costs no round trip of its
 * own: a request without a valid token is turned away before any read (the token needs none); a
 * change waits for the check before it runs; a read's check travels with the service's reads, and
 * its answer is only let out when the check passed.
 */
export const adminApi = new Hono<ApiEnv>()
  .use("/admin/*", async (c, next) => {
    const ctx = c.var.ctx;
    if (!(await ctx.claims())) throw notFound();
    const staff = requireStaff(ctx);
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      await staff;
      return next();
    }
    const allowed = staff.then(
      () => true,
      () => false,
    );
    await next();
    if (!(await allowed)) throw notFound();
  })
  .route("/", adminStaffApi)
  .route("/", adminInboxApi)
  .route("/", adminOrdersApi)
  .route("/", adminReturnsApi)
  .route("/", adminDashboardApi)
  .route("/", adminInvoiceApi)
  .route("/", adminSettingsApi)
  .route("/", adminProductsApi)
  .route("/", adminStockApi)
  .route("/", adminCategoriesApi)
  .all("/admin/*", (c) => c.json({ message: "Not found" }, 404));
