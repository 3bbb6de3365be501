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
