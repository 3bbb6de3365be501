/** The shop's cookies: one parser and one writer, so every cookie gets the same attributes. */

/** The value of cookie `name` in a request's `Cookie` header (empty counts as absent). */
export function readCookie(headers: Headers, name: string): string | undefined {
  for (const part of (headers.get("Cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** A `Set-Cookie` value: HttpOnly, SameSite=Lax, the whole site; `maxAge` 0 removes it. */
export function cookieHeader(name: string, value: string, opts: { maxAge: number; secure: boolean }): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${opts.maxAge}`];
  if (opts.secure) parts.push("Secure");
  return parts.join("; ");
}
