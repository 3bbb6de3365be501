import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/** Longest hydration waits for the image, so a stalled picture never leaves the page inert. */
const IMAGE_WAIT_MS = 2_000;

/**
 * Resolves once the page's largest picture (the one with `fetchpriority="high"`) is decoded and a
 * frame has been painted: React's hydration then runs after the shopper already sees the page
 * instead of competing with its first paint. Links and forms work without React meanwhile.
 */
function afterFirstPaint(): Promise<void> {
  const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  const decoded = image ? image.decode().catch(() => {}) : Promise.resolve();
  const capped = Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, IMAGE_WAIT_MS))]);
  return capped.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

void afterFirstPaint().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
