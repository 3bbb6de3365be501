import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("layouts/home-layout.tsx", [index("routes/home.tsx")]),
  layout("layouts/plain-layout.tsx", [
    route("all-products", "routes/all-products.tsx"),
    route("category/:categoryId", "routes/category.tsx"),
    route("women-products/:category/:slug", "routes/product.tsx"),
    route("women-products/:category/:slug/reviews", "routes/product-reviews.ts"),
    route("search", "routes/search.tsx"),
    route("coming-soon", "routes/coming-soon.tsx"),
    route("cart", "routes/cart.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("thankyou", "routes/thankyou.tsx"),
    route("wishlist", "routes/wishlist.tsx"),
    route("my-orders", "routes/my-orders.tsx"),
    route("profile", "routes/profile.tsx"),
    route("contact-us", "routes/contact-us.tsx"),
    route("enquiry-us", "routes/enquiry-us.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  layout("layouts/auth-layout.tsx", [
    route("signin", "routes/signin.tsx"),
    route("create-account", "routes/create-account.tsx"),
    route("verify-otp", "routes/verify-otp.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password/:token", "routes/reset-password.tsx"),
  ]),
  route("login", "routes/login.ts"),
  route("logout", "routes/logout.ts"),
  route("search/suggest", "routes/search-suggest.ts"),
] satisfies RouteConfig;
