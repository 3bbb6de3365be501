import { describe, expect, it } from "vitest";
import { onlyAvailableFrom } from "../../workers/services/catalog/choice.rules";
import { cartMessages } from "../../workers/services/shopping/cart.rules";
import { quantitySchema } from "../../workers/services/shopping/cart-choice";

const read = (value: unknown) => {
  const result = quantitySchema.safeParse(value);
  return result.success ? result.data : result.error.issues[0]!.message;
};

describe("a quantity as a client may send it", () => {
  it("takes whole numbers from 1 to 1,000, as numbers or digits", () => {
    expect([1, "2", " 3 ", 1000, "1000"].map(read)).toEqual([1, 2, 3, 1000, 1000]);
  });

  it("refuses what is below 1, not whole, not a number or too large, each in its own words", () => {
    expect([0, "0", -1, "-5", "", null, undefined].map(read)).toEqual(Array(7).fill(cartMessages.quantityBelowOne));
    expect([1.5, "2.5", "two", "1e3", "0x10", true, [], {}].map(read)).toEqual(Array(8).fill(cartMessages.quantityNotWhole));
    expect([1001, "12345678901", "9".repeat(400), 1e21].map(read)).toEqual(Array(4).fill(cartMessages.quantityTooLarge));
  });
});

describe("the stock's words", () => {
  it("are the product page's on the page and the card modal's elsewhere", () => {
    expect(onlyAvailableFrom("page", 3)).toBe("Only 3 items available in this size");
    expect(onlyAvailableFrom("card", 3)).toBe("Sorry, there are only 3 items of this size available.");
    expect(cartMessages.onlyLeft(2)).toBe("Only 2 left in this size");
    expect(cartMessages.onlyLeft(0)).toBe("This size has sold out");
  });
});
