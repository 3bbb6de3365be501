// `npm test`: every layer. Lint and format first (Biome: unformatted code or a lint error fails
// before anything slow runs), then generates the route types and, side by side on the two cores,
// builds the Worker (Worker and browser tests run the built one) and typechecks against those types.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureDependencies, root, toolEnv } from "./bootstrap.mjs";

ensureDependencies();
const chromium = process.env.TEST_CHROMIUM ?? "/usr/bin/chromium-headless-shell";
if (!existsSync(chromium)) {
  console.error(`Browser tests need Debian's Chromium headless shell at ${chromium}: apt-get install -y chromium-headless-shell`);
  process.exit(1);
}
const env = toolEnv();
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
/** Both commands at once; exits with the first failure once both have ended. */
const runBoth = async (a, b) => {
  const ended = (cmd, args) =>
    new Promise((done) => spawn(cmd, args, { cwd: root, stdio: "inherit", env }).on("close", (code) => done(code ?? 1)));
  const codes = await Promise.all([ended(...a), ended(...b)]);
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
};
run("npx", ["biome", "ci", "."]);
run("npx", ["react-router", "typegen"]);
await runBoth(["npx", ["react-router", "build"]], ["npx", ["tsc", "--noEmit"]]);
run("npx", ["vitest", "run", ...process.argv.slice(2)]);
