import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { indiaDateTime } from "../../../workers/services/platform/india-time.rules";
import type { FormProblem } from "../../lib/auth.server";
import { useOneSubmission } from "../../lib/hooks/use-one-submission";
import { AdminPanel } from "./admin-panel";

/**
 * What the back office's detail pages that move a record (an order, a return) share: the form of one
 * move, posted by a fetcher to the page's action, and the panel of the record's history.
 */

/** A refused move's answer, and which move's form it belongs to (a page shows several). */
export type MoveProblem = FormProblem & { intent: string };

/** A moment of a record's life, or a dash when it has not come. */
export const when = (iso: string | null) => (iso ? indiaDateTime(iso) : "—");

/**
 * One move's form: its heading, the fields `children` draws for the move's problem (if refused), the
 * refusal, and a button that says it is saving. `quiet`: a move that undoes (cancel, decline) gets
 * the plain button, not the primary one.
 */
export function AdminMoveForm({
  fetcherKey,
  intent,
  headingId,
  title,
  quiet = false,
  actionData,
  children,
}: {
  fetcherKey: string;
  intent: string;
  headingId: string;
  title: string;
  quiet?: boolean;
  actionData: MoveProblem | undefined;
  children?: (problem: MoveProblem | undefined) => ReactNode;
}) {
  const fetcher = useFetcher<MoveProblem>({ key: fetcherKey });
  const problem = fetcher.data ?? (actionData?.intent === intent ? actionData : undefined);
  const pending = fetcher.state !== "idle";
  // A second click before React has disabled the button would post the move again, and the shop
  // would show "already cancelled" for the cancel it just made.
  const submitOnce = useOneSubmission(pending, fetcher.data);
  return (
    <fetcher.Form method="post" className={`admin-move admin-move--${intent}`} aria-labelledby={headingId} onSubmit={submitOnce}>
      <h3 id={headingId}>{title}</h3>
      <input type="hidden" name="intent" value={intent} />
      {children?.(problem)}
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem.message}
        </p>
      )}
      <button type="submit" className={quiet ? "button" : "button button--primary"} disabled={pending} aria-busy={pending || undefined}>
        {pending ? "Saving…" : title}
      </button>
    </fetcher.Form>
  );
}

/** An audit entry's values, "field: value, …"; nested values as JSON. */
const describe = (v: unknown) =>
  v && typeof v === "object"
    ? Object.entries(v as Record<string, unknown>)
        .map(([k, x]) => `${k}: ${x === null ? "—" : typeof x === "object" ? JSON.stringify(x) : String(x)}`)
        .join(", ")
    : "";

type HistoryEntry = { id: number | string; action: string; actorEmail: string | null; createdAt: string; before: unknown; after: unknown };

/** A record's history panel: each change by staff (or by her), who made it, when, and its values before and after. */
export function HistoryPanel<H extends HistoryEntry>({
  id,
  history,
  labels,
  actorOf,
}: {
  id: string;
  history: readonly H[];
  labels: Record<string, string>;
  actorOf: (entry: H) => string;
}) {
  return (
    <AdminPanel id={id} title="History">
      {history.length === 0 ? (
        <p className="admin-muted">No changes by staff yet.</p>
      ) : (
        <ol className="admin-history">
          {history.map((h) => (
            <li key={h.id}>
              <strong>{labels[h.action] ?? h.action}</strong> by {actorOf(h)}, <time dateTime={h.createdAt}>{when(h.createdAt)}</time>
              <span className="admin-sub">
                Before: {describe(h.before) || "—"}. After: {describe(h.after) || "—"}.
              </span>
            </li>
          ))}
        </ol>
      )}
    </AdminPanel>
  );
}

/** A detail page's heading: the way back to its list, the record's name, and a line about its state. */
export function DetailHead({ back, title, children }: { back: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <header className="admin-page__head">
      <p className="admin-muted">{back}</p>
      <h1>{title}</h1>
      <p className="admin-muted">{children}</p>
    </header>
  );
}

/** The moves the record's state allows, one form each (`children`), or `idle` when there are none. */
export function NextSteps({ id, idle, children }: { id: string; idle: string; children: ReactNode[] }) {
  return (
    <AdminPanel id={id} title="Next steps">
      {children.length === 0 ? <p className="admin-muted">{idle}</p> : <div className="admin-moves">{children}</div>}
    </AdminPanel>
  );
}
