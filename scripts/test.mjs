// `npm test`: every layer. Lint and format first (Biome: unformatted code or a lint error fails
// before anything slow runs), then builds the Worker (Worker and browser tests run the built one) and
// typechecks against the route types the build just generated.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureDependencies, root, toolEnv } from "./bootstrap.mjs";

ensureDependencies();
if (!existsSync("/usr/bin/chromium")) {
  console.error("Browser tests need Debian's Chromium at /usr/bin/chromium: apt-get install -y chromium");
  process.exit(1);
}
const env = toolEnv();
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run("npx", ["biome", "ci", "."]);
run("npm", ["run", "build"]);
run("npx", ["tsc", "--noEmit"]);
run("npx", ["vitest", "run", ...process.argv.slice(2)]);
