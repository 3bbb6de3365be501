/**
 * The embedded default: migrate and seed the local database file once, start the local libSQL
 * server, and serve the shop in workerd on http://127.0.0.1:8787. `--dev` uses the Vite dev server
 * (loaders still run in workerd through the Cloudflare Vite plugin). `PORT` and `DB_PORT` choose
 * other ports (defaults 8787 and 8799), so two copies can run side by side. The address is printed
 * once the shop answers. Ctrl-C stops everything.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { startLocalDbServer } from "../db/local-server/server";
import { prepareLocalDatabase } from "../db/prepare";
import { razorpayWorkerVars, startRazorpayStandIn } from "../stand-ins/razorpay/server";
import { root, runChecked, startProcess, waitForHttp } from "../tooling/processes";

/**
 * The local session-signing secret: made once, kept in .data/ (git-ignored) so sign-ins survive a
 * restart, and written to .dev.vars for the Vite dev server (`--dev`), which reads it from there.
 */
function localSessionSecret(): string {
  const path = resolve(root, ".data/session-secret");
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  const secret = readFileSync(path, "utf8").trim();
  const devVars = resolve(root, ".dev.vars");
  if (!existsSync(devVars)) writeFileSync(devVars, `SESSION_SECRET=${secret}\nAPP_ENV=development\n`, { mode: 0o600 });
  return secret;
}

/**
 * `--dev`: the Vite dev server reads the Worker's variables from .dev.vars (made once, above), so the
 * stand-in's are written there: missing ones added, stand-in URLs on another port brought up to
 * date. Values someone set by hand (real test keys, another host) stay.
 */
function devVarsWithPayments(vars: Record<string, string>) {
  const path = resolve(root, ".dev.vars");
  const lines = (existsSync(path) ? readFileSync(path, "utf8") : "").split("\n").filter((line) => line !== "");
  for (const [name, value] of Object.entries(vars)) {
    const at = lines.findIndex((line) => line.startsWith(`${name}=`));
    if (at === -1) lines.push(`${name}=${value}`);
    else if (/^http:\/\/127\.0\.0\.1:\d+(\/|$)/.test((lines[at] as string).slice(name.length + 1))) lines[at] = `${name}=${value}`;
  }
  writeFileSync(path, `${lines.join("\n")}\n`, { mode: 0o600 });
}

/** A port from the environment, or the default. */
function portFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name}=${raw} is not a port number (1-65535)`);
  return port;
}

const dev = process.argv.includes("--dev");
const SHOP_PORT = portFrom("PORT", 8787);
const DB_PORT = portFrom("DB_PORT", 8799);
const RAZORPAY_PORT = portFrom("RAZORPAY_PORT", 8790);

const file = resolve(root, ".data/shop.db");
const persistRoot = resolve(root, ".wrangler/state");

const { seeded, mediaCount } = await prepareLocalDatabase({ file, persistRoot });
console.log(seeded ? "Seeded the demo catalogue." : "Using the existing local database.", `(${mediaCount} images in local R2)`);

const sessionSecret = localSessionSecret();
const db = await startLocalDbServer({ file, port: DB_PORT });
console.log(`Local libSQL server on ${db.url}`);

// The local Razorpay stand-in (stand-ins/razorpay): online payments with the production code path,
// the fixed test keys, and signed webhooks to the shop (docs/payments-locally.md).
const address = `http://127.0.0.1:${SHOP_PORT}`;
const razorpay = await startRazorpayStandIn({ port: RAZORPAY_PORT, webhookUrl: `${address}/api/payment/webhook` });
console.log(`Razorpay stand-in on ${razorpay.url}`);
const paymentVars = razorpayWorkerVars(razorpay);
if (dev) devVarsWithPayments(paymentVars);

if (!dev) runChecked("npm", ["run", "build"]);

// The dev server reads DB_PORT in vite.config.ts; the built Worker is told the database URL itself
// (scripts/worker-runtime.ts: workerd through Miniflare, with the build's wrangler.json; ADR 7).
const shop = dev
  ? startProcess("npx", ["react-router", "dev", "--host", "127.0.0.1", "--port", String(SHOP_PORT), "--strictPort"], {
      env: { ...process.env, DB_PORT: String(DB_PORT) },
    })
  : startProcess(resolve(root, "node_modules/.bin/tsx"), [
      resolve(root, "scripts/worker-runtime.ts"),
      "--build",
      process.env.BUILD_DIR ?? "build",
      "--port",
      String(SHOP_PORT),
      "--persist-to",
      persistRoot,
      "--cron",
      "--var",
      `DATABASE_URL:${db.url}`,
      "--var",
      `SESSION_SECRET:${sessionSecret}`,
      "--var",
      "APP_ENV:development",
      "--var",
      `SITE_URL:${address}`,
      ...Object.entries(paymentVars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ]);

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await shop.stop();
  await razorpay.close();
  await db.close();
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
shop.exited.then((code) => stop(code ?? 1));

// The address is worth printing only once the shop answers (the dev server compiles on its first request).
const answered = await waitForHttp(`${address}/`, shop, 180_000).then(
  () => true,
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    return false;
  },
);
if (answered) console.log(`\nThe shop: ${address}  (Ctrl-C stops it)\n`);
else await stop(1);
