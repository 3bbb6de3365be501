import { type FormEvent, useEffect, useRef } from "react";
import { useActionData, useLocation, useNavigation } from "react-router";

/**
 * A form's submission is held until the one before it is answered. Forms disable their button once
 * React renders them busy, but a double click (or a tap on a busy phone) can land before that render:
 * the form then posts twice, adds the piece to the bag twice, sends the reply twice, and shows the
 * second answer ("already cancelled") for the first one's work. This guard is synchronous, in the
 * submit event itself.
 *
 * `busy`: this form's submission is on its way (a fetcher's or the navigation's state). `answer`: what
 * the last submission returned (the fetcher's data, the action's data, the location after a
 * redirect): a new one frees the form even when React never rendered it busy in between. Should
 * neither ever change (a submission that never started), the hold lapses after HOLD_MS.
 *
 * Returns the form's onSubmit handler; `then` runs for a submission that goes ahead.
 */
export function useOneSubmission(busy: boolean, answer: unknown, then?: (event: FormEvent<HTMLFormElement>) => void) {
  const heldSince = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer is a trigger of its own, even when busy reads the same.
  useEffect(() => {
    if (!busy) heldSince.current = 0;
  }, [busy, answer]);
  return (event: FormEvent<HTMLFormElement>) => {
    then?.(event);
    if (event.defaultPrevented) return;
    if (heldSince.current !== 0 && Date.now() - heldSince.current < HOLD_MS) {
      event.preventDefault();
      return;
    }
    heldSince.current = Date.now();
  };
}

const HOLD_MS = 15_000;

/** useOneSubmission for a form that navigates (`<Form method="post">`): answered by its action's data or the page it leads to. */
export function useOneNavigationSubmission(then?: (event: FormEvent<HTMLFormElement>) => void) {
  const busy = useNavigation().state !== "idle";
  const actionData = useActionData();
  const { key } = useLocation();
  return useOneSubmission(busy, actionData ?? key, then);
}
