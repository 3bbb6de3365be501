import { lazy, Suspense, useState } from "react";
import { Kept } from "../../lib/kept-html";
import { FREE_SIZE, hasMeasuredSizes } from "../../lib/product-options";
import { useHydrated } from "../../lib/use-hydrated";
import { SizeChartTable } from "./size-chart-table";

const SizeChartDialog = lazy(() => import("./size-chart-dialog"));

/**
 * "Size Chart". The page the server writes has it as a native disclosure (`<details>` with the
 * table), which opens with one tap before the page's script has started, and without JavaScript at
 * all. The script keeps that element as the server wrote it (the table costs the page no
 * JavaScript) and from then on a tap on its summary opens the chart in a modal, loaded when first
 * asked for, unless she had already opened it in place. A product page reached by the app's own
 * navigation has no server HTML to keep and draws the button instead.
 * A product whose only size is Free Size gets a line saying so instead: body measurements would
 * only suggest a fit it does not have.
 */
export function SizeChart({ sizes }: { sizes: readonly { size: string }[] }) {
  const [open, setOpen] = useState(false);
  // False while hydrating the server's page, true when the app itself draws a new one.
  const hydrated = useHydrated();
  const [serverWritten] = useState(!hydrated);
  if (!hasMeasuredSizes(sizes)) {
    return <p className="size-chart-slot size-chart-note">{FREE_SIZE}: one size that fits all, so there is no size chart.</p>;
  }
  const dialog = open && (
    <Suspense fallback={null}>
      <SizeChartDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
  if (!serverWritten) {
    return (
      <div className="size-chart-slot">
        <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          Size Chart
        </button>
        {dialog}
      </div>
    );
  }
  return (
    <div className="size-chart-slot">
      {import.meta.env.SSR ? (
        // The same table on every product page: the server writes the HTML it rendered the first time.
        <Kept as="details" className="size-chart-disclosure" name="size-chart" inputs={null}>
          {() => (
            <>
              <summary className="link-button">Size Chart</summary>
              <SizeChartTable />
            </>
          )}
        </Kept>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveElementInteractions lint/a11y/useKeyWithClickEvents: the click comes from the summary, a native control that Enter and Space also click.
        <details
          className="size-chart-disclosure"
          // The server's summary and table, kept as they are: hydration leaves inner HTML alone.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: empty; it only tells React the content is not its own.
          dangerouslySetInnerHTML={{ __html: "" }}
          suppressHydrationWarning
          onClick={(event) => {
            const details = event.currentTarget;
            if (details.open || !(event.target as Element).closest("summary")) return;
            event.preventDefault();
            setOpen(true);
          }}
        />
      )}
      {dialog}
    </div>
  );
}
