import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** React Router's production file (one of its chunks) that contains `marker`, as the build patches it. */
export function reactRouterFile(marker: string): string | undefined {
  const dir = join(dirname(require.resolve("react-router/package.json")), "dist/production");
  return readdirSync(dir)
    .filter((f) => /^chunk-[A-Z0-9]+\.mjs$/.test(f))
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .find((code) => code.includes(marker));
}
