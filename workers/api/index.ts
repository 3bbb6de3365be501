import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { addressesApi } from "./addresses";
import { adminApi } from "./admin";
import { authApi } from "./auth";
import { cartApi } from "./cart";
import { catalogApi } from "./catalog";
import { messagesApi } from "./messages";
import { ordersApi } from "./orders";
import { ordersReadApi } from "./orders-read";
import { pincodeApi } from "./pincode";
import { reviewsApi } from "./reviews";
import type { ApiEnv } from "./types";
import { wishlistApi } from "./wishlist";

const limitBody = (maxSize: number, label: string) =>
  bodyLimit({ maxSize, onError: (c) => c.json({ message: `The request is too large (at most ${label}).` }, 413) });
const smallBody = limitBody(64 * 1024, "64 KB");
const profileBody = limitBody(3 * 1024 * 1024, "3 MB");
/** A product's pictures: up to 5 of at most 5 MB each in one request (each file's own limit is the service's, a 413 too). */
const productImagesBody = limitBody(25 * 1024 * 1024 + 64 * 1024, "25 MB");
const PRODUCT_IMAGES = /^\/api\/admin\/products\/[^/]+\/images$/;
// The stock CSV import: a file of at most 1 MB, with room for a multipart form around it.
const csvBody = limitBody(1024 * 1024 + 16 * 1024, "1 MB");

/** JSON API for other clients (mobile app, scripts, the payment provider); the shapes are in docs/product/. */
export const api = new Hono<ApiEnv>()
  // A profile may carry a 2 MB picture; nothing else needs more than a few kilobytes.
  .use("*", (c, next) =>
    c.req.path.endsWith("/auth/profile")
      ? profileBody(c, next)
      : PRODUCT_IMAGES.test(c.req.path)
        ? productImagesBody(c, next)
        : c.req.path.endsWith("/admin/stock.csv")
          ? csvBody(c, next)
          : smallBody(c, next),
  )
  .route("/", catalogApi)
  .route("/", authApi)
  .route("/", addressesApi)
  .route("/", pincodeApi)
  .route("/", cartApi)
  .route("/", wishlistApi)
  .route("/", reviewsApi)
  .route("/", ordersApi)
  .route("/", ordersReadApi)
  .route("/", messagesApi)
  .route("/", adminApi);
