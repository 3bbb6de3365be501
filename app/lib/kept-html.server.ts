import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { HtmlKeeper } from "./kept-html";

/**
 * At most this many pieces of HTML are kept per Worker instance. The keys are a few per build (the
 * footer for the store's current address and this year, the size chart); when the owner changes the
 * address the old footer is the oldest entry and leaves first.
 */
const KEEP = 32;

const kept = new Map<string, string>();

/** The server's keeper (see Kept in kept-html.tsx): the HTML of each key, rendered once. */
export const keepHtml: HtmlKeeper = (key: string, render: () => ReactNode) => {
  const found = kept.get(key);
  if (found !== undefined) return found;
  const html = renderToString(render());
  if (kept.size >= KEEP) kept.delete(kept.keys().next().value as string);
  kept.set(key, html);
  return html;
};
