/**
 * Runs the local libSQL HTTP server until SIGINT/SIGTERM.
 *
 *   npx tsx db/local-server/cli.ts --file .data/shop.db --port 8080 [--idle-timeout-ms 10000]
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { startLocalDbServer } from "./server";

const { values } = parseArgs({
  options: {
    file: { type: "string", default: ".data/shop.db" },
    port: { type: "string", default: "8080" },
    "idle-timeout-ms": { type: "string" },
  },
});

const port = Number(values.port);
const idleTimeoutMs = values["idle-timeout-ms"] === undefined ? undefined : Number(values["idle-timeout-ms"]);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid --port ${values.port}`);
if (idleTimeoutMs !== undefined && !(idleTimeoutMs > 0)) throw new Error("Invalid --idle-timeout-ms");

// .data/ is git-ignored and absent on a fresh checkout.
mkdirSync(dirname(values.file), { recursive: true });
const server = await startLocalDbServer({ file: values.file, port, idleTimeoutMs });
console.log(`libSQL server for ${values.file} listening on ${server.url}`);

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping`);
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
