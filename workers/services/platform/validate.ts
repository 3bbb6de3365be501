import type { z } from "zod";
import { AppError } from "./errors";
import { type FieldErrors, fieldErrors } from "./fields.schema";

/** Any zod schema, from the full API or the "mini" one the browser-side rules use. */
interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: z.core.$ZodIssue[] } };
}

/**
 * The 400 for refused input: `message` is the first problem (what a toast or an API client shows),
 * `fields` every field's own message, so a form can flag them all at once; `field` names the first.
 */
export function invalidInput(message: string, fields: FieldErrors): AppError {
  return new AppError(400, message, { field: Object.keys(fields)[0], fields });
}

/** Parses input at a service boundary; refused input becomes `invalidInput`. */
export function parseInput<T>(schema: Schema<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { issues } = result.error;
  throw invalidInput(issues[0]?.message ?? "Invalid input", fieldErrors(issues));
}

/**
 * A row id as a path segment or a body field sends it: a positive whole number, or up to 15 digits.
 * Anything else ("1e3", "-1", "0x10", " 1", an object) is refused with `message`, a 400.
 */
export function parseId(input: unknown, message: string, field?: string): number {
  const n = typeof input === "number" ? input : typeof input === "string" && /^\d{1,15}$/.test(input) ? Number(input) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new AppError(400, message, field ? { field } : undefined);
  return n;
}
