import { useEffect, useRef } from "react";

/** What a product picture shows when it is missing or fails to load (docs/product/catalog.md). */
export const PLACEHOLDER_IMAGE = "/media/placeholder.svg";

/** Swaps a picture that failed for the placeholder, once (the placeholder itself failing stays as it is). */
export function showPlaceholder(img: HTMLImageElement) {
  if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
}

/**
 * Props for an <img> that falls back to the placeholder. A picture that failed before hydration
 * fired its error event before React was listening, so the first effect looks for that too.
 */
export function useImageFallback() {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) showPlaceholder(img);
  }, []);
  return { ref, onError: (event: React.SyntheticEvent<HTMLImageElement>) => showPlaceholder(event.currentTarget) };
}
