import { z } from "zod";

const PIN_MESSAGE = "PIN Code must be 6 digits";

/** An Indian PIN code: six digits, the first 1-9 (no PIN starts with 0). */
export const pincodeSchema = z.string({ error: PIN_MESSAGE }).regex(/^[1-9][0-9]{5}$/, { error: PIN_MESSAGE });

/** The India Post API's answer (`GET {POSTAL_API_URL}/pincode/{pin}`): only what the lookup reads. */
export const postalApiResponseSchema = z
  .array(
    z.object({
      Status: z.string(),
      PostOffice: z.array(z.unknown()).nullish(),
    }),
  )
  .min(1);

export const postOfficeSchema = z.object({
  District: z.string().trim().min(1).max(100),
  State: z.string().trim().min(1).max(100),
});
