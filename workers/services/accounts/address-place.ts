import type { ServiceContext } from "../platform/context";
import { AppError } from "../platform/errors";
import type { FieldErrors } from "../platform/fields.schema";
import { invalidInput } from "../platform/validate";
import { INVALID_PIN } from "./address.rules";
import { lookupPincode } from "./pincode";
import { pincodeSchema } from "./pincode.schema";

/**
 * An address is only as good as its PIN: the courier sorts by it. Every address the shop stores
 * (checkout, profile, the API) is placed by the shop's PIN directory before its fields are checked
 * (docs/addresses.md):
 *
 * - a well-formed PIN the directory knows sets City and State to the directory's district and state
 *   (filled when she left them empty, replaced when they disagree), so what she typed before the
 *   page's script could fill them is enough;
 * - a well-formed PIN it does not know is refused, "Invalid PIN Code.", and nothing is stored;
 * - a malformed PIN is left to the address schema, which says what is wrong with it.
 */
export type Placed = { address: unknown; unknownPin: boolean };

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

export async function placeByPin(ctx: ServiceContext, input: unknown): Promise<Placed> {
  if (!isRecord(input) || typeof input.zipcode !== "string") return { address: input, unknownPin: false };
  const pin = input.zipcode.trim();
  if (!pincodeSchema.safeParse(pin).success) return { address: input, unknownPin: false };
  try {
    const place = await lookupPincode(ctx, pin);
    return { address: { ...input, zipcode: pin, townCity: place.district, state: place.state }, unknownPin: false };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return { address: input, unknownPin: true };
    throw error;
  }
}

/**
 * One address through the directory and then `parse` (the schema's own check, which throws its
 * refusal): an unknown PIN is added to the fields the schema refused, or refused alone.
 */
export async function parsePlacedAddress<T>(ctx: ServiceContext, input: unknown, parse: (address: unknown) => T): Promise<T> {
  const { address, unknownPin } = await placeByPin(ctx, input);
  if (!unknownPin) return parse(address);
  let refused: FieldErrors = {};
  let message = INVALID_PIN;
  try {
    parse(address);
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 400) throw error;
    refused = (error.details?.fields as FieldErrors | undefined) ?? {};
    message = error.message;
  }
  throw invalidInput(message, { ...refused, zipcode: INVALID_PIN });
}
