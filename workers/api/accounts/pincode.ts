import { Hono } from "hono";
import { lookupPincode } from "../../services/accounts/pincode";
import type { ApiEnv } from "../types";

/** PIN code lookup for address forms (docs/addresses.md): `{ district, state }`, cacheable for a day. */
export const pincodeApi = new Hono<ApiEnv>().get("/pincode/:pin", async (c) => {
  const { district, state } = await lookupPincode(c.var.ctx, c.req.param("pin"));
  c.header("Cache-Control", "public, max-age=86400");
  return c.json({ district, state });
});
