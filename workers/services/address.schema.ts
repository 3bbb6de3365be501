import * as z from "zod/mini";
import { EMAIL_INVALID, MAX_ADDRESSES, PHONE_INVALID, TOO_MANY_ADDRESSES } from "./address.rules";

/**
 * Address checks shared by the server and the browser forms: import nothing but zod and plain rules
 * here. Written with zod's tree-shakable "mini" API because the browser runs them (loaded when the
 * shopper starts editing, not with the page): the full API would be about 22 KiB gzipped, mini ~7.
 * Spec §5 "Address (checkout form)" and "Address (profile save)".
 */

const LIMIT = { name: 100, street: 200, city: 80, email: 254 } as const;
const PHONE = /^(\+91)?[6-9]\d{9}$/;
const PIN = /^\d{6}$/;

/**
 * A text field: non-strings count as blank, the value is trimmed (and `tidy` applied) before the
 * checks run, and `abort` stops it at its first failed check, so each field reports one message.
 */
const field = (checks: z.core.$ZodCheck<string>[], tidy: (v: string) => string = (v) => v) =>
  z.pipe(
    z.transform((v: unknown) => tidy(typeof v === "string" ? v.trim() : "")),
    z.string().check(...checks),
  );
const blankIs = (error: string) => z.minLength(1, { error, abort: true });
const longerThan = (max: number, error: string) => z.maxLength(max, { error, abort: true });

const required = (label: string, max: number) => field([blankIs(`${label} is required`), longerThan(max, `${label} is too long`)]);

const optional = (label: string, max: number) => field([longerThan(max, `${label} is too long`)]);

const pin = (blank: string, invalid: string) => field([blankIs(blank), z.regex(PIN, { error: invalid })]);

/** Spaces and dashes are dropped, an optional +91 is accepted, and the 10 digits are kept. */
const phone = (blank: string) =>
  z.pipe(
    field([blankIs(blank), z.regex(PHONE, { error: PHONE_INVALID })], (v) => v.replace(/[\s-]/g, "")),
    z.transform((v) => v.slice(-10)),
  );

const email = (blank: string, tooLong: string) =>
  z.pipe(
    field([blankIs(blank), longerThan(LIMIT.email, tooLong), z.regex(z.regexes.email, { error: EMAIL_INVALID })]),
    z.transform((v) => v.toLowerCase()),
  );

/** Anything that is not a plain object is read as an empty address, so it fails on its first field. */
const asRecord = z.transform((v: unknown) => (v !== null && typeof v === "object" && !Array.isArray(v) ? v : {}));

/**
 * One address as saved from the profile or `POST /api/addresses/save`. Fields are checked in key
 * order and the first failure is reported. Unknown keys (`_id`, `id`) are dropped.
 */
export const addressSchema = z.pipe(
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
export const checkoutAddressSchema = z.pipe(
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
