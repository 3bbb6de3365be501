import { Hono } from "hono";
import { catalogApi } from "./catalog";
import type { ApiEnv } from "./types";

/** JSON API for other clients (mobile app, scripts, the payment provider); spec §7 shapes. */
export const api = new Hono<ApiEnv>().route("/", catalogApi);
