/**
 * The shop while its database is slow or down: the test stack's Worker reaches the database through a
 * proxy (tooling/db-proxy.ts) that these tests make hang (the connection is accepted, nothing
 * ever answers) or refuse connections, with the Worker's database time limit set low.
 */
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, postJson, type TestUser } from "../../tooling/accounts";

const base = inject("baseUrl");
const limitMs = inject("dbTimeoutMs");
/** Rendering the error page and the request itself, on a busy two-core machine. */
const MARGIN_MS = 1_500;
const OUTAGE_MESSAGE = "We could not reach the shop's records. Please try again in a moment.";
const RETRY_AFTER = "30";

async function setLink(mode: "pass" | "hang" | "refuse") {
  const res = await fetch(inject("dbLinkControlUrl"), { method: "PUT", body: mode });
  expect(res.status).toBe(204);
}

async function timed(path: string, init?: RequestInit) {
  const started = performance.now();
  const res = await fetch(new URL(path, base), { redirect: "manual", ...init });
  const body = await res.text();
  return { res, body, ms: performance.now() - started };
}

/** A catalogue page that is in the edge cache (the store happens after the first answer is sent). */
async function cachedPage(path: string) {
  await expect.poll(async () => (await timed(path)).res.headers.get("x-edge-cache"), { timeout: 5_000, interval: 100 }).toBe("HIT");
}

let shopper: TestUser;
beforeAll(async () => {
  shopper = await createUser(base, "outage");
});

afterEach(() => setLink("pass"));

describe.each(["hang", "refuse"] as const)("when the database link is cut (%s)", (mode) => {
  it("pages and the API answer 503 with Retry-After within the time limit, and the shop recovers", async () => {
    const tag = `${mode}-${Date.now()}`;
    await setLink(mode);

    const page = await timed(`/all-products?outage=${tag}`);
    expect(page.res.status).toBe(503);
    expect(page.res.headers.get("retry-after")).toBe(RETRY_AFTER);
    expect(page.ms).toBeLessThan(limitMs + MARGIN_MS);
    expect(page.body).toContain(OUTAGE_MESSAGE);
    // The page's own words for its failure, on the one error page with header and footer.
    expect(page.body).toContain("Failed to load products");
    expect(page.body).toContain('class="site-footer');
    expect(page.res.headers.get("x-edge-cache")).toBeNull();

    // Signed in, the session check fails with the page's reads: the header shows a signed-out shopper.
    const signedIn = await timed(`/category/1?outage=${tag}`, { headers: { Cookie: `aanchal_session=${shopper.token}` } });
    expect(signedIn.res.status).toBe(503);
    expect(signedIn.res.headers.get("retry-after")).toBe(RETRY_AFTER);
    expect(signedIn.ms).toBeLessThan(limitMs + MARGIN_MS);
    expect(signedIn.body).toContain(OUTAGE_MESSAGE);
    expect(signedIn.body).toContain("Sign In");
    expect(signedIn.body).not.toContain(shopper.name);
    // An unreachable database is no verdict on the cookie: it is kept.
    expect(signedIn.res.headers.get("set-cookie")).toBeNull();

    const read = await timed("/api/categories");
    expect(read.res.status).toBe(503);
    expect(read.res.headers.get("retry-after")).toBe(RETRY_AFTER);
    expect(read.ms).toBeLessThan(limitMs + MARGIN_MS);
    expect(JSON.parse(read.body)).toEqual({ message: OUTAGE_MESSAGE });

    const started = performance.now();
    const write = await postJson(base, "/api/auth/login", { email: shopper.email, password: shopper.password });
    expect(performance.now() - started).toBeLessThan(limitMs + MARGIN_MS);
    expect(write.status).toBe(503);
    expect(write.headers.get("retry-after")).toBe(RETRY_AFTER);
    expect(await write.json()).toEqual({ message: OUTAGE_MESSAGE });

    await setLink("pass");
    const after = await timed(`/all-products?outage=${tag}`);
    expect(after.res.status).toBe(200);
    expect(after.body).not.toContain(OUTAGE_MESSAGE);
    expect((await timed("/api/categories")).res.status).toBe(200);
    expect((await postJson(base, "/api/auth/login", { email: shopper.email, password: shopper.password })).status).toBe(200);
  });

  it("keeps serving catalogue pages from the edge cache", async () => {
    const path = `/all-products?sort=newest&outage-cached=${mode}-${Date.now()}`;
    await cachedPage(path);
    await setLink(mode);
    const cached = await timed(path);
    expect(cached.res.status).toBe(200);
    expect(cached.res.headers.get("x-edge-cache")).toBe("HIT");
    expect(cached.body).not.toContain(OUTAGE_MESSAGE);
    expect(cached.ms).toBeLessThan(limitMs);
  });
});
