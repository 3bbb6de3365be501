import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { runInThisContext } from "node:vm";
import { createElement as h, Suspense } from "react";
import { describe, expect, it } from "vitest";
import { toStringStream } from "../../scripts/vite-react-string-stream";

const require = createRequire(import.meta.url);
const FILE = join(dirname(require.resolve("react-dom/package.json")), "cjs/react-dom-server.browser.production.min.js");
const source = readFileSync(FILE, "utf8");

type Renderer = { renderToReadableStream: (node: React.ReactNode) => Promise<ReadableStream<Uint8Array>> };

/** Loads a version of React's minified streaming renderer the way the bundler would (CommonJS). */
function load(code: string): Renderer {
  const module = { exports: {} as Renderer };
  const factory = runInThisContext(`(function (exports, require, module) {${code}\n})`, { filename: FILE });
  factory(module.exports, createRequire(FILE), module);
  return module.exports;
}

const original = load(source);
const strings = load(toStringStream(source));

async function render(renderer: Renderer, node: React.ReactNode) {
  const chunks: Uint8Array[] = [];
  const reader = (await renderer.renderToReadableStream(node)).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return { chunks, bytes: Buffer.concat(chunks) };
}

let resolveLate: (value: string) => void = () => {};
const late = new Promise<string>((resolve) => {
  resolveLate = resolve;
});
function Late() {
  // A boundary that is still pending when the shell is written, then streams in.
  const value = (late as Promise<string> & { value?: string }).value;
  if (value === undefined) throw late.then((v) => Object.assign(late, { value: v }));
  return h("p", null, value);
}

const page = (withLate: boolean) =>
  h(
    "html",
    { lang: "en-IN" },
    // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant stylesheet, like the page's inline one
    h("head", null, h("style", { dangerouslySetInnerHTML: { __html: `.a{color:red}${" ".repeat(5000)}` } })),
    h(
      "body",
      null,
      h("h1", { className: "title", "data-x": 'quote " & <tag>' }, "Anarkali ", "₹1,299", " · ", 3, " left"),
      h(
        "ul",
        null,
        Array.from({ length: 300 }, (_, i) => h("li", { key: i, id: `item-${i}` }, `Kurti ${i} 🙂`)),
      ),
      h("input", { name: "q", defaultValue: "x".repeat(2000), readOnly: true }),
      withLate && h(Suspense, { fallback: h("span", null, "Loading…") }, h(Late)),
    ),
  );

describe("React's streaming renderer with string chunks (the Worker's build)", () => {
  it("writes the same bytes as React's own, for text, attributes, non-ASCII and long chunks", async () => {
    const [a, b] = await Promise.all([render(original, page(false)), render(strings, page(false))]);
    expect(b.bytes.toString("utf8")).toBe(a.bytes.toString("utf8"));
    expect(b.bytes.toString("utf8")).toContain("₹1,299");
    // Fewer, larger writes: that is the point of the change.
    expect(b.chunks.length).toBeLessThan(a.chunks.length / 4);
  });

  it("streams a late Suspense boundary after the shell, as React's own does", async () => {
    const pending = Promise.all([render(original, page(true)), render(strings, page(true))]);
    setTimeout(() => resolveLate("Arrived late"), 10);
    const [a, b] = await pending;
    expect(b.bytes.toString("utf8")).toBe(a.bytes.toString("utf8"));
    expect(b.bytes.toString("utf8")).toContain("Arrived late");
  });

  it("refuses a renderer it does not know rather than half-change it", () => {
    expect(() => toStringStream(source.replace("function u(a){return ca.encode(a)}", "function u(a){return a}"))).toThrow(/expected 1/);
  });
});
