import { data, redirect } from "react-router";
import { AppError } from "../../../workers/services/platform/errors";
import type { MoveProblem } from "../../components/admin/admin-move-form";
import { formProblem } from "../auth.server";

/**
 * The actions of the back office's detail pages (an order, a return) that move a record: what both
 * answer when the service refuses a move.
 */

/** A record that is not there (or a visitor who is not staff) is the 404 page, not a form message. */
export function notFound(error: unknown) {
  if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
}

/** The refused move's answer: the service's message and field errors, the values typed, and which move's form shows them. */
export function moveRefusal(error: unknown, intent: string, values: Record<string, string>, fallback: string) {
  notFound(error);
  const answer = formProblem(error, values, fallback);
  return data<MoveProblem>({ ...answer.data, intent }, answer.init ?? undefined);
}

/**
 * Runs a move and answers as both detail pages do: back to the page (`backTo`) with the move done
 * named, or the refusal for its form. `run` may answer early itself (a step still to confirm).
 */
export async function settleMove<T>(
  intent: string,
  values: Record<string, string>,
  fallback: string,
  backTo: string,
  run: () => Promise<T | undefined>,
) {
  try {
    const early = await run();
    if (early !== undefined) return early;
  } catch (error) {
    return moveRefusal(error, intent, values, fallback);
  }
  throw redirect(`${backTo}?done=${encodeURIComponent(intent)}`);
}
