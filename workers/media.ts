import { Hono } from "hono";
import type { ApiEnv } from "./api/types";

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

/** Product and profile images from R2. Keys are content-named, so browsers may keep them long. */
export const media = new Hono<ApiEnv>().on(["GET", "HEAD"], "/:key{.+}", async (c) => {
  const key = c.req.param("key");
  if (!KEY.test(key) || key.includes("..")) return c.text("Not found", 404);
  // Only a well-formed ETag goes to R2 as a condition: R2 throws on malformed conditional headers,
  // and a browser (or anyone) may send anything.
  const etag = c.req.header("If-None-Match")?.trim();
  const onlyIf = etag && /^(W\/)?"[^"]*"$/.test(etag) ? { etagDoesNotMatch: etag.replace(/^W\//, "").slice(1, -1) } : undefined;
  const object = c.req.method === "HEAD" ? await c.env.MEDIA.head(key) : await c.env.MEDIA.get(key, { onlyIf });
  if (!object) return c.text("Not found", 404);
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "public, max-age=2592000, stale-while-revalidate=86400");
  if (c.req.method === "HEAD") return new Response(null, { headers });
  // Without a body, the condition matched the browser's copy: nothing to send again.
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response((object as R2ObjectBody).body, { headers });
});
