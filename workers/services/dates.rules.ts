const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/**
 * A date as shoppers in India write it, in India's time: "1 September 2025" (long) or "1 Sep 2025"
 * (short). The same on the server and in every browser (no locale data involved, so a page hydrates
 * without a mismatch); "" for a date that does not parse. Client-safe.
 */
export function indiaDate(iso: string, month: "long" | "short" = "long"): string {
  const t = new Date(new Date(iso).getTime() + IST_OFFSET_MS);
  if (Number.isNaN(t.getTime())) return "";
  const name = MONTHS[t.getUTCMonth()]!;
  return `${t.getUTCDate()} ${month === "long" ? name : name.slice(0, 3)} ${t.getUTCFullYear()}`;
}
