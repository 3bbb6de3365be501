/**
 * `npm run compare -- <build dir A> <build dir B> [--page <path>] [--requests <n>] [--connections <n>]`: which of two
 * builds renders a signed-in page with less work. Both run side by side (a stack each: database,
 * workerd), and requests alternate between them one at a time, so whatever else the machine does
 * falls on both alike; single `npm run bench` runs of the same build differ by a quarter on this
 * machine, which hides a 5-10% change. Prints, per build, the latency (p10, p50, mean) and workerd's
 * CPU time per request (from /proc). Requests ask for no compression, as `npm run bench` does.
 * `--connections 32` compares them under load instead: runs of 32 connections alternating between
 * the builds (`--rounds`, default 6), the median requests/s and CPU per request of each.
 *
 * Make the builds with `npm run build` and copy `build/` aside between them (e.g. `cp -r build
 * /tmp/before`). The page defaults to a product page, signed in with two cart lines.
 */
import { parseArgs } from "node:util";
import { createUser } from "../tooling/accounts";
import { fillBasket } from "../tooling/cart";
import { heldStylesheetCookie, productPath } from "../tooling/pages";
import { type Stack, startStack } from "../tooling/stack";
import { cpuMs, load, workerdPids } from "./measure/load";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    page: { type: "string" },
    requests: { type: "string", default: "1000" },
    connections: { type: "string", default: "1" },
    rounds: { type: "string", default: "6" },
  },
});
if (positionals.length !== 2) {
  console.error("Usage: npm run compare -- <build dir A> <build dir B> [--page /path] [--requests 1000] [--connections 32 [--rounds 6]]");
  process.exit(2);
}
const WARMUP = 200;
const requests = Number(values.requests);
const connections = Number(values.connections);
const rounds = Number(values.rounds);

interface Side {
  dir: string;
  stack: Stack;
  pids: number[];
  headers: Record<string, string>;
  path: string;
  latencies: number[];
}

const sides: Side[] = [];
const started: Stack[] = [];
const stop = async () => {
  for (const stack of started.splice(0)) await stack.stop();
};
process.once("SIGINT", () => void stop().finally(() => process.exit(130)));

/** Requests one at a time, alternating between the builds. */
async function oneAtATime() {
  let cpuAtStart: number[] = [];
  for (let i = 0; i < WARMUP + requests; i++) {
    if (i === WARMUP) cpuAtStart = sides.map((s) => cpuMs(s.pids));
    // Alternate which build goes first, so neither always follows the other.
    for (const side of i % 2 ? [...sides].reverse() : sides) {
      const started = performance.now();
      const res = await fetch(side.stack.baseUrl + side.path, { headers: side.headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${side.dir}: ${side.path} answered ${res.status}`);
      if (i >= WARMUP) side.latencies.push(performance.now() - started);
    }
  }
  console.log(`\n${requests} requests each, alternating, after ${WARMUP} of warm-up: ${sides[0]!.path} signed in\n`);
  for (const [i, side] of sides.entries()) {
    const sorted = side.latencies.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.floor(sorted.length * q)]!.toFixed(2);
    const mean = (sorted.reduce((a, b) => a + b, 0) / sorted.length).toFixed(2);
    const cpu = ((cpuMs(side.pids) - cpuAtStart[i]!) / requests).toFixed(2);
    console.log(`${side.dir}: p10 ${at(0.1)} ms, p50 ${at(0.5)} ms, mean ${mean} ms; workerd CPU ${cpu} ms per request`);
  }
}

/**
 * `--connections N`: runs of N connections (1 s of warm-up, 3 s measured), alternating between the
 * builds for `--rounds` rounds, the order flipped every round; per build, the median of its rounds'
 * requests/s and workerd CPU per request.
 */
async function underLoad() {
  const perSide = sides.map(() => ({ rps: [] as number[], cpu: [] as number[] }));
  for (let round = 0; round < rounds; round++) {
    for (const i of round % 2 ? [1, 0] : [0, 1]) {
      const side = sides[i]!;
      let cpuAtStart = 0;
      const r = await load(side.stack.baseUrl + side.path, {
        connections,
        headers: side.headers,
        warmupS: 1,
        durationS: 3,
        onMeasuring: () => {
          cpuAtStart = cpuMs(side.pids);
        },
      });
      const cpu = cpuMs(side.pids) - cpuAtStart;
      const bad = Object.keys(r.statuses).filter((status) => status !== "200");
      if (bad.length || r.errors) throw new Error(`${side.dir}: ${side.path} answered ${bad.join(", ") || `${r.errors} errors`}`);
      perSide[i]!.rps.push(r.latencies.length / r.durationS);
      perSide[i]!.cpu.push(cpu / r.latencies.length);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`\n${rounds} rounds of ${connections} connections each, alternating: ${sides[0]!.path} signed in\n`);
  for (const [i, side] of sides.entries()) {
    const { rps, cpu } = perSide[i]!;
    console.log(
      `${side.dir}: ${median(rps).toFixed(0)} requests/s (rounds ${rps.map((x) => x.toFixed(0)).join(", ")}); ` +
        `workerd CPU ${median(cpu).toFixed(2)} ms per request (${cpu.map((x) => x.toFixed(2)).join(", ")})`,
    );
  }
}

// Whatever happens (a build that answers an error, a stack that does not start), nothing started outlives the run.
try {
  for (const dir of positionals) {
    const before = new Set(workerdPids());
    process.env.BUILD_DIR = dir;
    const stack = await startStack();
    started.push(stack);
    const shopper = await createUser(stack.baseUrl, "compare");
    await fillBasket(stack.baseUrl, shopper.token);
    sides.push({
      dir,
      stack,
      pids: workerdPids().filter((pid) => !before.has(pid)),
      // A returning shopper: her browser holds the stylesheet file, as after any page she opened before.
      headers: { Cookie: `aanchal_session=${shopper.token}; ${await heldStylesheetCookie(stack.baseUrl)}`, "Accept-Encoding": "identity" },
      path: values.page ?? (await productPath(stack.baseUrl)),
      latencies: [],
    });
  }

  if (connections > 1) await underLoad();
  else await oneAtATime();
} finally {
  await stop();
}
process.exit(0);
