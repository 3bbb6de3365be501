import { describe, expect, it } from "vitest";
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from "../../db/password";

describe("password hashing", () => {
  it("stores a versioned scrypt hash with its parameters and a random salt", async () => {
    const a = await hashPassword("Kurti@2026");
    const b = await hashPassword("Kurti@2026");
    expect(a).toMatch(new RegExp(`^scrypt\\$${SCRYPT_PARAMS.N}\\$${SCRYPT_PARAMS.r}\\$${SCRYPT_PARAMS.p}\\$[\\w-]{22}\\$[\\w-]{43}$`));
    expect(a).not.toBe(b);
    expect(a).not.toContain("Kurti@2026");
  });

  it("accepts the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("Kurti@2026");
    expect(await verifyPassword("Kurti@2026", stored)).toEqual({ ok: true, needsRehash: false });
    expect((await verifyPassword("kurti@2026", stored)).ok).toBe(false);
    expect((await verifyPassword("", stored)).ok).toBe(false);
  });

  it("treats the same password in another Unicode form as the same password", async () => {
    const stored = await hashPassword("Saree\u00e9!1A");
    expect((await verifyPassword("Saree\u0065\u0301!1A", stored)).ok).toBe(true);
  });

  it("asks for a rehash when the stored parameters are older, and never matches a malformed value", async () => {
    const older = (await hashPassword("Kurti@2026")).replace(`$${SCRYPT_PARAMS.p}$`, "$1$");
    expect((await verifyPassword("Kurti@2026", older)).needsRehash).toBe(true);
    for (const bad of ["", "plain", "scrypt$1$1$1$x$y", "bcrypt$10$abc", "scrypt$999999999$8$5$a$b"]) {
      expect(await verifyPassword("Kurti@2026", bad), bad).toEqual({ ok: false, needsRehash: true });
    }
  });
});
