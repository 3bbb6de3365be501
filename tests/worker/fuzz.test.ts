/**
 * Deterministic slices of `npm run fuzz` (tooling/fuzz.ts): 1,000 malformed requests to every API endpoint,
 * shop page and page action get no 5xx and change neither the database nor the R2 bucket; and 400 more to the
 * back office's pages, data and forms alone, as a visitor, a shopper and the owner, where a visitor's and a shopper's
 * answer is exactly an unknown address's.
 */
import { describe, expect, inject, it } from "vitest";
import { BACK_OFFICE_ENDPOINTS, fuzzRequests, prepareFuzzTarget, SHOP_ENDPOINTS, sendFuzz, shopState } from "../../tooling/fuzz";

const base = inject("baseUrl");
const dbUrl = inject("dbUrl");

describe("1,000 malformed requests", () => {
  it("answer no 5xx, reach every endpoint's checks, and change nothing", async () => {
    const target = await prepareFuzzTarget(base, inject("sessionSecret"));
    const before = await shopState(dbUrl, base);
    const report = await sendFuzz(target, fuzzRequests(target, { seed: 3, count: 1000, part: "shop" }), { concurrency: 4 });
    expect(report.failures).toEqual([]);
    expect(report.total).toBe(1000);
    expect(report.endpoints).toBe(SHOP_ENDPOINTS.length);
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

describe("400 malformed requests to the back office", () => {
  it("answer no 5xx to anyone, a visitor and a shopper exactly as an unknown address, and change nothing", async () => {
    const target = await prepareFuzzTarget(base, inject("sessionSecret"));
    const before = await shopState(dbUrl, base);
    const report = await sendFuzz(target, fuzzRequests(target, { seed: 5, count: 400, part: "backOffice" }), { concurrency: 4 });
    console.log(
      `Back office: ${report.total} requests to ${report.endpoints} endpoints (${JSON.stringify(report.backOffice)}), ` +
        `answers ${JSON.stringify(report.byStatus)}, ${report.failures.length} 5xx, ${report.differences.length} differences from an unknown address`,
    );
    expect(report.failures).toEqual([]);
    expect(report.differences).toEqual([]);
    expect(report.endpoints).toBe(BACK_OFFICE_ENDPOINTS.length);
    for (const who of ["visitor", "shopper", "owner"] as const) expect(report.backOffice[who], who).toBeGreaterThan(50);
    // The owner's requests reach the pages and their checks: pages shown, refusals for what they are.
    for (const status of ["200", "400", "404", "405"]) expect(report.byStatus[status], status).toBeGreaterThan(0);
    expect((await shopState(dbUrl, base)).checksum).toBe(before.checksum);
    // A visitor's or shopper's request is sent twice (once to an unknown address), on a machine shared with others.
  }, 90_000);
});
