import { inject } from "vitest";

/**
 * One request (a GET unless `init` says otherwise) to the running Worker and the database round trips (libSQL pipelines) it cost, read
 * from the local database server's counters. Each test file has its stack to itself while it runs (global-setup.ts), so nothing else counts.
 */
export async function roundTripsOf(path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  const dbUrl = inject("dbUrl");
  await fetch(`${dbUrl}/stats/reset`, { method: "POST" });
  const res = await fetch(new URL(path, inject("baseUrl")), { headers, redirect: "manual", ...init });
  const body = await res.text();
  const { pipelines } = (await (await fetch(`${dbUrl}/stats`)).json()) as { pipelines: number };
  return { status: res.status, body, trips: pipelines };
}
