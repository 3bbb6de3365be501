/**
 * The shop's cryptography in one place (WebCrypto, the same in workerd and Node): hashes and MACs
 * as hex, a constant-time comparison, random tokens and codes, and sealing of secrets the database
 * must not hold in clear. Payment signatures (Razorpay: HMAC-SHA256 hex) reuse these.
 */

const encoder = new TextEncoder();

const toHex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

// Imported keys are kept per secret: an isolate serves many requests with the same few secrets.
const hmacKeys = new Map<string, Promise<CryptoKey>>();

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    hmacKeys.set(secret, key);
  }
  return toHex(await crypto.subtle.sign("HMAC", await key, encoder.encode(message)));
}

/** Whether two strings are equal, in a time that tells an attacker nothing about where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** `bytes` random bytes as URL-safe base64 (links, verification tokens). */
export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** A uniformly random string of `digits` decimal digits (at most 9; rejection sampling, no modulo bias). */
export function randomDigits(digits: number): string {
  const range = 10 ** digits;
  const max = Math.floor(2 ** 32 / range) * range;
  const buf = new Uint32Array(1);
  do crypto.getRandomValues(buf);
  while (buf[0]! >= max);
  return String(buf[0]! % range).padStart(digits, "0");
}

const sealKeys = new Map<string, Promise<CryptoKey>>();

/** An AES-256-GCM key derived (HKDF) from the server secret, one per purpose, so no two uses share a key. */
function sealKey(secret: string, purpose: string): Promise<CryptoKey> {
  const id = `${purpose}\u0000${secret}`;
  let key = sealKeys.get(id);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: encoder.encode("aanchal-seal"), info: encoder.encode(purpose) },
          base,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    sealKeys.set(id, key);
  }
  return key;
}

const SEALED = /^v1\.([\w-]+)\.([\w-]+)$/;

/**
 * Encrypts and authenticates `plaintext` under the server secret. `boundTo` (e.g. the recipient) is
 * authenticated but not stored: a sealed value opens only beside the same `boundTo`, so it cannot be
 * copied onto another row.
 */
export async function seal(secret: string, purpose: string, plaintext: string, boundTo = ""): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(boundTo) },
    await sealKey(secret, purpose),
    encoder.encode(plaintext),
  );
  return `v1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The plaintext of a `seal`ed value; throws when it was altered, sealed for something else, or under another secret. */
export async function unseal(secret: string, purpose: string, sealed: string, boundTo = ""): Promise<string> {
  const [, iv, data] = SEALED.exec(sealed) ?? [];
  if (!iv || !data) throw new Error("Not a sealed value");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64Url(iv), additionalData: encoder.encode(boundTo) },
    await sealKey(secret, purpose),
    fromBase64Url(data),
  );
  return new TextDecoder().decode(plain);
}
