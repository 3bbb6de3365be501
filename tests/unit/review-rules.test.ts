import { describe, expect, it } from "vitest";
import {
  COMMENT_MAX,
  commentLength,
  commentProblem,
  REVIEW_MESSAGES,
  ratingProblem,
  reviewProblems,
} from "../../workers/services/shopping/reviews.rules";
import { productIdSchema, reviewInputSchema } from "../../workers/services/shopping/reviews.schema";

/** The server's answer to a review, as its first message (or the parsed review). */
const parsed = (input: unknown) => {
  const result = reviewInputSchema.safeParse(input);
  return result.success ? result.data : result.error.issues.map((i) => i.message);
};

describe("review rules (the form's copy and the server's checks say the same)", () => {
  it("a rating is a whole number from 1 to 5, as a number or its digits", () => {
    for (const good of [1, 3, 5, "1", "5", " 4 "]) expect(ratingProblem(good), String(good)).toBeNull();
    for (const missing of [undefined, null, ""]) expect(ratingProblem(missing)).toBe("Please select a rating");
    for (const bad of [0, 6, 2.5, "2.5", "x", -1, "05x", true, [4], {}, Number.NaN, Number.POSITIVE_INFINITY, "1e0", "  "]) {
      expect(ratingProblem(bad), String(bad)).toBe(REVIEW_MESSAGES.ratingInvalid);
    }
  });

  it("a comment is required, 2 to 2,000 characters once trimmed, counting what a shopper sees as a character", () => {
    expect(commentProblem("")).toBe(REVIEW_MESSAGES.commentRequired);
    expect(commentProblem("   \n ")).toBe(REVIEW_MESSAGES.commentRequired);
    expect(commentProblem("a")).toBe(REVIEW_MESSAGES.commentTooShort);
    expect(commentProblem(" ok ")).toBeNull();
    expect(commentProblem("x".repeat(COMMENT_MAX))).toBeNull();
    expect(commentProblem("x".repeat(COMMENT_MAX + 1))).toBe(REVIEW_MESSAGES.commentTooLong);
    expect(commentProblem("x".repeat(10_000))).toBe(REVIEW_MESSAGES.commentTooLong);
    // 2,000 emoji are 4,000 UTF-16 units, and still 2,000 characters.
    expect(commentLength("😀".repeat(COMMENT_MAX))).toBe(COMMENT_MAX);
    expect(commentProblem("😀".repeat(COMMENT_MAX))).toBeNull();
    expect(REVIEW_MESSAGES.commentTooLong).toContain("2,000");
  });

  it("reviewProblems names every field at fault, and none for a good review", () => {
    expect(reviewProblems({ rating: undefined, comment: "" })).toEqual({
      rating: "Please select a rating",
      comment: REVIEW_MESSAGES.commentRequired,
    });
    expect(reviewProblems({ rating: "4", comment: "Lovely" })).toEqual({});
  });

  it("the server's schema gives the same messages, trims, and keeps only rating and comment", () => {
    expect(parsed({ rating: "5", comment: "  Lovely\r\nfabric\u0000  ", name: "Someone", verified: true })).toEqual({
      rating: 5,
      comment: "Lovely\nfabric",
    });
    expect(parsed({ comment: "Lovely" })).toEqual(["Please select a rating"]);
    expect(parsed({ rating: 2.5, comment: "x" })).toEqual([REVIEW_MESSAGES.ratingInvalid, REVIEW_MESSAGES.commentTooShort]);
    expect(parsed({ rating: 4, comment: 42 })).toEqual([REVIEW_MESSAGES.commentRequired]);
    expect(parsed(null)).toEqual(["Please select a rating", REVIEW_MESSAGES.commentRequired]);
    expect(parsed("rating=5")).toEqual(["Please select a rating", REVIEW_MESSAGES.commentRequired]);
  });

  it("a product id in a path is digits only", () => {
    expect(productIdSchema.safeParse("42").data).toBe(42);
    for (const bad of ["0", "-1", "1.5", "abc", "", "1e3", "99999999999999999999", " 4"]) {
      expect(productIdSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
