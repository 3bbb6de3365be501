/**
 * Indian mobile numbers as shoppers write them: "98765 43210", "+91 98765-43210", "91 9876543210",
 * "098765 43210". One normaliser for every mobile the shop asks for (sign-up, profile, addresses,
 * the API): spaces, dashes, dots and brackets go, then a +91, 91 or 0 prefix, and what remains must
 * be the 10-digit number starting 6-9, the one form the database keeps.
 */
export const MOBILE_INVALID = "Enter a valid 10-digit mobile number";

/** Room for "+91 98765 43210" and its variants in an input; the check itself decides. */
export const MOBILE_INPUT_MAX_LENGTH = 20;

const SEPARATORS = /[\s\-.()]/g;
const MOBILE = /^(?:\+91|91|0)?([6-9]\d{9})$/;

/** The 10 digits of an Indian mobile number, or null when `raw` is not one. */
export function normaliseMobile(raw: string): string | null {
  if (raw.length > 40) return null;
  return MOBILE.exec(raw.replace(SEPARATORS, ""))?.[1] ?? null;
}

/**
 * What a phone field keeps while typing (non-digits are stripped: docs/product/accounts.md): digits, and a leading "+"
 * only as the start of +91; at most 12 digits, enough for "91" or "0" before the number.
 */
export function mobileWhileTyping(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 12);
  const plus = raw.trimStart().startsWith("+") && (digits.startsWith("91") || "91".startsWith(digits));
  return plus ? `+${digits}` : digits;
}
