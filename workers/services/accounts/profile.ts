import { eq, sql } from "drizzle-orm";
import { users } from "../../../db/schema";
import { readImageInfo } from "../catalog/image";
import type { ServiceContext } from "../platform/context";
import { AppError } from "../platform/errors";
import type { FieldErrors } from "../platform/fields.schema";
import { limit } from "../platform/rate-limit";
import { invalidInput } from "../platform/validate";
import { INVALID_PIN } from "./address.rules";
import { checkProfile } from "./address.schema";
import { placeByPin } from "./address-place";
import { addressesOf, replaceAddressStatements } from "./addresses";
import { PROFILE_IMAGE, PROFILE_IMAGE_MESSAGE, PROFILE_IMAGE_SIZE_MESSAGE } from "./profile.schema";
import { readAsUser, requireUser } from "./session";

/** The profile (docs/product/accounts.md `GET/PUT /api/auth/profile`): the user with their addresses. */

export { PROFILE_IMAGE };

export async function getProfile(ctx: ServiceContext) {
  const { user, data: addresses } = await readAsUser(ctx, (userId) => addressesOf(ctx.db, userId));
  return { user, addresses };
}

export type Profile = Awaited<ReturnType<typeof getProfile>>;

export interface ProfileUpdate {
  name: unknown;
  mobile: unknown;
  /** The full list to keep: an array, or its JSON text (the API's multipart field). Absent = unchanged. */
  addresses?: unknown;
  profileImage?: unknown;
}

function parseAddressList(raw: unknown): unknown[] {
  let list = raw;
  if (typeof raw === "string") {
    try {
      list = JSON.parse(raw);
    } catch {
      list = null;
    }
  }
  if (!Array.isArray(list)) throw new AppError(400, "Addresses must be a JSON list.");
  return list;
}

/** The list placed by the PIN directory (address-place.ts), with each unknown PIN's field ("addresses.{index}.zipcode"). */
async function placeAddressList(ctx: ServiceContext, raw: unknown) {
  const placed = await Promise.all(parseAddressList(raw).map((entry) => placeByPin(ctx, entry)));
  const unknownPins: FieldErrors = {};
  for (const [index, { unknownPin }] of placed.entries()) if (unknownPin) unknownPins[`addresses.${index}.zipcode`] = INVALID_PIN;
  return { addresses: placed.map((p) => p.address), unknownPins };
}

const isFile = (v: unknown): v is File =>
  typeof v === "object" && v !== null && typeof (v as File).arrayBuffer === "function" && typeof (v as File).size === "number";

/** A posted picture checked from its own bytes (readImageInfo), with its new R2 key; undefined when none was sent. */
async function profilePicture(userId: number, file: unknown): Promise<{ key: string; bytes: Uint8Array; type: string } | undefined> {
  if (file === undefined || file === null || file === "") return undefined;
  if (!isFile(file)) throw new AppError(400, PROFILE_IMAGE_MESSAGE);
  if (file.size === 0) return undefined;
  if (file.size > PROFILE_IMAGE.maxBytes) throw new AppError(400, PROFILE_IMAGE_MESSAGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const info = readImageInfo(bytes);
  if (!info || !(PROFILE_IMAGE.types as readonly string[]).includes(info.type)) throw new AppError(400, PROFILE_IMAGE_MESSAGE);
  if (info.width > PROFILE_IMAGE.maxSide || info.height > PROFILE_IMAGE.maxSide) throw new AppError(400, PROFILE_IMAGE_SIZE_MESSAGE);
  return { key: `profiles/${userId}/${crypto.randomUUID()}.${info.ext}`, bytes, type: info.type };
}

/** Removes one of the user's own pictures from R2 (never a picture elsewhere, such as an outside URL). */
async function removePicture(ctx: ServiceContext, userId: number, path: string | null | undefined): Promise<void> {
  if (!path?.startsWith(`/media/profiles/${userId}/`)) return;
  await ctx.env.MEDIA.delete(path.slice("/media/".length)).catch((err) => console.warn("Could not remove a profile picture", path, err));
}

/**
 * Saves name, mobile, addresses (when sent) and picture (when sent), rate limited per account.
 * Every picture that stops being the profile's is removed from R2, even under races: the picture
 * column changes only if it still holds the picture this save replaces (one statement), so of
 * concurrent saves exactly one replaces it and removes the old picture, and every other removes its
 * own upload. A save without a picture never writes the column.
 */
export async function updateProfile(ctx: ServiceContext, input: ProfileUpdate): Promise<Profile> {
  const user = await requireUser(ctx);
  const list = input.addresses === undefined || input.addresses === null ? undefined : await placeAddressList(ctx, input.addresses);
  const profile = checkProfile({ name: input.name, mobile: input.mobile, addresses: list?.addresses });
  const unknownPins = list?.unknownPins ?? {};
  if (!profile.ok) throw invalidInput(profile.message, { ...profile.fields, ...unknownPins });
  const firstUnknown = Object.entries(unknownPins)[0];
  if (firstUnknown) throw invalidInput(`Address ${Number(firstUnknown[0].split(".")[1]) + 1}: ${INVALID_PIN}`, unknownPins);
  const { name, mobile, addresses } = profile;
  const image = await profilePicture(user.id, input.profileImage);
  await limit(ctx, "profile", String(user.id));

  const previous = user.profileImage;
  const uploaded = image && `/media/${image.key}`;
  if (image) {
    await ctx.env.MEDIA.put(image.key, image.bytes, {
      httpMetadata: { contentType: image.type, cacheControl: "public, max-age=31536000, immutable" },
    });
  }
  const u = users;
  const updateUser = ctx.db
    .update(u)
    .set({
      name,
      mobile,
      ...(uploaded && { profileImage: sql`CASE WHEN ${u.profileImage} IS ${previous} THEN ${uploaded} ELSE ${u.profileImage} END` }),
      updatedAt: ctx.now(),
    })
    .where(eq(u.id, user.id))
    .returning({ profileImage: u.profileImage });
  let saved: { profileImage: string | null }[];
  try {
    [saved] = addresses ? await ctx.db.batch([updateUser, ...replaceAddressStatements(ctx.db, user.id, addresses)]) : [await updateUser];
  } catch (err) {
    await removePicture(ctx, user.id, uploaded);
    throw err;
  }
  const profileImage = saved[0] ? saved[0].profileImage : previous;
  if (uploaded) await removePicture(ctx, user.id, profileImage === uploaded ? previous : uploaded);
  const savedAddresses = await addressesOf(ctx.db, user.id);
  return { user: { ...user, name, mobile, profileImage }, addresses: savedAddresses };
}
