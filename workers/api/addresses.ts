import { Hono } from "hono";
import { addressJson, deleteAddress, myAddresses, saveAddress } from "../services/addresses";
import { requireUser } from "../services/session";
import { readBody } from "./body";
import type { ApiEnv } from "./types";

/** Saved addresses of the signed-in user (SPEC §7, DECISIONS §8: the working reading of the paths). */
export const addressesApi = new Hono<ApiEnv>()
  .get("/addresses/my", async (c) => c.json({ addresses: (await myAddresses(c.var.ctx)).map(addressJson) }))
  .post("/addresses/save", async (c) => {
    const user = await requireUser(c.var.ctx);
    const addresses = await saveAddress(c.var.ctx, user.id, await readBody(c));
    return c.json({ addresses: addresses.map(addressJson) }, 201);
  })
  .delete("/addresses/:id", async (c) => {
    const user = await requireUser(c.var.ctx);
    await deleteAddress(c.var.ctx, user.id, c.req.param("id"));
    return c.json({ message: "Address deleted" });
  });
