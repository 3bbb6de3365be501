/**
 * React 18's streaming renderer (the browser build Workers use) turns every attribute value and text
 * of a page into bytes with its own `TextEncoder.encode` call: a thousand or more calls per product
 * page, each a crossing from JavaScript into the runtime and a fresh buffer. In workerd those
 * crossings were a third of a signed-in product page's CPU; encoding a short ASCII string in
 * JavaScript gives the same bytes in a fraction of the time (product page 15.5 -> 11 ms of workerd
 * CPU in the same Miniflare measurement, README "Performance"). Anything else, or anything longer,
 * takes the runtime's path, so the bytes are always exactly what the runtime would produce.
 */
const MAX_FAST_LENGTH = 96;

export function installAsciiFastPath(proto: TextEncoder = TextEncoder.prototype): void {
  const native = proto.encode;
  proto.encode = function encode(this: TextEncoder, input?: string): Uint8Array<ArrayBuffer> {
    if (typeof input !== "string" || input.length > MAX_FAST_LENGTH) return native.call(this, input);
    const bytes = new Uint8Array(input.length);
    for (let i = 0; i < input.length; i++) {
      const code = input.charCodeAt(i);
      if (code > 0x7f) return native.call(this, input);
      bytes[i] = code;
    }
    return bytes;
  };
}
