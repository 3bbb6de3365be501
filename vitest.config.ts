import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
          include: ["tests/worker/**/*.test.ts", "tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/no-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: one test file at a time against the shared Worker keeps timings steady.
          fileParallelism: false,
        },
      },
    ],
  },
});
