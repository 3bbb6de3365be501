import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel runs (a benchmark beside a test run) build without clobbering each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: { v8_viteEnvironmentApi: true },
} satisfies Config;
