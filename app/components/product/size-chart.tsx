import { lazy, Suspense, useState } from "react";
import { SizeChartTable } from "./size-chart-table";

const SizeChartDialog = lazy(() => import("./size-chart-dialog"));

/**
 * The "Size Chart" button; its modal is loaded when first opened. Without JavaScript the button is
 * hidden (CSS `scripting: none`) and a disclosure shows the table in place instead. That fallback
 * is rendered on the server only, inside <noscript>, so the table costs the page no JavaScript.
 */
export function SizeChart() {
  const [open, setOpen] = useState(false);
  return (
    <div className="size-chart-slot">
      <button type="button" className="link-button js-only" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Size Chart
      </button>
      <noscript>
        {import.meta.env.SSR && (
          <details className="size-chart-disclosure">
            <summary className="link-button">Size Chart</summary>
            <SizeChartTable />
          </details>
        )}
      </noscript>
      {open && (
        <Suspense fallback={null}>
          <SizeChartDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
