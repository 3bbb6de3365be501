import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { reactRouterLinks, reactRouterStaticRoutes } from "./scripts/vite-react-router";
import { serverOnlyModules } from "./scripts/vite-server-only";

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    // `npm run dev` with DB_PORT (scripts/start.ts) reaches its local database there instead of
    // wrangler.toml's default port; builds never change the database URL.
    cloudflare({
      viteEnvironment: { name: "ssr" },
      config:
        command === "serve" && process.env.DB_PORT ? { vars: { DATABASE_URL: `http://127.0.0.1:${process.env.DB_PORT}` } } : undefined,
    }),
    reactRouter(),
    serverOnlyModules(),
    reactRouterLinks(),
    ...reactRouterStaticRoutes(),
    plainDynamicImports(),
    compileHints(),
  ],
  resolve: {
    // React Router's packaged "development" build differs from its "production" one only in its
    // developer warnings (ENABLE_DEV_WARNINGS), ~0.7 KiB gzipped on every page: builds use the latter,
    // for the browser and the Worker alike (one copy each); `npm run dev` keeps the warnings.
    alias:
      command === "build" ? [reactRouterBuild("react-router", "index.mjs"), reactRouterBuild("react-router/dom", "dom-export.mjs")] : [],
  },
  build: {
    target: "es2022",
    // React Router preloads each route's chunks itself; Vite's modulepreload polyfill is not needed
    // (and its preload wrapper around dynamic imports is replaced, see plainDynamicImports).
    modulePreload: false,
    // Terser's extra passes shave KiB off what every page preloads (esbuild's minifier is faster but
    // leaves more behind); the budget is 100 KiB of gzipped JavaScript per page.
    minify: isSsrBuild ? "esbuild" : "terser",
    terserOptions: { compress: { passes: 3, ecma: 2020 }, format: { comments: false } },
  },
  environments: {
    client: {
      build: {
        rollupOptions: {
          // In the browser the app's modules the root route draws (header, search, footer, toasts...)
          // travel in one chunk with the framework code every page loads; everything else splits where
          // its users split. experimentalMinChunkSize folded route-only modules into chunks every page
          // loads (the checkout steps, prices, the preload helper...).
          output: { experimentalMinChunkSize: 0, manualChunks: shellChunks() },
        },
      },
    },
  },
}));

const reactRouterBuild = (specifier: string, file: string) => ({
  find: new RegExp(`^${specifier.replace("/", "\\/")}$`),
  replacement: new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url).pathname,
});

const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * With modulePreload off Vite still wraps every dynamic import (the lazily loaded dialogs, the card
 * modal, the profile's schema) in its preload helper, ~0.7 KiB gzipped on every page that has one,
 * to preload dependencies it never lists. The wrapper becomes a plain call: a failed import still
 * rejects as before (React.lazy's error boundary or the caller's catch sees it).
 */
function plainDynamicImports(): Plugin {
  return {
    name: "aanchal:plain-dynamic-imports",
    enforce: "pre",
    apply: "build",
    load: (id) => (id === PRELOAD_HELPER ? { code: "export const __vitePreload = (load) => load();", moduleSideEffects: false } : null),
  };
}

const ROOT_ROUTE = /\/app\/root\.tsx(\?|$)/;

const CLIENT_ENTRY = /\/app\/entry\.client\.tsx$/;

/** V8's explicit compile hint: every function of the file is compiled as the file streams in. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Marks the browser's client entry and the chunks it imports statically (React DOM, React Router and
 * the shell every page hydrates with) with V8's compile hint. Chromium then compiles all their
 * functions on the thread that streams the file in, while the page paints, instead of compiling each
 * one on the main thread the first time hydration calls it. Other browsers read a comment. Runs after
 * the minifier (which drops comments), before the file's name is hashed. Measured in
 * docs/performance-interactive.md: hydration's own piece a third shorter on every page.
 */
function compileHints(): Plugin {
  let startup: Set<string> | undefined;
  return {
    name: "aanchal:compile-hints",
    apply: "build",
    renderChunk: {
      order: "post",
      handler(code, chunk, _options, meta) {
        if (this.environment.name !== "client") return null;
        if (!startup) {
          startup = new Set();
          const walk = (fileName: string) => {
            const found = meta.chunks[fileName];
            if (!found || startup!.has(fileName)) return;
            startup!.add(fileName);
            for (const imported of found.imports) walk(imported);
          };
          for (const candidate of Object.values(meta.chunks))
            if (candidate.isEntry && candidate.facadeModuleId && CLIENT_ENTRY.test(candidate.facadeModuleId)) walk(candidate.fileName);
        }
        return startup.has(chunk.fileName) ? { code: `${COMPILE_HINT}\n${code}`, map: null } : null;
      },
    },
  };
}

/**
 * Puts the app's own modules the root route statically imports (and so every page loads) into the
 * chunk Rollup names after the root: one file instead of half a dozen, and nothing only some routes
 * use rides along. Modules tree-shaken out of the browser build (the loader's server imports) are
 * not followed.
 */
function shellChunks() {
  let shell: Set<string> | undefined;
  return (id: string, { getModuleIds, getModuleInfo }: Rollup.ManualChunkMeta): string | undefined => {
    if (!shell) {
      const found = new Set<string>();
      const walk = (moduleId: string) => {
        const info = getModuleInfo(moduleId);
        if (found.has(moduleId) || moduleId.startsWith("\0") || moduleId.includes("/node_modules/") || !info?.isIncluded) return;
        found.add(moduleId);
        for (const imported of info.importedIds) walk(imported);
      };
      for (const moduleId of getModuleIds()) if (ROOT_ROUTE.test(moduleId)) walk(moduleId);
      shell = found;
    }
    // The few bytes left of Vite's preload helper are not worth a request of their own.
    return shell.has(id) || id === PRELOAD_HELPER ? "root" : undefined;
  };
}
