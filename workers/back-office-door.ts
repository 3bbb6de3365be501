import type { AppLoadContext, ServerBuild } from "react-router";
import { STAFF_SESSION_HOURS } from "./services/accounts/session";
import { requireStaff } from "./services/back-office/staff";
import type { ServiceContext } from "./services/platform/context";

/**
 * The back office's pages are React Router routes like the shop's, and a route that turns a visitor
 * away still names itself in the page (its module, its stylesheet) and in the route manifest. So that
 * nothing hints a back office exists, anyone who is not staff is answered by the shop's routes only:
 * a build with the back office's routes taken out, where /admin is an unknown address like any other
 * (the catch-all's 404 page, byte for byte the same page; a form post there is the same 405).
 *
 * The door decides from the session alone, before any of the back office's code sees the request:
 * a back-office loader or action reads its query and form (a date it cannot read is a 400), and that
 * answer must never reach anyone but staff. See docs/back-office.md.
 */

/** A page, a page's data (`/admin.data`, `/admin/orders.data`) or a form post in the back office. */
const BACK_OFFICE_PATH = /^\/admin(?:[/.]|$)/;

/**
 * Whether a path is the back office's, as React Router would match it: its routes match without
 * regard to case and on the decoded path, so `/ADMIN/orders` and `/%61dmin` are the back office too.
 */
export function isBackOfficePath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // a malformed escape: matched as it was sent
  }
  return BACK_OFFICE_PATH.test(path.toLowerCase().replace(/\/{2,}/g, "/"));
}

/** The route manifest the browser asks for before it follows a link (lazy route discovery), when it names a back-office path. */
export function asksForBackOfficeRoutes(url: URL): boolean {
  return url.pathname === "/__manifest" && url.searchParams.getAll("p").some(isBackOfficePath);
}

/**
 * Whether the request's session could be a staff member's, from its signed claims alone (no database
 * read): a staff session lasts STAFF_SESSION_HOURS, so no session at all, a forged one or an older
 * one is turned away without a read.
 */
async function mayBeStaff(ctx: ServiceContext): Promise<boolean> {
  const claims = await ctx.claims();
  return claims !== null && claims.issuedAt >= ctx.now().getTime() - STAFF_SESSION_HOURS * 3600_000;
}

/** Whether the request is a signed-in staff member's (a database read, joined to the request's batch, when the claims may be). */
export const isStaff = async (ctx: ServiceContext) =>
  (await mayBeStaff(ctx)) &&
  requireStaff(ctx).then(
    () => true,
    () => false,
  );

const shopBuilds = new WeakMap<ServerBuild, ServerBuild>();

/** The build without the back office: every route under a layout whose `handle` says `backOffice`. */
export function shopOnly(build: ServerBuild): ServerBuild {
  const known = shopBuilds.get(build);
  if (known) return known;
  const backOffice = new Set<string>();
  const isBackOffice = (id: string | undefined): boolean => {
    if (!id) return false;
    if (backOffice.has(id)) return true;
    const route = build.routes[id];
    const yes = Boolean((route?.module.handle as { backOffice?: boolean } | undefined)?.backOffice) || isBackOffice(route?.parentId);
    if (yes) backOffice.add(id);
    return yes;
  };
  const routes = Object.fromEntries(Object.entries(build.routes).filter(([id]) => !isBackOffice(id)));
  const assetRoutes = Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => !backOffice.has(id)));
  const shop: ServerBuild = { ...build, routes, assets: { ...build.assets, routes: assetRoutes } };
  shopBuilds.set(build, shop);
  return shop;
}

/**
 * Renders a request with the whole build for staff, and with the shop's routes alone for anyone else
 * at a back-office address (and the route manifest names back-office routes to staff only).
 *
 * A page (GET or HEAD) of someone whose claims may be staff's is rendered with the whole build while
 * the session is checked, so that the session's read and the page's reads travel in one round trip
 * as on every other page; if the session is not staff's, that render is thrown away unread and the
 * shop's routes answer instead. A form post is never run before the door has decided: its action
 * could change something. A visitor (no fresh session) never reaches the back office's code at all.
 */
export async function renderGuarded(
  build: ServerBuild,
  request: Request,
  loadContext: AppLoadContext & { services: ServiceContext },
  render: (build: ServerBuild, request: Request) => Promise<Response>,
): Promise<Response> {
  const ctx = loadContext.services;
  const url = new URL(request.url);
  if (asksForBackOfficeRoutes(url)) return render((await isStaff(ctx)) ? build : shopOnly(build), request);
  if (!isBackOfficePath(url.pathname)) return render(build, request);
  if (!(await mayBeStaff(ctx))) return render(shopOnly(build), request);

  const page = request.method === "GET" || request.method === "HEAD";
  let res: Response;
  if (page) {
    const staff = isStaff(ctx);
    const whole = render(build, request.clone() as Request);
    if (!(await staff)) {
      ctx.defer(whole.then((r) => r.body?.cancel()).catch(() => undefined));
      return render(shopOnly(build), request);
    }
    res = await whole;
  } else {
    if (!(await isStaff(ctx))) return render(shopOnly(build), request);
    res = await render(build, request);
  }
  if (res.status !== 404) return res;
  // A back-office address that the whole build answers 404 for staff (no such page, order or coupon) is
  // the shop's own 404 page, as for an unknown address; asked as a page, whatever the method was.
  await res.body?.cancel();
  return render(shopOnly(build), page ? request : (new Request(request.url, { method: "GET", headers: request.headers }) as Request));
}
