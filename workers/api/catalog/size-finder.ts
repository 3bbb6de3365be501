import { Hono } from "hono";
import { getProfileMeasurements, putProfileMeasurements } from "../../services/catalog/size-finder";
import { readBody } from "../body";
import type { ApiEnv } from "../types";

/**
 * The size finder's measurements for a signed-in shopper (docs/product/size-finder.md): the same
 * service and checks as the product page's form. The fit itself comes with a product
 * (`GET /api/products/slug/{slug}?unit=&bust=&waist=&hip=`).
 */
export const sizeFinderApi = new Hono<ApiEnv>()
  .get("/me/measurements", async (c) => c.json({ measurements: await getProfileMeasurements(c.var.ctx) }))
  .put("/me/measurements", async (c) => c.json({ measurements: await putProfileMeasurements(c.var.ctx, await readBody(c)) }));
