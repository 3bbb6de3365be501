import * as z from "zod/mini";
import { blankIs, type FieldErrors, textField as field, fieldErrors, longerThan, mobileField, nameField } from "../platform/fields.schema";
import { EMAIL_INVALID, MAX_ADDRESSES, PHONE_INVALID, TOO_MANY_ADDRESSES } from "./address.rules";
import { MOBILE_INVALID } from "./mobile.rules";

/**
 * Address and profile checks shared by the server and the browser forms: import nothing but zod and
 * client-safe rules here. Written with zod's tree-shakable "mini" API because the browser runs them (loaded when the
 * shopper starts editing, not with the page): the full API would be about 22 KiB gzipped, mini ~7.
 * The rules: docs/product/orders.md, "Addresses at checkout", and docs/product/accounts.md, "Profile".
 */

const LIMIT = { name: 100, street: 200, city: 80, email: 254 } as const;
const PIN = /^\d{6}$/;

const required = (label: string, max: number) => field([blankIs(`${label} is required`), longerThan(max, `${label} is too long`)]);

const optional = (label: string, max: number) => field([longerThan(max, `${label} is too long`)]);

const pin = (blank: string, invalid: string) => field([blankIs(blank), z.regex(PIN, { error: invalid })]);

/** Any way an Indian mobile is written (+91, 91 or 0 before it, spaces, dashes); its 10 digits are kept. */
const phone = (blank: string) => mobileField(blank, PHONE_INVALID);

const email = (blank: string, tooLong: string) =>
  z.pipe(
    field([blankIs(blank), longerThan(LIMIT.email, tooLong), z.regex(z.regexes.email, { error: EMAIL_INVALID })]),
    z.transform((v) => v.toLowerCase()),
  );

/** Anything that is not a plain object is read as an empty address, so it fails on its first field. */
const asRecord = z.transform((v: unknown) => (v !== null && typeof v === "object" && !Array.isArray(v) ? v : {}));

/**
 * One address as saved from the profile or `POST /api/addresses/save`. Every field is checked, in key
 * order, each stopping at its first failure. Unknown keys (`_id`, `id`) are dropped.
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

/** A refused profile: every field's message (`fields`) and the first of them, as the API answers it. */
export type ProfileRefusal = { ok: false; message: string; fields: FieldErrors };

/**
 * The profile's whole address list. Every bad field of every address is reported (`fields`, keyed
 * "addresses.{index}.{field}"); `message` is the first, with the address's position ("Address 2: ...").
 */
export function validateProfileAddresses(list: unknown[]): { ok: true; addresses: AddressInput[] } | ProfileRefusal {
  if (list.length > MAX_ADDRESSES) return { ok: false, message: TOO_MANY_ADDRESSES, fields: {} };
  const addresses: AddressInput[] = [];
  const fields: FieldErrors = {};
  let message: string | undefined;
  for (const [index, entry] of list.entries()) {
    const result = addressSchema.safeParse(entry);
    if (result.success) {
      addresses.push(result.data);
      continue;
    }
    const errors = fieldErrors(result.error.issues, ["addresses", index]);
    message ??= `Address ${index + 1}: ${Object.values(errors)[0] ?? "Invalid address"}`;
    Object.assign(fields, errors);
  }
  return message === undefined ? { ok: true, addresses } : { ok: false, message, fields };
}

const profileDetails = z.object({ name: nameField, mobile: mobileField(MOBILE_INVALID, MOBILE_INVALID) });

/**
 * The profile as saved, by the server and by the form before it posts: name, mobile and, when given,
 * the whole address list, every problem at once. The first message is the name's or mobile's, then
 * the addresses'.
 */
export function checkProfile(input: {
  name: unknown;
  mobile: unknown;
  addresses?: unknown[];
}): { ok: true; name: string; mobile: string; addresses?: AddressInput[] } | ProfileRefusal {
  const details = profileDetails.safeParse({ name: input.name, mobile: input.mobile });
  const addresses = input.addresses ? validateProfileAddresses(input.addresses) : { ok: true as const, addresses: undefined };
  if (details.success && addresses.ok) return { ok: true, ...details.data, addresses: addresses.addresses };
  const own = details.success ? {} : fieldErrors(details.error.issues);
  const later = addresses.ok ? { message: "Invalid profile", fields: {} } : addresses;
  return { ok: false, message: Object.values(own)[0] ?? later.message, fields: { ...own, ...later.fields } };
}
