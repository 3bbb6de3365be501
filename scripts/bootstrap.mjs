// Plain JavaScript on purpose: it runs before dependencies (and so TypeScript tooling) exist.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Installs the locked dependencies when a fresh clone has none, so one command is all it takes. */
export function ensureDependencies() {
  if (existsSync(resolve(root, "node_modules/.bin/tsx"))) return;
  console.log("Installing dependencies (npm ci)...");
  const r = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

export function toolEnv() {
  const tmp = resolve(root, ".tmp");
  mkdirSync(tmp, { recursive: true });
  return { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", TMPDIR: tmp };
}

/** Runs a TypeScript script with tsx; Ctrl-C and SIGTERM reach it, and its exit code becomes ours. */
export function runTs(script, args = []) {
  const child = spawn(resolve(root, "node_modules/.bin/tsx"), [resolve(root, script), ...args], {
    cwd: root,
    stdio: "inherit",
    env: toolEnv(),
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 130 : 1)));
}
