/**
 * What the back office's filtered lists (orders, returns) share in their pages: the refusal of their
 * filters, and the figures of the page shown. Client-safe; the loaders' half is admin-list-page.server.ts.
 */

/** Filters the service refused: its message, and the fields to mark. */
export type ListProblem = { message: string; fields: Record<string, string> };

/** How many pages the list has, and which rows (1-based) this page shows. */
export function pageSpan({ total, page, limit }: { total: number; page: number; limit: number }) {
  return {
    pages: Math.max(1, Math.ceil(total / limit)),
    first: total === 0 ? 0 : (page - 1) * limit + 1,
    last: Math.min(total, page * limit),
  };
}

/** The caption of a list newest first: "Orders 1 to 20 of 45, newest first", or that none match. */
export function listCaption(noun: string, total: number, span: { first: number; last: number }): string {
  return total === 0 ? `No ${noun.toLowerCase()} match.` : `${noun} ${span.first} to ${span.last} of ${total}, newest first`;
}
