import type { AppLoadContext, ServerBuild } from "react-router";
import type { ServiceContext } from "./services/context";
import { requireStaff } from "./services/staff";

/**
 * The back office's pages are React Router routes like the shop's, and a route that turns a visitor
 * away still names itself in the page (its module, its stylesheet) and in the route manifest. So that
 * nothing hints a back office exists, anyone who is not staff is answered by the shop's routes only:
 * a build with the back office's routes taken out, where /admin is an unknown address like any other
 * (the catch-all's 404 page, byte for byte the same page).
 */

/** A page, a page's data (`/admin.data`, `/admin/orders.data`) or a form post in the back office. */
const BACK_OFFICE_PATH = /^\/admin(?:[/.]|$)/;

export const isBackOfficePath = (pathname: string) => BACK_OFFICE_PATH.test(pathname);

/** The route manifest the browser asks for before it follows a link (lazy route discovery), when it names a back-office path. */
export function asksForBackOfficeRoutes(url: URL): boolean {
  return url.pathname === "/__manifest" && url.searchParams.getAll("p").some(isBackOfficePath);
}

/** Whether the request is a signed-in staff member's (a database read; only asked for back-office requests). */
export const isStaff = (ctx: ServiceContext) =>
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
 * Renders a request with the whole build, except where it might show the back office to someone
 * else: a back-office address that the whole build answers 404 (the door's answer to anyone not
 * staff, or a back-office page that does not exist) is answered again by the shop's routes alone,
 * and the route manifest names back-office routes to staff only. A staff member's page costs
 * nothing more; a visitor turned away costs one more render.
 */
export async function renderGuarded(
  build: ServerBuild,
  request: Request,
  loadContext: AppLoadContext & { services: ServiceContext },
  render: (build: ServerBuild, request: Request) => Promise<Response>,
): Promise<Response> {
  const url = new URL(request.url);
  if (asksForBackOfficeRoutes(url)) return render((await isStaff(loadContext.services)) ? build : shopOnly(build), request);
  if (!isBackOfficePath(url.pathname)) return render(build, request);
  // A form post turned away is answered with the same 404 page as a visit (the shop's routes have no action there: a 405 would differ).
  const again = (
    request.method === "GET" || request.method === "HEAD"
      ? request.clone()
      : new Request(request.url, { method: "GET", headers: request.headers })
  ) as Request;
  const res = await render(build, request);
  if (res.status !== 404) return res;
  await res.body?.cancel();
  return render(shopOnly(build), again);
}
