import { createClient } from "@libsql/client";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import { readBatcher } from "../../workers/services/platform/read-batch";
import { useTempDatabase } from "../support/temp-db";

const database = useTempDatabase("read-batch");
let db: Db;
let asha: number;

beforeAll(async () => {
  db = database.connect().db;
  const [row] = await db
    .insert(schema.users)
    .values({ name: "Asha", email: "asha@example.com", mobile: "9876543210", passwordHash: "x" })
    .returning({ id: schema.users.id });
  asha = row!.id;
});

const userById = (id: number) => db.select({ name: schema.users.name }).from(schema.users).where(eq(schema.users.id, id));
const addressesOf = (id: number) => db.select().from(schema.addresses).where(eq(schema.addresses.userId, id));

describe("readBatcher", () => {
  it("sends the reads of one moment in one batch and gives each its own result", async () => {
    const batch = vi.spyOn(db, "batch");
    const read = readBatcher(db);
    const [user, addresses, nobody] = await Promise.all([read(userById(asha)), read(addressesOf(asha)), read(userById(asha + 1000))]);
    expect(batch).toHaveBeenCalledTimes(1);
    expect(user).toEqual([{ name: "Asha" }]);
    expect(addresses).toEqual([]);
    expect(nobody).toEqual([]);
    batch.mockRestore();
  });

  it("sends a read asked for after the moment has passed on its own, and a lone read without a batch", async () => {
    const batch = vi.spyOn(db, "batch");
    const read = readBatcher(db);
    expect(await read(userById(asha))).toEqual([{ name: "Asha" }]);
    expect(await read(addressesOf(asha))).toEqual([]);
    expect(batch).not.toHaveBeenCalled();
    batch.mockRestore();
  });

  it("fails only the read the database refuses, sending the others again on their own", async () => {
    const batch = vi.spyOn(db, "batch");
    const read = readBatcher(db);
    const [user, refused] = await Promise.allSettled([read(userById(asha)), read(db.select({ n: sql`nope()` }).from(schema.users))]);
    expect(batch).toHaveBeenCalledTimes(1);
    expect(user).toEqual({ status: "fulfilled", value: [{ name: "Asha" }] });
    expect(refused.status).toBe("rejected");
    batch.mockRestore();
  });

  it("fails every read when the database cannot be reached", async () => {
    const unreachable = drizzle(createClient({ url: "http://127.0.0.1:9" }));
    const read = readBatcher(unreachable);
    const results = await Promise.allSettled([
      read(unreachable.select({ name: schema.users.name }).from(schema.users)),
      read(unreachable.select().from(schema.addresses)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });
});
