/** The PIN lookup's two failure messages (docs/addresses.md). */
import { INVALID_PIN } from "../../../workers/services/accounts/address.rules";

export { INVALID_PIN };
export const PIN_LOOKUP_FAILED = "Failed to fetch city/state";

export type PincodeAnswer = { ok: true; district: string; state: string } | { ok: false; message: string };

/** Asks our own `GET /api/pincode/:pin` (docs/addresses.md) where a 6-digit PIN is. */
export async function lookupPincode(pin: string): Promise<PincodeAnswer> {
  try {
    const res = await fetch(`/api/pincode/${encodeURIComponent(pin)}`, { headers: { Accept: "application/json" } });
    if (res.ok) {
      const { district, state } = (await res.json()) as { district: string; state: string };
      return { ok: true, district, state };
    }
    if (res.status === 404 || res.status === 400) return { ok: false, message: INVALID_PIN };
  } catch {
    // offline or the request was cut: the same message as a server failure
  }
  return { ok: false, message: PIN_LOOKUP_FAILED };
}
