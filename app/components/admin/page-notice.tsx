import type { ReactNode } from "react";

/**
 * A back-office page's answer to the last change: what was done (a status, read out politely) or,
 * when the change was refused, why (an alert, which replaces the status).
 */
export function PageNotice({ notice, problem }: { notice?: ReactNode; problem?: string }) {
  if (problem)
    return (
      <p className="notice notice--error" role="alert">
        {problem}
      </p>
    );
  if (!notice) return null;
  return (
    <p className="notice" role="status">
      {notice}
    </p>
  );
}
