import { DEFERRED_SCRIPTS_ID } from "./deferred-scripts";

/** The longest the page's scripts wait for its largest picture, so a stalled picture never leaves the page without them. */
export const IMAGE_WAIT_MS = 2_000;

/**
 * Runs in the browser, inline right after the `<template>` that holds `<Scripts>` (see
 * deferred-scripts.tsx): copies each element out of the template into the document, so it runs or
 * loads. Self-contained: it is written into the page as source text.
 */
function bootPageScripts(templateId: string, imageWaitMs: number) {
  const template = document.getElementById(templateId) as HTMLTemplateElement | null;
  if (!template) return;
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? "";
  const elements = Array.from(template.content.children);
  const run = (element: Element) => {
    const copy = document.createElement(element.localName) as HTMLScriptElement;
    for (const { name, value } of Array.from(element.attributes)) copy.setAttribute(name, value);
    copy.textContent = element.textContent;
    copy.nonce = nonce;
    document.body.append(copy);
  };
  const waits = (element: Element) => element.localName === "link" || element.getAttribute("type") === "module";
  for (const element of elements) if (!waits(element)) run(element);
  const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  const decoded = image ? image.decode().catch(() => {}) : Promise.resolve();
  const capped = Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, imageWaitMs))]);
  void capped.then(() =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        for (const element of elements) if (waits(element)) run(element);
      }, 0),
    ),
  );
}

export const DEFERRED_SCRIPTS_BOOT = `(${bootPageScripts.toString()})(${JSON.stringify(DEFERRED_SCRIPTS_ID)},${IMAGE_WAIT_MS});`;
