/**
 * Address limits, messages and typing rules as plain values, for forms that must not load zod with
 * the page (`address.schema` holds the checks built from them).
 */
export const MAX_ADDRESSES = 10;
export const TOO_MANY_ADDRESSES = `You can save up to ${MAX_ADDRESSES} addresses.`;
export const PHONE_INVALID = "Enter a valid 10-digit Indian phone number";
export const EMAIL_INVALID = "Enter a valid email address";
/** SPEC §8: a PIN the postal directory does not know. */
export const INVALID_PIN = "Invalid PIN Code.";

/** What the phone field keeps while typing: digits, plus a leading "+91" (or the start of one). */
export function normalisePhoneInput(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  const plus = raw.trimStart().startsWith("+");
  if (plus && (digits.startsWith("91") || "91".startsWith(digits))) return `+${digits.slice(0, 12)}`;
  return digits.slice(0, 10);
}
