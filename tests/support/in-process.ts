import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { afterAll, beforeAll, vi } from "vitest";
import { type LocalDbServer, startLocalDbServer } from "../../db/local-server/server";
import { seedDatabase } from "../../db/seed";
import worker from "../../workers/app";
import type { Env } from "../../workers/env";
import { useTempDatabase } from "./temp-db";

/** Where the app answers in this process: port 80 of loopback, which no test server listens on. */
const ORIGIN = "http://127.0.0.1";

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

  const request = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    Promise.resolve(
      worker.fetch(
        new Request(typeof input === "string" || input instanceof URL ? new URL(input, ORIGIN) : input, init),
        env,
        executionCtx,
      ),
    );

  beforeAll(async () => {
    // The tooling's helpers (make a shopper, read her mailbox, post JSON) fetch the shop by its
    // address; requests to this one go to the app in this process, every other one (the database
    // server's) leaves as before.
    const realFetch = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(input instanceof Request ? input.url : input).origin === ORIGIN ? request(input, init) : realFetch(input, init),
    );
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
    vi.unstubAllGlobals();
    await Promise.allSettled(pending);
    await server?.close();
  });

  return {
    /** One request through the Worker's app, as `fetch` would send it to the Worker. */
    request(path: string, init?: RequestInit): Promise<Response> {
      return request(path, init);
    },
    /** The shop's address: `fetch` to it (the tooling's helpers included) reaches this app. */
    baseUrl: ORIGIN,
    /** The database server the app reads (known once the tests start). */
    get dbUrl() {
      return server.url;
    },
    /** Signs this app's session tokens (known once the tests start). */
    get sessionSecret() {
      return env.SESSION_SECRET;
    },
  };
}
