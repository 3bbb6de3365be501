import { readFileSync } from "node:fs";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readImageInfo } from "../../workers/services/catalog/image";

/**
 * Real pictures, made by real encoders (tests/fixtures/images/README.md): the parser must read each
 * one's kind and size, and refuse every shortened copy and every forgery.
 */
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/images/${name}`, import.meta.url)));

const REAL: [string, string, number, number][] = [
  ["red-5x3.png", "image/png", 5, 3],
  ["red-5x3.jpg", "image/jpeg", 5, 3],
  ["red-640x480.jpg", "image/jpeg", 640, 480],
  ["red-5x3-lossy.webp", "image/webp", 5, 3],
  ["red-5x3-alpha.webp", "image/webp", 5, 3],
  ["red-5x3-lossless.webp", "image/webp", 5, 3],
  ["red-5x3-simple-lossy.webp", "image/webp", 5, 3],
  ["red-5x3-simple-lossless.webp", "image/webp", 5, 3],
  ["red-5x3.gif", "image/gif", 5, 3],
  ["red-5x3-animated.gif", "image/gif", 5, 3],
];

/** The 1x1 PNGs the Worker and browser tests upload. */
const ONE_PIXEL_PNGS = [
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
];

/** Garbage that never forms a structure by chance: a fixed pseudo-random sequence. */
function garbage(length: number, seed = 7): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const concat = (...parts: (Uint8Array | number[])[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** A PNG chunk with a correct CRC, so a forgery is refused for what it says, not for a bad checksum. */
function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const body = concat(new TextEncoder().encode(type), data);
  const view = (n: number) => {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, n);
    return b;
  };
  return concat(view(data.length), body, view(crc32(body)));
}

function pngWith(ihdr: { width: number; height: number; depth?: number; colour?: number }): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, ihdr.width);
  view.setUint32(4, ihdr.height);
  data[8] = ihdr.depth ?? 8;
  data[9] = ihdr.colour ?? 6;
  const real = fixture("red-5x3.png");
  // The real file's IDAT and IEND after a new IHDR (the real one is bytes 8..33).
  return concat(real.subarray(0, 8), pngChunk("IHDR", data), real.subarray(33));
}

describe("readImageInfo", () => {
  it.each(REAL)("reads %s as %s, %i x %i", (name, type, width, height) => {
    expect(readImageInfo(fixture(name))).toMatchObject({ type, width, height });
  });

  it.each(ONE_PIXEL_PNGS)("reads the 1x1 PNG the other tests upload (%#)", (base64) => {
    expect(readImageInfo(new Uint8Array(Buffer.from(base64, "base64")))).toEqual({ type: "image/png", ext: "png", width: 1, height: 1 });
  });

  it.each(REAL.map(([name]) => name))("refuses %s cut short at every length", (name) => {
    const bytes = fixture(name);
    const accepted = [];
    for (let length = 0; length < bytes.length; length++) if (readImageInfo(bytes.subarray(0, length))) accepted.push(length);
    expect(accepted).toEqual([]);
  });

  it.each([
    ["PNG", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
    ["JPEG", [0xff, 0xd8, 0xff, 0xe0]],
    ["WebP", [...new TextEncoder().encode("RIFF"), 0xf8, 0x03, 0, 0, ...new TextEncoder().encode("WEBP")]],
    ["GIF", [...new TextEncoder().encode("GIF89a")]],
  ])("refuses a file with %s magic bytes and garbage after them", (_, magic) => {
    for (const seed of [1, 2, 3, 4, 5]) expect(readImageInfo(concat(magic, garbage(1000, seed)))).toBeNull();
  });

  it("refuses what is not a picture at all", () => {
    for (const text of ["", "<svg xmlns='http://www.w3.org/2000/svg'/>", "<!doctype html><script>alert(1)</script>", "GIF8"]) {
      expect(readImageInfo(new TextEncoder().encode(text))).toBeNull();
    }
    expect(readImageInfo(garbage(4096))).toBeNull();
  });

  it("refuses a PNG whose data was altered (its checksum no longer matches)", () => {
    const bytes = fixture("red-5x3.png").slice();
    bytes[45] = bytes[45]! ^ 0xff;
    expect(readImageInfo(bytes)).toBeNull();
  });

  it("refuses a PNG with a zero size or an impossible bit depth, even with right checksums", () => {
    expect(readImageInfo(pngWith({ width: 5, height: 3 }))).toMatchObject({ width: 5, height: 3 });
    expect(readImageInfo(pngWith({ width: 0, height: 3 }))).toBeNull();
    expect(readImageInfo(pngWith({ width: 5, height: 0 }))).toBeNull();
    expect(readImageInfo(pngWith({ width: 5, height: 3, depth: 3 }))).toBeNull();
    expect(readImageInfo(pngWith({ width: 5, height: 3, colour: 5 }))).toBeNull();
  });

  it("reports the size a PNG claims, however large, so the caller can refuse it", () => {
    expect(readImageInfo(pngWith({ width: 100_000, height: 1 }))).toMatchObject({ width: 100_000, height: 1 });
  });

  it("refuses a PNG with bytes after its end", () => {
    expect(readImageInfo(concat(fixture("red-5x3.png"), [0]))).toBeNull();
  });

  it("refuses a JPEG whose frame header is inconsistent or which has no frame", () => {
    const jpeg = fixture("red-5x3.jpg");
    const sof = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
    const badComponents = jpeg.slice();
    badComponents[sof + 9] = 2; // two components, where the segment holds three
    expect(readImageInfo(badComponents)).toBeNull();
    const noFrame = concat(jpeg.subarray(0, sof), jpeg.subarray(sof + 2 + ((jpeg[sof + 2]! << 8) | jpeg[sof + 3]!)));
    expect(readImageInfo(noFrame)).toBeNull();
  });

  it("accepts what a camera appends after a JPEG's end, and refuses a JPEG whose segment lengths run past the file", () => {
    expect(readImageInfo(concat(fixture("red-5x3.jpg"), garbage(64)))).toMatchObject({ type: "image/jpeg", width: 5, height: 3 });
    const jpeg = fixture("red-5x3.jpg").slice();
    jpeg[4] = 0xff; // the first segment's length, now longer than the file
    expect(readImageInfo(jpeg)).toBeNull();
  });

  it("refuses a WebP whose RIFF size does not match the file", () => {
    const webp = fixture("red-5x3-simple-lossy.webp").slice();
    webp[4] = webp[4]! + 2;
    expect(readImageInfo(webp)).toBeNull();
    expect(readImageInfo(concat(fixture("red-5x3-simple-lossy.webp"), [0, 0]))).toBeNull();
  });

  it("refuses a lossy WebP that is not a key frame, or lacks its start code", () => {
    const webp = fixture("red-5x3-simple-lossy.webp");
    const notKey = webp.slice();
    notKey[20] = notKey[20]! | 1;
    expect(readImageInfo(notKey)).toBeNull();
    const noStart = webp.slice();
    noStart[23] = 0;
    expect(readImageInfo(noStart)).toBeNull();
  });

  it("refuses a GIF without an image, or with a block it does not know", () => {
    const gif = fixture("red-5x3.gif");
    const header = gif.subarray(0, 13 + 12); // header, screen descriptor and the 4-colour table
    expect(readImageInfo(concat(header, [0x3b]))).toBeNull();
    expect(readImageInfo(concat(header, [0x99], gif.subarray(25)))).toBeNull();
  });
});
