import { useEffect, useState } from "react";
import type { RupeeStyle } from "../../../workers/services/catalog/pricing";
import { indiaDate, indiaMidnight } from "../../../workers/services/platform/india-time.rules";

/**
 * What the back office's printable documents share (the packing slip and the tax invoice).
 * Its own module, imported by those two routes only, so no storefront chunk changes.
 */

/** "2026-11-26" as "26 November 2026"; anything else as it came. */
export const dayLabel = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) && indiaDate(indiaMidnight(day))) || day;

/** Amounts on a printed document: with their paise and a typeset minus ("−₹1,23,456.50"). */
export const DOCUMENT_RUPEES = { paise: "always", minus: "−" } as const satisfies RupeeStyle;

/**
 * "Print": an enhancement (window.print()), shown once the page's JavaScript runs; without it the
 * browser's own Print does the same. Hidden on paper, as are the back office's bar and links.
 */
export function PrintButton({ label = "Print" }: { label?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className="button button--primary" onClick={() => window.print()}>
      {label}
    </button>
  );
}
