import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { testWorkers } from "./tests/support/stack-context";

export default defineConfig({
  test: {
    // Files run this many at a time (TEST_WORKERS, default 2 for a 2-core machine); each integration
    // worker has its own running shop (tests/support/global-setup.ts), so files cannot collide.
    maxWorkers: testWorkers,
    projects: [
      {
        test: {
          name: "unit",
          // In-process API tests load the Worker's app; its pages need the real build (tests/worker).
          alias: { "virtual:react-router/server-build": fileURLToPath(new URL("tests/support/no-server-build.ts", import.meta.url)) },
          include: ["tests/unit/**/*.test.ts", "tests/db/**/*.test.ts", "tests/in-process/**/*.test.ts"],
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
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
