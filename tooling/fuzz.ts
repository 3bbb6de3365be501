/**
 * Malformed requests, as a hostile client sends them, to every `/api` endpoint and every page and page
 * action: bad and truncated JSON, wrong types, empty and huge fields, bodies of the wrong kind, wrong
 * methods, odd paths and parameters, forged session tokens and cookies, cross-site and odd headers.
 * One seeded generator serves `npm run fuzz` (10,000 requests) and a Worker test (a slice of it).
 *
 * Every request is built so that it must change nothing: a body that reaches a write always has one
 * required field broken, the fuzzer's own session never logs out or deletes its own address, and the
 * e-mails it asks reset links for belong to nobody. So the database (every table's rows) and the R2
 * bucket must be the same before and after, and no answer may be a 5xx. Rate limits live in the
 * Workers rate-limiting bindings, not the database, so nothing is excluded from the comparison.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createClient } from "@libsql/client";
import { SignJWT } from "jose";
import { DEMO_OWNER } from "../db/seed";
import { createUser, postJson, TEST_ADDRESS } from "./accounts";
import { buyableProducts } from "./cart";
import { BACK_OFFICE_ENDPOINT_LIST, BACK_OFFICE_ROUTES } from "./fuzz-back-office";
import {
  type BackOfficeCaller,
  BREAKS_FORM,
  BREAKS_JSON,
  type Endpoint,
  type FuzzReport,
  type FuzzRequest,
  type FuzzTarget,
  MISSING,
  ODD,
  type Rng,
  random,
  type Value,
} from "./fuzz-model";
import { ORDER_ENDPOINT_LIST } from "./fuzz-order-endpoints";
import { SHOP_ENDPOINT_LIST } from "./fuzz-shop-endpoints";
import { productPath } from "./pages";

/** The same request at an address that does not exist: `/admin...` becomes `/no-such-page...`. */
export const unknownTwin = (path: string) => path.replace(/^(\/+)admin/i, "$1no-such-page");

/**
 * An answer's body as it can be compared with an unknown address's: each page has its own CSP nonce,
 * and the header's sign-in link and React Router's 405 name the address asked (so does an unknown
 * address's answer, with its own name in it); these are put aside, nothing else.
 */
export const comparableBody = (body: string) =>
  body.replaceAll(/nonce="[^"]*"/g, 'nonce=""').replaceAll(/(\/|%2F|%252F)(admin|no-such-page)/gi, "$1(address)");

const PNG = new Uint8Array(readFileSync(new URL("../tests/fixtures/images/red-5x3.png", import.meta.url)));

/** Creates the accounts the fuzz uses (before the state it must not change is recorded). */
export async function prepareFuzzTarget(baseUrl: string, sessionSecret: string): Promise<FuzzTarget> {
  const me = await createUser(baseUrl, "fuzz-me", "Fuzz Me");
  const other = await createUser(baseUrl, "fuzz-other", "Fuzz Other");
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  for (const user of [me, other]) {
    const res = await postJson(baseUrl, "/api/addresses/save", TEST_ADDRESS, bearer(user.token));
    if (res.status !== 201) throw new Error(`address save answered ${res.status}`);
  }
  const picture = new FormData();
  picture.append("name", me.name);
  picture.append("mobile", "9810012345");
  picture.append("profileImage", new File([PNG], "me.png", { type: "image/png" }));
  const put = await fetch(new URL("/api/auth/profile", baseUrl), { method: "PUT", headers: bearer(me.token), body: picture });
  if (put.status !== 200) throw new Error(`profile save answered ${put.status}`);
  const mine = await fetch(new URL("/api/addresses/my", baseUrl), { headers: bearer(other.token) });
  const otherAddressId = ((await mine.json()) as { addresses: { _id: string }[] }).addresses[0]!._id;
  const forgedTokens = await forgeTokens(sessionSecret, me.id);
  const products = await fetch(new URL("/api/products?limit=1", baseUrl));
  const otherWishlistProductId = ((await products.json()) as { data: { _id: string }[] }).data[0]!._id;
  const wished = await postJson(baseUrl, "/api/wishlist", { productId: otherWishlistProductId }, bearer(other.token));
  if (wished.status !== 201) throw new Error(`wishlist add answered ${wished.status}`);
  const [buyable] = await buyableProducts(baseUrl);
  const buyableItem = {
    product: buyable!._id,
    size: buyable!.sizes.find((z) => z.stock > 0)!.size,
    color: buyable!.colors[0]!.name,
    quantity: 1,
  };
  const carted = await postJson(baseUrl, "/api/cart", { items: [buyableItem] }, bearer(other.token));
  if (carted.status !== 200) throw new Error(`cart add answered ${carted.status}`);
  const otherCartLineId = ((await carted.json()) as { cart: { items: { _id: string }[] } }).cart.items[0]!._id;
  // From an address of its own: sign-in allows 10 a minute per address, and tests sign the owner in too.
  const owner = await postJson(
    baseUrl,
    "/api/auth/login",
    { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
    { "CF-Connecting-IP": "198.18.0.77" },
  );
  if (owner.status !== 200) throw new Error(`owner sign-in answered ${owner.status}`);
  return {
    ownerToken: ((await owner.json()) as { token: string }).token,
    baseUrl,
    token: me.token,
    forgedTokens,
    otherAddressId,
    productPath: await productPath(baseUrl),
    otherWishlistProductId,
    otherCartLineId,
    buyableItem,
  };
}

async function forgeTokens(secret: string, userId: string): Promise<string[]> {
  const now = Math.floor(Date.now() / 1000);
  const key = new TextEncoder().encode(secret);
  const sign = (claims: Record<string, unknown>, sub: string, exp: number | null, signingKey = key) => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(sub).setIssuedAt(now);
    return (exp === null ? jwt : jwt.setExpirationTime(exp)).sign(signingKey);
  };
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const real = await sign({ ver: 0 }, userId, now + 3600);
  const [header, payload] = real.split(".");
  return [
    await sign({ ver: 0 }, userId, now + 3600, new TextEncoder().encode("not-the-shop-secret-but-32-chars!!")),
    await sign({ ver: 0 }, userId, null), // no expiry
    await sign({ ver: 0 }, userId, now - 60), // expired
    await sign({ ver: 7 }, userId, now + 3600), // a session version that was never issued
    await sign({ ver: 0 }, "999999999", now + 3600), // nobody
    await sign({ ver: 0 }, "-1", now + 3600),
    await sign({ ver: "0" }, userId, now + 3600),
    `${b64({ alg: "none", typ: "JWT" })}.${payload}.`,
    `${header}.${b64({ sub: userId, ver: 0, iat: now, exp: now + 3600 })}.${real.split(".")[2]}`, // payload swapped
    "",
    "null",
    "a.b.c",
    "x".repeat(3000),
    `${real}x`,
  ];
}

export { BACK_OFFICE_ROUTE_IDS } from "./fuzz-back-office";
export type { BackOfficeCaller, FuzzReport, FuzzRequest, FuzzTarget } from "./fuzz-model";

/** Every endpoint the fuzz knows: the shop's and the back office's. */
export const ENDPOINTS: Endpoint[] = [...SHOP_ENDPOINT_LIST, ...ORDER_ENDPOINT_LIST, ...BACK_OFFICE_ENDPOINT_LIST];

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "PROPFIND"];
const ODD_HEADERS: Record<string, string>[] = [
  { "Accept-Encoding": "br, gzip, zstd, x-unknown" },
  { Accept: "application/xml;q=2, */*;q=-1" },
  { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
  { Range: "bytes=999999999-" },
  { Range: "bytes=abc" },
  { "If-None-Match": '*, "x"' },
  { "If-Modified-Since": "not a date" },
  { "Content-Encoding": "gzip" },
  { "Accept-Language": "x".repeat(4000) },
  { "CF-Connecting-IP": "::ffff:999.1.1.1" },
  { "Sec-Fetch-Site": "cross-site" },
  { Cookie: "aanchal_session=%E0%A4; aanchal_session=x; aanchal_pending_signup=AAAA.%ZZ" },
  { Cookie: `aanchal_pending_signup=${"A".repeat(43)}.${encodeURIComponent("nobody@example.com")}` },
  { Cookie: `junk=${"y".repeat(6000)}` },
  { Authorization: "Basic YWRtaW46YWRtaW4=" },
  { Authorization: "Bearer" },
  { Authorization: "Bearer a b c" },
];

/** Bodies that are broken whatever the endpoint: each with its Content-Type (or none). */
const BROKEN_BODIES: [string | undefined, () => string | Uint8Array<ArrayBuffer>][] = [
  ["application/json", () => '{"email":'],
  ["application/json", () => "[]"],
  ["application/json", () => '"just a string"'],
  ["application/json", () => "null"],
  ["application/json", () => "1e999"],
  ["application/json", () => `${"[".repeat(5000)}${"]".repeat(5000)}`],
  ["application/json", () => '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'],
  ["application/json", () => JSON.stringify({ email: "a".repeat(70 * 1024) })],
  ["application/json; charset=utf-16", () => '{"email":"a@b.co"}'],
  ["application/json", () => new Uint8Array([0xff, 0xfe, 0x00, 0x7b, 0xc3, 0x28])],
  ["application/x-www-form-urlencoded", () => "email=%ZZ&password=%&&&=&=="],
  ["application/x-www-form-urlencoded", () => `a=${"b".repeat(100 * 1024)}`],
  ["multipart/form-data", () => "--x\r\nContent-Disposition: form-data\r\n\r\nno boundary"],
  ["multipart/form-data; boundary=zz", () => '--zz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAsha'],
  ["text/plain", () => "email=a@b.co"],
  [undefined, () => '{"email":"a@b.co"}'],
  ["application/octet-stream", () => new Uint8Array(4096).map((_, i) => (i * 31) % 256)],
];

function queryString(r: Rng, names: string[]): string {
  const params = new URLSearchParams();
  for (const name of names) {
    if (r.chance(0.5)) continue;
    if (name === "_routes") {
      // A `.data` request names the routes whose loaders it wants: the back office's, the shop's, or nonsense.
      params.append(
        name,
        r.chance(0.8)
          ? Array.from({ length: 1 + r.int(3) }, () => r.pick(BACK_OFFICE_ROUTES)).join(",")
          : String(r.pick(ODD.filter((v) => v !== MISSING))),
      );
      continue;
    }
    params.append(r.chance(0.1) ? `${name}[]` : name, String(r.pick(ODD.filter((v) => v !== MISSING)) as Value));
    if (r.chance(0.1)) params.append(name, "again");
  }
  return params.size ? `?${params}` : "";
}

/** The fields of a body: every one odd or valid, and one of `mustBreak` (if any) surely invalid. */
function fieldValues(r: Rng, ep: Endpoint, form: boolean, t: FuzzTarget): Record<string, unknown> {
  const broken = ep.mustBreak && r.pick(ep.mustBreak);
  const values: Record<string, unknown> = {};
  for (const [name, valid] of Object.entries(ep.fields ?? {})) {
    const value = name === broken ? r.pick(form ? BREAKS_FORM : BREAKS_JSON) : r.chance(0.5) ? valid(r, t) : r.pick(ODD);
    if (value !== MISSING) values[name] = value;
  }
  if (r.chance(0.1)) values[r.pick(["extra", "__proto__", "isAdmin", "_id", "userId"])] = r.pick(ODD.filter((v) => v !== MISSING));
  return values;
}

function formBody(values: Record<string, unknown>, r: Rng, ep: Endpoint): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) {
    // A form carries strings and files only; anything else is sent as its text.
    body.append(name, typeof value === "string" ? value : JSON.stringify(value));
  }
  if (r.chance(0.2)) {
    const bytes = r.pick([PNG.slice(0, 40), new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), new Uint8Array(0), PNG]);
    // Never under the name of the field that is broken: a part with an empty filename reaches the
    // Worker as text (workerd), and a few bytes of text can be a valid value that mends the break.
    body.append(
      r.pick(["profileImage", "name", "file"].filter((part) => !ep.mustBreak?.includes(part))),
      new File([bytes], r.pick(["me.png", "../../x.svg", ""]), { type: r.pick(["image/png", "image/svg+xml", "text/html"]) }),
    );
  }
  return body;
}

/** Which session a request carries: none, a forged one, or (where harmless) the fuzzer's own. */
function session(r: Rng, ep: Endpoint, t: FuzzTarget): Record<string, string> {
  const own = !ep.noOwnSession && r.chance(0.35);
  if (!own && r.chance(0.4)) return {};
  const token = own ? t.token : r.pick(t.forgedTokens);
  return r.chance(0.5) ? { Authorization: `Bearer ${token}` } : { Cookie: `aanchal_session=${token}` };
}

/** A back-office request's caller and session: a visitor (none, or a forged one), the fuzzer (a shopper) or the owner. */
function backOfficeSession(r: Rng, t: FuzzTarget): [BackOfficeCaller, Record<string, string>] {
  const who = r.pick(["visitor", "shopper", "owner"] as const);
  if (who === "visitor" && r.chance(0.5)) return [who, {}];
  const token = who === "owner" ? t.ownerToken : who === "shopper" ? t.token : r.pick(t.forgedTokens);
  return [who, r.chance(0.5) ? { Authorization: `Bearer ${token}` } : { Cookie: `aanchal_session=${token}` }];
}

function oneRequest(r: Rng, t: FuzzTarget, endpoints: readonly Endpoint[]): FuzzRequest {
  const ep = r.pick(endpoints);
  const label = `${ep.method} ${ep.path}`;
  // Now and then the wrong method; never the fuzzer's own session with it (a wrong method must not be
  // able to reach a handler that would change its account, but the fuzz must not rely on that).
  const wrongMethod = r.chance(0.08) ? r.pick(METHODS.filter((m) => m !== ep.method)) : undefined;
  const method = wrongMethod ?? ep.method;
  let path = (ep.fill?.(r, t) ?? ep.path) + (ep.query ? queryString(r, ep.query) : "");
  if (r.chance(0.03)) path = r.pick([`${path}/`, `//${path.slice(1)}`, path.toUpperCase(), `${path}?${"&".repeat(500)}`, `${path}#frag`]);
  let who: BackOfficeCaller | undefined;
  let headers: Record<string, string> = {};
  if (ep.backOffice && !wrongMethod) [who, headers] = backOfficeSession(r, t);
  else if (ep.backOffice) who = "visitor";
  else if (!wrongMethod) headers = session(r, ep, t);
  if (ep.page) {
    // Page forms: mostly from the shop itself (so the CSRF check passes), now and then from elsewhere.
    const origin = r.chance(0.85) ? t.baseUrl : r.pick(["https://evil.example", "null", "http://127.0.0.1.evil.example"]);
    headers.Origin = origin;
  }
  // Odd headers can replace the session: then the owner is a visitor, and nobody's answer is compared.
  if (r.chance(0.15)) {
    const odd = r.pick(ODD_HEADERS);
    Object.assign(headers, odd);
    if (who && ("Cookie" in odd || "Authorization" in odd)) who = undefined;
  }
  const backOffice = who ? { backOffice: who } : {};
  if (method === "GET" || method === "HEAD") return { label, method, path, headers, ...backOffice };

  let body: FuzzRequest["body"];
  if (!ep.fields || r.chance(0.2)) {
    const [type, make] = r.pick(BROKEN_BODIES);
    if (type) headers["Content-Type"] = type;
    body = make();
  } else {
    const asForm = ep.page || ep.method === "PUT" ? r.chance(0.9) : r.chance(0.2);
    const values = fieldValues(r, ep, asForm, t);
    if (asForm && r.chance(0.5)) body = formBody(values, r, ep);
    else if (asForm) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(Object.entries(values).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)])).toString();
    } else {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(values);
    }
  }
  return { label, method, path, headers, body, ...backOffice };
}

/** The back office's endpoints among ENDPOINTS (its pages, their data and its forms), and the shop's. */
export const BACK_OFFICE_ENDPOINTS = ENDPOINTS.filter((ep) => ep.backOffice);
export const SHOP_ENDPOINTS = ENDPOINTS.filter((ep) => !ep.backOffice);

/**
 * `count` requests from `seed`: the same seed and target give the same requests. `part` draws from
 * the shop's endpoints or the back office's alone (every endpoint by default).
 */
export function* fuzzRequests(
  t: FuzzTarget,
  { seed, count, part = "all" }: { seed: number; count: number; part?: "all" | "shop" | "backOffice" },
): Generator<FuzzRequest> {
  const r = random(seed);
  const endpoints = part === "shop" ? SHOP_ENDPOINTS : part === "backOffice" ? BACK_OFFICE_ENDPOINTS : ENDPOINTS;
  for (let i = 0; i < count; i++) yield oneRequest(r, t, endpoints);
}

/** Sends the requests, `concurrency` at a time, and counts the answers. */
export async function sendFuzz(t: FuzzTarget, requests: Iterable<FuzzRequest>, { concurrency = 8 } = {}): Promise<FuzzReport> {
  const report: FuzzReport = {
    total: 0,
    byStatus: {},
    endpoints: 0,
    failures: [],
    backOffice: { visitor: 0, shopper: 0, owner: 0 },
    differences: [],
  };
  const labels = new Set<string>();
  const queue = requests[Symbol.iterator]();
  const ask = (path: string, { method, headers, body }: FuzzRequest) =>
    fetch(t.baseUrl + path, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(30_000) });
  const worker = async () => {
    for (let next = queue.next(); !next.done; next = queue.next()) {
      const request = next.value;
      const { label, method, path, backOffice: who } = request;
      labels.add(label);
      let status: number | string;
      try {
        const res = await ask(path, request);
        const text = await res.text();
        status = res.status;
        // Anyone but staff: the back office answers exactly as an unknown address does.
        if (who && who !== "owner") {
          const twin = await ask(unknownTwin(path), request);
          const twinText = await twin.text();
          if (twin.status !== res.status || comparableBody(text) !== comparableBody(twinText))
            report.differences.push({ label, method, path: path.slice(0, 200), who, status: res.status, unknownStatus: twin.status });
        }
      } catch (err) {
        status = `failed: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : err}`;
      }
      if (who) report.backOffice[who] += 1;
      report.total += 1;
      const key = typeof status === "number" ? String(status) : "failed";
      report.byStatus[key] = (report.byStatus[key] ?? 0) + 1;
      if (typeof status !== "number" || status >= 500) report.failures.push({ label, method, path: path.slice(0, 200), status });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  report.endpoints = labels.size;
  return report;
}

/**
 * A checksum of what the shop holds: every table's rows (read from the database server itself) and
 * the keys of every object in the R2 bucket; with the row count of each table.
 */
export async function shopState(dbUrl: string, baseUrl: string): Promise<{ checksum: string; rows: Record<string, number> }> {
  const db = createClient({ url: dbUrl });
  const hash = createHash("sha256");
  const rows: Record<string, number> = {};
  try {
    const tables = await db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    for (const { name } of tables.rows) {
      const table = String(name);
      const result = await db.execute(`SELECT * FROM "${table.replaceAll('"', '""')}"`);
      rows[table] = result.rows.length;
      // Sorted here: some tables (full-text search, WITHOUT ROWID) have no rowid to order by.
      const plain = (v: unknown) => (typeof v === "bigint" ? String(v) : v instanceof ArrayBuffer ? Buffer.from(v).toString("hex") : v);
      const lines = result.rows.map((row) => JSON.stringify(Array.from(row, plain))).sort();
      hash.update(`${table}\n${lines.join("\n")}\n`);
    }
  } finally {
    db.close();
  }
  const media = (await (await fetch(new URL("/dev/media.json", baseUrl))).json()) as { keys: string[] };
  rows["R2 objects"] = media.keys.length;
  hash.update(`R2\n${media.keys.join("\n")}`);
  return { checksum: hash.digest("hex"), rows };
}
