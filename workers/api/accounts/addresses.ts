import { Hono } from "hono";
import { type Address, deleteAddress, myAddresses, saveAddress } from "../../services/accounts/addresses";
import { requireUser } from "../../services/accounts/session";
import { readBody } from "../body";
import type { ApiEnv } from "../types";

/** The API's JSON shape for an address. */
export function addressJson(address: Address) {
  return {
    _id: String(address.id),
    fullName: address.fullName,
    streetAddress: address.streetAddress,
    apartment: address.apartment,
    townCity: address.townCity,
    state: address.state,
    zipcode: address.zipcode,
    phoneNumber: address.phoneNumber,
    emailAddress: address.emailAddress,
  };
}

/** Saved addresses of the signed-in user (docs/product/accounts.md, "The API for other clients"). */
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
