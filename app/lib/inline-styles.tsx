import { createContext, useContext, useState } from "react";

/**
 * The shop's one stylesheet, set by the server (entry.server.tsx) and written into the head of every
 * page, so the first paint needs the HTML and nothing else: no stylesheet request stands between the
 * document and the first paint on a slow phone connection. In the browser the context is empty and
 * the element keeps what the server wrote: it reads it back once, so hydration sees the same text.
 */
export const StylesContext = createContext<string | undefined>(undefined);

const ID = "shop-css";

export function InlineStyles() {
  const fromServer = useContext(StylesContext);
  const [css] = useState(() => fromServer ?? document.getElementById(ID)?.textContent ?? "");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own stylesheet from the build; no user content
  return <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
