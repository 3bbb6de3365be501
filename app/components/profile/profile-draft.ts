import type { Address } from "../../../workers/services/accounts/addresses";
import type { FieldErrors } from "../../../workers/services/platform/fields.schema";

/**
 * The profile form as the shopper is filling it in: plain strings, nothing checked yet (the service
 * and `checkProfile` do that). The form posts addresses under indexed names
 * (`addresses[0].fullName`), so the same post works with and without JavaScript.
 */

/** In the order the form shows them. */
export const ADDRESS_FIELDS = [
  "fullName",
  "streetAddress",
  "apartment",
  "zipcode",
  "townCity",
  "state",
  "phoneNumber",
  "emailAddress",
] as const;

export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressDraft = Record<AddressField, string>;

export interface ProfileDraft {
  name: string;
  mobile: string;
  addresses: AddressDraft[];
}

export const addressFieldName = (index: number, field: AddressField) => `addresses[${index}].${field}`;

const ADDRESS_FIELD_NAME = /^addresses\[(\d{1,3})\]\.(\w+)$/;
const isAddressField = (key: string): key is AddressField => (ADDRESS_FIELDS as readonly string[]).includes(key);

export function emptyAddress(): AddressDraft {
  return { fullName: "", streetAddress: "", apartment: "", zipcode: "", townCity: "", state: "", phoneNumber: "", emailAddress: "" };
}

export function draftFromProfile(profile: { name: string; mobile: string; addresses: Address[] }): ProfileDraft {
  return {
    name: profile.name,
    mobile: profile.mobile,
    addresses: profile.addresses.map((saved) => {
      const address = emptyAddress();
      for (const field of ADDRESS_FIELDS) address[field] = saved[field] ?? "";
      return address;
    }),
  };
}

/** Rebuilds the draft from posted fields (FormData entries, or the values an action sent back), addresses in index order. */
export function readDraft(entries: Iterable<[string, unknown]>): ProfileDraft {
  const draft: ProfileDraft = { name: "", mobile: "", addresses: [] };
  const byIndex = new Map<number, AddressDraft>();
  for (const [key, value] of entries) {
    if (typeof value !== "string") continue;
    if (key === "name" || key === "mobile") draft[key] = value;
    const [, index, field] = ADDRESS_FIELD_NAME.exec(key) ?? [];
    if (index !== undefined && field !== undefined && isAddressField(field)) {
      const address = byIndex.get(Number(index)) ?? emptyAddress();
      address[field] = value;
      byIndex.set(Number(index), address);
    }
  }
  draft.addresses = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, address]) => address);
  return draft;
}

/** The draft as flat form values: what an action sends back to refill the form after a round trip. */
export function draftValues(draft: ProfileDraft): Record<string, string> {
  const values: Record<string, string> = { name: draft.name, mobile: draft.mobile };
  draft.addresses.forEach((address, index) => {
    for (const field of ADDRESS_FIELDS) values[addressFieldName(index, field)] = address[field];
  });
  return values;
}

/** The input a service's field path is about: "addresses.0.zipcode" -> "addresses[0].zipcode". */
function inputNameOf(field: string): string | undefined {
  const [, index, key] = /^addresses\.(\d+)\.(\w+)$/.exec(field) ?? [];
  if (index !== undefined && key !== undefined) return isAddressField(key) ? addressFieldName(Number(index), key) : undefined;
  return field === "name" || field === "mobile" ? field : undefined;
}

/** A refused profile's messages by input name, from the service's by field path. */
export function inputErrors(fields: FieldErrors | undefined): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields ?? {})) {
    const input = inputNameOf(field);
    if (input) inputs[input] = message;
  }
  return inputs;
}
