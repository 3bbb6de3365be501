import { Hono } from "hono";
import { z } from "zod";
import { cancelMyOrder } from "../../services/orders/order-cancel";
import { AppError } from "../../services/platform/errors";
import { parseInput } from "../../services/platform/validate";
import type { ApiEnv } from "../types";
import { orderNumberFor } from "./order-path";
import { orderJson } from "./orders-read";

/** The body is optional; when sent it is a JSON object, with the guest link's `key` for an order placed without an account. */
const cancelBody = z.object({ key: z.string({ error: "The key is text." }).optional() }, { error: "Send a JSON object." });

/**
 * `POST /api/orders/:number/cancel` -> `{ order }`: the shopper cancels her own order, as from My Orders
 * (workers/services/orders/order-cancel.ts). 401 signed out without a key, 404 for an order not hers,
 * 409 with the shop's words when it may no longer be cancelled.
 */
export const ordersCancelApi = new Hono<ApiEnv>().post("/orders/*", async (c, next) => {
  const number = orderNumberFor(c.req.path, "cancel");
  if (number === undefined) return next();
  const text = await c.req.text();
  let body: unknown = {};
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError(400, "Send a JSON body.");
    }
  }
  const { key } = parseInput(cancelBody, body);
  const order = await cancelMyOrder(c.var.ctx, { order: number, key });
  return c.json({ order: orderJson(order) }, 200, { "Cache-Control": "private, no-store" });
});
