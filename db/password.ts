import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashing with scrypt (node:crypto, native in workerd) in a versioned format:
 * `scrypt$N$r$p$salt$hash` (salt and hash base64url). Parameters are OWASP's scrypt option that fits a
 * Worker's 128 MB: N=2^14, r=8, p=5 (16 MiB per hash). See docs/decisions/0004-password-hashing.md.
 */
export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MAX_MEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...params, maxmem: MAX_MEM }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * Checks a password against a stored hash in constant time. `needsRehash` says the hash was made with
 * other parameters than today's, so the caller can store a fresh one after a successful sign-in.
 * A malformed stored value never matches.
 */
export async function verifyPassword(password: string, stored: string): Promise<{ ok: boolean; needsRehash: boolean }> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const valid =
    scheme === "scrypt" &&
    salt &&
    hash &&
    Number.isInteger(params.N) &&
    params.N >= 2 ** 10 &&
    params.N <= 2 ** 17 &&
    params.r >= 1 &&
    params.r <= 32 &&
    params.p >= 1 &&
    params.p <= 16;
  if (!valid) return { ok: false, needsRehash: true };
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), params);
  const ok = expected.length === actual.length && timingSafeEqual(expected, actual);
  const current = params.N === SCRYPT_PARAMS.N && params.r === SCRYPT_PARAMS.r && params.p === SCRYPT_PARAMS.p;
  return { ok, needsRehash: !current };
}
