import { count, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import { addressJson } from "../../workers/api/accounts/addresses";
import type { AddressInput } from "../../workers/services/accounts/address.schema";
import { addressesOf, deleteAddress, replaceAddressStatements, saveAddress } from "../../workers/services/accounts/addresses";
import type { ServiceContext } from "../../workers/services/platform/context";
import { useTempDatabase } from "../support/temp-db";

const database = useTempDatabase("addresses");
let db: Db;
let ctx: ServiceContext;
let asha: number;
let ravi: number;

const connect = (): Db => database.connect().db;
// The address service only uses ctx.db.
const contextFor = (database: Db) => ({ db: database, now: () => new Date() }) as unknown as ServiceContext;

const address = (n: number): AddressInput => ({
  fullName: `Person ${n}`,
  streetAddress: `${n} MG Road`,
  apartment: "",
  townCity: "Bangalore", // as the PIN directory names 560001
  state: "Karnataka",
  zipcode: "560001",
  phoneNumber: "9876543210",
  emailAddress: `p${n}@example.com`,
});

async function addressCount(userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(schema.addresses).where(eq(schema.addresses.userId, userId));
  return row?.n ?? 0;
}

async function fill(userId: number, n: number) {
  for (let i = 1; i <= n; i++) await saveAddress(ctx, userId, address(i));
}

beforeAll(async () => {
  db = connect();
  ctx = contextFor(db);
  const users = await db
    .insert(schema.users)
    .values([
      { name: "Asha", email: "asha@example.com", mobile: "9876543210", passwordHash: "x" },
      { name: "Ravi", email: "ravi@example.com", mobile: "9876543211", passwordHash: "x" },
    ])
    .returning({ id: schema.users.id });
  asha = users[0]!.id;
  ravi = users[1]!.id;
});

beforeEach(async () => {
  await db.delete(schema.addresses);
});

describe("addresses service", () => {
  it("saves a validated address and answers the whole list, oldest first", async () => {
    const first = await saveAddress(ctx, asha, { ...address(1), _id: "99", phoneNumber: "+91 98765-43210" });
    expect(first).toHaveLength(1);
    const list = await saveAddress(ctx, asha, { ...address(2), emailAddress: " P2@Example.com " });
    expect(list.map((a) => a.fullName)).toEqual(["Person 1", "Person 2"]);
    expect(list[0]).toEqual({ id: first[0]!.id, ...address(1) });
    expect(list[1]?.emailAddress).toBe("p2@example.com");
    expect(await addressesOf(db, asha)).toEqual(list);
    expect(await addressesOf(db, ravi)).toEqual([]);
  });

  it("refuses an invalid address with its message", async () => {
    await expect(saveAddress(ctx, asha, { ...address(1), zipcode: "12" })).rejects.toMatchObject({
      status: 400,
      message: "PIN Code must be 6 digits",
    });
    await expect(saveAddress(ctx, asha, null)).rejects.toMatchObject({ status: 400, message: "Full Name is required" });
    expect(await addressCount(asha)).toBe(0);
  });

  it("refuses an 11th address", async () => {
    await fill(asha, 10);
    await expect(saveAddress(ctx, asha, address(11))).rejects.toMatchObject({
      status: 400,
      message: "You can save up to 10 addresses.",
    });
    expect(await addressCount(asha)).toBe(10);
    // The limit is per user.
    expect(await saveAddress(ctx, ravi, address(1))).toHaveLength(1);
  });

  it("never exceeds 10 under concurrent saves", async () => {
    await fill(asha, 5);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => saveAddress(contextFor(connect()), asha, address(100 + i))),
    );
    const refused = results.filter((r) => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 400, message: "You can save up to 10 addresses." });
    expect(await addressCount(asha)).toBe(10);
  });

  it("keeps one copy of an address saved again, and answers the list as it is", async () => {
    const [first] = await saveAddress(ctx, asha, address(1));
    // The same address as saved (the phone and e-mail as typed differently normalise to the same).
    const again = await saveAddress(ctx, asha, { ...address(1), phoneNumber: "+91 98765 43210", emailAddress: "P1@EXAMPLE.COM " });
    expect(again).toEqual([first]);
    // One field different is another address; the same address for another user is hers.
    expect(await saveAddress(ctx, asha, { ...address(1), apartment: "Flat 2" })).toHaveLength(2);
    expect(await saveAddress(ctx, ravi, address(1))).toHaveLength(1);
  });

  it("stores an address once however many identical saves run at once, each answered with the list", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => saveAddress(contextFor(connect()), asha, address(1))));
    expect(await addressCount(asha)).toBe(1);
    for (const list of results) expect(list.map((a) => a.fullName)).toEqual(["Person 1"]);
  });

  it("still refuses a new address when the list is full, and accepts one already in it", async () => {
    await fill(asha, 10);
    await expect(saveAddress(ctx, asha, address(11))).rejects.toMatchObject({ status: 400, message: "You can save up to 10 addresses." });
    expect(await saveAddress(ctx, asha, address(3))).toHaveLength(10);
  });

  it("deletes the user's own address", async () => {
    await saveAddress(ctx, asha, address(1));
    const [kept, gone] = await saveAddress(ctx, asha, address(2));
    await deleteAddress(ctx, asha, String(gone!.id));
    expect(await addressesOf(db, asha)).toEqual([kept]);
    await deleteAddress(ctx, asha, kept!.id);
    expect(await addressesOf(db, asha)).toEqual([]);
  });

  it("answers 404 for a missing id or another user's address, and leaves the other user's row alone", async () => {
    const [ravis] = await saveAddress(ctx, ravi, address(1));
    await expect(deleteAddress(ctx, asha, ravis!.id)).rejects.toMatchObject({ status: 404, message: "Address not found" });
    await expect(deleteAddress(ctx, asha, 987654)).rejects.toMatchObject({ status: 404, message: "Address not found" });
    expect(await addressesOf(db, ravi)).toEqual([ravis]);
  });

  it("answers 400 for ids that are not positive integers", async () => {
    for (const bad of ["abc", "0", "-1", "1.5", "1e3", "", " 1", 0, -2, 1.5, Number.NaN, 2 ** 60, null, undefined, true, {}]) {
      await expect(deleteAddress(ctx, asha, bad), String(bad)).rejects.toMatchObject({
        status: 400,
        message: "Invalid address id",
      });
    }
  });

  it("replaces the whole list in the caller's batch", async () => {
    await fill(asha, 3);
    const [ravis] = await saveAddress(ctx, ravi, address(1));
    await db.batch([
      ...replaceAddressStatements(db, asha, [address(7), address(8)]),
      db.update(schema.users).set({ name: "Asha R" }).where(eq(schema.users.id, asha)),
    ]);
    expect((await addressesOf(db, asha)).map((a) => a.fullName)).toEqual(["Person 7", "Person 8"]);
    expect(await addressesOf(db, ravi)).toEqual([ravis]);

    // An address listed twice is kept once.
    await db.batch(replaceAddressStatements(db, asha, [address(7), address(8), address(7)]));
    expect((await addressesOf(db, asha)).map((a) => a.fullName)).toEqual(["Person 7", "Person 8"]);

    await db.batch(replaceAddressStatements(db, asha, []));
    expect(await addressesOf(db, asha)).toEqual([]);
  });

  it("shapes addresses as the API's JSON", async () => {
    const [saved] = await saveAddress(ctx, asha, address(1));
    expect(addressJson(saved!)).toEqual({ _id: String(saved!.id), ...address(1) });
  });
});
