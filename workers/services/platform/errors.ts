/**
 * An error a shopper or API client caused and may see: the status and the message are safe to show.
 * Anything else that is thrown is a bug, logged and shown as a plain 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (message: string) => new AppError(404, message);

/** Seconds a refused caller is told to wait when a 429 does not say (the rate limits' window). */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * The headers an error's answer carries, the API's and the pages' alike: every 429 says how long to
 * wait in `Retry-After` (whole seconds), as well as in its message and its `retryAfter` field.
 */
export function errorHeaders(err: AppError): Record<string, string> {
  if (err.status !== 429) return {};
  const wait = err.details?.retryAfter;
  const seconds = typeof wait === "number" && wait > 0 ? Math.ceil(wait) : DEFAULT_RETRY_AFTER_SECONDS;
  return { "Retry-After": String(seconds) };
}
