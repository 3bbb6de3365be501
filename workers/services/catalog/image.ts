/**
 * What an uploaded file really is, read from its own bytes (the name and declared type are not
 * trusted): a PNG, JPEG, WebP or GIF whose structure holds together from the first byte to its end
 * marker, with the width and height its header states. Anything else (a file with the right magic
 * bytes but garbage after them, a truncated one, one whose sizes contradict the file) is null. What
 * sizes are acceptable is the caller's rule (PROFILE_IMAGE.maxSide).
 * No pixel is decoded: this walks the container (chunks, segments, blocks), so it is cheap for the
 * 2 MB a profile picture may be.
 */

export type ImageType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

export interface ImageInfo {
  type: ImageType;
  ext: "png" | "jpg" | "webp" | "gif";
  width: number;
  height: number;
}

/** The picture's kind and size, or null when the bytes are not a whole picture with a width and height of at least 1. */
export function readImageInfo(bytes: Uint8Array): ImageInfo | null {
  const info = readPng(bytes) ?? readJpeg(bytes) ?? readWebp(bytes) ?? readGif(bytes);
  return info && info.width >= 1 && info.height >= 1 ? info : null;
}

const startsWith = (bytes: Uint8Array, at: number, ...expected: number[]) => expected.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
const u32le = (b: Uint8Array, at: number) => (u24le(b, at) + (b[at + 3]! << 24)) >>> 0;

// ---------- PNG: signature, IHDR first, every chunk whole and its CRC right, IEND last ----------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Bit depths each PNG colour type allows. */
const PNG_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

function readPng(b: Uint8Array): ImageInfo | null {
  if (!startsWith(b, 0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return null;
  let at = 8;
  let header: { width: number; height: number } | null = null;
  let sawData = false;
  while (at + 12 <= b.length) {
    const length = u32be(b, at);
    const type = ascii(b, at + 4, 4);
    const end = at + 12 + length;
    if (length > b.length || end > b.length) return null;
    if (crc32(b.subarray(at + 4, at + 8 + length)) !== u32be(b, at + 8 + length)) return null;
    const data = b.subarray(at + 8, at + 8 + length);
    if (!header) {
      if (type !== "IHDR" || length !== 13) return null;
      const [depth, colour, compression, filter, interlace] = [data[8]!, data[9]!, data[10]!, data[11]!, data[12]!];
      if (!PNG_DEPTHS[colour]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return null;
      header = { width: u32be(data, 0), height: u32be(data, 4) };
    } else if (type === "IDAT") {
      sawData = true;
    } else if (type === "IEND") {
      return sawData && end === b.length ? { type: "image/png", ext: "png", ...header } : null;
    }
    at = end;
  }
  return null;
}

// ---------- JPEG: SOI, whole marker segments up to the first scan, a frame header, EOI after it ----------

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not frames. */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function readJpeg(b: Uint8Array): ImageInfo | null {
  if (!startsWith(b, 0, 0xff, 0xd8, 0xff)) return null;
  let at = 2;
  let frame: { width: number; height: number } | null = null;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) return null;
    const length = u16be(b, at + 2);
    if (length < 2 || at + 2 + length > b.length) return null;
    if (isFrame(marker)) {
      // precision, height, width, component count, then 3 bytes per component
      const components = b[at + 9]!;
      if (length < 8 || length !== 8 + 3 * components || ![1, 3, 4].includes(components)) return null;
      frame = { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    if (marker === 0xda) {
      // The entropy-coded data never holds FF D9 (an FF there is followed by 00 or a restart
      // marker), so an end-of-image marker after the first scan means the picture is whole.
      // Bytes after it (some cameras append their own) are left alone.
      if (!frame) return null;
      for (let i = at + 2 + length; i + 1 < b.length; i++) {
        if (b[i] === 0xff && b[i + 1] === 0xd9) return { type: "image/jpeg", ext: "jpg", ...frame };
      }
      return null;
    }
    at += 2 + length;
  }
  return null;
}

// ---------- WebP: a RIFF whose size is the file's, whole chunks, the first one an image header ----------

function readWebp(b: Uint8Array): ImageInfo | null {
  if (!(ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") || u32le(b, 4) + 8 !== b.length) return null;
  let size: { width: number; height: number } | null = null;
  let at = 12;
  while (at + 8 <= b.length) {
    const type = ascii(b, at, 4);
    const length = u32le(b, at + 4);
    const data = at + 8;
    if (data + length > b.length) return null;
    if (at === 12) size = webpSize(type, b.subarray(data, data + length));
    if (!size) return null;
    at = data + length + (length % 2);
  }
  return size && at === b.length ? { type: "image/webp", ext: "webp", ...size } : null;
}

function webpSize(type: string, d: Uint8Array): { width: number; height: number } | null {
  if (type === "VP8 ") {
    // frame tag (3 bytes, a key frame has bit 0 clear), start code 9D 01 2A, 14-bit width and height
    if (d.length < 10 || (d[0]! & 1) !== 0 || !startsWith(d, 3, 0x9d, 0x01, 0x2a)) return null;
    return { width: u16le(d, 6) & 0x3fff, height: u16le(d, 8) & 0x3fff };
  }
  if (type === "VP8L") {
    // signature 2F, then 14 bits of width - 1 and 14 of height - 1, then alpha and a version of 0
    if (d.length < 5 || d[0] !== 0x2f || d[4]! >> 5 !== 0) return null;
    const bits = u32le(d, 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (type === "VP8X") {
    // flags, 3 reserved bytes, 24 bits of canvas width - 1 and of height - 1
    if (d.length < 10) return null;
    return { width: u24le(d, 4) + 1, height: u24le(d, 7) + 1 };
  }
  return null;
}

// ---------- GIF: header, screen descriptor, colour tables, whole blocks up to the trailer ----------

function readGif(b: Uint8Array): ImageInfo | null {
  const version = ascii(b, 0, 6);
  if ((version !== "GIF87a" && version !== "GIF89a") || b.length < 13) return null;
  const size = { width: u16le(b, 6), height: u16le(b, 8) };
  const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  let at = 13 + colourTable(b[10]!);
  /** Skips a run of data sub-blocks (each a length byte and that many bytes, ending with 0). */
  const skipSubBlocks = () => {
    while (at < b.length && b[at] !== 0) at += 1 + b[at]!;
    at += 1;
  };
  let images = 0;
  while (at < b.length) {
    const block = b[at]!;
    if (block === 0x3b) return images > 0 ? { type: "image/gif", ext: "gif", ...size } : null;
    if (block === 0x2c) {
      if (at + 10 > b.length) return null;
      at += 10 + colourTable(b[at + 9]!) + 1; // descriptor, local colour table, LZW code size
      skipSubBlocks();
      images += 1;
    } else if (block === 0x21) {
      at += 2; // introducer and label
      skipSubBlocks();
    } else {
      return null;
    }
  }
  return null;
}
