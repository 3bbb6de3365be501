import { relative } from "node:path";
import type { Plugin } from "vite";

const root = new URL("..", import.meta.url).pathname;

/**
 * The parts of `workers/` the browser may load: plain settings, rules and messages, schemas shared
 * with forms, price arithmetic, URL building. Everything else under `workers/` and `db/` reaches the
 * database, secrets or crypto, and so is server-only, whether or not its name ends in `.server.ts`.
 */
const CLIENT_SAFE = [
  /^workers\/services\/([\w-]+\/)*(settings|pricing|paths)\.ts$/,
  /^workers\/services\/([\w-]+\/)*[\w-]+\.(rules|schema)\.ts$/,
];

function isServerOnly(file: string): boolean {
  const path = relative(root, file.split("?")[0]!);
  if (path.startsWith("..") || path.includes("node_modules/")) return false;
  if (!path.startsWith("workers/") && !path.startsWith("db/")) return false;
  return !CLIENT_SAFE.some((safe) => safe.test(path));
}

/**
 * Fails the browser build when a server-only module is part of it (after React Router has removed
 * loaders and actions and the imports only they used). React Router refuses `*.server.ts` modules in
 * client code the same way; this extends it to `workers/` and `db/`, whose files keep their names.
 */
export function serverOnlyModules(): Plugin {
  return {
    name: "aanchal:server-only-modules",
    applyToEnvironment: (environment) => environment.name === "client",
    load(id) {
      if (!isServerOnly(id)) return;
      // Rollup adds which module imported it.
      this.error(
        `${relative(root, id)} is server-only (database, secrets or crypto) and must not reach the browser bundle. ` +
          "Use it from a loader or action only, or import its types with `import type`.",
      );
    },
  };
}
