import type { Client } from "@libsql/client";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../db/seed";
import { useTempDatabase } from "../support/temp-db";

/** Cards show a product's rating without loading its reviews: the count and sum on the product. */
const database = useTempDatabase("ratings");
let client: Client;

const one = async <T>(sql: string, args: (string | number)[] = []) => (await client.execute({ sql, args })).rows[0] as T;
const kept = (id: number) =>
  one<{ rating_count: number; rating_sum: number }>("SELECT rating_count, rating_sum FROM products WHERE id = ?", [id]);
const counted = (id: number) =>
  one<{ rating_count: number; rating_sum: number }>(
    "SELECT count(*) AS rating_count, coalesce(sum(rating), 0) AS rating_sum FROM reviews WHERE product_id = ?",
    [id],
  );

beforeAll(async () => {
  ({ client } = database.connect());
  await seedDatabase(database.connect().db);
});

describe("a product's rating count and sum", () => {
  it("match its seeded reviews for every product", async () => {
    const { rows } = await client.execute(
      `SELECT p.id FROM products p WHERE p.rating_count <> (SELECT count(*) FROM reviews r WHERE r.product_id = p.id)
         OR p.rating_sum <> (SELECT coalesce(sum(rating), 0) FROM reviews r WHERE r.product_id = p.id)`,
    );
    expect(rows).toEqual([]);
    expect(Number((await one<{ n: number }>("SELECT count(*) AS n FROM products WHERE rating_count > 0")).n)).toBeGreaterThan(10);
  });

  it("move with every review written, changed or removed, in the same statement", async () => {
    const { id } = await one<{ id: number }>("SELECT id FROM products ORDER BY id LIMIT 1");
    const before = await kept(id);
    const { lastInsertRowid } = await client.execute({
      sql: "INSERT INTO reviews (product_id, name, rating, comment) VALUES (?, 'Nisha', 2, 'Colour ran in the wash')",
      args: [id],
    });
    expect(await kept(id)).toEqual({ rating_count: before.rating_count + 1, rating_sum: before.rating_sum + 2 });
    await client.execute({ sql: "UPDATE reviews SET rating = 5 WHERE id = ?", args: [Number(lastInsertRowid)] });
    expect(await kept(id)).toEqual({ rating_count: before.rating_count + 1, rating_sum: before.rating_sum + 5 });
    await client.execute({ sql: "DELETE FROM reviews WHERE id = ?", args: [Number(lastInsertRowid)] });
    expect(await kept(id)).toEqual(before);
    expect(await kept(id)).toEqual(await counted(id));
  });
});
