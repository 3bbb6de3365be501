import { describe, expect, inject, it } from "vitest";
import { SESSION_COOKIE } from "../../workers/services/accounts/session";
import { untilCached } from "../support/edge-cache";

const base = inject("baseUrl");

function nonces(html: string): string[] {
  return [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]!);
}

const cspNonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

async function page(path: string, init?: RequestInit) {
  const res = await fetch(new URL(path, base), init);
  return { res, html: await res.text(), cspNonce: cspNonceOf(res) };
}

describe("edge cache for signed-out catalogue pages", () => {
  it("serves a catalogue page from the cache the second time, with a fresh nonce that matches its CSP", async () => {
    const path = `/all-products?sort=newest&cache-test=${Date.now()}`;
    const first = await page(path);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("x-edge-cache")).toBe("MISS");
    const { html, cached } = await untilCached(path);
    const second = { res: cached, html: html.at(-1)!, cspNonce: cspNonceOf(cached) };
    expect(second.cspNonce).toBeTruthy();
    expect(second.cspNonce).not.toBe(first.cspNonce);
    const scriptNonces = nonces(second.html);
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([second.cspNonce]));
    // Browsers always revalidate, so signing in never shows them a stale signed-out page.
    expect(second.res.headers.get("cache-control")).toBe("no-cache");
  });

  it("never answers a request with a session cookie from the cache", async () => {
    const path = `/all-products?cache-test=session-${Date.now()}`;
    await untilCached(path);
    const personal = await page(path, { headers: { Cookie: `${SESSION_COOKIE}=x` } });
    expect(personal.res.headers.get("x-edge-cache")).toBeNull();
    // A cookie that signs nobody in is dropped, so the next visit is served from the cache again.
    expect(personal.res.headers.get("set-cookie")).toMatch(new RegExp(`^${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`));
    expect(personal.res.headers.get("cache-control")).toContain("private");
  });

  it("does not cache a 404", async () => {
    const path = `/no-such-page-${Date.now()}`;
    const first = await page(path);
    expect(first.res.status).toBe(404);
    expect(first.res.headers.get("x-edge-cache")).toBeNull();
  });
});
