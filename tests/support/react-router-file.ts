import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll } from "vitest";

const require = createRequire(import.meta.url);

/** React Router's production file (one of its chunks) that contains `marker`, as the build patches it. */
export function reactRouterFile(marker: string): string | undefined {
  const dir = join(dirname(require.resolve("react-router/package.json")), "dist/production");
  return readdirSync(dir)
    .filter((f) => /^chunk-[A-Z0-9]+\.mjs$/.test(f))
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .find((code) => code.includes(marker));
}

/**
 * React Router's file as it ships and as `patch` makes it, each loaded as a module (with `exports`
 * appended, for internals a test needs) from a folder of the test file's own, removed after its tests.
 * Read `original` and `patched` inside tests: they are there once the file's `beforeAll` has run.
 */
export function useRouterFiles<T>(tag: string, code: string, patch: (code: string) => string, exports = ""): { original: T; patched: T } {
  const files = {} as { original: T; patched: T };
  const folder = resolve(dirname(fileURLToPath(import.meta.url)), "../../.tmp", `${tag}-${process.pid}`);
  beforeAll(async () => {
    mkdirSync(folder, { recursive: true });
    const load = async (name: string, text: string) => {
      const file = join(folder, name);
      writeFileSync(file, `${text}${exports}`);
      return (await import(/* @vite-ignore */ file)) as T;
    };
    files.original = await load("original.mjs", code);
    files.patched = await load("patched.mjs", patch(code));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return files;
}
