/**
 * Which running shop a Worker or browser test file talks to. global-setup.ts starts one stack per
 * vitest worker; this file, a setup file of the integration project, runs in the worker before each
 * test file and makes `inject("baseUrl")` (and the other keys) answer that worker's stack, so tests
 * keep reading their addresses with `inject` and never learn there are several.
 */
export interface StackContext {
  baseUrl: string;
  dbUrl: string;
  dbLinkControlUrl: string;
  dbTimeoutMs: number;
  razorpayUrl: string;
  scheduledUrl: string;
  sessionSecret: string;
}

/** How many test files run at once, each in its own vitest worker (vitest.config.ts's `maxWorkers`). */
export const testWorkers = Math.max(1, Number(process.env.TEST_WORKERS ?? 2));
