import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import type { ReadQuery, ServiceContext } from "../../workers/services/platform/context";
import { checkChoice } from "../../workers/services/shopping/cart-choice";
import { useTempDatabase } from "../support/temp-db";

/**
 * Judging a choice names the product the way the caller does: pages by slug, API clients by id. A
 * slug may be all digits (a kurti named "1947"), and must never be read as another product's id.
 */
const database = useTempDatabase("cart-choice");
let ctx: ServiceContext;
let byName: Record<string, number>;

beforeAll(async () => {
  const { db } = database.connect();
  ctx = { db, now: () => new Date(), read: <T>(q: ReadQuery<T>) => Promise.resolve(q) } as unknown as ServiceContext;
  const [category] = await db.insert(schema.categories).values({ slug: "kurtis", name: "Kurtis", icon: "/x.svg" }).returning();
  const products = await db
    .insert(schema.products)
    .values(
      ["alpha", "1", "1947"].map((slug) => ({
        slug,
        name: `Kurti ${slug}`,
        description: "A kurti",
        brand: "Aanchal",
        categoryId: category!.id,
      })),
    )
    .returning({ id: schema.products.id, slug: schema.products.slug });
  byName = Object.fromEntries(products.map((p) => [p.slug, p.id]));
  await db.insert(schema.productSizes).values(products.map((p) => ({ productId: p.id, size: "M", pricePaise: 999_00, stock: 5 })));
  await db.insert(schema.productColors).values(products.map((p) => ({ productId: p.id, name: "Teal", hex: "#1f5f5b" })));
});

const choice = (ref: Record<string, unknown>) => checkChoice(ctx, { ...ref, size: "M", color: "Teal", quantity: 1 }, "add-to-cart", "page");

describe("a choice's product", () => {
  it("is the product of that slug, even an all-digit one that is also another product's id", async () => {
    expect(byName.alpha).toBe(1);
    expect((await choice({ slug: "1" })).productId).toBe(byName["1"]);
    expect((await choice({ slug: "1947" })).productId).toBe(byName["1947"]);
    expect((await choice({ slug: "alpha" })).productId).toBe(1);
  });

  it("is the product of that id for an API client", async () => {
    expect((await choice({ product: byName["1"] })).slug).toBe("1");
    expect((await choice({ product: "1" })).slug).toBe("alpha");
    await expect(choice({ product: 999 })).rejects.toMatchObject({ status: 404, message: "Product not found" });
  });
});
