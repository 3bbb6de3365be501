/**
 * Starts what the Worker and browser tests run against: a fresh migrated, seeded database file and
 * local R2 state in a temporary folder, the local libSQL server, and the built Worker in workerd
 * (scripts/worker-runtime.ts serving `$BUILD_DIR`, default `build/`), all on loopback ports. `stop()` ends them and
 * removes the folder. With `outageControls` (the test run; not the benchmarks) the Worker reaches the
 * database through a proxy that tests can make hang or refuse (db-proxy.ts), with a short database
 * time limit so an outage test takes seconds.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { startLocalDbServer } from "../db/local-server/server";
import { prepareLocalDatabase } from "../db/prepare";
import { razorpayWorkerVars, startRazorpayStandIn } from "../stand-ins/razorpay/server";
import { startDbProxy } from "./db-proxy";
import { root, startProcess, waitForHttp } from "./processes";

export interface Stack {
  baseUrl: string;
  /** The database server itself (not the proxy): tests read, age and count through it directly. */
  dbUrl: string;
  /** `PUT pass | hang | refuse` here cuts or restores the link between the Worker and the database. */
  dbLinkControlUrl?: string;
  /** The Worker's database time limit (DB_TIMEOUT_MS), when set. */
  dbTimeoutMs?: number;
  /** The Razorpay stand-in (stand-ins/razorpay) the Worker takes online payments through. */
  razorpayUrl: string;
  /** `POST` here with `?time=<ms>` runs the Worker's Cron Trigger once, as if scheduled then. */
  scheduledUrl: string;
  dir: string;
  /** Signs the Worker's session tokens; tests use it to forge expired or otherwise odd tokens. */
  sessionSecret: string;
  stop(): Promise<void>;
}

/** Short, so an outage test is quick; long enough that a busy machine's slowest query stays under it. */
const OUTAGE_DB_TIMEOUT_MS = 2_000;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

export async function startStack({ outageControls = false } = {}): Promise<Stack> {
  mkdirSync(resolve(root, ".tmp"), { recursive: true });
  const dir = mkdtempSync(join(resolve(root, ".tmp"), "stack-"));
  const file = join(dir, "shop.db");
  const persistRoot = join(dir, "state");
  await prepareLocalDatabase({ file, persistRoot });
  const db = await startLocalDbServer({ file, port: 0 });
  const link = outageControls ? await startDbProxy(new URL(db.url)) : undefined;
  const port = await freePort();
  const controlPort = await freePort();
  const sessionSecret = randomBytes(32).toString("hex");
  // Razorpay stand-in: its Orders API and Checkout.js, webhooks signed to this Worker.
  const razorpay = await startRazorpayStandIn({ port: 0, webhookUrl: `http://127.0.0.1:${port}/api/payment/webhook` });
  const inspectorPort = process.env.STACK_INSPECTOR_PORT; // a known port, for attaching a CPU profiler to workerd
  const worker = startProcess(
    resolve(root, "node_modules/.bin/tsx"),
    [
      resolve(root, "scripts/worker-runtime.ts"),
      "--build",
      process.env.BUILD_DIR ?? "build",
      "--port",
      String(port),
      "--control-port",
      String(controlPort),
      ...(inspectorPort ? ["--inspector-port", inspectorPort] : []),
      "--persist-to",
      persistRoot,
      "--var",
      `DATABASE_URL:${link?.url ?? db.url}`,
      ...(link ? ["--var", `DB_TIMEOUT_MS:${OUTAGE_DB_TIMEOUT_MS}`] : []),
      "--var",
      "APP_ENV:test",
      "--var",
      `SITE_URL:http://127.0.0.1:${port}`,
      "--var",
      `SESSION_SECRET:${sessionSecret}`,
      ...Object.entries(razorpayWorkerVars(razorpay)).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    {
      quiet: !process.env.STACK_LOGS,
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", TMPDIR: resolve(root, ".tmp") },
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseUrl}/favicon.ico`, worker);
  } catch (err) {
    await worker.stop();
    await razorpay.close();
    await link?.close();
    await db.close();
    throw err;
  }
  return {
    baseUrl,
    dbUrl: db.url,
    dbLinkControlUrl: link?.controlUrl,
    dbTimeoutMs: link && OUTAGE_DB_TIMEOUT_MS,
    razorpayUrl: razorpay.url,
    scheduledUrl: `http://127.0.0.1:${controlPort}/scheduled`,
    dir,
    sessionSecret,
    async stop() {
      await worker.stop();
      await razorpay.close();
      await link?.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
