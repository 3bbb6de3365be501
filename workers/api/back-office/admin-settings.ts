import { Hono } from "hono";
import type { AdminCoupon, CouponUse } from "../../services/back-office/admin-coupons";
import { couponDetail, createCoupon, listCoupons, updateCoupon } from "../../services/back-office/admin-coupons";
import { paiseToRupees } from "../../services/catalog/pricing";
import { adminShopSettings, saveShopSettings, settingsAnswer } from "../../services/content/shop-settings";
import { readBody } from "../body";
import type { ApiEnv } from "../types";

/**
 * The owner's shop settings and coupons, for tools and scripts, on the
 * services the Settings and Coupons pages use. Mounted inside workers/api/back-office/admin.ts behind its staff
 * gate; each service checks for the owner, so a staff member gets the same 404 as anyone else.
 * Rupees at this edge only.
 *
 * - GET /admin/settings -> { settings }
 * - PUT /admin/settings { deliveryCharge?, freeShippingThreshold? (null: off), promoLine?, giftOrderLimit?,
 *       launchDate? (YYYY-MM-DD), lowStockThreshold?, address? {line1, line2, city, state, pin}, hours?, email?, phone?, gstin? }
 *       -> { settings, changed: [keys] }
 * - GET /admin/coupons?status=active|expired|all -> { status, coupons }
 * - POST /admin/coupons { code, discountType, discountValue (percent, or rupees when flat), minSubtotal, startsOn, endsOn,
 *       usageLimit, perUserLimit, isActive } -> 201 { coupon }
 * - GET /admin/coupons/:id -> { coupon, uses }
 * - PUT /admin/coupons/:id (the same fields) -> { coupon, changed }
 */
const couponJson = ({ minSubtotalPaise, discountValue, ...c }: AdminCoupon) => ({
  ...c,
  discountValue: c.discountType === "flat" ? paiseToRupees(discountValue) : discountValue,
  minSubtotal: paiseToRupees(minSubtotalPaise),
});
const useJson = ({ discountPaise, totalPaise, ...u }: CouponUse) => ({
  ...u,
  discount: paiseToRupees(discountPaise),
  totalAmount: paiseToRupees(totalPaise),
});

const NO_STORE = { "Cache-Control": "private, no-store" };

export const adminSettingsApi = new Hono<ApiEnv>()
  .get("/admin/settings", async (c) => c.json({ settings: settingsAnswer(await adminShopSettings(c.var.ctx)) }, 200, NO_STORE))
  .put("/admin/settings", async (c) => {
    const saved = await saveShopSettings(c.var.ctx, await readBody(c));
    return c.json({ settings: settingsAnswer(saved.settings), changed: saved.changed });
  })
  .get("/admin/coupons", async (c) => {
    const { status, coupons } = await listCoupons(c.var.ctx, c.req.query());
    return c.json({ status, coupons: coupons.map(couponJson) }, 200, NO_STORE);
  })
  .post("/admin/coupons", async (c) => c.json({ coupon: couponJson((await createCoupon(c.var.ctx, await readBody(c))).coupon) }, 201))
  .get("/admin/coupons/:id", async (c) => {
    const { coupon, uses } = await couponDetail(c.var.ctx, c.req.param("id"));
    return c.json({ coupon: couponJson(coupon), uses: uses.map(useJson) }, 200, NO_STORE);
  })
  .put("/admin/coupons/:id", async (c) => {
    const { coupon, changed } = await updateCoupon(c.var.ctx, c.req.param("id"), await readBody(c));
    return c.json({ coupon: couponJson(coupon), changed });
  });
