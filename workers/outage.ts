import { data, type HeadersArgs, type HeadersFunction, type ServerBuild } from "react-router";
import { databaseUnavailable } from "../db/client";
import { settings } from "./services/content/settings";
import { DATABASE_UNAVAILABLE } from "./services/platform/errors.rules";

/** What both the API and the pages send with their 503 when the database cannot be reached. */
export const outageHeaders = () => ({ "Retry-After": String(settings.database.retryAfterSeconds) });

/** Logged as a warning, not an error: an outage is not a bug in the shop, but someone should see it. */
function report(where: string, error: unknown) {
  console.warn("Database unavailable", where, error instanceof Error ? (error.cause ?? error).toString() : error);
}

export function outageAnswer(where: string, error: unknown): { message: string } | null {
  if (!databaseUnavailable(error)) return null;
  report(where, error);
  return { message: DATABASE_UNAVAILABLE };
}

// biome-ignore lint/suspicious/noExplicitAny: loaders and actions alike; only `request` is read.
function guarded<F extends (args: any) => unknown>(handler: F | undefined): F | undefined {
  if (!handler) return undefined;
  return (async (args: Parameters<F>[0]) => {
    try {
      return await handler(args);
    } catch (error) {
      const answer = outageAnswer(new URL(args.request.url).pathname, error);
      if (answer) throw data(answer, { status: 503, headers: outageHeaders() });
      throw error;
    }
  }) as F;
}

/**
 * A route's own headers, plus the `Retry-After` its action answered with (a refused form: a 429 from
 * `formProblem`). React Router keeps only the cookies of an action's headers unless the route passes
 * them on, so this does it for every route, and no page can forget to.
 */
function keepRetryAfter(headers: HeadersFunction | Record<string, string> | undefined): HeadersFunction {
  return (args: HeadersArgs) => {
    const own = new Headers(typeof headers === "function" ? headers(args) : (headers ?? args.parentHeaders));
    const wait = args.actionHeaders.get("Retry-After");
    if (wait) own.set("Retry-After", wait);
    return own;
  };
}

/**
 * Every page loader and action, wrapped here once instead of a try/catch in each route: a database
 * that cannot be reached becomes a 503 route error with `Retry-After`, which the root ErrorBoundary
 * shows as an honest "try again in a moment" page inside the header and footer. (React Router
 * replaces any other thrown error with "Unexpected Server Error" before a boundary sees it.) Each
 * route's headers also pass on its action's `Retry-After` (keepRetryAfter).
 */
export function withPageGuards(build: ServerBuild): ServerBuild {
  const known = wrappedBuilds.get(build);
  if (known) return known;
  const wrapped = wrapBuild(build);
  wrappedBuilds.set(build, wrapped);
  return wrapped;
}

/** Once per build (a new one arrives only when the dev server reloads the code). */
const wrappedBuilds = new WeakMap<ServerBuild, ServerBuild>();

function wrapBuild(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { loader, action, headers } = route.module;
    routes[id] = {
      ...route,
      module: { ...route.module, loader: guarded(loader), action: guarded(action), headers: keepRetryAfter(headers) },
    };
  }
  return { ...build, routes };
}
