/** A load run with autocannon, and the CPU time workerd spends on it, for `npm run bench` and `npm run compare`. */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { onCleanup } from "./harness";

export interface LoadResult {
  latencies: number[];
  statuses: Record<string, number>;
  durationS: number;
  errors: number;
  timeouts: number;
}

export interface LoadOptions {
  connections: number;
  headers: Record<string, string>;
  warmupS: number;
  durationS: number;
  /** Caps each run by count too, so a surprisingly fast target cannot run away with memory. */
  maxRequests?: number;
  /** Called when the warm-up is over and the measured run starts. */
  onMeasuring?: () => void;
}

// autocannon runs in a worker thread: the local libSQL server lives on this process's main thread,
// and sharing one event loop with the load generator would slow both. It is plain JS evaluated
// inline because tsx cannot load .ts worker files on Node 20. Latencies come from the per-response
// event (float ms) since autocannon's own histogram rounds to whole milliseconds.
const LOAD_WORKER = `
const { parentPort, workerData: o } = require("node:worker_threads");
const autocannon = require("autocannon");
(async () => {
  const opts = { url: o.url, headers: o.headers, connections: o.connections, maxOverallRequests: o.maxRequests, timeout: 10 };
  if (o.warmupS > 0) await autocannon({ ...opts, duration: o.warmupS });
  parentPort.postMessage({ measuring: true });
  const latencies = [], statuses = {};
  const run = autocannon({ ...opts, duration: o.durationS });
  run.on("response", (_client, status, _bytes, ms) => {
    latencies.push(ms);
    statuses[status] = (statuses[status] || 0) + 1;
  });
  const r = await run;
  parentPort.postMessage({ latencies, statuses, durationS: r.duration, errors: r.errors, timeouts: r.timeouts });
})();
`;

export function load(url: string, opts: LoadOptions): Promise<LoadResult> {
  const { connections, headers, warmupS, durationS, maxRequests = 200_000 } = opts;
  const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { url, headers, connections, warmupS, durationS, maxRequests } });
  const stop = onCleanup(() => worker.terminate());
  return new Promise<LoadResult>((done, fail) => {
    worker.on("message", (m: LoadResult | { measuring: true }) => {
      if ("measuring" in m) opts.onMeasuring?.();
      else done(m);
    });
    worker.once("error", fail);
    worker.once("exit", (code) => fail(new Error(`load worker exited (${code}) without a result`)));
  }).finally(stop);
}

/**
 * The running workerd processes this measurement started (the shop's runtime; the stack starts one).
 * Other checkouts on the machine start and stop workerd too (their test stacks); counting one of those
 * put its CPU on a build's side, and its exit failed the run.
 */
export function workerdPids(): number[] {
  let pids: number[];
  try {
    pids = execFileSync("pgrep", ["-x", "workerd"]).toString().trim().split("\n").map(Number);
  } catch {
    return [];
  }
  return pids.filter(startedHere);
}

function startedHere(pid: number): boolean {
  for (let at = pid; at > 1; ) {
    if (at === process.pid) return true;
    try {
      at = Number(readFileSync(`/proc/${at}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
    } catch {
      return false;
    }
  }
  return false;
}

/** User plus system CPU of processes, in ms (clock ticks of 10 ms). */
export function cpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return sum + (Number(fields[11]) + Number(fields[12])) * 10;
  }, 0);
}
