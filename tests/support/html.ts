/** A query no one has asked before, so the page is rendered now, not served from the edge cache. */
export const fresh = (path: string) => `${path}${path.includes("?") ? "&" : "?"}t=${Date.now()}${Math.random().toString(36).slice(2)}`;

/** A page's text as a person reads it: the entities React writes turned back into characters. */
export const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;|&#160;/g, " ");
