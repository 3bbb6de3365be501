import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { addressesApi } from "./accounts/addresses";
import { authApi } from "./accounts/auth";
import { pincodeApi } from "./accounts/pincode";
import { adminApi } from "./back-office/admin";
import { catalogApi } from "./catalog/catalog";
import { sizeFinderApi } from "./catalog/size-finder";
import { messagesApi } from "./content/messages";
import { orderInvoiceApi } from "./orders/order-invoice";
import { orderReturnsApi } from "./orders/order-returns";
import { ordersApi } from "./orders/orders";
import { ordersCancelApi } from "./orders/orders-cancel";
import { ordersReadApi } from "./orders/orders-read";
import { cartApi } from "./shopping/cart";
import { reviewsApi } from "./shopping/reviews";
import { wishlistApi } from "./shopping/wishlist";
import type { ApiEnv } from "./types";

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
  .route("/", sizeFinderApi)
  .route("/", authApi)
  .route("/", addressesApi)
  .route("/", pincodeApi)
  .route("/", cartApi)
  .route("/", wishlistApi)
  .route("/", reviewsApi)
  .route("/", ordersApi)
  .route("/", ordersReadApi)
  .route("/", orderReturnsApi)
  .route("/", orderInvoiceApi)
  .route("/", ordersCancelApi)
  .route("/", messagesApi)
  .route("/", adminApi);
