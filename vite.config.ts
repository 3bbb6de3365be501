import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
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
  ],
  build: {
    target: "es2022",
    // React Router preloads each route's chunks itself; Vite's preload wrapper around every dynamic
    // import (and its polyfill) would add ~0.7 KiB to each page with a lazily loaded dialog.
    modulePreload: false,
    // Terser's extra passes shave KiB off what every page preloads (esbuild's minifier is faster but
    // leaves more behind); the budget is 100 KiB of gzipped JavaScript per page.
    minify: isSsrBuild ? "esbuild" : "terser",
    terserOptions: { compress: { passes: 3, ecma: 2020 }, format: { comments: false } },
    rollupOptions: {
      // Tiny shared chunks cost a request and module overhead each; fold them into their users.
      output: isSsrBuild ? {} : { experimentalMinChunkSize: 2_000 },
    },
  },
}));
