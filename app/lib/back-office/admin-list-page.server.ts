import { data } from "react-router";
import { AppError } from "../../../workers/services/platform/errors";
import type { ListProblem } from "./admin-list-page";

/**
 * The refusal a list's loader shows beside its filter form (400); a 404 stays a 404, and anything
 * else is not about the filters, so it is thrown on.
 */
export function listProblem(error: unknown): ListProblem {
  if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
  if (error instanceof AppError && error.status === 400) {
    return { message: error.message, fields: (error.details?.fields as Record<string, string> | undefined) ?? {} };
  }
  throw error;
}
