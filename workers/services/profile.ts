import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { checkProfile } from "./address.schema";
import { addressesOf, replaceAddressStatements } from "./addresses";
import type { ServiceContext } from "./context";
import { AppError } from "./errors";
import { PROFILE_IMAGE, PROFILE_IMAGE_MESSAGE } from "./profile.schema";
import { readAsUser, requireUser } from "./session";
import { invalidInput } from "./validate";

/** The profile (SPEC §2 "Profile", §7 `GET/PUT /api/auth/profile`): the user with their addresses. */

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

/** What the file really is, from its first bytes; the name and declared type are not trusted. */
function sniffImage(bytes: Uint8Array): { type: (typeof PROFILE_IMAGE.types)[number]; ext: string } | null {
  const at = (i: number, ...b: number[]) => b.every((v, k) => bytes[i + k] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return { type: "image/jpeg", ext: "jpg" };
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { type: "image/png", ext: "png" };
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return { type: "image/webp", ext: "webp" };
  return null;
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

const isFile = (v: unknown): v is File =>
  typeof v === "object" && v !== null && typeof (v as File).arrayBuffer === "function" && typeof (v as File).size === "number";

export async function updateProfile(ctx: ServiceContext, input: ProfileUpdate): Promise<Profile> {
  const user = await requireUser(ctx);
  const list = input.addresses === undefined || input.addresses === null ? undefined : parseAddressList(input.addresses);
  const profile = checkProfile({ name: input.name, mobile: input.mobile, addresses: list });
  if (!profile.ok) throw invalidInput(profile.message, profile.fields);
  const { name, mobile, addresses } = profile;

  let image: { key: string; bytes: Uint8Array; type: string } | undefined;
  if (input.profileImage !== undefined && input.profileImage !== null && input.profileImage !== "") {
    if (!isFile(input.profileImage)) throw new AppError(400, PROFILE_IMAGE_MESSAGE);
    if (input.profileImage.size > 0) {
      if (input.profileImage.size > PROFILE_IMAGE.maxBytes) throw new AppError(400, PROFILE_IMAGE_MESSAGE);
      const bytes = new Uint8Array(await input.profileImage.arrayBuffer());
      const kind = sniffImage(bytes);
      if (!kind) throw new AppError(400, PROFILE_IMAGE_MESSAGE);
      image = { key: `profiles/${user.id}/${crypto.randomUUID()}.${kind.ext}`, bytes, type: kind.type };
    }
  }

  if (image) {
    await ctx.env.MEDIA.put(image.key, image.bytes, {
      httpMetadata: { contentType: image.type, cacheControl: "public, max-age=31536000, immutable" },
    });
  }
  const profileImage = image ? `/media/${image.key}` : user.profileImage;
  // The picture column is written only with a new picture, so a save without one cannot put back a
  // picture that a concurrent save has just replaced (and deleted).
  const updateUser = ctx.db
    .update(users)
    .set({ name, mobile, ...(image ? { profileImage } : {}), updatedAt: ctx.now() })
    .where(eq(users.id, user.id));
  if (addresses) {
    await ctx.db.batch([updateUser, ...replaceAddressStatements(ctx.db, user.id, addresses)]);
  } else {
    await updateUser;
  }
  const previous = user.profileImage;
  if (image && previous?.startsWith(`/media/profiles/${user.id}/`)) {
    await ctx.env.MEDIA.delete(previous.slice("/media/".length)).catch(() => undefined);
  }
  const saved = await addressesOf(ctx.db, user.id);
  return { user: { ...user, name, mobile, profileImage }, addresses: saved };
}
