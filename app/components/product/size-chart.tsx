import { lazy, Suspense, useState } from "react";
import { useHydrated } from "../../lib/hooks/use-hydrated";
import { Kept } from "../../lib/kept-html";
import { FREE_SIZE, hasMeasuredSizes } from "../../lib/product-options";
import { SizeChartTable } from "./size-chart-table";

/** The size finder's first field on the product page (the form `size-finder`'s bust), where the chart sends her. */
const FIND_MY_SIZE_TARGET = "size-finder-bust";

const SizeChartDialog = lazy(() => import("./size-chart-dialog"));

const SUMMARY = '<summary class="link-button">Size Chart</summary>';

/**
 * "Size Chart". The page the server writes has it as a native disclosure (`<details>` with the
 * table), which opens with one tap before the page's script has started, and without JavaScript at
 * all. The script keeps that element as the server wrote it (the table costs the page no
 * JavaScript) and from then on a tap on its summary opens the chart in a modal, loaded when first
 * asked for, unless she had already opened it in place. A product page reached by the app's own
 * navigation has no server HTML to keep and draws the summary alone.
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
  return (
    <div className="size-chart-slot">
      {import.meta.env.SSR ? (
        // The same table on every product page: the server writes the HTML it rendered the first time.
        <Kept as="details" className="size-chart-disclosure" name="size-chart" inputs={null}>
          {() => (
            <>
              <summary className="link-button">Size Chart</summary>
              <SizeChartTable />
              {/* Following a link into a closed disclosure opens it: no script needed. */}
              <p className="size-chart__finder">
                <a href={`#${FIND_MY_SIZE_TARGET}`}>Find my size from my measurements</a>
              </p>
            </>
          )}
        </Kept>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveElementInteractions lint/a11y/useKeyWithClickEvents: the click comes from the summary, a native control that Enter and Space also click.
        <details
          className="size-chart-disclosure"
          // Hydrating, the server's summary and table are kept as they are (hydration leaves inner
          // HTML alone); drawn by the app, the summary alone, which only ever opens the modal.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, or empty.
          dangerouslySetInnerHTML={{ __html: serverWritten ? "" : SUMMARY }}
          suppressHydrationWarning
          onClick={(event) => {
            if (event.currentTarget.open || !(event.target as Element).closest("summary")) return;
            event.preventDefault();
            setOpen(true);
          }}
        />
      )}
      {open && (
        <Suspense fallback={null}>
          <SizeChartDialog onClose={() => setOpen(false)} finderTarget={FIND_MY_SIZE_TARGET} />
        </Suspense>
      )}
    </div>
  );
}
