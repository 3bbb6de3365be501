/**
 * A deterministic slice (1,000 requests) of `npm run fuzz` (tests/support/fuzz.ts): malformed requests to every API
 * endpoint, page and page action get no 5xx and change neither the database nor the R2 bucket.
 */
import { describe, expect, inject, it } from "vitest";
import { ENDPOINTS, fuzzRequests, prepareFuzzTarget, sendFuzz, shopState } from "../support/fuzz";

const base = inject("baseUrl");
const dbUrl = inject("dbUrl");

describe("1,000 malformed requests", () => {
  it("answer no 5xx, reach every endpoint's checks, and change nothing", async () => {
    const target = await prepareFuzzTarget(base, inject("sessionSecret"));
    const before = await shopState(dbUrl, base);
    const report = await sendFuzz(target, fuzzRequests(target, { seed: 3, count: 1000 }), { concurrency: 4 });
    expect(report.failures).toEqual([]);
    expect(report.total).toBe(1000);
    expect(report.endpoints).toBe(ENDPOINTS.length);
    // Refused for what they are (bad input, no session, another site, no such thing, wrong method,
    // too large, wrong kind of body), not only turned away at the door.
    for (const status of ["400", "401", "403", "404", "405", "413", "415"]) expect(report.byStatus[status], status).toBeGreaterThan(0);
    expect((await shopState(dbUrl, base)).checksum).toBe(before.checksum);

    // The checksum does see a change: a real save moves it.
    const saved = await fetch(new URL("/api/addresses/save", base), {
      method: "POST",
      headers: { Authorization: `Bearer ${target.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        fullName: "Meera Sharma",
        streetAddress: "3 Park Street",
        townCity: "Kolkata",
        state: "West Bengal",
        zipcode: "700016",
        phoneNumber: "9830012345",
        emailAddress: "meera@example.com",
      }),
    });
    expect(saved.status).toBe(201);
    expect((await shopState(dbUrl, base)).checksum).not.toBe(before.checksum);
  });
});
