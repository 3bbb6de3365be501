import type { z } from "zod";
import { AppError } from "./errors";

/** Any zod schema, from the full API or the "mini" one the browser-side rules use. */
interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: z.core.$ZodIssue[] } };
}

/** Parses input at a service boundary; the first problem becomes a 400 carrying its message. */
export function parseInput<T>(schema: Schema<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new AppError(400, issue?.message ?? "Invalid input", { field: issue?.path.join(".") });
}
