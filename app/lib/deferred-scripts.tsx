import { createContext, useContext } from "react";
import { Scripts } from "react-router";

/**
 * The page's JavaScript starts loading once the page has painted, not while it paints.
 *
 * React Router's `<Scripts>` asks for every module of the page at once (modulepreload links and
 * the module that imports the routes), at high priority, from the head of the document on. On a
 * slow phone connection those ~100 KB share the line with the document and the page's largest
 * picture, and the first paint waits for them although links and forms work without them. Here
 * the server writes `<Scripts>` into an inert `<template>`, and a small inline script (the boot
 * script, from `deferred-scripts.server.ts`, under the page's CSP nonce) runs its parts:
 *
 * - at once, the router's context (the page's data streamed after the document is read into it);
 * - once the browser reports the first paint and the paint of the page's largest picture (at most
 *   a couple of seconds), the modulepreload links and the module that starts the router and
 *   hydrates the page.
 *
 * In the browser both elements are rendered empty and left as the server wrote them, so hydration
 * never compares them.
 */
export const DeferredScriptsContext = createContext<string | undefined>(undefined);

export const DEFERRED_SCRIPTS_ID = "page-scripts";

/** Element Timing's name for the page's largest picture: the scripts wait for its paint. */
export const PRIORITY_IMAGE_TIMING = "page-picture";

/**
 * The attributes of a page's largest picture, the one its first screen is judged by (the home
 * page's hero, the listing's banner, the product's first image, the first cards of a search): fetched
 * first, and named so the page's scripts can wait until it is on the screen.
 */
export const PRIORITY_IMAGE = { fetchpriority: "high", elementtiming: PRIORITY_IMAGE_TIMING } as const;

export function DeferredScripts({ nonce }: { nonce?: string }) {
  const boot = useContext(DeferredScriptsContext);
  if (boot === undefined) {
    // biome-ignore-start lint/security/noDangerouslySetInnerHtml: empty, so React keeps the server's elements as they are
    return (
      <>
        <template id={DEFERRED_SCRIPTS_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
      </>
    );
    // biome-ignore-end lint/security/noDangerouslySetInnerHtml: empty
  }
  return (
    <>
      <template id={DEFERRED_SCRIPTS_ID}>
        <Scripts nonce={nonce} />
      </template>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own boot script, no user content */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: boot }} />
    </>
  );
}
