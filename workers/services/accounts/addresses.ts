import { and, asc, eq, exists, not, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import * as s from "../../../db/schema";
import type { ServiceContext } from "../platform/context";
import { AppError, notFound } from "../platform/errors";
import { insertWhere } from "../platform/insert-where";
import { parseId, parseInput } from "../platform/validate";
import { MAX_ADDRESSES, TOO_MANY_ADDRESSES } from "./address.rules";
import { type AddressInput, addressSchema } from "./address.schema";
import { parsePlacedAddress } from "./address-place";
import { readAsUser } from "./session";

export type Address = AddressInput & { id: number };

const a = s.addresses;

const addressColumns = {
  id: a.id,
  fullName: a.fullName,
  streetAddress: a.streetAddress,
  apartment: a.apartment,
  townCity: a.townCity,
  state: a.state,
  zipcode: a.zipcode,
  phoneNumber: a.phoneNumber,
  emailAddress: a.emailAddress,
};

/** A user's saved addresses, oldest first, as a read that can join a batch. */
export const addressesOf = (db: Db, userId: number) => db.select(addressColumns).from(a).where(eq(a.userId, userId)).orderBy(asc(a.id));

/** The signed-in user's saved addresses, read together with the session check. */
export async function myAddresses(ctx: ServiceContext): Promise<Address[]> {
  return (await readAsUser(ctx, (userId) => addressesOf(ctx.db, userId))).data;
}

/** The fields that make two addresses the same one (as saved: trimmed, phone as its 10 digits). */
const ADDRESS_FIELDS = ["fullName", "streetAddress", "apartment", "townCity", "state", "zipcode", "phoneNumber", "emailAddress"] as const;
const sameAddress = (x: AddressInput, y: AddressInput) => ADDRESS_FIELDS.every((f) => x[f] === y[f]);

/**
 * Inserts the address only while the user has fewer than MAX_ADDRESSES and none equal to it. The
 * checks and the insert are one statement, so concurrent saves can neither slip under the limit
 * nor store the same address twice.
 */
export const insertIfNewAndRoom = (db: Db, userId: number, input: AddressInput) => {
  const same = db
    .select({ one: sql`1` })
    .from(a)
    .where(and(eq(a.userId, userId), ...ADDRESS_FIELDS.map((f) => eq(a[f], input[f]))));
  return insertWhere(
    db,
    a,
    { userId, ...input },
    sql`${not(exists(same))} AND (SELECT count(*) FROM ${a} WHERE ${a.userId} = ${userId}) < ${MAX_ADDRESSES}`,
  );
};

/**
 * For a batch whose claim marks one order: keeps that order's delivery address in its shopper's
 * profile if she asked to (`save_address`), on the same terms as insertIfNewAndRoom. An online
 * order asks this only once its payment is confirmed, so an abandoned payment saves nothing.
 */
export const saveOrderAddress = (db: Db, claim: string) =>
  db.run(sql`insert into addresses (user_id, full_name, street_address, apartment, town_city, state, zipcode, phone_number, email_address)
    select o.user_id, o.ship_full_name, o.ship_street_address, o.ship_apartment, o.ship_town_city, o.ship_state, o.ship_zipcode,
      o.ship_phone_number, o.ship_email_address
    from orders o where o.claim = ${claim} and o.save_address = 1 and o.user_id is not null
      and not exists (select 1 from addresses x where x.user_id = o.user_id and x.full_name = o.ship_full_name
        and x.street_address = o.ship_street_address and x.apartment = o.ship_apartment and x.town_city = o.ship_town_city
        and x.state = o.ship_state and x.zipcode = o.ship_zipcode and x.phone_number = o.ship_phone_number
        and x.email_address = o.ship_email_address)
      and (select count(*) from addresses x where x.user_id = o.user_id) < ${MAX_ADDRESSES}`);

/**
 * Validates and adds one address; answers the user's whole list. One round trip. Saving an address
 * equal to one she already has changes nothing (a double submit, a retried request).
 */
export async function saveAddress(ctx: ServiceContext, userId: number, input: unknown): Promise<Address[]> {
  const address = await parsePlacedAddress(ctx, input, (a) => parseInput(addressSchema, a));
  const [inserted, list] = await ctx.db.batch([insertIfNewAndRoom(ctx.db, userId, address), addressesOf(ctx.db, userId)]);
  if (inserted.rowsAffected === 0 && !list.some((saved) => sameAddress(saved, address))) throw new AppError(400, TOO_MANY_ADDRESSES);
  return list;
}

/** Deletes one of the user's addresses. Another user's id is answered exactly like a missing one. */
export async function deleteAddress(ctx: ServiceContext, userId: number, id: unknown): Promise<void> {
  const addressId = parseId(id, "Invalid address id");
  const result = await ctx.db.delete(a).where(and(eq(a.id, addressId), eq(a.userId, userId)));
  if (result.rowsAffected === 0) throw notFound("Address not found");
}

/**
 * Statements that replace the user's whole list, for the caller's own `db.batch([...])` (profile
 * save puts its user update in the same batch, so the replacement is atomic). An address listed
 * twice is kept once. `list` must already have passed `validateProfileAddresses`: nothing is
 * checked here.
 */
export function replaceAddressStatements(db: Db, userId: number, list: AddressInput[]): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  const remove = db.delete(a).where(eq(a.userId, userId));
  const distinct = list.filter((address, i) => list.findIndex((other) => sameAddress(other, address)) === i);
  if (distinct.length === 0) return [remove];
  return [remove, db.insert(a).values(distinct.map((address) => ({ userId, ...address })))];
}
