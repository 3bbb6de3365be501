/**
 * What `npm run bench|lighthouse|size` share: build (unless --no-build), start a fresh stack, measure,
 * write bench-results/<name>.json, and always stop what was started — on success, error or Ctrl-C —
 * so no workerd, Chromium or load worker outlives the run.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { root, runChecked } from "../../tooling/processes";
import { type Stack, startStack } from "../../tooling/stack";

type Cleanup = () => unknown;
const cleanups: Cleanup[] = [];

/** Registers something to stop; returns a function that stops it now (and unregisters it). */
export function onCleanup(fn: Cleanup): () => Promise<void> {
  cleanups.push(fn);
  return async () => {
    const i = cleanups.indexOf(fn);
    if (i !== -1) cleanups.splice(i, 1);
    await fn();
  };
}

async function cleanupAll(): Promise<void> {
  // Last started, first stopped: browsers and load workers before the stack they talk to.
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error("Cleanup failed:", err);
    }
  }
}

let exiting = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (exiting) return;
    exiting = true;
    console.error(`\n${signal}: stopping...`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

/**
 * A Worker that died mid-run (out of memory, killed) would otherwise show up as a bare ECONNREFUSED
 * or, mid-load, as silently bad figures.
 */
async function workerAlive(stack: Stack): Promise<boolean> {
  // Right after a 32-connection run the Worker may still be draining abandoned requests: give it time.
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      const res = await fetch(`${stack.baseUrl}/favicon.ico`, { signal: AbortSignal.timeout(5_000) });
      await res.body?.cancel();
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
  return false;
}
const WORKER_GONE = "The Worker stopped answering during the run; figures discarded. Run again (with STACK_LOGS=1 to see its output).";

/**
 * Measures, then (only if the Worker survived the whole run) prints the report and writes the JSON.
 * A report that answers `false` (a check failed) makes the exit code 1.
 */
export async function runMeasurement<T>(
  name: string,
  measure: (stack: Stack) => Promise<T>,
  report: (results: T) => unknown,
): Promise<void> {
  let stack: Stack | undefined;
  try {
    if (!process.argv.includes("--no-build")) runChecked("npm", ["run", "build"]);
    console.log("Starting the stack (fresh database, local libSQL server, the built Worker in workerd)...");
    stack = await startStack();
    onCleanup(() => stack?.stop());
    const results = await measure(stack);
    if (!(await workerAlive(stack))) throw new Error(WORKER_GONE);
    const passed = report(results) !== false;
    const dir = resolve(root, "bench-results");
    mkdirSync(dir, { recursive: true });
    const file = resolve(dir, `${name}.json`);
    writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2)}\n`);
    console.log(`\nWrote ${file.slice(root.length + 1)}`);
    await cleanupAll();
    process.exit(passed ? 0 : 1);
  } catch (err) {
    if (exiting) return; // Ctrl-C already tearing down; its errors are expected.
    exiting = true;
    console.error(err);
    if (stack && !(err instanceof Error && err.message === WORKER_GONE) && !(await workerAlive(stack))) console.error(`\n${WORKER_GONE}`);
    await cleanupAll();
    process.exit(1);
  }
}
