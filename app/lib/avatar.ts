/**
 * A profile image path as the header and profile show it: an absolute http(s) URL stays as it is,
 * anything else (our own `/media/...` paths) is resolved against the shop's origin (docs/product/catalog.md, "Layout and navigation").
 */
export function avatarUrl(profileImage: string | null | undefined, origin: string): string | null {
  if (!profileImage) return null;
  if (/^https?:\/\//i.test(profileImage)) return profileImage;
  // Protocol-relative and backslash paths would leave our origin; only plain paths are ours.
  if (profileImage.startsWith("//") || profileImage.includes("\\")) return null;
  try {
    const url = new URL(profileImage.startsWith("/") ? profileImage : `/${profileImage}`, origin);
    return url.origin === new URL(origin).origin ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Up to two initials of a name ("Asha Verma" -> "AV"), for an avatar without a picture. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((w) => Array.from(w)[0]!.toLocaleUpperCase("en-IN")).join("") || "?";
}
