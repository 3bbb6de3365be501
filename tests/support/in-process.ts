import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { afterAll, beforeAll } from "vitest";
import { type LocalDbServer, startLocalDbServer } from "../../db/local-server/server";
import { seedDatabase } from "../../db/seed";
import worker from "../../workers/app";
import type { Env } from "../../workers/env";
import { useTempDatabase } from "./temp-db";

/** A limiter that never limits: these tests are about answers, not abuse (the Worker tests cover that). */
const unlimited: RateLimit = { limit: async () => ({ success: true }) };

/**
 * The Worker's Hono app (`workers/app.ts`: its middleware, `/api` and its error handling) called in
 * this process with `app.request`, over a fresh migrated and seeded database served by the local
 * libSQL server, as the Worker reaches it. No workerd, no build, no browser: for API behaviour that
 * needs none of them, so the suite stays fast as the shop grows. Pages need the built Worker
 * (vitest resolves the server build to a stub that refuses).
 */
export function useInProcessApp(tag: string) {
  const database = useTempDatabase(tag);
  let server: LocalDbServer;
  let env: Env;
  const pending: Promise<unknown>[] = [];
  const executionCtx = {
    waitUntil: (p: Promise<unknown>) => void pending.push(p),
    passThroughOnException: () => {},
    props: {},
  } as unknown as ExecutionContext;

  beforeAll(async () => {
    const client = createClient({ url: database.url });
    try {
      await seedDatabase(drizzle(client));
    } finally {
      client.close();
    }
    server = await startLocalDbServer({ file: join(database.dir, "test.db") });
    env = {
      DATABASE_URL: server.url,
      APP_ENV: "test",
      SITE_URL: "http://127.0.0.1",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      MEDIA: undefined as unknown as R2Bucket,
      AUTH_LIMITER: unlimited,
      AUTH_IP_LIMITER: unlimited,
      FORM_LIMITER: unlimited,
      PROFILE_LIMITER: unlimited,
      ORDER_LIMITER: unlimited,
    };
  });
  afterAll(async () => {
    await Promise.allSettled(pending);
    await server?.close();
  });

  return {
    /** One request through the Worker's app, as `fetch` would send it to the Worker. */
    request(path: string, init?: RequestInit): Promise<Response> {
      return Promise.resolve(worker.fetch(new Request(new URL(path, "http://127.0.0.1"), init), env, executionCtx));
    },
  };
}
