/** Profile picture rules, shared by the service and the picker (client-safe: no server imports). */
export const PROFILE_IMAGE = { maxBytes: 2 * 1024 * 1024, types: ["image/jpeg", "image/png", "image/webp"], maxSide: 8000 } as const;
export const PROFILE_IMAGE_MESSAGE = "Profile image must be a JPEG, PNG or WebP picture of at most 2 MB.";
export const PROFILE_IMAGE_SIZE_MESSAGE = `Profile image must be at most ${PROFILE_IMAGE.maxSide} pixels wide and high.`;
