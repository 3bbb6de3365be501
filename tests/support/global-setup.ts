import type { TestProject } from "vitest/node";
import { startStack } from "../../tooling/stack";
import { type StackContext, testWorkers } from "./stack-context";

declare module "vitest" {
  export interface ProvidedContext extends StackContext {
    /** One running shop per vitest worker, by `VITEST_POOL_ID` - 1 (stack-context.ts picks this file's). */
    stacks: StackContext[];
  }
}

/**
 * One running shop per vitest worker for the whole Worker and browser run: starting workerd is the
 * slow part, and a worker runs its files one at a time, so two files never share a database, an edge
 * cache, rate limits or a database link a test cuts.
 */
export default async function setup(project: TestProject) {
  const started = await Promise.allSettled(Array.from({ length: testWorkers }, () => startStack({ outageControls: true })));
  const stacks = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const stopAll = () => Promise.all(stacks.map((s) => s.stop()));
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  const contexts = stacks.map(
    (stack): StackContext => ({
      baseUrl: stack.baseUrl,
      dbUrl: stack.dbUrl,
      dbLinkControlUrl: stack.dbLinkControlUrl!,
      dbTimeoutMs: stack.dbTimeoutMs!,
      razorpayUrl: stack.razorpayUrl,
      scheduledUrl: stack.scheduledUrl,
      sessionSecret: stack.sessionSecret,
    }),
  );
  project.provide("stacks", contexts);
  return stopAll;
}
