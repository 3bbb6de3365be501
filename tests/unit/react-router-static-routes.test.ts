import { describe, expect, it } from "vitest";
import { keptDataRoutes, keptServerRoutes } from "../../scripts/vite-react-router";
import { reactRouterFile, useRouterFiles } from "../support/react-router-file";

const source = reactRouterFile("function createStaticRouter(");
const serverSource = reactRouterFile("function ServerRouter({");

interface DataRoute {
  id: string;
  path?: string;
  index?: boolean;
  hasErrorBoundary: boolean;
  element?: { type: unknown };
  children?: DataRoute[];
}
interface StaticRouter {
  routes: DataRoute[];
  state: { matches: { route: DataRoute; params: Record<string, string> }[]; loaderData: Record<string, unknown> };
}
interface RouterFile {
  createStaticRouter(routes: unknown[], context: unknown): StaticRouter;
}

// React Router's file as it ships and as the Worker's build has it.
const files = useRouterFiles<RouterFile>("react-router-static-routes", source as string, keptDataRoutes);

const Page = () => null;
const Oops = () => null;
/** Server routes shaped like the shop's: a root with an error boundary, an index, a product page, a layout. */
const serverRoutes = () => [
  {
    id: "root",
    path: "",
    Component: Page,
    ErrorBoundary: Oops,
    children: [
      { id: "home", index: true, Component: Page },
      { id: "product", path: "women-products/:category/:slug", Component: Page },
      { id: "admin", path: "admin", Component: Page, children: [{ id: "admin-home", index: true, Component: Page }] },
    ],
  },
];

/** One request's router state: its own matches and its own data. */
const requestContext = (slug: string) => ({
  basename: "/",
  location: { pathname: `/women-products/dresses/${slug}`, search: "", hash: "", state: null, key: "default" },
  matches: [
    { route: { id: "root" }, params: { slug }, pathname: "/", pathnameBase: "/" },
    { route: { id: "product" }, params: { slug }, pathname: `/women-products/dresses/${slug}`, pathnameBase: "/" },
  ],
  loaderData: { product: { slug } },
  actionData: null,
  errors: null,
  statusCode: 200,
  loaderHeaders: {},
  actionHeaders: {},
});

const shape = (routes: DataRoute[]): unknown =>
  routes.map((r) => ({
    id: r.id,
    path: r.path,
    index: r.index,
    hasErrorBoundary: r.hasErrorBoundary,
    element: r.element?.type,
    children: r.children ? shape(r.children) : undefined,
  }));

describe("React Router's static router with its data routes kept per route list (the Worker's build)", () => {
  it("builds the same data routes as React Router, once per route list, and each request's state apart", () => {
    const routes = serverRoutes();
    const first = files.patched.createStaticRouter(routes, requestContext("coral-midi"));
    const second = files.patched.createStaticRouter(routes, requestContext("indigo-maxi"));
    expect(shape(first.routes)).toEqual(shape(files.original.createStaticRouter(serverRoutes(), requestContext("coral-midi")).routes));
    // The tree is kept: the second render gets the very same routes, its matches point into them.
    expect(second.routes).toBe(first.routes);
    expect(second.state.matches[1]!.route).toBe(second.routes[0]!.children![1]);
    // What a request owns is its own.
    expect(first.state.matches[1]!.params.slug).toBe("coral-midi");
    expect(second.state.matches[1]!.params.slug).toBe("indigo-maxi");
    expect(first.state.loaderData).toEqual({ product: { slug: "coral-midi" } });
    expect(second.state.loaderData).toEqual({ product: { slug: "indigo-maxi" } });
  });

  it("gives another route list (another build) its own data routes", () => {
    const shop = serverRoutes();
    const other = serverRoutes().map((root) => ({ ...root, children: root.children.filter((r) => r.id !== "admin") }));
    const a = files.patched.createStaticRouter(shop, requestContext("coral-midi"));
    const b = files.patched.createStaticRouter(other, requestContext("coral-midi"));
    expect(b.routes).not.toBe(a.routes);
    expect((b.routes[0]!.children ?? []).map((r) => r.id)).toEqual(["home", "product"]);
    expect((a.routes[0]!.children ?? []).map((r) => r.id)).toEqual(["home", "product", "admin"]);
  });

  it("refuses another version's files instead of half changing them", () => {
    const code = source as string;
    expect(() =>
      keptDataRoutes(
        code.replace("function createStaticRouter(routes, context, opts = {}) {", "function createStaticRouter(routes, context, opts) {"),
      ),
    ).toThrow(/expected 1/);
    const server = serverSource as string;
    expect(keptServerRoutes(server)).toContain("keptServerRoutes(manifest.routes, routeModules");
    expect(() => keptServerRoutes(server.replace("routeModules: createEntryRouteModules(build.routes),", "routeModules: {},"))).toThrow(
      /expected 1/,
    );
  });
});
