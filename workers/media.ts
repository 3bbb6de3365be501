import { Hono } from "hono";
import type { ApiEnv } from "./api/types";

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

/** Product and profile images from R2. Keys are content-named, so browsers may keep them long. */
export const media = new Hono<ApiEnv>().on(["GET", "HEAD"], "/:key{.+}", async (c) => {
  const key = c.req.param("key");
  if (!KEY.test(key) || key.includes("..")) return c.text("Not found", 404);
  const object = await c.env.MEDIA.get(key, {
    onlyIf: c.req.raw.headers,
  });
  if (!object) return c.text("Not found", 404);
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "public, max-age=2592000, stale-while-revalidate=86400");
  if (!("body" in object) || c.req.method === "HEAD") {
    // `onlyIf` matched the browser's copy (If-None-Match): nothing to send again.
    return new Response(null, { status: "body" in object ? 200 : 304, headers });
  }
  return new Response(object.body, { headers });
});
