import { databaseUnavailable } from "../../db/client";
import { AppError } from "../../workers/services/platform/errors";

/**
 * Rethrows what no form answers: a Response (a redirect, the back office's 404) and a database that
 * cannot be reached, which is the shared 503 page (workers/outage.ts), not a message next to a field.
 */
export function rethrowUnanswered(error: unknown): void {
  if (error instanceof Response || databaseUnavailable(error)) throw error;
}

/** A failure as the shopper reads it (the service's own words), or null, logged as `what`, for one that is not hers to fix. */
export function problemOf(error: unknown, what: string): AppError | null {
  rethrowUnanswered(error);
  if (error instanceof AppError) return error;
  console.error(what, error);
  return null;
}
