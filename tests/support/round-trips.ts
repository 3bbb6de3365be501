import { inject } from "vitest";

/**
 * One GET against the running Worker and the database round trips (libSQL pipelines) it cost, read
 * from the local database server's counters. Test files run one at a time, so nothing else counts.
 */
export async function roundTripsOf(path: string, headers: Record<string, string> = {}) {
  const dbUrl = inject("dbUrl");
  await fetch(`${dbUrl}/stats/reset`, { method: "POST" });
  const res = await fetch(new URL(path, inject("baseUrl")), { headers, redirect: "manual" });
  const body = await res.text();
  const { pipelines } = (await (await fetch(`${dbUrl}/stats`)).json()) as { pipelines: number };
  return { status: res.status, body, trips: pipelines };
}
