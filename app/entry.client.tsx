import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// This module loads once the page has painted (app/lib/deferred-scripts.tsx); hydration runs in a
// transition, so React yields to the browser between pieces of work instead of one long task.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
