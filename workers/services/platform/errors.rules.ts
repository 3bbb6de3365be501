/** Error messages as plain values, for pages that show them without loading server code. */

/** What a shopper or API client is told when the database cannot be reached (a 503 with Retry-After). */
export const DATABASE_UNAVAILABLE = "We could not reach the shop's records. Please try again in a moment.";
