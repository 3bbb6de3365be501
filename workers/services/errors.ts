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
