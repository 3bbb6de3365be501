import { data, redirect } from "react-router";
import { safeRedirect } from "../../workers/services/accounts/auth.schema";
import { clearSessionCookie, type SessionUser, sessionCookie } from "../../workers/services/accounts/session";
import type { ServiceContext } from "../../workers/services/platform/context";
import { cookieHeader, readCookie } from "../../workers/services/platform/cookies";
import { AppError, errorHeaders } from "../../workers/services/platform/errors";
import type { FieldErrors } from "../../workers/services/platform/fields.schema";
import { signInPath } from "../../workers/services/platform/paths";
import { rethrowUnanswered } from "./action-errors.server";

/** Page-side session helpers: loaders and actions call the services directly (README.md, 'How a request is served'). */

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

/** Sign-in, then back to this page. */
function signInRedirect(request: Request) {
  const { pathname, search } = new URL(request.url);
  return redirect(signInPath(pathname + search));
}

/** The signed-in user, or a redirect to sign-in that brings the shopper back here afterwards. */
export async function requirePageUser(request: Request, services: ServiceContext): Promise<SessionUser> {
  const user = await services.user();
  if (user) return user;
  throw signInRedirect(request);
}

/**
 * A signed-in service call for a page loader, whose own 401 becomes the sign-in redirect. Unlike
 * `requirePageUser` first, it lets the service read the session and its rows in one batch.
 */
export async function signedInRead<T>(request: Request, read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof AppError && err.status === 401) throw signInRedirect(request);
    throw err;
  }
}

/** The loader of a protected page that needs nothing but a signed-in shopper. */
export async function signedInOnly({ request, context }: { request: Request; context: { services: ServiceContext } }) {
  await requirePageUser(request, context.services);
  return null;
}

/** Where `?redirect=` (or a posted `redirect` field) says to go next: same-site paths only. */
export function redirectTarget(request: Request, posted?: FormDataEntryValue | null): string {
  const fromUrl = new URL(request.url).searchParams.get("redirect");
  return safeRedirect(typeof posted === "string" && posted ? posted : fromUrl, "/");
}

/** Signs the browser in (HttpOnly cookie) and goes on to `to`. */
export function signedInRedirect(request: Request, token: string, to: string, extraCookies: string[] = []) {
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(token, { secure: isHttps(request) }));
  for (const c of extraCookies) headers.append("Set-Cookie", c);
  return redirect(to, { headers });
}

export function clearSession(request: Request): string {
  return clearSessionCookie({ secure: isHttps(request) });
}

/**
 * The sign-up waiting for its code (its e-mail and its own verification token), kept in an HttpOnly
 * cookie between the sign-up, sign-in and verify pages: out of the URL, and only in this browser.
 */
const PENDING_COOKIE = "aanchal_pending_signup";

export interface PendingSignup {
  email: string;
  verificationToken: string;
}

export function pendingSignupCookie(request: Request, pending: PendingSignup | null): string {
  const value = pending ? `${pending.verificationToken}.${encodeURIComponent(pending.email)}` : "";
  return cookieHeader(PENDING_COOKIE, value, { maxAge: pending ? 3600 : 0, secure: isHttps(request) });
}

export function pendingSignup(request: Request): PendingSignup | null {
  const value = readCookie(request.headers, PENDING_COOKIE) ?? "";
  const dot = value.indexOf(".");
  if (dot < 1) return null;
  try {
    const email = decodeURIComponent(value.slice(dot + 1));
    return email ? { verificationToken: value.slice(0, dot), email } : null;
  } catch {
    return null;
  }
}

export interface FormProblem {
  message: string;
  /** Each refused field's message, by name ("email", "addresses.0.zipcode"): every one is flagged at once. */
  fields?: FieldErrors;
  /** What the shopper typed (never passwords), to refill the form after a round trip without JS. */
  values?: Record<string, string>;
}

/** The fields an AppError is about: all of them (`invalidInput`), or the one it names. */
function fieldsOf(err: AppError): FieldErrors | undefined {
  const { fields, field } = err.details ?? {};
  if (fields && typeof fields === "object") return fields as FieldErrors;
  return typeof field === "string" && field ? { [field]: err.message } : undefined;
}

/**
 * Turns a service's failure into the action's answer. An AppError keeps its status, its message and
 * the fields it is about; anything else (a mail provider down, a database hiccup) is logged and
 * answered with `fallback`, the documented generic message for that form, instead of an error page.
 */
export function formProblem(err: unknown, values?: Record<string, string>, fallback = "Something went wrong") {
  // A database that cannot be reached is the shared 503 page (workers/outage.ts), not a form message.
  rethrowUnanswered(err);
  if (err instanceof AppError) {
    return data<FormProblem>(
      { message: err.message || fallback, fields: fieldsOf(err), values },
      { status: err.status, headers: errorHeaders(err) },
    );
  }
  console.error("Form action failed", err);
  return data<FormProblem>({ message: fallback, values }, { status: 500 });
}

/** A page action's form. A body that is not a form (JSON, a broken multipart) is the sender's 400. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data<FormProblem>({ message: "The form could not be read. Please try again." }, { status: 400 });
  }
}

/** Text fields of a form, for refilling it (password fields are left out on purpose). */
export function keepValues(form: FormData, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = form.get(n);
    if (typeof v === "string") out[n] = v.slice(0, 300);
  }
  return out;
}
