import type { TestUser } from "../../tooling/accounts";

/**
 * A page's form posts and GETs as a browser without JavaScript sends them: the shopper's session
 * cookie (or none), any other cookie, the shop's own Origin (so the CSRF check passes), and
 * redirects left for the test to read.
 */
export function pageForms(base: string) {
  const cookieOf = (user: TestUser | null, extra = "") => [user && `aanchal_session=${user.token}`, extra].filter(Boolean).join("; ");
  return {
    post(path: string, fields: Record<string, string>, user: TestUser | null, extraCookie = "") {
      const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Origin: base };
      const cookie = cookieOf(user, extraCookie);
      if (cookie) headers.Cookie = cookie;
      return fetch(new URL(path, base), { method: "POST", redirect: "manual", headers, body: new URLSearchParams(fields) });
    },
    get: (path: string, user: TestUser | null, extraCookie = "") =>
      fetch(new URL(path, base), { redirect: "manual", headers: { Cookie: cookieOf(user, extraCookie) } }),
  };
}
