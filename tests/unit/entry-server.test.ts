import { createElement as h, lazy, Suspense } from "react";
import { createRequestHandler, Outlet, Scripts, type ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import * as entry from "../../app/entry.server";

// The Worker's React DOM server (the browser build, which has the stream), not Node's, with its
// streaming renderer counted.
const streamed = vi.hoisted(() => ({ count: 0 }));
vi.mock("react-dom/server", async () => {
  const browserBuild = "react-dom/server.browser"; // untyped; the same API as react-dom/server
  const server = (await import(/* @vite-ignore */ browserBuild)) as typeof import("react-dom/server");
  return {
    ...server,
    renderToReadableStream: (...args: Parameters<typeof server.renderToReadableStream>) => {
      streamed.count++;
      return server.renderToReadableStream(...args);
    },
  };
});

/**
 * The document entry (app/entry.server.tsx) behind React Router's own request handler, with a
 * one-route app: a page whose parts are all at hand is rendered to a string, and a part that
 * suspends anyway (a lazily loaded component the isolate has not loaded yet) still arrives whole.
 */
function appWith(Page: () => ReturnType<typeof h>): ServerBuild {
  const Root = () => h("html", { lang: "en-IN" }, h("head", null), h("body", null, h(Outlet), h(Scripts)));
  const route = { id: "root", path: "", hasLoader: true, hasAction: false, hasClientAction: false, hasClientLoader: false };
  return {
    entry: { module: entry },
    routes: {
      root: { ...route, module: { default: Root, loader: () => ({ greeting: "Namaste" }) } },
      "routes/page": { ...route, id: "routes/page", parentId: "root", index: true, path: undefined, module: { default: Page } },
    },
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: {
        root: { ...route, module: "/assets/root.js", imports: [] },
        "routes/page": {
          ...route,
          id: "routes/page",
          parentId: "root",
          index: true,
          path: undefined,
          hasLoader: false,
          module: "/assets/page.js",
          imports: [],
        },
      },
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

const render = async (Page: () => ReturnType<typeof h>) => {
  streamed.count = 0;
  const handler = createRequestHandler(appWith(Page), "production");
  const res = await handler(new Request("http://127.0.0.1/"), { nonce: "n0nce" } as never);
  return { status: res.status, length: res.headers.get("Content-Length"), html: await res.text() };
};

describe("the document entry", () => {
  it("renders a page whose parts are all at hand in one pass, doctype, data and all", async () => {
    const { status, html } = await render(() => h("main", null, "Kurtis"));
    expect(status).toBe(200);
    expect(streamed.count).toBe(0);
    expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(html).toContain("<main>Kurtis</main>");
    // The hydration data, whole, then closed: read before the render, not streamed.
    expect(html).toContain("Namaste");
    expect(html.match(/streamController\.close\(\)/g)).toHaveLength(1);
    // Nothing was left pending or for the browser to render.
    expect(html).not.toContain("<!--$?-->");
    expect(html).not.toContain("<!--$!-->");
  });

  it("streams a page in which a part suspends, and the part arrives in it rather than left to the browser", async () => {
    let loaded = false;
    const Late = lazy(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      loaded = true;
      return { default: () => h("p", null, "Anarkali") };
    });
    const { status, html } = await render(() => h("main", null, h(Suspense, { fallback: h("p", null, "Loading") }, h(Late))));
    expect(loaded).toBe(true);
    expect(status).toBe(200);
    expect(streamed.count).toBe(1);
    expect(html).toContain("Anarkali");
    expect(html).not.toContain("<!--$!-->");
    expect(html.match(/streamController\.close\(\)/g)).toHaveLength(1);
  });
});
