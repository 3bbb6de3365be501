/**
 * How the shop prints an address (the order pages, the back office's order, the packing slip, the
 * tax invoice, the order mails): the name, the house line above the road line (the order checkout
 * asks for them in), the town with the state and PIN, the phone, the e-mail. Client-safe.
 */

export interface PrintedAddress {
  fullName: string;
  /** The house line: flat, house number, building. */
  streetAddress: string;
  /** The road line: road, area (optional). */
  apartment?: string | null;
  townCity: string;
  state: string;
  zipcode: string;
  phoneNumber: string;
  emailAddress?: string | null;
}

export interface AddressLayout {
  /** The road after the house, on its line ("12 Rose Villa, MG Road": printed documents), instead of a line of its own. */
  roadOnHouseLine?: boolean;
  /** The town alone, without the state and PIN (a list's summary). */
  townOnly?: boolean;
  /** "Phone: " before the number (the default), or the number alone. */
  phoneLabel?: boolean;
  /** The e-mail on a last line (when there is one). */
  email?: boolean;
}

/** The address as lines, the name first; empty lines left out. */
export function addressLines(a: PrintedAddress, layout: AddressLayout = {}): string[] {
  const road = a.apartment || "";
  const house = layout.roadOnHouseLine && road ? [`${a.streetAddress}, ${road}`] : [a.streetAddress, road];
  return [
    a.fullName,
    ...house,
    layout.townOnly ? a.townCity : `${a.townCity}, ${a.state} ${a.zipcode}`,
    layout.phoneLabel === false ? a.phoneNumber : `Phone: ${a.phoneNumber}`,
    layout.email ? (a.emailAddress ?? "") : "",
  ].filter(Boolean);
}
