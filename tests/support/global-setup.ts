import type { TestProject } from "vitest/node";
import { startStack } from "./stack";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dbUrl: string;
    dbLinkControlUrl: string;
    dbTimeoutMs: number;
    razorpayUrl: string;
    scheduledUrl: string;
    sessionSecret: string;
  }
}

/** One running shop for the whole Worker and browser run: starting workerd is the slow part. */
export default async function setup(project: TestProject) {
  const stack = await startStack({ outageControls: true });
  project.provide("baseUrl", stack.baseUrl);
  project.provide("dbUrl", stack.dbUrl);
  project.provide("dbLinkControlUrl", stack.dbLinkControlUrl!);
  project.provide("dbTimeoutMs", stack.dbTimeoutMs!);
  project.provide("razorpayUrl", stack.razorpayUrl);
  project.provide("scheduledUrl", stack.scheduledUrl);
  project.provide("sessionSecret", stack.sessionSecret);
  return () => stack.stop();
}
