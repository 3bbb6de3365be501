import type { Client } from "@libsql/client";
import { vi } from "vitest";

const TABLES = { contact: "contact_messages", enquiry: "enquiries" } as const;

/**
 * Waits until the inbox message has been marked read: its first opening writes that after the answer
 * is sent (workers/services/back-office/admin-inbox.ts), so a test that needs a message already read waits for
 * the row, not for a guessed number of milliseconds.
 */
export async function untilRead(db: Client, kind: keyof typeof TABLES, id: number | string): Promise<void> {
  await vi.waitUntil(
    async () => (await db.execute({ sql: `select read_at from ${TABLES[kind]} where id = ?`, args: [id] })).rows[0]?.read_at != null,
    { timeout: 10_000, interval: 20 },
  );
}

/** Waits until the clock has passed `ms` (an epoch millisecond a row was stamped with), so the next row is newer. */
export async function untilAfter(ms: number): Promise<void> {
  await vi.waitUntil(() => Date.now() > ms, { timeout: 5_000, interval: 1 });
}
