/**
 * Address limits and messages as plain values, for forms that must not load zod with
 * the page (`address.schema` holds the checks built from them).
 */
export const MAX_ADDRESSES = 10;
export const TOO_MANY_ADDRESSES = `You can save up to ${MAX_ADDRESSES} addresses.`;
export const PHONE_INVALID = "Enter a valid 10-digit Indian phone number";
export const EMAIL_INVALID = "Enter a valid email address";
/** A PIN the postal directory does not know (docs/addresses.md). */
export const INVALID_PIN = "Invalid PIN Code.";
