import { z } from "zod";

/**
 * Address rules shared by the server and the browser forms: import nothing but zod here.
 * Spec §5 "Address (checkout form)" and "Address (profile save)".
 */

export const MAX_ADDRESSES = 10;
export const TOO_MANY_ADDRESSES = `You can save up to ${MAX_ADDRESSES} addresses.`;
export const PHONE_INVALID = "Enter a valid 10-digit Indian phone number";
export const EMAIL_INVALID = "Enter a valid email address";

const LIMIT = { name: 100, street: 200, city: 80, email: 254 } as const;
const PHONE = /^(\+91)?[6-9]\d{9}$/;
const PIN = /^\d{6}$/;

/** What the phone field keeps while typing: digits, plus a leading "+91" (or the start of one). */
export function normalisePhoneInput(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  const plus = raw.trimStart().startsWith("+");
  if (plus && (digits.startsWith("91") || "91".startsWith(digits))) return `+${digits.slice(0, 12)}`;
  return digits.slice(0, 10);
}

/** Non-strings count as blank; every value is trimmed before any rule runs. */
const text = z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string());

// `abort` stops a field at its first failed check, so each field reports exactly one message.
const required = (label: string, max: number) =>
  text.pipe(
    z
      .string()
      .min(1, { error: `${label} is required`, abort: true })
      .max(max, { error: `${label} is too long` }),
  );

const optional = (label: string, max: number) => text.pipe(z.string().max(max, { error: `${label} is too long` }));

const pin = (blank: string, invalid: string) =>
  text.pipe(z.string().min(1, { error: blank, abort: true }).regex(PIN, { error: invalid }));

/** Spaces and dashes are dropped, an optional +91 is accepted, and the 10 digits are kept. */
const phone = (blank: string) =>
  text
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().min(1, { error: blank, abort: true }).regex(PHONE, { error: PHONE_INVALID }))
    .transform((v) => v.slice(-10));

const email = (blank: string, tooLong: string) =>
  text
    .pipe(
      z
        .string()
        .min(1, { error: blank, abort: true })
        .max(LIMIT.email, { error: tooLong, abort: true })
        .regex(z.regexes.email, { error: EMAIL_INVALID }),
    )
    .transform((v) => v.toLowerCase());

/** Anything that is not a plain object is read as an empty address, so it fails on its first field. */
const asRecord = (v: unknown) => (v !== null && typeof v === "object" && !Array.isArray(v) ? v : {});

/**
 * One address as saved from the profile or `POST /api/addresses/save`. Fields are checked in key
 * order and the first failure is reported. Unknown keys (`_id`, `id`) are dropped.
 */
export const addressSchema = z.preprocess(
  asRecord,
  z.object({
    fullName: required("Full Name", LIMIT.name),
    streetAddress: required("Street Address", LIMIT.street),
    apartment: optional("Apartment", LIMIT.street),
    townCity: required("City/Town", LIMIT.city),
    state: required("State", LIMIT.city),
    zipcode: pin("PIN Code is required", "PIN Code must be 6 digits"),
    phoneNumber: phone("Phone Number is required"),
    emailAddress: email("Email Address is required", "Email Address is too long"),
  }),
);

/** A validated address: trimmed, phone as its 10 digits, e-mail lower-cased. */
export type AddressInput = z.output<typeof addressSchema>;

/** The checkout form's address, with the checkout form's own messages and field order. */
export const checkoutAddressSchema = z.preprocess(
  asRecord,
  z.object({
    fullName: required("Full Name", LIMIT.name),
    apartment: required("Road Name / Area / Colony", LIMIT.street),
    streetAddress: required("House No. / Building Name", LIMIT.street),
    townCity: required("City / District", LIMIT.city),
    state: required("State", LIMIT.city),
    zipcode: pin("ZIP / PIN Code is required", "Enter a valid 6-digit PIN Code"),
    phoneNumber: phone(PHONE_INVALID),
    emailAddress: email(EMAIL_INVALID, EMAIL_INVALID),
  }),
);

export type ProfileAddressesResult =
  | { ok: true; addresses: AddressInput[] }
  /** index: 0-based position of the failing address; field: its key ("" when the list is too long). */
  | { ok: false; message: string; index: number; field: string };

/** The profile's whole address list, checked in order; stops at the first failure ("Address {n}: ..."). */
export function validateProfileAddresses(list: unknown[]): ProfileAddressesResult {
  if (list.length > MAX_ADDRESSES) return { ok: false, message: TOO_MANY_ADDRESSES, index: MAX_ADDRESSES, field: "" };
  const addresses: AddressInput[] = [];
  for (const [index, entry] of list.entries()) {
    const result = addressSchema.safeParse(entry);
    if (!result.success) {
      const issue = result.error.issues[0];
      return {
        ok: false,
        message: `Address ${index + 1}: ${issue?.message ?? "Invalid address"}`,
        index,
        field: String(issue?.path[0] ?? ""),
      };
    }
    addresses.push(result.data);
  }
  return { ok: true, addresses };
}
