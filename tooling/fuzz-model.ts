/** What the fuzz is made of: its target and reports, the seeded generator, the odd values it sends, and an endpoint's description. */
import { TEST_ADDRESS } from "./accounts";

/** What the fuzz needs of the running shop: two accounts, one with an address and a picture. */
export interface FuzzTarget {
  baseUrl: string;
  /** The fuzzer's own session (a real one): requests with it reach validation behind sign-in. */
  token: string;
  /** Session tokens that must sign nobody in: bad signatures, no expiry, old versions, garbage. */
  forgedTokens: string[];
  /** Another shopper's address id: deleting it with the fuzzer's session must do nothing. */
  otherAddressId: string;
  /** A real product page, so product actions reach their checks. */
  productPath: string;
  /** A product on the other shopper's wishlist: removing it with the fuzzer's session must do nothing. */
  otherWishlistProductId: string;
  /** A line in the other shopper's cart: changing or removing it with the fuzzer's session must do nothing. */
  otherCartLineId: string;
  /** A piece in stock, as an order's line names it: orders reach their checks (an address or line is always broken). */
  buyableItem: { product: string; size: string; color: string; quantity: number };
  /** The shop owner's session: the back office's pages and actions reach their checks (a field that decides a write is always broken). */
  ownerToken: string;
}

export type BackOfficeCaller = "visitor" | "shopper" | "owner";

export interface FuzzRequest {
  /** The endpoint, e.g. "POST /api/auth/login" (counts are grouped by it). */
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | FormData | Uint8Array<ArrayBuffer>;
  /** A back-office request: who sends it. A visitor's or shopper's answer must be an unknown address's. */
  backOffice?: BackOfficeCaller;
}

export interface FuzzReport {
  total: number;
  byStatus: Record<string, number>;
  endpoints: number;
  /** 5xx answers and failed requests, with what was sent. */
  failures: { label: string; method: string; path: string; status: number | string }[];
  /** Back-office requests by who sent them. */
  backOffice: Record<BackOfficeCaller, number>;
  /** Back-office answers to a visitor or shopper that differ from an unknown address's answer to the same request. */
  differences: { label: string; method: string; path: string; who: BackOfficeCaller; status: number; unknownStatus: number }[];
}

/** A small seeded generator (mulberry32): the same seed gives the same requests. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { chance: (p: number) => next() < p, pick, int: (max: number) => Math.floor(next() * max) };
}
export type Rng = ReturnType<typeof random>;

export const MISSING = Symbol("missing");
export const HUGE = "x".repeat(5000);
/** Values no required field accepts, in JSON and in a form. */
export const BREAKS_JSON = [MISSING, null, 0, 12345, true, [], [""], {}, { $ne: "" }, "", "   ", HUGE] as const;
export const BREAKS_FORM = [MISSING, "", "   ", "\t\n", HUGE] as const;
/** Anything at all, for the fields that are not the broken one. */
export const ODD = [
  ...BREAKS_JSON,
  "' OR '1'='1",
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "%00",
  "\u0000",
  "😀".repeat(40),
  "NaN",
  "-1",
  "1e999",
  "__proto__",
  "constructor",
  "toString",
  "a".repeat(300),
  "user@",
  "@example.com",
  "９８１００１２３４５",
] as const;

export type Value = (typeof ODD)[number] | string;
export interface Endpoint {
  method: string;
  /** The path template, e.g. "/api/addresses/:id" (the label), and how to fill it. */
  path: string;
  fill?: (r: Rng, t: FuzzTarget) => string;
  /** Query parameters worth spoiling. */
  query?: string[];
  /** Body fields and a valid value of each (objects and lists go as JSON, or as their JSON text in a form). */
  fields?: Record<string, (r: Rng, t: FuzzTarget) => unknown>;
  /** Fields whose value decides whether anything is written: one of them is always broken. */
  mustBreak?: string[];
  /** An action that answers to the page (a form post) rather than the JSON API. */
  page?: boolean;
  /** Never send the fuzzer's own session here (logging out would change its account). */
  noOwnSession?: boolean;
  /** A back-office page, its data or its form: sent as a visitor, a shopper or the owner. */
  backOffice?: boolean;
}

/** E-mails of nobody: reset links and sign-ins for them change nothing. */
export const ghostEmail = (r: Rng) => `fuzz-ghost-${r.int(50)}@nobody.example`;
export const PASSWORD = () => "Kesar@Chai9";
export const account = { name: () => "Asha Verma", email: ghostEmail, mobile: () => "9810012345", password: PASSWORD };
export const addressFields = Object.fromEntries(Object.entries(TEST_ADDRESS).map(([k, v]) => [k, () => v]));
export const token43 = (r: Rng) => Array.from({ length: 43 }, () => r.pick([..."ABCxyz019_-"])).join("");
export const BAD_SEGMENTS = [
  "",
  "%00",
  "..%2F..%2Fetc%2Fpasswd",
  "%ZZ",
  "' OR 1=1 --",
  "-1",
  "0",
  "1e999",
  "NaN",
  "x".repeat(2000),
  "😀",
  "%E0%A4",
];
export const segment = (r: Rng, good: string) => (r.chance(0.3) ? good : r.pick(BAD_SEGMENTS));
