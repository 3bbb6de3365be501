import type { Plugin } from "vite";
import { patchPlugin, type Replacement, replaceExactly } from "./vite-patch";

/**
 * React Router's production file; each replacement must find exactly react-router 7.18.4's code (pinned:
 * docs/decisions/0010-pinned-toolchain.md).
 */
const FILE = /\/react-router\/dist\/production\/chunk-[A-Z0-9]+\.mjs$/;

/**
 * The shop draws its links with ShopLink (app/components/shop-link.tsx) and never imports React
 * Router's Link or NavLink, yet both stayed in the script every page loads (~0.8 KiB gzipped with the
 * prefetch and click code only they use): the file creates them with an unmarked `forwardRef` call
 * and then assigns their `displayName`, which a bundler must keep. This marks the two calls pure and
 * drops the two names (they only label components in React's developer tools), so the bundler
 * leaves the pair out when nothing imports them, and keeps them, working as before, when something
 * does.
 */
const SHAKEABLE_LINKS: readonly Replacement[] = [
  { find: "var Link = React10.forwardRef(", replace: "var Link = /* @__PURE__ */ React10.forwardRef(" },
  { find: 'Link.displayName = "Link";\n', replace: "" },
  { find: "var NavLink = React10.forwardRef(", replace: "var NavLink = /* @__PURE__ */ React10.forwardRef(" },
  { find: 'NavLink.displayName = "NavLink";\n', replace: "" },
];

/** React Router's file with Link and NavLink shakeable. */
export const shakeableLinks = (code: string) => replaceExactly(code, SHAKEABLE_LINKS, "react-router links");

const MARKER = "var NavLink = ";

/** Link and NavLink shakeable, in the browser's build and the Worker's. */
export function reactRouterLinks(): Plugin {
  return patchPlugin({
    name: "react-router-links",
    file: FILE,
    marker: MARKER,
    builds: { browser: true, worker: true },
    patch: shakeableLinks,
    missing: "the build did not include React Router's production file with Link",
  });
}

/**
 * Every document render, React Router builds the route modules' map (`createEntryRouteModules`) and a
 * route object per route of the app (`createServerRoutes`, 50-odd for the shop) again, though none of
 * it depends on the request: it is the build's routes, the same for every page. The Worker's build
 * keeps both per the object they were made from (the build's routes, its manifest's routes), so a
 * build it has not met (another one, the shop-only build the back office's door uses) gets its own.
 * Everything a request owns (its matches, its data, the router's state) is made per request as before.
 * Re-measured alone and paired it saves about 3% of a render's CPU (ADR 8); keeping the data routes
 * `createStaticRouter` makes from them as well measured nothing and is not done.
 */
const SERVER_ROUTES: readonly Replacement[] = [
  {
    find: `function createEntryRouteModules(manifest) {`,
    replace: `var entryRouteModules = new WeakMap();
function keptEntryRouteModules(routes) {
  let modules = entryRouteModules.get(routes);
  if (!modules) entryRouteModules.set(routes, modules = createEntryRouteModules(routes));
  return modules;
}
function createEntryRouteModules(manifest) {`,
  },
  {
    find: `      routeModules: createEntryRouteModules(build.routes),`,
    replace: `      routeModules: keptEntryRouteModules(build.routes),`,
  },
  {
    find: `  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    replace: `  let routes = keptServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);`,
  },
  {
    find: `function ServerRouter({`,
    replace: `var serverRoutes = new WeakMap();
function keptServerRoutes(manifestRoutes, routeModules, future, isSpaMode) {
  let byModules = serverRoutes.get(manifestRoutes);
  if (!byModules) serverRoutes.set(manifestRoutes, byModules = new WeakMap());
  let routes = byModules.get(routeModules);
  if (!routes) byModules.set(routeModules, routes = createServerRoutes(manifestRoutes, routeModules, future, isSpaMode));
  return routes;
}
function ServerRouter({`,
  },
];

/** React Router's server file with the route modules' map and the server routes kept per build. */
export const keptServerRoutes = (code: string) => replaceExactly(code, SERVER_ROUTES, "react-router server routes");

/** The server routes of a document render built once per build, in the Worker's build (the browser builds them once). */
export function reactRouterStaticRoutes(): Plugin[] {
  return [
    patchPlugin({
      name: "react-router-server-routes",
      file: FILE,
      marker: "function ServerRouter({",
      builds: { browser: false, worker: true },
      patch: keptServerRoutes,
      missing: "the Worker's build did not include React Router's production file with ServerRouter",
    }),
  ];
}
