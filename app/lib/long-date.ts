const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/**
 * A date as shoppers in India write it ("1 September 2025"), in India's time, the same on the server
 * and in every browser (no locale data involved, so the page hydrates without a mismatch).
 */
export function longDate(iso: string): string {
  const t = new Date(new Date(iso).getTime() + IST_OFFSET_MS);
  if (Number.isNaN(t.getTime())) return "";
  return `${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}`;
}
