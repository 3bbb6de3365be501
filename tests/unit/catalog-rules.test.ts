import { describe, expect, it } from "vitest";
import { sortSizes } from "../../workers/services/catalog/catalog";
import {
  catalogPageQuerySchema,
  productListQuerySchema,
  searchQuerySchema,
  slugSchema,
} from "../../workers/services/catalog/catalog.schema";

describe("catalogue URL and query validation", () => {
  it("accepts positive integer ids and refuses anything else with a clear message", () => {
    expect(productListQuerySchema.parse({ category: "12" }).category).toBe(12);
    for (const bad of ["abc", "0", "-3", "1.5", "1e400"]) {
      const r = productListQuerySchema.safeParse({ category: bad });
      expect(r.success, bad).toBe(false);
      if (!r.success) expect(r.error.issues[0]?.message).toBe("Invalid category id");
    }
  });
  it("limits listing pages and filter values", () => {
    expect(catalogPageQuerySchema.parse({}).page).toBe(1);
    expect(catalogPageQuerySchema.safeParse({ page: "51" }).success).toBe(false);
    expect(catalogPageQuerySchema.parse({ size: "XL", color: "Mustard Yellow" })).toMatchObject({ size: "XL", color: "Mustard Yellow" });
    expect(catalogPageQuerySchema.safeParse({ color: "<script>" }).success).toBe(false);
    expect(catalogPageQuerySchema.parse({ size: "" }).size).toBeUndefined();
  });
  it("trims search text and refuses blank or overlong queries", () => {
    expect(searchQuerySchema.parse({ query: "  kurti " }).query).toBe("kurti");
    expect(searchQuerySchema.safeParse({ query: "   " }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ query: "a".repeat(101) }).success).toBe(false);
  });
  it("accepts only lower-case hyphenated slugs", () => {
    expect(slugSchema.safeParse("coral-floral-butta-midi-dress").success).toBe(true);
    for (const bad of ["Bad Slug", "a--b", "-a", "a/b", ""]) expect(slugSchema.safeParse(bad).success, bad).toBe(false);
  });
});

describe("size order", () => {
  it("sorts sizes as shoppers expect, unknown ones last", () => {
    expect(sortSizes(["XL", "Free Size", "S", "3XL", "XS", "Custom", "M"])).toEqual(["XS", "S", "M", "XL", "3XL", "Free Size", "Custom"]);
  });
});
