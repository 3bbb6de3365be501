import * as z from "zod";
import { commentProblem, RATING_MAX, ratingProblem } from "./reviews.rules";

/**
 * A review as posted by the page's form (strings) or an API client (JSON): `rating` a whole number
 * 1 to 5 (digits in a string are read as the number; 2.5, "x", 0 and 6 are refused), `comment` 2 to
 * 2,000 characters once trimmed. The checks are the rules' own functions (reviews.rules.ts), so the
 * form's messages and the server's are the same words. Other keys (a name, a `verified` flag) are
 * dropped: the name is the account's and `verified` is the server's to decide.
 */
const asRecord = z
  .unknown()
  .transform((v) => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {}));

// Line ends made one kind; control characters other than tab and newline are dropped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

export const reviewInputSchema = asRecord.pipe(
  z.object({
    rating: z.unknown().transform((v, ctx) => {
      const problem = ratingProblem(v);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return Math.min(Number(v), RATING_MAX);
    }),
    comment: z.unknown().transform((v, ctx) => {
      const text = typeof v === "string" ? v.replace(/\r\n?/g, "\n").replace(CONTROL, "").trim() : "";
      const problem = commentProblem(text);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return text;
    }),
  }),
);

export type ReviewInput = z.output<typeof reviewInputSchema>;

/** A product id in a path: digits only, else it names no product. */
export const productIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}$/)
  .transform(Number)
  .pipe(z.number().int().max(Number.MAX_SAFE_INTEGER));

/** Which reviews a "Show more" asks for: from `offset`, a page at a time. */
export const reviewPageSchema = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).catch(0),
});
