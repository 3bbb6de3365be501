/** Profile picture rules, shared by the service and the picker (client-safe: no server imports). */
export const PROFILE_IMAGE = { maxBytes: 2 * 1024 * 1024, types: ["image/jpeg", "image/png", "image/webp"] } as const;
export const PROFILE_IMAGE_MESSAGE = "Profile image must be a JPEG, PNG or WebP picture of at most 2 MB.";
