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

/**
 * How many test files run at once, each in its own vitest worker (vitest.config.ts's `maxWorkers`).
 * Three on a 2-core machine: while one file waits on a page or a throttled CPU, the others use the
 * cores (measured in docs/test-suite.md).
 */
export const testWorkers = Math.max(1, Number(process.env.TEST_WORKERS ?? 3));

/**
 * The Chromium the tests drive: Debian's headless shell, the same Blink and V8 as Debian's
 * `chromium` without the desktop browser around them (docs/decisions/0013-tests-on-chromiums-headless-shell.md).
 * `TEST_CHROMIUM=/usr/bin/chromium npm test` runs them on the full browser instead.
 */
export const testChromium = process.env.TEST_CHROMIUM ?? "/usr/bin/chromium-headless-shell";
