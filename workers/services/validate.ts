import type { z } from "zod";
import { AppError } from "./errors";

/** Parses input at a service boundary; the first problem becomes a 400 carrying its message. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new AppError(400, issue?.message ?? "Invalid input", { field: issue?.path.join(".") });
}
