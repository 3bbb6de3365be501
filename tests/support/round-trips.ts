import { inject } from "vitest";

/**
 * One request (a GET unless `init` says otherwise) to the running Worker and the database round trips (libSQL pipelines) it cost, read
 * from the local database server's counters. Each test file has its stack to itself while it runs (global-setup.ts), so nothing else counts.
 */
export async function roundTripsOf(
  path: string,
  headers: Record<string, string> = {},
  init: RequestInit = {},
  /** The shop and its database server; the running Worker's unless an in-process test names its own. */
  at: { baseUrl: string; dbUrl: string } = { baseUrl: inject("baseUrl"), dbUrl: inject("dbUrl") },
) {
  const { dbUrl } = at;
  await fetch(`${dbUrl}/stats/reset`, { method: "POST" });
  const res = await fetch(new URL(path, at.baseUrl), { headers, redirect: "manual", ...init });
  const body = await res.text();
  const { pipelines } = (await (await fetch(`${dbUrl}/stats`)).json()) as { pipelines: number };
  return { status: res.status, body, trips: pipelines };
}
