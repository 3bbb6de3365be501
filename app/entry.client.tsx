import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * Marks the document once hydration has committed (`<html data-hydrated>`): React attaches itself
 * to elements while it is still hydrating, so that is no sign the page is done. Renders nothing of
 * its own, so the tree still matches the server's.
 */
function MarkHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return children;
}

// What the page's first-paint-to-hydrated measurement (scripts/measure/interactive.ts) reads as the
// end of the modules' evaluation: every module this one imports has run by now.
performance.mark("aanchal:hydrate-start");

// This module loads once the page has painted (app/lib/deferred-scripts.tsx); hydration runs in a
// transition, so React yields to the browser between pieces of work instead of one long task.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <MarkHydrated>
        <HydratedRouter />
      </MarkHydrated>
    </StrictMode>,
  );
});
