import { eq } from "drizzle-orm";
import { bodyMeasurements } from "../../../db/schema";
import { requireUser } from "../accounts/session";
import type { ServiceContext } from "../platform/context";
import { readCookie } from "../platform/cookies";
import { parseInput } from "../platform/validate";
import { type Fit, type FitWords, findFit, fitWords, formatMeasure, type Measurements } from "./size-finder.rules";
import { measurementsCookieValue, measurementsSchema, readMeasurementsCookie } from "./size-finder.schema";

/**
 * The size finder (docs/product/size-finder.md): a shopper's measurements, kept in her profile when
 * she is signed in and in a cookie of this browser otherwise, and the fit they give on a product.
 * The product page's action and loader and the API (`/api/me/measurements`, the product's `fit`)
 * all come here.
 */

/** The guest's measurements cookie. Its presence makes a page personal (workers/edge-cache.ts). */
export const MEASUREMENTS_COOKIE = "aanchal_fit";
/** Kept a year: measurements change slowly, and she can change them on any product page. */
export const MEASUREMENTS_COOKIE_DAYS = 365;

export type { Measurements };
export { formatMeasure, measurementsCookieValue };

const measurementsQuery = (ctx: ServiceContext, userId: number) =>
  ctx.db
    .select({ unit: bodyMeasurements.unit, bust: bodyMeasurements.bust, waist: bodyMeasurements.waist, hip: bodyMeasurements.hip })
    .from(bodyMeasurements)
    .where(eq(bodyMeasurements.userId, userId))
    .limit(1);

/**
 * Her measurements for this request: her profile's when she is signed in and has saved some, else
 * this browser's cookie (measured before she signed in), else none. The profile's read joins the
 * request's batch beside the session check (one round trip), and counts only if that check passes.
 */
export async function currentMeasurements(ctx: ServiceContext, headers: Headers): Promise<Measurements | null> {
  const inBrowser = readMeasurementsCookie(readCookie(headers, MEASUREMENTS_COOKIE));
  const claims = await ctx.claims();
  if (!claims) return inBrowser;
  const [user, [row]] = await Promise.all([ctx.user(), ctx.read(measurementsQuery(ctx, claims.userId))]);
  if (!user || user.id !== claims.userId || !row) return inBrowser;
  return row;
}

/** Saves to the signed-in shopper's profile (one statement: insert or replace her row). */
function saveToProfile(ctx: ServiceContext, userId: number, m: Measurements) {
  const values = { unit: m.unit, bust: m.bust, waist: m.waist, hip: m.hip, updatedAt: ctx.now() };
  return ctx.db
    .insert(bodyMeasurements)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: bodyMeasurements.userId, set: values });
}

/**
 * Checks and keeps her measurements: in her profile when signed in ("profile"), else the caller
 * keeps them in this browser's cookie ("browser", with the cookie's value). Refused input is a 400
 * with each field's message, and nothing is kept.
 */
export async function saveMeasurements(
  ctx: ServiceContext,
  input: unknown,
): Promise<{ measurements: Measurements; keptIn: "profile" } | { measurements: Measurements; keptIn: "browser"; cookie: string }> {
  const measurements = parseInput(measurementsSchema, input);
  const user = await ctx.user();
  if (!user) return { measurements, keptIn: "browser", cookie: measurementsCookieValue(measurements) };
  await saveToProfile(ctx, user.id, measurements);
  return { measurements, keptIn: "profile" };
}

/** The API's `GET /api/me/measurements`: the signed-in shopper's, or null. */
export async function getProfileMeasurements(ctx: ServiceContext): Promise<Measurements | null> {
  const user = await requireUser(ctx);
  const [row] = await ctx.read(measurementsQuery(ctx, user.id));
  return row ?? null;
}

/** The API's `PUT /api/me/measurements`: signed in only (a 401 otherwise), the same checks as the page. */
export async function putProfileMeasurements(ctx: ServiceContext, input: unknown): Promise<Measurements> {
  const user = await requireUser(ctx);
  const measurements = parseInput(measurementsSchema, input);
  await saveToProfile(ctx, user.id, measurements);
  return measurements;
}

/** Measurements from a query (`?unit=cm&bust=..&waist=..&hip=..`), or undefined when it names none. */
export function measurementsFromQuery(query: Record<string, string | undefined>): Measurements | undefined {
  if (query.bust === undefined && query.waist === undefined && query.hip === undefined) return undefined;
  return parseInput(measurementsSchema, { unit: query.unit, bust: query.bust, waist: query.waist, hip: query.hip });
}

export interface ProductFit {
  measurements: Measurements;
  fit: Fit;
  words: FitWords | null;
}

/** What a product page (or the product API) says for her measurements, from the product's own sizes. */
export function fitForProduct(measurements: Measurements, sizes: readonly { size: string; stock: number }[]): ProductFit {
  const fit = findFit(measurements, sizes);
  return { measurements, fit, words: fitWords(fit, measurements.unit) };
}
