import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { createUser, type TestUser } from "../../tooling/accounts";
import { storefrontPages } from "../../tooling/pages";

/**
 * The first paint needs the HTML and nothing else. The shop's stylesheet is written into
 * a page's head the first time a browser comes; once the browser holds the stylesheet's file (its
 * cookie says which), a page that is hers alone links the file instead (app/lib/inline-styles.tsx).
 */
const baseUrl = inject("baseUrl");
let shopper: TestUser;

beforeAll(async () => {
  shopper = await createUser(baseUrl, "page-head", "Ira Menon");
});

const INLINE = /<style id="shop-css" data-href="(\/assets\/shop-[\w-]+\.css)">([\s\S]*?)<\/style>/g;
const LINKED = /<link id="shop-css" rel="stylesheet" href="(\/assets\/shop-[\w-]+\.css)"\/>/g;

async function head(path: string, cookie = "") {
  const html = await (await fetch(baseUrl + path, { headers: cookie ? { Cookie: cookie } : {} })).text();
  return { html, inline: [...html.matchAll(INLINE)], linked: [...html.matchAll(LINKED)] };
}

/** The stylesheet's file name, as the browser's cookie carries it once it holds the file. */
async function currentSheet() {
  const { inline } = await head("/faqs");
  const href = inline[0]![1]!;
  return { href, css: inline[0]![2]!, file: href.slice("/assets/".length) };
}

describe("a page's head", () => {
  it("carries the whole stylesheet inline and links none on a first visit", async () => {
    for (const page of await storefrontPages(baseUrl)) {
      const { html, inline } = await head(page.path);
      expect(inline, page.name).toHaveLength(1);
      const css = inline[0]![2]!;
      // The brand's maroon (global.css, the first @import of shop.css) and the last import's rules: the whole sheet.
      expect(css, page.name).toMatch(/#8a1c2b/i);
      expect(css, page.name).toMatch(/\.js-only\s*\{\s*display:\s*none\s*!important/);
      expect(html.indexOf('id="shop-css"'), page.name).toBeLessThan(html.indexOf("</head>"));
      expect(html, page.name).not.toMatch(/rel="stylesheet"/);
    }
  });

  it("names the same stylesheet as a file that a browser may keep for a year", async () => {
    const { href, css } = await currentSheet();
    const res = await fetch(baseUrl + href);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/css/);
    expect(res.headers.get("Cache-Control")).toMatch(/max-age=31536000.*immutable/);
    // The same rules (the file ends with a newline the inline copy does not carry).
    expect((await res.text()).trimEnd()).toBe(css.trimEnd());
  });

  it("links the file on a signed-in shopper's pages once her browser holds it", async () => {
    const { href, file } = await currentSheet();
    const session = `aanchal_session=${shopper.token}`;
    for (const path of ["/", "/all-products", "/profile", "/cart"]) {
      const first = await head(path, session);
      expect(first.html, path).toContain("Ira");
      expect(first.inline, path).toHaveLength(1);
      const held = await head(path, `${session}; aanchal_css=${file}`);
      expect(held.html, path).toContain("Ira");
      expect(held.inline, path).toHaveLength(0);
      expect(
        held.linked.map((m) => m[1]),
        path,
      ).toEqual([href]);
      // The page no longer carries the 76 KB the browser already has.
      expect(first.html.length - held.html.length, path).toBeGreaterThan(60_000);
    }
  });

  it("writes the stylesheet inline again when the cookie names another build's file", async () => {
    const { inline, linked } = await head("/profile", `aanchal_session=${shopper.token}; aanchal_css=shop-0ld8uild.css`);
    expect(inline).toHaveLength(1);
    expect(linked).toHaveLength(0);
  });

  it("never lets a page kept for every signed-out visitor depend on one browser's cookie", async () => {
    const { file } = await currentSheet();
    // Visitors who hold the file are the only ones asking until the edge cache serves a copy, so the
    // copy it keeps is one rendered for such a visitor.
    const path = `/all-products?sort=newest&head=${Date.now()}`;
    const holder = `aanchal_css=${file}`;
    // Asked again as soon as each answer is read, until the edge cache keeps a copy (its put runs after
    // the answer); every answer before that is one rendered for this holder.
    await vi.waitUntil(
      async () => {
        const asked = await fetch(baseUrl + path, { headers: { Cookie: holder } });
        if (asked.headers.get("X-Edge-Cache") === "HIT") {
          await asked.body?.cancel();
          return true;
        }
        const html = await asked.text();
        expect([...html.matchAll(INLINE)]).toHaveLength(1);
        expect([...html.matchAll(LINKED)]).toHaveLength(0);
        return false;
      },
      { timeout: 10_000, interval: 10 },
    );
    // A first-time visitor gets that copy: the stylesheet inline, nothing waiting for a file.
    const next = await fetch(baseUrl + path);
    expect(next.headers.get("X-Edge-Cache")).toBe("HIT");
    expect([...(await next.text()).matchAll(INLINE)]).toHaveLength(1);
  });
});

describe("a page's delivery", () => {
  it("sends a page whose data is all there as one answer of known length, signed in and signed out", async () => {
    // Streamed, a page left workerd in 4 KiB pieces, each a read of the stream and a write;
    // a page with nothing left to wait for is now sent whole (app/entry.server.tsx).
    const session = `aanchal_session=${shopper.token}`;
    for (const page of await storefrontPages(baseUrl)) {
      for (const cookie of ["", session]) {
        const res = await fetch(`${baseUrl}${page.path}${page.path.includes("?") ? "&" : "?"}whole=${Date.now()}`, {
          // Uncompressed: asked for gzip, workerd compresses as it sends and the length is unknown again.
          headers: { "Accept-Encoding": "identity", ...(cookie ? { Cookie: cookie } : {}) },
        });
        const body = new Uint8Array(await res.arrayBuffer());
        const label = `${page.name} ${cookie ? "signed in" : "signed out"}`;
        expect(res.status, page.name).toBe(200);
        expect(res.headers.get("content-length"), label).toBe(String(body.length));
        // Rendered to a string or streamed, the same document: standards mode (a page without its
        // doctype renders in quirks mode), nothing left for the browser to render, its data complete.
        const html = new TextDecoder().decode(body);
        expect(html.startsWith("<!DOCTYPE html><html"), label).toBe(true);
        expect(html, label).not.toContain("<!--$!-->");
        expect(html.match(/streamController\.close\(\)/g), label).toHaveLength(1);
      }
    }
  });
});

describe("a page's scripts", () => {
  const HINT = "//# allFunctionsCalledOnLoad\n";
  const scriptsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);

  it("ask Chromium to compile the code every page starts with while it downloads, and only that code", async () => {
    // V8's compile hint (docs/performance-interactive.md): the client entry (React DOM) and the shell
    // every page hydrates with (React, React Router, header and footer) are compiled off the main
    // thread as they stream in; a page's own route code is left to compile as it runs.
    const hinted = new Map<string, Set<string>>();
    for (const page of await storefrontPages(baseUrl)) {
      const files = scriptsOf(await (await fetch(baseUrl + page.path)).text());
      expect(files.length, page.name).toBeGreaterThan(2);
      const marked = new Set<string>();
      for (const file of files) if ((await (await fetch(baseUrl + file)).text()).startsWith(HINT)) marked.add(file);
      hinted.set(page.name, marked);
    }
    const [first, ...rest] = [...hinted.values()];
    expect([...first!].some((file) => /\/entry\.client-/.test(file))).toBe(true);
    expect(first!.size).toBe(2);
    for (const [name, marked] of hinted) expect([...marked].sort(), name).toEqual([...first!].sort());
    expect(rest.length).toBeGreaterThan(3);
  });
});
