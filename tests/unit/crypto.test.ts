import { describe, expect, it } from "vitest";
import {
  constantTimeEqual,
  hmacSha256Hex,
  randomDigits,
  randomToken,
  seal,
  sha256Hex,
  unseal,
} from "../../workers/services/platform/crypto";

const SECRET = "a-test-secret-of-at-least-32-characters";

describe("hashes and MACs", () => {
  it("match the published test values (payment signatures are compared with these)", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await hmacSha256Hex("key", "The quick brown fox jumps over the lazy dog")).toBe(
      "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8",
    );
  });

  it("compares equal and unequal strings", () => {
    expect(constantTimeEqual("f7bc83", "f7bc83")).toBe(true);
    expect(constantTimeEqual("f7bc83", "f7bc84")).toBe(false);
    expect(constantTimeEqual("f7bc83", "f7bc8")).toBe(false);
  });
});

describe("random values", () => {
  it("makes codes of exactly the digits asked for, and URL-safe tokens of 32 bytes", () => {
    for (let i = 0; i < 50; i++) expect(randomDigits(6)).toMatch(/^\d{6}$/);
    expect(randomToken()).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(randomToken());
  });
});

describe("sealing", () => {
  it("opens what it sealed, and never shows the plaintext", async () => {
    const sealed = await seal(SECRET, "mail-params", '{"code":"482913"}', "asha@example.com");
    expect(sealed).not.toContain("482913");
    expect(await seal(SECRET, "mail-params", '{"code":"482913"}', "asha@example.com")).not.toBe(sealed);
    expect(await unseal(SECRET, "mail-params", sealed, "asha@example.com")).toBe('{"code":"482913"}');
  });

  it("refuses a value altered, bound to something else, sealed for another purpose or under another secret", async () => {
    const sealed = await seal(SECRET, "mail-params", "482913", "asha@example.com");
    // One character of the ciphertext changed (the one before the last, which always carries data bits).
    const altered = `${sealed.slice(0, -2)}${sealed.at(-2) === "A" ? "B" : "A"}${sealed.slice(-1)}`;
    expect(altered).not.toBe(sealed);
    await expect(unseal(SECRET, "mail-params", altered, "asha@example.com")).rejects.toThrow();
    await expect(unseal(SECRET, "mail-params", sealed, "ravi@example.com")).rejects.toThrow();
    await expect(unseal(SECRET, "payments", sealed, "asha@example.com")).rejects.toThrow();
    await expect(unseal(`${SECRET}!`, "mail-params", sealed, "asha@example.com")).rejects.toThrow();
    await expect(unseal(SECRET, "mail-params", "482913", "asha@example.com")).rejects.toThrow("Not a sealed value");
  });
});
