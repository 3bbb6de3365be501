import { describe, expect, it } from "vitest";
import { formatRupees } from "../../workers/services/catalog/pricing";
import { paiseOf, rupeesToPaise } from "../../workers/services/platform/rupees-input.rules";
import { likeContains } from "../../workers/services/platform/sql-like";

/** The one rupee formatter's options (the shop's own style is pricing.test.ts's). */
describe("formatRupees options", () => {
  it("writes paise always on documents, with a typeset minus", () => {
    const doc = { paise: "always", minus: "−" } as const;
    expect(formatRupees(1299_00, doc)).toBe("₹1,299.00");
    expect(formatRupees(-265_80, doc)).toBe("−₹265.80");
    expect(formatRupees(-265_80)).toBe("-₹265.80");
  });

  it("writes a form field's value: no symbol, no grouping, paise only when there are some", () => {
    expect(formatRupees(1_29_999_00, { symbol: false })).toBe("129999");
    expect(formatRupees(1299_50, { symbol: false })).toBe("1299.50");
    expect(formatRupees(null, { symbol: false })).toBe("");
  });

  it("reads back what it wrote without a symbol", () => {
    for (const paise of [5, 1299_00, 1299_50, 1_00_00_000_00]) expect(rupeesToPaise(formatRupees(paise, { symbol: false }))).toBe(paise);
  });
});

describe("likeContains", () => {
  it("matches its own %, _ and backslash as themselves, anywhere", () => {
    expect(likeContains("kurti")).toBe("%kurti%");
    expect(likeContains("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("paiseOf", () => {
  it("takes rupees as a number to paise, and refuses what is finer than a paisa or not a number", () => {
    expect(paiseOf(49.5)).toBe(4950);
    expect(paiseOf(0.1 + 0.2)).toBe(30);
    expect(paiseOf(1299)).toBe(129900);
    expect(paiseOf(12.345)).toBeNaN();
    expect(paiseOf(Number.POSITIVE_INFINITY)).toBeNaN();
    expect(paiseOf(Number.NaN)).toBeNaN();
  });
});
