import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { createRequestHandler } from "react-router";
import { createDb } from "../db/client";
import { api } from "./api";
import type { ApiEnv } from "./api/types";
import { assertEnv, type Env } from "./env";
import { media } from "./media";
import { servePage } from "./edge-cache";
import { createNonce, securityHeaders } from "./security";
import { seo } from "./seo";
import type { ServiceContext } from "./services/context";
import { AppError } from "./services/errors";

declare module "react-router" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    services: ServiceContext;
    nonce: string;
  }
}

const handlePage = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

const app = new Hono<ApiEnv>();

app.use("*", async (c, next) => {
  assertEnv(c.env);
  const nonce = createNonce();
  c.set("nonce", nonce);
  c.set("ctx", { db: createDb(c.env), env: c.env, now: () => new Date() });
  await next();
  const https = new URL(c.req.url).protocol === "https:";
  for (const [name, value] of Object.entries(securityHeaders(nonce, { https }))) {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  }
});

app.route("/api", api);
app.all("/api/*", (c) => c.json({ message: "Not found" }, 404));
app.route("/media", media);
app.route("/", seo);

app.all("*", (c) => {
  const ctx = c.executionCtx as ExecutionContext;
  const render = () =>
    handlePage(c.req.raw, { cloudflare: { env: c.env, ctx }, services: c.var.ctx, nonce: c.var.nonce });
  return servePage(c.req.raw, render, { nonce: c.var.nonce, waitUntil: (p) => ctx.waitUntil(p) });
});

app.onError((err, c) => {
  if (err instanceof AppError) {
    return c.json({ message: err.message, ...(err.details ?? {}) }, err.status);
  }
  if (err instanceof HTTPException) {
    return c.json({ message: err.message || "Bad request" }, err.status);
  }
  console.error("Unhandled error", c.req.method, new URL(c.req.url).pathname, err);
  return c.json({ message: "Something went wrong. Please try again." }, 500);
});

export default app satisfies ExportedHandler<Env>;
