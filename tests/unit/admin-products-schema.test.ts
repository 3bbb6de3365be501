import { describe, expect, it } from "vitest";
import { PRODUCT_MESSAGES as M, slugFromName } from "../../workers/services/back-office/catalog/admin-products.rules";
import { nestForm, productInputSchema } from "../../workers/services/back-office/catalog/admin-products.schema";
import { fieldErrors } from "../../workers/services/platform/fields.schema";

/** The product's shared rules: what the API and the product form both accept and refuse. */
const valid = {
  name: "  Chanderi   Kurti ",
  description: "Light and airy.",
  categoryId: 2,
  colors: [{ name: "Indigo", hex: "#2B3A67" }],
  sizes: [
    { size: "M", price: 1299, discountPrice: 999, stock: 5 },
    { size: "L", price: "1,299.50", discountPrice: "", stock: "0" },
  ],
};

const errorsOf = (input: unknown) => {
  const res = productInputSchema.safeParse(input);
  if (res.success) return null;
  return fieldErrors(res.error.issues);
};

describe("productInputSchema", () => {
  it("accepts a whole product, tidies it, makes the slug from the name and turns rupees into paise", () => {
    const p = productInputSchema.parse(valid);
    expect(p).toMatchObject({
      name: "Chanderi Kurti",
      slug: "chanderi-kurti",
      brand: "Aanchal",
      categoryId: 2,
      subcategoryId: null,
      colors: [{ name: "Indigo", hex: "#2b3a67" }],
      sizes: [
        { size: "M", price: 129_900, discountPrice: 99_900, stock: 5 },
        { size: "L", price: 129_950, discountPrice: null, stock: 0 },
      ],
    });
    expect(p.details.fabric).toBe("");
    expect(p.media).toBeUndefined();
  });

  it("keys each problem by its field's path", () => {
    expect(
      errorsOf({
        ...valid,
        name: "",
        slug: "Not A Slug",
        categoryId: "",
        colors: [
          { name: "Red", hex: "red" },
          { name: "red", hex: "#ff0000" },
        ],
        sizes: [
          { size: "M", price: 1000, discountPrice: 1000, stock: 1 },
          { size: "M", price: 0, stock: 1.5 },
          { size: "Huge", price: "12.345", discountPrice: "abc", stock: -1 },
        ],
      }),
    ).toEqual({
      name: M.nameRequired,
      slug: M.slugInvalid,
      categoryId: M.categoryRequired,
      "colors.0.hex": M.colourHexInvalid,
      "colors.1.name": M.colourDuplicate,
      "sizes.0.discountPrice": M.discountNotBelow,
      "sizes.1.price": M.priceInvalid,
      "sizes.1.stock": M.stockInvalid,
      "sizes.1.size": M.sizeDuplicate,
      "sizes.2.size": M.sizeInvalid,
      "sizes.2.price": M.priceInvalid,
      "sizes.2.discountPrice": M.discountInvalid,
      "sizes.2.stock": M.stockInvalid,
    });
  });

  it("says the discount price must be below the price (equal is refused, though the database allows it)", () => {
    expect(errorsOf({ ...valid, sizes: [{ size: "S", price: 500, discountPrice: 500, stock: 1 }] })).toEqual({
      "sizes.0.discountPrice": M.discountNotBelow,
    });
    expect(errorsOf({ ...valid, sizes: [{ size: "S", price: 500, discountPrice: 499.99, stock: 1 }] })).toBeNull();
  });

  it("needs at least one colour and one size; blank rows are spare rows, not errors", () => {
    expect(
      errorsOf({ ...valid, colors: [{ name: "", hex: "#000000" }], sizes: [{ size: "", price: "", discountPrice: "", stock: "" }] }),
    ).toEqual({ colors: M.colourRequired, sizes: M.sizeRequired });
  });

  it("takes only sizes of the size chart and whole stock figures of 0 or more", () => {
    for (const stock of [-1, 1.5, "2.0", "ten", ""]) {
      expect(errorsOf({ ...valid, sizes: [{ size: "S", price: 100, stock }] }), String(stock)).toEqual({ "sizes.0.stock": M.stockInvalid });
    }
    expect(errorsOf({ ...valid, sizes: [{ size: "XXL", price: 100, stock: 0 }] })).toBeNull();
    expect(errorsOf({ ...valid, sizes: [{ size: "xxl", price: 100, stock: 0 }] })).toEqual({ "sizes.0.size": M.sizeInvalid });
  });

  it("wants alt text on every picture and an https .mp4/.webm link for a video", () => {
    expect(
      errorsOf({
        ...valid,
        media: [
          { id: 4, type: "image", alt: " " },
          { type: "video", url: "http://example.com/a.mp4", alt: "Moving" },
          { type: "video", url: "https://example.com/a.exe", alt: "Moving" },
          { type: "video", url: "https://cdn.example.com/kurti.webm", alt: "Moving" },
          { type: "image", url: "https://elsewhere.example/x.jpg", alt: "Sneaked in" },
        ],
      }),
    ).toEqual({
      "media.0.alt": M.altRequired,
      "media.1.url": M.videoUrlInvalid,
      "media.2.url": M.videoUrlInvalid,
      "media.4.id": M.mediaUnknown,
    });
  });

  it("reads a form's flat fields as rows, in their numbers' order", () => {
    const form = new FormData();
    form.append("name", "Rose kurti");
    form.append("description", "Pink.");
    form.append("categoryId", "3");
    form.append("details.fabric", "Rayon");
    form.append("colors.1.name", "Pink");
    form.append("colors.1.hex", "#ffc0cb");
    form.append("colors.0.name", "Rose");
    form.append("colors.0.hex", "#d46a8c");
    form.append("sizes.0.size", "S");
    form.append("sizes.0.price", "999");
    form.append("sizes.0.stock", "2");
    form.append("__proto__.polluted", "yes");
    const p = productInputSchema.parse(nestForm(form.entries()));
    expect(p.colors.map((c) => c.name)).toEqual(["Rose", "Pink"]);
    expect(p.details.fabric).toBe("Rayon");
    expect(p.sizes).toEqual([{ size: "S", price: 999_00, discountPrice: null, stock: 2, stockWas: undefined }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("slugFromName", () => {
  it("makes lowercase a-z0-9 words joined by single hyphens", () => {
    expect(slugFromName("Rosé Kurta & Dupatta Set -- 2 pc")).toBe("rose-kurta-and-dupatta-set-2-pc");
    expect(slugFromName("  ---  ")).toBe("");
  });
});
