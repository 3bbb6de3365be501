import { describe, expect, it } from "vitest";
import { keptServerRoutes } from "../../scripts/vite-react-router";
import { reactRouterFile } from "../support/react-router-file";

const serverSource = reactRouterFile("function ServerRouter({");

describe("React Router's server routes kept per build (the Worker's build)", () => {
  it("keeps the route modules' map and the server routes, and refuses another version's files instead of half changing them", () => {
    expect(serverSource).toBeDefined();
    const server = serverSource as string;
    expect(keptServerRoutes(server)).toContain("keptServerRoutes(manifest.routes, routeModules");
    expect(keptServerRoutes(server)).toContain("routeModules: keptEntryRouteModules(build.routes),");
    expect(() => keptServerRoutes(server.replace("routeModules: createEntryRouteModules(build.routes),", "routeModules: {},"))).toThrow(
      /expected 1/,
    );
  });
});
