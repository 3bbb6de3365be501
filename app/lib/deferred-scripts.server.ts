import { DEFERRED_SCRIPTS_ID, PRIORITY_IMAGE_TIMING } from "./deferred-scripts";

/** The longest the page's scripts wait for its first paint and its largest picture, so a stalled picture never leaves the page without them. */
const IMAGE_WAIT_MS = 2_000;

/**
 * Runs in the browser, inline right after the `<template>` that holds `<Scripts>` (see
 * deferred-scripts.tsx): copies each element out of the template into the document, so it runs or
 * loads. Self-contained: it is written into the page as source text.
 */
function bootPageScripts(templateId: string, imageTiming: string, imageWaitMs: number) {
  // The router cancels a request a newer one makes pointless (a search typed on, a second
  // navigation) with a bare abort(); that cancelled request's rejection is expected, not an error.
  window.addEventListener("unhandledrejection", (event: PromiseRejectionEvent) => {
    if ((event.reason as { name?: string } | null)?.name === "AbortError") event.preventDefault();
  });
  const template = document.getElementById(templateId) as HTMLTemplateElement | null;
  if (!template) return;
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? "";
  const elements = Array.from(template.content.children);
  const run = (element: Element) => {
    const copy = document.createElement(element.localName) as HTMLScriptElement;
    for (const { name, value } of Array.from(element.attributes)) copy.setAttribute(name, value);
    copy.textContent = element.textContent;
    copy.nonce = nonce;
    document.body.appendChild(copy);
  };
  const waits = (element: Element) => element.localName === "link" || element.getAttribute("type") === "module";
  for (const element of elements) if (!waits(element)) run(element);
  // "Painted" is what the browser reports: the first contentful paint, and the largest picture's
  // own paint (Element Timing), or where that is not reported, its decoding and one more frame.
  const image = document.querySelector<HTMLImageElement>(`img[elementtiming="${imageTiming}"]`);
  // A browser without these reports (or whose observer refuses the options) waits for nothing.
  const supports = (type: string) =>
    typeof PerformanceObserver === "function" && (PerformanceObserver.supportedEntryTypes?.includes(type) ?? false);
  const reported = (type: string, seen: (entry: PerformanceEntry) => boolean) =>
    new Promise<void>((resolve) => {
      if (!supports(type)) return resolve();
      try {
        new PerformanceObserver((list, observer) => {
          if (!list.getEntries().some(seen)) return;
          observer.disconnect();
          resolve();
        }).observe({ type, buffered: true });
      } catch {
        resolve();
      }
    });
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const imagePainted = !image
    ? undefined
    : supports("element")
      ? reported("element", (entry) => (entry as PerformanceEntry & { element: Element | null }).element === image)
      : Promise.resolve(image.decode?.())
          .catch(() => {})
          .then(nextFrame);
  const painted = Promise.all([reported("paint", (entry) => entry.name === "first-contentful-paint"), imagePainted]);
  void Promise.race([painted, new Promise((resolve) => setTimeout(resolve, imageWaitMs))]).then(() =>
    setTimeout(() => {
      for (const element of elements) if (waits(element)) run(element);
    }, 0),
  );
}

export const DEFERRED_SCRIPTS_BOOT = `(${bootPageScripts.toString()})(${[DEFERRED_SCRIPTS_ID, PRIORITY_IMAGE_TIMING, IMAGE_WAIT_MS].map((arg) => JSON.stringify(arg)).join()});`;
