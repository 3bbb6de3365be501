import { Hono } from "hono";
import { auditEntries, giveStaffRoleByEmail, setStaffRole, staffMembers } from "../../services/back-office/staff";
import { readBody } from "../body";
import type { ApiEnv } from "../types";

/**
 * The owner's part of the back office, for tools and scripts, on the services the
 * Staff and Audit log pages use. Mounted inside workers/api/back-office/admin.ts, behind its staff gate; each
 * service checks for the owner too, so a staff member gets the same 404 as anyone else.
 *
 * - GET  /admin/staff                 -> { members }
 * - POST /admin/staff { email }       -> { user, changed, message }  (gives the staff role to a verified account)
 * - PUT  /admin/staff/:userId { role: "staff" | "shopper" } -> { user, changed, message }
 * - GET  /admin/audit-log?entity=all|order|message|review|user&actor=EMAIL&page=N&limit=N&before=ID
 *        -> { entries, page, pages, total, ... } (newest first)
 */
export const adminStaffApi = new Hono<ApiEnv>()
  .get("/admin/staff", async (c) => c.json(await staffMembers(c.var.ctx)))
  .post("/admin/staff", async (c) => c.json(await giveStaffRoleByEmail(c.var.ctx, await readBody(c))))
  .put("/admin/staff/:userId", async (c) => c.json(await setStaffRole(c.var.ctx, c.req.param("userId"), await readBody(c))))
  .get("/admin/audit-log", async (c) => c.json(await auditEntries(c.var.ctx, c.req.query())));
