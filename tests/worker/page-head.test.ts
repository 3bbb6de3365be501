import { describe, expect, inject, it } from "vitest";
import { storefrontPages } from "../../scripts/measure/pages";

/**
 * Issue 8: the first paint needs the HTML and nothing else. The shop's stylesheet is written into
 * every page's head; no stylesheet request blocks the paint.
 */
const baseUrl = inject("baseUrl");

describe("a page's head", () => {
  it("carries the whole stylesheet inline and links none", async () => {
    for (const page of await storefrontPages(baseUrl)) {
      const html = await (await fetch(baseUrl + page.path)).text();
      const styles = [...html.matchAll(/<style id="shop-css">([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? "");
      expect(styles, page.name).toHaveLength(1);
      // The brand's maroon (global.css, the first @import of shop.css) and the last import's rules: the whole sheet.
      expect(styles[0], page.name).toMatch(/#8a1c2b/i);
      expect(styles[0], page.name).toMatch(/\.js-only\s*\{\s*display:\s*none\s*!important/);
      expect(html.indexOf('id="shop-css"'), page.name).toBeLessThan(html.indexOf("</head>"));
      expect(html, page.name).not.toMatch(/rel="stylesheet"/);
    }
  });
});
