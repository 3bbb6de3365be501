import { Hono } from "hono";
import { askReturn } from "../../services/orders/return-request";
import { readBody } from "../body";
import type { ApiEnv } from "../types";
import { orderNumberFor } from "./order-path";

/**
 * `POST /api/orders/{number}/returns`: she asks to return or exchange pieces of a delivered order,
 * through the same service as the page (workers/services/orders/return-request.ts). Signed in for
 * her own orders, or with her order link's `key` in the body for a guest order. Body:
 * `{ lines: [{ orderLineId, quantity, exchangeSize? }], reason, kind, key? }`; answers 201
 * `{ returnRequest }`, or 401, 404, 400 (a request that does not make sense) and 409 (one the
 * order's state refuses) with the shop's words.
 */
export const orderReturnsApi = new Hono<ApiEnv>().post("/orders/*", async (c, next) => {
  const number = orderNumberFor(c.req.path, "returns");
  if (number === undefined) return next();
  const body = await readBody(c);
  const { returnRequest } = await askReturn(c.var.ctx, number, { lines: body.lines, reason: body.reason, kind: body.kind }, body.key);
  return c.json({ returnRequest }, 201, { "Cache-Control": "private, no-store" });
});
