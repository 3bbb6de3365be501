/**
 * Serves the built Worker (`build/server`, or `--build <dir>`) in workerd through Miniflare, with the
 * bindings wrangler derives from the build's own wrangler.json: what `npm start`, the test stack and
 * the benchmarks run. Not `wrangler dev`: its proxy and inspector forward every outbound request of
 * the Worker, database answers included, to Node and write each to a debug log, which cost more CPU
 * than the page's own render (ADR 7). `--inspector-port` turns the inspector on for profiling.
 *
 *   tsx scripts/worker-runtime.ts --port 8787 --persist-to .wrangler/state --var KEY:value ...
 *
 * Prints `ready <url>` once it serves; SIGTERM or SIGINT stops workerd.
 *
 * Cloudflare runs the Cron Trigger (wrangler.toml) every minute; Miniflare does not, so `--cron`
 * (npm start) runs it here on the same schedule. `--control-port <n>` opens a loopback endpoint,
 * `POST /scheduled?time=<ms>`, that runs it once as if scheduled at that moment: how the tests expire
 * unpaid orders "31 minutes later" without waiting. (Miniflare's own `/cdn-cgi/handler/scheduled`
 * reaches the static-assets router in front of the Worker, which has no scheduled handler.)
 */
import { readdirSync } from "node:fs";
import { createServer } from "node:http";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { root } from "../tooling/processes";

const { values } = parseArgs({
  options: {
    build: { type: "string", default: "build" },
    port: { type: "string", default: "8787" },
    "persist-to": { type: "string", default: ".wrangler/state" },
    var: { type: "string", multiple: true, default: [] },
    "inspector-port": { type: "string" },
    cron: { type: "boolean", default: false },
    "control-port": { type: "string" },
  },
});

const buildDir = resolve(root, values.build);
const serverDir = join(buildDir, "server");
const { workerOptions, main } = unstable_getMiniflareWorkerOptions(join(serverDir, "wrangler.json"));
if (!main) throw new Error(`${serverDir}/wrangler.json names no main module: run npm run build first`);
const entry = main;
const persist = resolve(root, values["persist-to"], "v3");

/** Every module of the server build: its entry first, then the chunks it imports (some dynamically). */
function modules(): { type: "ESModule"; path: string }[] {
  const chunks = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? chunks(join(dir, entry.name)) : entry.name.endsWith(".js") ? [join(dir, entry.name)] : [],
    );
  const others = chunks(serverDir).filter((path) => path !== entry && !relative(serverDir, path).startsWith(".wrangler"));
  return [entry, ...others].map((path) => ({ type: "ESModule", path }));
}

const vars = Object.fromEntries(
  values.var.map((pair) => {
    const at = pair.indexOf(":");
    if (at < 1) throw new Error(`--var takes KEY:value, not ${pair}`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);

const mf = new Miniflare({
  ...workerOptions,
  name: "aanchal-shop",
  modulesRoot: serverDir,
  modules: modules(),
  bindings: { ...workerOptions.bindings, ...vars },
  host: "127.0.0.1",
  port: Number(values.port),
  inspectorPort: values["inspector-port"] ? Number(values["inspector-port"]) : undefined,
  r2Persist: join(persist, "r2"),
  cachePersist: join(persist, "cache"),
  // Never reach out to Cloudflare for request.cf data: the shop runs offline.
  cf: false,
});

const url = await mf.ready;
console.log(`ready ${url.origin}`);

/** Runs the Worker's scheduled handler once, as Cloudflare's Cron Trigger would at `time`. */
async function runScheduled(time: Date): Promise<string> {
  const worker = await mf.getWorker();
  const { outcome } = await worker.scheduled({ scheduledTime: time, cron: "* * * * *" });
  return outcome;
}

if (values.cron) {
  const tick = () =>
    runScheduled(new Date()).then(
      (outcome) => outcome === "ok" || console.error(`The scheduled run ended with ${outcome}.`),
      (err: unknown) => console.error("The scheduled run failed:", err),
    );
  setInterval(tick, 60_000).unref();
}

if (values["control-port"]) {
  const control = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const time = Number(url.searchParams.get("time") ?? Date.now());
    if (req.method !== "POST" || url.pathname !== "/scheduled" || !Number.isFinite(time)) {
      res.writeHead(404).end();
      return;
    }
    runScheduled(new Date(time)).then(
      (outcome) => res.writeHead(outcome === "ok" ? 200 : 500, { "content-type": "text/plain" }).end(outcome),
      (err: unknown) => res.writeHead(500, { "content-type": "text/plain" }).end(String(err)),
    );
  });
  control.listen(Number(values["control-port"]), "127.0.0.1");
  control.unref();
}

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    mf.dispose().finally(() => process.exit(0));
  });
}
