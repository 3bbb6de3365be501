import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("layouts/home-layout.tsx", [index("routes/home.tsx")]),
  layout("layouts/plain-layout.tsx", [
    route("search", "routes/search.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
