import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { testWorkers } from "./tests/support/stack-context";

/** Unit files that replace a module with `vi.mock`: shared with other files, the mock would leak into them. */
const mockingFiles = ["tests/unit/entry-server.test.ts"];

export default defineConfig({
  test: {
    // Files run this many at a time (TEST_WORKERS, default 3 for a 2-core machine); each integration
    // worker has its own running shop (tests/support/global-setup.ts), so files cannot collide.
    maxWorkers: testWorkers,
    projects: [
      {
        test: {
          name: "unit",
          // Files in one worker share the modules they import, as in the integration project; the
          // one file that replaces a module (vi.mock) runs in the "mocked" project, in a graph of its own.
          isolate: false,
          // In-process API tests load the Worker's app; its pages need the real build (tests/worker).
          alias: { "virtual:react-router/server-build": fileURLToPath(new URL("tests/support/no-server-build.ts", import.meta.url)) },
          include: ["tests/unit/**/*.test.ts", "tests/db/**/*.test.ts", "tests/in-process/**/*.test.ts"],
          exclude: [...mockingFiles],
          environment: "node",
          setupFiles: ["tests/support/no-console-error.ts"],
        },
      },
      {
        test: {
          name: "mocked",
          include: [...mockingFiles],
          environment: "node",
          setupFiles: ["tests/support/no-console-error.ts"],
        },
      },
      {
        test: {
          name: "integration",
          // Files in one worker share the modules they import (Playwright, the database client, the
          // support code): each file still opens its own browser, clients and accounts, and its
          // worker's stack is its own (docs/test-suite.md).
          isolate: false,
          include: ["tests/worker/**/*.test.ts", "tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/use-worker-stack.ts", "tests/support/no-console-error.ts"],
          testTimeout: 30_000,
          // A poll waits for what a page or the server does next (a form post, a mail written after
          // the answer): on a loaded 2-core machine that can pass vitest's default second. It ends as
          // soon as the condition holds, so a longer limit only matters when something is slow.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
