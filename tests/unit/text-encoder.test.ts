import { describe, expect, it } from "vitest";
import { installAsciiFastPath } from "../../workers/text-encoder";

class FastEncoder extends TextEncoder {}
installAsciiFastPath(FastEncoder.prototype);
const fast = new FastEncoder();
const native = new TextEncoder();

describe("TextEncoder's ASCII fast path", () => {
  const inputs: unknown[] = [
    "",
    "a",
    'class="product-card__name"',
    "x".repeat(96),
    "y".repeat(97),
    `${"z".repeat(95)}é`,
    "₹1,299 · Anarkali",
    "emoji 🙂 inside",
    "lone \uD800 surrogate",
    "\u007f\u0080",
    undefined,
    null,
    12345,
    { toString: () => "object" },
  ];

  it.each(inputs.map((input) => [JSON.stringify(input) ?? String(input), input]))("gives the runtime's bytes for %s", (_, input) => {
    const got = fast.encode(input as string);
    expect(got).toBeInstanceOf(Uint8Array);
    expect([...got]).toEqual([...native.encode(input as string)]);
    expect(got.buffer.byteLength).toBe(got.byteLength);
  });

  it("leaves other encoders untouched", () => {
    expect(TextEncoder.prototype.encode).not.toBe(FastEncoder.prototype.encode);
  });
});
