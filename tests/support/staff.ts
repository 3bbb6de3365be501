import { expect } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { postJson } from "../../tooling/accounts";
import { SESSION_COOKIE } from "../../workers/services/accounts/session";

/**
 * The seeded local owner's token, signed in through the API as the back office's tools would. Each
 * call comes from an address of its own (a documentation range): sign-in allows 10 a minute per
 * address and e-mail, and every back-office test file signs the same owner in, some at the same time.
 */
export async function ownerToken(base: string): Promise<string> {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  const res = await postJson(
    base,
    "/api/auth/login",
    { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
    { "CF-Connecting-IP": `198.18.${octet()}.${octet()}` },
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Browser context options carrying a session: the cookie the shop sets at sign-in. */
export const withSession = (token: string) => ({
  cookies: [{ name: SESSION_COOKIE, value: token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" as const }],
});

/**
 * A JSON call to the Worker as `defaultToken()` (or `opts.token`; null: signed out): its status, its
 * answer parsed (null when not JSON) and its text. For the back office's API tests.
 */
export function jsonCaller(base: string, defaultToken: () => string) {
  return async (path: string, opts: { token?: string | null; method?: string; body?: unknown } = {}) => {
    const token = opts.token === undefined ? defaultToken() : opts.token;
    const res = await fetch(new URL(path, base), {
      method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: answers of many endpoints, read field by field.
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json, text, headers: res.headers };
  };
}
