import { afterEach, beforeEach } from "vitest";

/**
 * Any console.error during a test fails it: an error log is a fault nobody asserted on. A test that
 * expects one takes charge of console.error itself (`vi.spyOn(console, "error").mockImplementation(...)`),
 * and is then left alone.
 */
const original = console.error;
let logged: unknown[][] = [];
const record = (...args: unknown[]) => {
  logged.push(args);
  original.apply(console, args);
};

beforeEach(() => {
  logged = [];
  console.error = record;
});

afterEach(() => {
  const takenOver = console.error !== record;
  console.error = original;
  if (takenOver || logged.length === 0) return;
  const lines = logged.map((args) => args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(" "));
  throw new Error(`console.error was called during the test:\n${lines.join("\n")}`);
});
