import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { HtmlKeeper } from "./kept-html";

/**
 * By default at most this many versions of one kept content per Worker instance: the footer is one
 * per store address and year, the size chart one; when the owner changes the address the old footer
 * is the oldest entry and leaves first. Cards' bodies ask for more (one per product and heading level).
 */
const KEEP = 32;

/** Each content's versions, by their inputs (as JSON), oldest first. */
const kept = new Map<string, Map<string, string>>();

/** The server's keeper (see Kept in kept-html.tsx): the HTML of each content and inputs, rendered once. */
export const keepHtml: HtmlKeeper = (name: string, inputs: string, render: () => ReactNode, limit = KEEP) => {
  let versions = kept.get(name);
  if (!versions) {
    versions = new Map();
    kept.set(name, versions);
  }
  const found = versions.get(inputs);
  if (found !== undefined) return found;
  const html = renderToString(render());
  if (versions.size >= limit) versions.delete(versions.keys().next().value as string);
  versions.set(inputs, html);
  return html;
};
