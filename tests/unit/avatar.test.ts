import { describe, expect, it } from "vitest";
import { avatarUrl, initials } from "../../app/lib/avatar";

const ORIGIN = "http://127.0.0.1:8787";

describe("avatarUrl", () => {
  it.each([
    "https://cdn.example.com/u/1.png",
    "http://cdn.example.com/u/1.png?v=2",
    "HTTPS://CDN.example.com/u/1.png",
    "Http://cdn.example.com/a.png",
  ])("keeps the absolute URL %j as it is", (url) => {
    expect(avatarUrl(url, ORIGIN)).toBe(url);
  });

  it("resolves our own /media path against the shop's origin", () => {
    expect(avatarUrl("/media/profiles/1/a.png", ORIGIN)).toBe("http://127.0.0.1:8787/media/profiles/1/a.png");
  });

  it("resolves a path without a leading slash from the origin's root", () => {
    expect(avatarUrl("media/x.png", ORIGIN)).toBe("http://127.0.0.1:8787/media/x.png");
    // Even when the origin is given with a path, the image sits at the root.
    expect(avatarUrl("media/x.png", "http://127.0.0.1:8787/profile/edit")).toBe("http://127.0.0.1:8787/media/x.png");
  });

  it("uses the production origin it is given", () => {
    expect(avatarUrl("/media/profiles/7/b.webp", "https://aanchal.in")).toBe("https://aanchal.in/media/profiles/7/b.webp");
  });

  it("never turns a non-http scheme into a link off the shop", () => {
    const url = avatarUrl("javascript:alert(1)", ORIGIN);
    expect(url).not.toBeNull();
    expect(new URL(url!).origin).toBe(ORIGIN);
  });

  it.each(["//evil.example/x.png", "\\evil.example/x.png", "/\\evil.example/x.png"])("never resolves %j to another site", (value) => {
    const url = avatarUrl(value, ORIGIN);
    if (url !== null) expect(new URL(url).origin).toBe(ORIGIN);
  });

  it.each([null, undefined, ""])("returns null for %j", (value) => {
    expect(avatarUrl(value, ORIGIN)).toBeNull();
  });

  it("returns null when the origin cannot be parsed", () => {
    expect(avatarUrl("/media/x.png", "not an origin")).toBeNull();
  });
});

describe("initials", () => {
  it.each([
    ["Asha Verma", "AV"],
    ["meera", "M"],
    ["  Kavya  Rani  Iyer ", "KI"],
    ["asha verma", "AV"],
    ["Kavya\tRani\nIyer", "KI"],
  ])("%j -> %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it("gives the first character of the first and last word for a Devanagari name", () => {
    const result = initials("अंजलि शर्मा");
    expect(Array.from(result)).toHaveLength(2);
    expect(result).toBe("अश");
  });

  it("does not split a character outside the Basic Multilingual Plane", () => {
    expect(initials("𝒜sha 𝒱erma")).toBe("𝒜𝒱");
  });

  it.each(["", "   ", "\t\n"])("shows ? for the empty name %j", (name) => {
    expect(initials(name)).toBe("?");
  });
});
