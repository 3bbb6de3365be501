import { spawn, spawnSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export function runChecked(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed with ${r.status ?? r.signal}`);
}

export interface StartedProcess {
  exited: Promise<number | null>;
  /** Stops the whole process group (wrangler starts workerd children), waiting for it to end. */
  stop(): Promise<void>;
  output(): string;
}

/** Starts a long-running child in its own process group so nothing is left behind on stop. */
export function startProcess(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {}): StartedProcess {
  const child = spawn(cmd, args, {
    cwd: root,
    env: opts.env ?? process.env,
    detached: true,
    stdio: opts.quiet ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
  });
  let log = "";
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  let running = true;
  exited.then(() => (running = false));
  return {
    exited,
    output: () => log,
    async stop() {
      if (!running || child.pid === undefined) return;
      const group = -child.pid;
      try {
        process.kill(group, "SIGTERM");
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(group, "SIGKILL");
        } catch {
          /* already gone */
        }
      }, 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until `url` answers (any status), or fails with the process output after `timeoutMs`. */
export async function waitForHttp(url: string, proc: StartedProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitedEarly = false;
  proc.exited.then(() => (exitedEarly = true));
  while (Date.now() < deadline) {
    if (exitedEarly) throw new Error(`Process exited before ${url} answered:\n${proc.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.body?.cancel();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`Timed out waiting for ${url}:\n${proc.output()}`);
}
