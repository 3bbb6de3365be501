import { eq } from "drizzle-orm";
import { errors, jwtVerify, SignJWT } from "jose";
import { users } from "../../../db/schema";
import type { ReadQuery, ServiceContext, SessionClaims, SessionUser, UserRole } from "../platform/context";
import { cookieHeader, readCookie } from "../platform/cookies";
import { AppError } from "../platform/errors";
import { SIGN_IN_FIRST } from "./auth.rules";

/**
 * Sessions (docs/decisions/0005-sessions-codes-and-limits.md): an HS256 JWT with `sub` (user id), `ver` (the user's session version)
 * and a required `exp`. Browsers hold it in an HttpOnly cookie; API clients send it as a Bearer
 * token. A token is good only while `ver` equals the user's current session version, so logout and
 * password reset (which bump the version) end every session of that user at once.
 */
export type { SessionClaims, SessionUser };

export const SESSION_COOKIE = "aanchal_session";
export const SESSION_DAYS = 30;
const ALG = "HS256";

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

/** A back-office account's session lasts this long, a shopper's SESSION_DAYS. */
export const STAFF_SESSION_HOURS = 12;

export const isStaffRole = (role: string | undefined): boolean => role === "staff" || role === "owner";

export async function issueToken(ctx: ServiceContext, user: { id: number; sessionVersion: number; role?: UserRole }): Promise<string> {
  const now = Math.floor(ctx.now().getTime() / 1000);
  const lifetime = isStaffRole(user.role) ? STAFF_SESSION_HOURS * 3600 : SESSION_DAYS * 86400;
  return new SignJWT({ ver: user.sessionVersion })
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setSubject(String(user.id))
    .setIssuedAt(now)
    .setExpirationTime(now + lifetime)
    .sign(keyOf(ctx.env.SESSION_SECRET));
}

/** The claims of a well-signed, unexpired token, or null for anything else (never throws). */
export async function readToken(ctx: ServiceContext, token: string): Promise<SessionClaims | null> {
  if (!token || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, keyOf(ctx.env.SESSION_SECRET), {
      algorithms: [ALG],
      requiredClaims: ["exp", "sub", "iat"],
      currentDate: ctx.now(),
    });
    const userId = Number(payload.sub);
    const version = payload.ver;
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof version !== "number" || !Number.isSafeInteger(version)) return null;
    return { userId, version, issuedAt: Number(payload.iat) * 1000 };
  } catch (err) {
    if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
    throw err;
  }
}

/**
 * The signed-in user behind the request's token: one read (batched with the request's other reads),
 * refused when the session was revoked or the account is not verified.
 */
export async function sessionUser(ctx: ServiceContext): Promise<SessionUser | null> {
  const claims = await ctx.claims();
  if (!claims) return null;
  // A plain select: the relational builder costs several times the CPU, on every signed-in request.
  const [user] = await ctx.read(
    ctx.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        mobile: users.mobile,
        isVerified: users.isVerified,
        profileImage: users.profileImage,
        createdAt: users.createdAt,
        sessionVersion: users.sessionVersion,
        role: users.role,
      })
      .from(users)
      .where(eq(users.id, claims.userId))
      .limit(1),
  );
  if (!user || user.sessionVersion !== claims.version || !user.isVerified) return null;
  return user;
}

const signInFirst = () => new AppError(401, SIGN_IN_FIRST);

/**
 * The signed-in user and a read of their own rows, asked for together: the token names the user, so
 * the read goes in the same batch as the session check (one round trip) and is thrown away, with a
 * 401, if that check fails.
 */
export async function readAsUser<T>(ctx: ServiceContext, read: (userId: number) => ReadQuery<T>): Promise<{ user: SessionUser; data: T }> {
  const claims = await ctx.claims();
  if (!claims) throw signInFirst();
  const [user, data] = await Promise.allSettled([ctx.user(), ctx.read(read(claims.userId))]);
  if (user.status === "rejected") throw user.reason;
  if (!user.value || user.value.id !== claims.userId) throw signInFirst();
  if (data.status === "rejected") throw data.reason;
  return { user: user.value, data: data.value };
}

/** The token a request carries: `Authorization: Bearer` first, else the session cookie. */
export function tokenFromRequest(headers: Headers): string | undefined {
  const auth = headers.get("Authorization");
  if (auth) {
    const m = /^Bearer\s+(\S+)$/i.exec(auth.trim());
    return m?.[1];
  }
  return sessionCookieValue(headers);
}

export function sessionCookieValue(headers: Headers): string | undefined {
  return readCookie(headers, SESSION_COOKIE);
}

export function sessionCookie(token: string, opts: { secure: boolean }): string {
  return cookieHeader(SESSION_COOKIE, token, { maxAge: SESSION_DAYS * 86400, secure: opts.secure });
}

export function clearSessionCookie(opts: { secure: boolean }): string {
  return cookieHeader(SESSION_COOKIE, "", { maxAge: 0, secure: opts.secure });
}

/** The signed-in user, or a 401 with the documented message. */
export async function requireUser(ctx: ServiceContext): Promise<SessionUser> {
  const user = await ctx.user();
  if (!user) throw signInFirst();
  return user;
}
