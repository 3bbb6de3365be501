import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { type AppLoadContext, createRequestHandler, type RequestHandler, type ServerBuild } from "react-router";
import { createDb } from "../db/client";
import { api } from "./api";
import type { ApiEnv } from "./api/types";
import { isBackOfficePath, isStaff, renderGuarded } from "./back-office-door";
import { devTools } from "./dev-tools";
import { servePage } from "./edge-cache";
import { assertEnv, dbTimeoutMs, type Env, siteOrigin } from "./env";
import { media } from "./media";
import { outageAnswer, outageHeaders, withPageGuards } from "./outage";
import { scheduled } from "./scheduled";
import { createNonce, securityHeaders } from "./security";
import { seo } from "./seo";
import { clearSessionCookie, readToken, sessionCookieValue, sessionUser, tokenFromRequest } from "./services/accounts/session";
import { paymentOrigins } from "./services/orders/razorpay";
import type { ServiceContext } from "./services/platform/context";
import { AppError, errorHeaders } from "./services/platform/errors";
import { readBatcher } from "./services/platform/read-batch";

declare module "react-router" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    services: ServiceContext;
    nonce: string;
  }
}

/**
 * CSRF (docs/decisions/0005-sessions-codes-and-limits.md): a browser sends Origin with every unsafe request, so a write whose Origin is
 * another site is refused. Requests without Origin (API clients, the payment provider) pass; they
 * authenticate with a Bearer token or a signature, which a browser cannot forge across sites.
 */
function crossSiteWrite(req: Request, url: URL): boolean {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return false;
  const origin = req.headers.get("Origin");
  if (origin) return origin !== url.origin;
  return req.headers.get("Sec-Fetch-Site") === "cross-site";
}

/**
 * Reads what is left of a request body that a handler answered without reading (a 401 or 415
 * before parsing). Local workerd (wrangler dev) otherwise leaves the kept-alive connection stuck,
 * and the client's next request on it hangs or gets a 503.
 */
async function drainBody(req: Request): Promise<void> {
  if (!req.body || req.bodyUsed) return;
  try {
    await req.arrayBuffer();
  } catch {
    // the client went away; nothing to drain
  }
}

/**
 * One request handler per build. Given a function instead of a build, React Router derives its
 * routes, manifest and static handler anew on every request (for hot reload), about 5% of a
 * signed-in page's CPU; the dev server's reloads still arrive as a new build, and so a new handler.
 */
const handlers = new WeakMap<ServerBuild, RequestHandler>();
const handlerOf = (build: ServerBuild): RequestHandler => {
  let handler = handlers.get(build);
  if (!handler) {
    handler = createRequestHandler(build, import.meta.env.MODE);
    handlers.set(build, handler);
  }
  return handler;
};
const handlePage = async (request: Request, loadContext: AppLoadContext & { services: ServiceContext }) => {
  const build = withPageGuards(await import("virtual:react-router/server-build"));
  // Anyone but staff meets the shop's routes alone at the back office's addresses (back-office-door.ts).
  return renderGuarded(build, request, loadContext, (b, r) => handlerOf(b)(r, loadContext));
};

// Hono's one-regular-expression router, named rather than left to Hono's pick: the default tries it
// and silently falls back to a trie walked segment by segment on every request, pages included, when
// one path has a form it cannot compile (a pattern inside a parameter). Named, such a path fails
// every request at once, so no test run can miss it.
const app = new Hono<ApiEnv>({ router: new RegExpRouter() });

// First, so that every answer carries the security headers: pages, API, refusals (the cross-site
// 403 below, 413s, 429s) and errors alike (onError's answer comes back through here).
app.use("*", async (c, next) => {
  const nonce = createNonce();
  c.set("nonce", nonce);
  await next();
  await drainBody(c.req.raw);
  const https = new URL(c.req.url).protocol === "https:";
  for (const [name, value] of Object.entries(securityHeaders(nonce, { https, payment: paymentOrigins(c.env) }))) {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  }
});

app.use("*", async (c, next) => {
  assertEnv(c.env);
  const url = new URL(c.req.url);
  const db = createDb(c.env, { timeoutMs: dbTimeoutMs(c.env) });
  const ctx: ServiceContext = {
    db,
    env: c.env,
    now: () => new Date(),
    claims: () => (claims ??= readToken(ctx, tokenFromRequest(c.req.raw.headers) ?? "")),
    user: () => (session ??= sessionUser(ctx)),
    read: readBatcher(db),
    origin: siteOrigin(c.env),
    clientIp: c.req.header("CF-Connecting-IP") ?? "local",
    defer: (work) => c.executionCtx.waitUntil(work),
  };
  let claims: ReturnType<ServiceContext["claims"]> | undefined;
  let session: ReturnType<ServiceContext["user"]> | undefined;
  c.set("ctx", ctx);
  if (crossSiteWrite(c.req.raw, url)) return c.json({ message: "Cross-site request refused." }, 403);
  await next();
});

// Page forms carry at most a 2 MB profile picture; the API sets its own limits.
const pageBody = bodyLimit({ maxSize: 3 * 1024 * 1024, onError: (c) => c.text("The form is too large (at most 3 MB).", 413) });
// The back office's product form also carries up to 5 pictures of at most 5 MB each (admin-product-media.ts checks each).
const productFormBody = bodyLimit({
  maxSize: 25 * 1024 * 1024 + 256 * 1024,
  onError: (c) => c.text("The form is too large (at most 25 MB).", 413),
});
// The product form's larger limit is staff's alone: anyone else posting there meets the shop's limit,
// as at an unknown address (the door decides before the body is read; a page without a body is not
// held up by it, its session read travels with the page's reads).
app.use("*", async (c, next) => {
  if (c.req.path.startsWith("/api/")) return next();
  const bodied = c.req.method !== "GET" && c.req.method !== "HEAD";
  if (bodied && isBackOfficePath(c.req.path) && /^\/admin\/products/i.test(c.req.path) && (await isStaff(c.var.ctx)))
    return productFormBody(c, next);
  return pageBody(c, next);
});

app.route("/api", api);
app.route("/dev", devTools);
app.all("/api/*", (c) => c.json({ message: "Not found" }, 404));
app.route("/media", media);
app.route("/", seo);

app.all("*", async (c) => {
  const ctx = c.executionCtx as ExecutionContext;
  const render = () => handlePage(c.req.raw, { cloudflare: { env: c.env, ctx }, services: c.var.ctx, nonce: c.var.nonce });
  const res = await servePage(c.req.raw, render, { nonce: c.var.nonce, waitUntil: (p) => ctx.waitUntil(p) });
  // A session cookie that no longer signs anyone in (expired, revoked, tampered) is dropped, so the
  // browser is served from the edge cache again and is not asked to sign in over and over.
  // (A failed read, which also fails the session read batched with it, is no verdict on the cookie.)
  if (sessionCookieValue(c.req.raw.headers) && !res.headers.has("Set-Cookie") && (await c.var.ctx.user().catch(() => undefined)) === null) {
    const cleared = new Response(res.body, res);
    cleared.headers.append("Set-Cookie", clearSessionCookie({ secure: new URL(c.req.url).protocol === "https:" }));
    return cleared;
  }
  return res;
});

app.onError((err, c) => {
  const outage = outageAnswer(`${c.req.method} ${new URL(c.req.url).pathname}`, err);
  if (outage) return c.json(outage, 503, outageHeaders());
  if (err instanceof AppError) {
    return c.json({ message: err.message, ...(err.details ?? {}) }, err.status, errorHeaders(err));
  }
  if (err instanceof HTTPException) {
    return c.json({ message: err.message || "Bad request" }, err.status);
  }
  console.error("Unhandled error", c.req.method, new URL(c.req.url).pathname, err);
  return c.json({ message: "Something went wrong. Please try again." }, 500);
});

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<Env>;
