import { lazy, Suspense, useState } from "react";
import { Kept } from "../../lib/kept-html";
import { FREE_SIZE, hasMeasuredSizes } from "../../lib/product-options";
import { SizeChartTable } from "./size-chart-table";

const SizeChartDialog = lazy(() => import("./size-chart-dialog"));

/**
 * The "Size Chart" button; its modal is loaded when first opened. Without JavaScript the button is
 * hidden (CSS `scripting: none`) and a disclosure shows the table in place instead. That fallback
 * is rendered on the server only, inside <noscript>, so the table costs the page no JavaScript.
 * A product whose only size is Free Size gets a line saying so instead: body measurements would
 * only suggest a fit it does not have.
 */
export function SizeChart({ sizes }: { sizes: readonly { size: string }[] }) {
  const [open, setOpen] = useState(false);
  if (!hasMeasuredSizes(sizes)) {
    return <p className="size-chart-slot size-chart-note">{FREE_SIZE}: one size that fits all, so there is no size chart.</p>;
  }
  return (
    <div className="size-chart-slot">
      <button type="button" className="link-button js-only" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Size Chart
      </button>
      <noscript>
        {import.meta.env.SSR && (
          // The same table on every product page: the server writes the HTML it rendered the first time.
          <Kept as="details" className="size-chart-disclosure" name="size-chart" inputs={null}>
            {() => (
              <>
                <summary className="link-button">Size Chart</summary>
                <SizeChartTable />
              </>
            )}
          </Kept>
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
