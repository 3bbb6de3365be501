import type { ServiceContext } from "../platform/context";
import { AppError } from "../platform/errors";
import { parseInput } from "../platform/validate";
import { INVALID_PIN } from "./address.rules";
import { pincodeSchema, postalApiResponseSchema, postOfficeSchema } from "./pincode.schema";
import { DISTRICTS, FIRST_PIN, PACKED_ALPHABET, PACKED_PINS, PIN_COUNT, STATES } from "./pincode-data.generated";

export interface PincodeAnswer {
  district: string;
  state: string;
}

/** How long the fallback to the postal API may take before the PIN counts as unknown. */
const POSTAL_API_TIMEOUT_MS = 3_000;

export interface DecodedPins {
  /** Ascending PINs. */
  pins: Int32Array;
  /** For each PIN, its index into DISTRICTS. */
  districts: Uint16Array;
}

/** Reads the packed string written by scripts/build-pincodes.ts (the format is described there). */
export function decodePackedPins(packed: string, alphabet: string, firstPin: number, count: number): DecodedPins {
  const digit = new Int8Array(128).fill(-1);
  for (let i = 0; i < alphabet.length; i++) digit[alphabet.charCodeAt(i)] = i;
  const read = (i: number) => {
    const v = digit[packed.charCodeAt(i)] ?? -1;
    if (v < 0) throw new Error(`PIN directory: bad character at ${i}`);
    return v;
  };
  const pins = new Int32Array(count);
  const districts = new Uint16Array(count);
  let pin = firstPin;
  let district = 0;
  let n = 0;
  let i = 0;
  while (i < packed.length) {
    if (packed[i] === "!") {
      district = (read(i + 1) << 6) | read(i + 2);
      i += 3;
      continue;
    }
    let delta = 0;
    let v: number;
    do {
      v = read(i++);
      delta = (delta << 5) | (v & 31);
    } while (v & 32);
    pin += delta;
    if (n >= count) throw new Error("PIN directory: more PINs than PIN_COUNT");
    pins[n] = pin;
    districts[n] = district;
    n++;
  }
  if (n !== count) throw new Error(`PIN directory: ${n} PINs decoded, ${count} expected`);
  return { pins, districts };
}

let directory: DecodedPins | undefined;

/** The embedded directory's answer for a well-formed PIN, if it has one. Decoded once per isolate. */
export function lookupEmbedded(pin: string): PincodeAnswer | undefined {
  directory ??= decodePackedPins(PACKED_PINS, PACKED_ALPHABET, FIRST_PIN, PIN_COUNT);
  const target = Number(pin);
  const { pins, districts } = directory;
  let lo = 0;
  let hi = pins.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = pins[mid]!;
    if (at === target) {
      const [district, state] = DISTRICTS[districts[mid]!]!;
      return { district, state: STATES[state]! };
    }
    if (at < target) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

const UNAVAILABLE = "unavailable";

/**
 * Asks the India Post API (`{base}/pincode/{pin}`). Its "not found" (no Success status, no post
 * office) is `undefined`; a failure to get an answer at all (down, slow, HTTP error, not its JSON)
 * is "unavailable", so the shopper is told the lookup failed rather than that the PIN is wrong.
 */
async function lookupPostalApi(base: string, pin: string, timeoutMs: number): Promise<PincodeAnswer | undefined | typeof UNAVAILABLE> {
  try {
    const res = await fetch(`${base.replace(/\/+$/, "")}/pincode/${pin}`, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      console.warn("Postal API answered", res.status, "for PIN", pin);
      return UNAVAILABLE;
    }
    const body = postalApiResponseSchema.safeParse(await res.json());
    if (!body.success) {
      console.warn("Postal API: unexpected answer for PIN", pin);
      return UNAVAILABLE;
    }
    const first = body.data[0]!;
    if (first.Status !== "Success") return undefined;
    const office = postOfficeSchema.safeParse(first.PostOffice?.[0]);
    return office.success ? { district: office.data.District, state: office.data.State } : undefined;
  } catch (err) {
    console.warn("Postal API lookup failed for PIN", pin, err instanceof Error ? err.message : err);
    return UNAVAILABLE;
  }
}

/**
 * District and state of an Indian PIN code: from the embedded directory, or, for a PIN it lacks, from
 * the India Post API when `POSTAL_API_URL` is set. Unknown PINs are a 404, malformed ones a 400, and
 * a PIN the API could not be asked about a 503.
 */
export async function lookupPincode(
  ctx: ServiceContext,
  pin: unknown,
  { postalApiTimeoutMs = POSTAL_API_TIMEOUT_MS }: { postalApiTimeoutMs?: number } = {},
): Promise<PincodeAnswer> {
  const valid = parseInput(pincodeSchema, pin);
  const embedded = lookupEmbedded(valid);
  if (embedded) return embedded;
  const base = ctx.env.POSTAL_API_URL;
  const remote = base ? await lookupPostalApi(base, valid, postalApiTimeoutMs) : undefined;
  if (remote === UNAVAILABLE) throw new AppError(503, "Failed to fetch city/state");
  if (remote) return remote;
  throw new AppError(404, INVALID_PIN);
}
