/**
 * India's time, written out by hand. India has one time zone and no daylight saving (UTC+05:30 all
 * year), so an instant moved by the offset reads as India's wall clock in its UTC fields. No locale
 * data involved: the server and every browser write the same text (a page hydrates without a
 * mismatch), and nothing pays `Intl`'s set-up cost. Client-safe.
 */

export const INDIA_OFFSET_MS = 330 * 60_000;
export const DAY_MS = 86_400_000;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The instant as India's wall clock: read its UTC fields (an Invalid Date for what does not parse). */
export const indiaClock = (at: Date | number | string): Date => new Date(new Date(at).getTime() + INDIA_OFFSET_MS);

/** India's calendar day of an instant, YYYY-MM-DD. */
export const indiaDay = (at: Date | number | string): string => indiaClock(at).toISOString().slice(0, 10);

/** The first moment of an India day (YYYY-MM-DD), as epoch milliseconds. */
export const indiaDayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`) - INDIA_OFFSET_MS;

/** The last millisecond of an India day (YYYY-MM-DD), as epoch milliseconds. */
export const indiaDayEnd = (day: string): number => indiaDayStart(day) + DAY_MS - 1;

/** Midnight at the start of an India day as an ISO instant with India's offset: "2025-09-01T00:00:00+05:30". */
export const indiaMidnight = (day: string): string => `${day}T00:00:00+05:30`;

const two = (n: number) => String(n).padStart(2, "0");

/**
 * A date as shoppers in India write it, in India's time: "1 September 2025" (long) or "1 Sep 2025"
 * (short); "" for a date that does not parse.
 */
export function indiaDate(iso: string, month: "long" | "short" = "long"): string {
  const t = indiaClock(iso);
  if (Number.isNaN(t.getTime())) return "";
  const name = MONTHS[t.getUTCMonth()]!;
  return `${t.getUTCDate()} ${month === "long" ? name : name.slice(0, 3)} ${t.getUTCFullYear()}`;
}

/** A time in India's time, to the minute: "26 Nov 2026, 14:05"; "" for a time that does not parse. */
export function indiaDateTime(iso: string): string {
  const t = indiaClock(iso);
  if (Number.isNaN(t.getTime())) return "";
  return `${indiaDate(iso, "short")}, ${two(t.getUTCHours())}:${two(t.getUTCMinutes())}`;
}

/** A time in India's time on a 12-hour clock: "26 Nov 2026, 2:05 pm"; "" for a time that does not parse. */
export function indiaDateTime12(iso: string): string {
  const day = indiaDate(iso, "short");
  if (!day) return "";
  const t = indiaClock(iso);
  const h = t.getUTCHours();
  return `${day}, ${h % 12 || 12}:${two(t.getUTCMinutes())} ${h < 12 ? "am" : "pm"}`;
}

/** A time in India's time as a spreadsheet sorts it: "2026-11-26 14:05". */
export const indiaSortable = (iso: string): string => indiaClock(iso).toISOString().slice(0, 16).replace("T", " ");
