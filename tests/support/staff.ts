import { expect } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { SESSION_COOKIE } from "../../workers/services/session";
import { postJson } from "./accounts";

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
