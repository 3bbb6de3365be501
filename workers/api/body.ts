import type { Context } from "hono";
import { AppError } from "../services/platform/errors";

/**
 * The request body as a plain object: JSON, or a urlencoded/multipart form. Anything else, or JSON
 * that does not parse to an object, is a 400 (never a 500).
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("Content-Type") ?? "";
  if (/^application\/x-www-form-urlencoded|^multipart\/form-data/i.test(type)) {
    try {
      return Object.fromEntries((await c.req.raw.formData()).entries());
    } catch {
      throw new AppError(400, "The form could not be read.");
    }
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError(400, "Send a JSON body.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new AppError(400, "Send a JSON object.");
  return body as Record<string, unknown>;
}
