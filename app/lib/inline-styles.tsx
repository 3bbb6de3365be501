import { createContext, useContext, useEffect, useState } from "react";

/**
 * The shop's one stylesheet, in the head of every page, in one of two forms:
 *
 * - Inline (a `<style>`), the first time a browser comes: the first paint needs the HTML and nothing
 *   else, no stylesheet request stands between the document and the first paint on a slow phone
 *   connection. Once the page has hydrated, the browser fetches the same stylesheet as a file (its
 *   name carries a hash of its content and it is cached for a year) and then sets the cookie
 *   `STYLESHEET_COOKIE` to that name.
 * - Linked (a `<link rel="stylesheet">` to that file), when the cookie names the current file and the
 *   page is one shopper's own (signed in, or a form's answer): her browser has the file, so the page
 *   does not carry 76 KB it already has, and the Worker does not write them into every page.
 *
 * A page that may be kept in the edge cache and shared by every signed-out visitor is always written
 * inline, so a first-time visitor is never served a page that waits for a file (entry.server.tsx
 * decides). Without JavaScript the cookie is never set and every page is inline.
 *
 * In the browser the context is empty and the element keeps what the server wrote: it reads which
 * element that is once, so hydration sees the same element.
 */
export interface ShopStylesheet {
  /** The stylesheet's text. */
  css: string;
  /** The same stylesheet as a file of the build: `/assets/shop-<hash>.css` (empty on the dev server). */
  href: string;
  /** Link the file instead of writing the text. */
  linked: boolean;
}

export const StylesContext = createContext<ShopStylesheet | undefined>(undefined);

export const STYLESHEET_COOKIE = "aanchal_css";
/** The cookie names the file the browser holds, so a new build (a new hash) is written inline again. */
export const stylesheetFile = (href: string) => href.slice(href.lastIndexOf("/") + 1);

const ID = "shop-css";
export const STYLESHEET_COOKIE_DAYS = 30;

/** Fetches the stylesheet file into the browser's cache, then says so in the cookie. */
async function keepStylesheet(href: string) {
  const file = stylesheetFile(href);
  if (document.cookie.includes(file)) return;
  const res = await fetch(href);
  await res.arrayBuffer();
  if (!res.ok) return;
  const secure = location.protocol === "https:" ? ";Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a build's file name (letters, digits, "-", "."), nothing to escape; the Cookie Store API is not in every browser the shop serves
  document.cookie = `${STYLESHEET_COOKIE}=${file};Path=/;Max-Age=${STYLESHEET_COOKIE_DAYS * 86400};SameSite=Lax${secure}`;
}

export function InlineStyles() {
  const fromServer = useContext(StylesContext);
  // In the browser: which element the server wrote. Its text stays as written (React leaves an
  // element's own HTML alone when hydrating, and the empty text never changes, so it never writes it).
  const [sheet] = useState<ShopStylesheet>(() => {
    if (fromServer) return fromServer;
    const el = document.getElementById(ID);
    return { css: "", href: el?.getAttribute("href") ?? el?.dataset.href ?? "", linked: el?.tagName === "LINK" };
  });
  useEffect(() => {
    if (!sheet.linked && sheet.href) keepStylesheet(sheet.href).catch(() => undefined);
  }, [sheet]);
  if (sheet.linked) return <link id={ID} rel="stylesheet" href={sheet.href} />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own stylesheet from the build; no user content
  return <style id={ID} data-href={sheet.href} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: sheet.css }} />;
}
