import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("layouts/home-layout.tsx", [index("routes/home.tsx")]),
  layout("layouts/plain-layout.tsx", [
    route("all-products", "routes/all-products.tsx"),
    route("category/:categoryId", "routes/category.tsx"),
    route("women-products/:category/:slug", "routes/product.tsx"),
    route("search", "routes/search.tsx"),
    route("coming-soon", "routes/coming-soon.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("search/suggest", "routes/search-suggest.ts"),
] satisfies RouteConfig;
