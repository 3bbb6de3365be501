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
import { productPath } from "./pages";

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

/** A small seeded generator (mulberry32): the same seed gives the same requests. */
function random(seed: number) {
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
type Rng = ReturnType<typeof random>;

const MISSING = Symbol("missing");
const HUGE = "x".repeat(5000);
/** Values no required field accepts, in JSON and in a form. */
const BREAKS_JSON = [MISSING, null, 0, 12345, true, [], [""], {}, { $ne: "" }, "", "   ", HUGE] as const;
const BREAKS_FORM = [MISSING, "", "   ", "\t\n", HUGE] as const;
/** Anything at all, for the fields that are not the broken one. */
const ODD = [
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

type Value = (typeof ODD)[number] | string;
interface Endpoint {
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
const ghostEmail = (r: Rng) => `fuzz-ghost-${r.int(50)}@nobody.example`;
const PASSWORD = () => "Kesar@Chai9";
const account = { name: () => "Asha Verma", email: ghostEmail, mobile: () => "9810012345", password: PASSWORD };
const addressFields = Object.fromEntries(Object.entries(TEST_ADDRESS).map(([k, v]) => [k, () => v]));
const token43 = (r: Rng) => Array.from({ length: 43 }, () => r.pick([..."ABCxyz019_-"])).join("");
const BAD_SEGMENTS = [
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
const segment = (r: Rng, good: string) => (r.chance(0.3) ? good : r.pick(BAD_SEGMENTS));

export const ENDPOINTS: Endpoint[] = [
  { method: "GET", path: "/api/categories", query: ["x"] },
  { method: "GET", path: "/api/subcategories", query: ["categoryId", "category"] },
  {
    method: "GET",
    path: "/api/products",
    query: ["category", "subcategory", "page", "limit", "sort", "minPrice", "maxPrice", "size", "color"],
  },
  { method: "GET", path: "/api/products/search", query: ["query", "q", "page", "limit"] },
  { method: "GET", path: "/api/products/slug/:slug", fill: (r, t) => `/api/products/slug/${segment(r, t.productPath.split("/").pop()!)}` },
  { method: "GET", path: "/api/pincode/:pin", fill: (r) => `/api/pincode/${segment(r, r.pick(["201001", "000000", "99999", "1234567"]))}` },
  { method: "POST", path: "/api/auth/login", fields: { email: ghostEmail, password: PASSWORD } },
  { method: "POST", path: "/api/auth/register", fields: account, mustBreak: ["name", "email", "mobile", "password"] },
  {
    method: "POST",
    path: "/api/auth/verify-otp",
    fields: { email: ghostEmail, otp: () => "123456", verificationToken: () => "A".repeat(43) },
  },
  { method: "POST", path: "/api/auth/resend-otp", fields: { email: ghostEmail, verificationToken: () => "A".repeat(43) } },
  { method: "POST", path: "/api/auth/forgot-password", fields: { email: ghostEmail } },
  {
    method: "POST",
    path: "/api/auth/reset-password/:token",
    fill: (r) => `/api/auth/reset-password/${segment(r, token43(r))}`,
    fields: { password: PASSWORD, confirmPassword: PASSWORD },
  },
  { method: "POST", path: "/api/auth/logout", noOwnSession: true },
  { method: "GET", path: "/api/auth/profile" },
  { method: "PUT", path: "/api/auth/profile", fields: { name: account.name, mobile: account.mobile }, mustBreak: ["name", "mobile"] },
  { method: "GET", path: "/api/addresses/my" },
  { method: "POST", path: "/api/addresses/save", fields: addressFields, mustBreak: ["fullName", "zipcode", "phoneNumber", "emailAddress"] },
  {
    method: "DELETE",
    path: "/api/addresses/:id",
    fill: (r, t) => `/api/addresses/${r.chance(0.3) ? t.otherAddressId : r.pick(["999999999", ...BAD_SEGMENTS])}`,
  },
  { method: "GET", path: "/api/wishlist" },
  // The fuzzer's own wishlist stays empty: every add has a broken product id.
  { method: "POST", path: "/api/wishlist", fields: { productId: () => "1" }, mustBreak: ["productId"] },
  {
    method: "DELETE",
    path: "/api/wishlist/:productId",
    fill: (r, t) => `/api/wishlist/${r.chance(0.3) ? t.otherWishlistProductId : r.pick(["999999999", ...BAD_SEGMENTS])}`,
  },
  { method: "GET", path: "/api/cart" },
  // The fuzzer's own cart stays empty: every add is broken, and the lines it names are another shopper's.
  { method: "POST", path: "/api/cart", fields: { items: () => "[]" }, mustBreak: ["items"] },
  {
    method: "PUT",
    path: "/api/cart/:id",
    fill: (r, t) => `/api/cart/${r.chance(0.3) ? t.otherCartLineId : r.pick(["999999999", ...BAD_SEGMENTS])}`,
    fields: { quantity: () => "1" },
  },
  {
    method: "DELETE",
    path: "/api/cart/:id",
    fill: (r, t) => `/api/cart/${r.chance(0.3) ? t.otherCartLineId : r.pick(["999999999", ...BAD_SEGMENTS])}`,
  },
  { method: "DELETE", path: "/api/cart" },
  {
    // A review is written only with both fields good: one of them is always broken here.
    method: "POST",
    path: "/api/products/:productId/reviews",
    fill: (r) => `/api/products/${segment(r, String(1 + r.int(40)))}/reviews`,
    fields: { rating: (r) => String(1 + r.int(5)), comment: () => "Lovely fabric, true colour" },
    mustBreak: ["rating", "comment"],
  },
  {
    method: "GET",
    path: "/api/:unknown",
    fill: (r) => `/api/${r.pick(["nothing", "auth", "auth/", "products/slug", "admin", "../dev/mailbox.json"])}`,
  },
  { method: "GET", path: "/", query: ["page", "utm_source"] },
  { method: "GET", path: "/all-products", query: ["page", "size", "color", "sort", "minPrice", "maxPrice", "category"] },
  { method: "GET", path: "/category/:id", fill: (r) => `/category/${segment(r, "kurtis")}`, query: ["page", "size", "color", "sort"] },
  {
    method: "GET",
    path: "/women-products/:category/:slug",
    fill: (r, t) => (r.chance(0.4) ? t.productPath : `/women-products/${segment(r, "Kurtis")}/${segment(r, "x")}`),
  },
  {
    method: "GET",
    path: "/women-products/:category/:slug/reviews",
    fill: (r, t) => (r.chance(0.5) ? `${t.productPath}/reviews` : `/women-products/${segment(r, "Kurtis")}/${segment(r, "x")}/reviews`),
    query: ["offset", "reviews"],
  },
  {
    method: "POST",
    path: "/women-products/:category/:slug/reviews",
    fill: (r, t) => (r.chance(0.7) ? `${t.productPath}/reviews` : `/women-products/${segment(r, "Kurtis")}/${segment(r, "x")}/reviews`),
    fields: {
      productId: (r) => String(1 + r.int(40)),
      rating: (r) => String(1 + r.int(5)),
      comment: () => "Lovely fabric, true colour",
      enhanced: (r) => r.pick(["1", ""]),
    },
    mustBreak: ["rating", "comment"],
    page: true,
  },
  // Contact and enquiry: the name, e-mail or enquiry type is always broken, so nothing is
  // stored or mailed (HUGE is within the message's 5,000 characters, so the message cannot be the one).
  ...[{ path: "/api/contact" }, { path: "/contact-us", page: true }].map(
    ({ path, page }): Endpoint => ({
      method: "POST",
      path,
      page,
      fields: { name: () => "Asha Verma", email: ghostEmail, message: () => "Do you stitch to measure?", website: () => "" },
      mustBreak: ["name", "email"],
    }),
  ),
  ...[{ path: "/api/enquiries/send-enquiry" }, { path: "/enquiry-us", page: true }].map(
    ({ path, page }): Endpoint => ({
      method: "POST",
      path,
      page,
      fields: {
        fullName: () => "Asha Verma",
        email: ghostEmail,
        phone: (r) => r.pick(["", "9810012345", "+91 98100 12345"]),
        enquiryType: (r) => r.pick(["Product", "Bulk", "Custom", "General", "Order Cancellation Query"]),
        orderNumber: (r) => r.pick(["", "1001", "#1002"]),
        message: () => "Forty kurtis for a wedding",
        preferredContactMethod: (r) => r.pick(["Email", "Phone"]),
        preferredTime: () => "After 5 PM",
        website: () => "",
      },
      mustBreak: ["fullName", "email", "enquiryType"],
    }),
  ),
  // The back office: the fuzzer is a shopper or nobody, so every answer is the same 404.
  { method: "GET", path: "/api/admin/audit-log", query: ["before", "limit", "page", "entity", "actor"] },
  { method: "GET", path: "/api/admin/staff", query: ["x"] },
  { method: "POST", path: "/api/admin/staff", fields: { email: ghostEmail } },
  { method: "GET", path: "/api/admin/dashboard", query: ["x"] },
  {
    method: "PUT",
    path: "/api/admin/staff/:userId",
    fill: (r) => `/api/admin/staff/${segment(r, String(1 + r.int(3)))}`,
    fields: { role: (r) => r.pick(["staff", "shopper", "owner"]) },
  },
  { method: "GET", path: "/api/admin/messages", query: ["filter", "kind", "page"] },
  {
    method: "GET",
    path: "/api/admin/messages/:kind/:id",
    fill: (r) => `/api/admin/messages/${segment(r, r.pick(["contact", "enquiry"]))}/${segment(r, String(1 + r.int(3)))}`,
  },
  {
    method: "POST",
    path: "/api/admin/messages/:kind/:id/handled",
    fill: (r) => `/api/admin/messages/${segment(r, r.pick(["contact", "enquiry"]))}/${segment(r, String(1 + r.int(3)))}/handled`,
    fields: { handled: (r) => r.pick(["true", "false"]) },
  },
  {
    method: "POST",
    path: "/api/admin/messages/:kind/:id/reply",
    fill: (r) => `/api/admin/messages/${segment(r, r.pick(["contact", "enquiry"]))}/${segment(r, String(1 + r.int(3)))}/reply`,
    fields: { body: () => "Thank you, it is on its way." },
  },
  { method: "GET", path: "/api/admin/reviews", query: ["filter", "product", "page"] },
  {
    method: "POST",
    path: "/api/admin/reviews/:id/hide",
    fill: (r) => `/api/admin/reviews/${segment(r, String(1 + r.int(3)))}/hide`,
    fields: { reason: () => "Spam" },
  },
  { method: "POST", path: "/api/admin/reviews/:id/show", fill: (r) => `/api/admin/reviews/${segment(r, String(1 + r.int(3)))}/show` },
  { method: "GET", path: "/api/admin/stock", query: ["category", "low", "q", "page", "limit"] },
  { method: "GET", path: "/api/admin/stock.csv", query: ["category", "low", "q"] },
  { method: "POST", path: "/api/admin/stock.csv" },
  {
    method: "POST",
    path: "/api/admin/stock/:sizeId",
    fill: (r) => `/api/admin/stock/${segment(r, String(1 + r.int(5)))}`,
    fields: { was: () => "1", stock: () => "2" },
  },
  { method: "GET", path: "/api/admin/categories", query: ["x"] },
  { method: "POST", path: "/api/admin/categories", fields: { name: () => "Fuzz", icon: () => "/media/categories/kurtis.svg" } },
  {
    method: "PUT",
    path: "/api/admin/categories/:id",
    fill: (r) => `/api/admin/categories/${segment(r, String(1 + r.int(3)))}`,
    fields: { name: () => "Fuzz" },
  },
  {
    method: "POST",
    path: "/api/admin/categories/:id/move",
    fill: (r) => `/api/admin/categories/${segment(r, String(1 + r.int(3)))}/move`,
    fields: { direction: () => "up" },
  },
  { method: "DELETE", path: "/api/admin/categories/:id", fill: (r) => `/api/admin/categories/${segment(r, String(1 + r.int(3)))}` },
  {
    method: "POST",
    path: "/api/admin/categories/:id/subcategories",
    fill: (r) => `/api/admin/categories/${segment(r, String(1 + r.int(3)))}/subcategories`,
    fields: { name: () => "Fuzz" },
  },
  {
    method: "PUT",
    path: "/api/admin/subcategories/:id",
    fill: (r) => `/api/admin/subcategories/${segment(r, String(1 + r.int(3)))}`,
    fields: { name: () => "Fuzz" },
  },
  { method: "DELETE", path: "/api/admin/subcategories/:id", fill: (r) => `/api/admin/subcategories/${segment(r, String(1 + r.int(3)))}` },
  { method: "GET", path: "/api/admin/orders", query: ["page", "limit", "status", "payment", "method", "from", "to", "q"] },
  { method: "GET", path: "/api/admin/orders.csv", query: ["status", "payment", "method", "from", "to", "q"] },
  { method: "GET", path: "/api/admin/orders/:number", fill: (r) => `/api/admin/orders/${segment(r, String(1001 + r.int(5)))}` },
  {
    method: "GET",
    path: "/api/admin/orders/:number/invoice",
    fill: (r) => `/api/admin/orders/${segment(r, String(1001 + r.int(5)))}/invoice`,
  },
  {
    method: "POST",
    path: "/api/admin/orders/:number/:action",
    fill: (r) =>
      `/api/admin/orders/${segment(r, String(1001 + r.int(5)))}/${r.pick(["confirm", "ship", "deliver", "cancel", "mark-paid", "refund"])}`,
    fields: { courier: () => "Delhivery", trackingNumber: () => "DL12345678", refundReference: () => "RF-0001" },
  },
  { method: "GET", path: "/api/admin/products", query: ["q", "category", "state", "page", "limit"] },
  { method: "GET", path: "/api/admin/products/:id", fill: (r) => `/api/admin/products/${segment(r, String(1 + r.int(5)))}` },
  {
    method: "POST",
    path: "/api/admin/products",
    fields: {
      name: () => "Fuzz kurti",
      description: () => "Cotton.",
      categoryId: () => 1,
      colors: () => [{ name: "Red", hex: "#aa0000" }],
      sizes: () => [{ size: "M", price: 999, stock: 2 }],
    },
    mustBreak: ["name", "colors", "sizes"],
  },
  {
    method: "POST",
    path: "/api/admin/products/:id/:action",
    fill: (r) => `/api/admin/products/${segment(r, String(1 + r.int(5)))}/${r.pick(["publish", "unpublish", "archive", "restore"])}`,
  },
  { method: "GET", path: "/search", query: ["query", "page", "sort"] },
  { method: "GET", path: "/search/suggest", query: ["query", "q"] },
  {
    method: "GET",
    path: "/:page",
    fill: (r) =>
      `/${r.pick(["coming-soon", "cart", "checkout", "wishlist", "my-orders", "login", "logout", "nothing-here", "sitemap.xml", "robots.txt"])}`,
  },
  { method: "GET", path: "/profile", query: ["edit", "updated"] },
  { method: "GET", path: "/signin", query: ["redirect", "notice"] },
  { method: "GET", path: "/verify-otp", query: ["redirect"] },
  { method: "GET", path: "/reset-password/:token", fill: (r) => `/reset-password/${segment(r, token43(r))}` },
  {
    method: "GET",
    path: "/media/:key",
    fill: (r) => `/media/${r.pick(["profiles/1/x.png", "products/../../secret", "%00", "", "x".repeat(1500)])}`,
  },
  { method: "POST", path: "/signin", page: true, fields: { email: ghostEmail, password: PASSWORD, redirect: () => "/profile" } },
  {
    method: "POST",
    path: "/create-account",
    page: true,
    fields: { ...account, confirmPassword: PASSWORD },
    mustBreak: ["name", "email", "mobile", "password"],
  },
  { method: "POST", path: "/verify-otp", page: true, fields: { otp: () => "123456", intent: () => "verify" } },
  { method: "POST", path: "/forgot-password", page: true, fields: { email: ghostEmail } },
  {
    method: "POST",
    path: "/reset-password/:token",
    fill: (r) => `/reset-password/${segment(r, token43(r))}`,
    page: true,
    fields: { password: PASSWORD, confirmPassword: PASSWORD },
  },
  {
    method: "POST",
    path: "/profile",
    page: true,
    fields: {
      intent: () => "save",
      name: account.name,
      mobile: account.mobile,
      ...Object.fromEntries(Object.entries(TEST_ADDRESS).map(([k, v]) => [`addresses[0].${k}`, () => v])),
    },
    mustBreak: ["name", "mobile"],
  },
  { method: "POST", path: "/logout", page: true, noOwnSession: true },
  {
    method: "POST",
    path: "/women-products/:category/:slug",
    fill: (r, t) => (r.chance(0.7) ? t.productPath : `/women-products/${segment(r, "Kurtis")}/${segment(r, "x")}`),
    page: true,
    fields: { intent: () => "add-to-cart", color: () => "Red", size: () => "M", quantity: () => "1", source: () => "page" },
    mustBreak: ["size", "quantity"],
  },
  {
    method: "POST",
    path: "/cart",
    page: true,
    fields: { intent: () => "update", lineId: () => "1", quantity: () => "2" },
    mustBreak: ["lineId"],
  },
  {
    method: "POST",
    path: "/checkout",
    page: true,
    fields: {
      intent: (r) => r.pick(["place", "apply-coupon", "remove-coupon", "verify"]),
      paymentMethod: (r) => r.pick(["cashOnDelivery", "bank"]),
      lines: () => "cart",
      addressId: () => "new",
      checkoutKey: (r) => token43(r),
      couponCode: (r) => r.pick(["WELCOME10", "MONSOON25", ""]),
      js: () => "1",
      ...addressFields,
    },
    mustBreak: ["zipcode", "phoneNumber"],
  },
  { method: "POST", path: "/all-products", page: true, fields: { intent: () => "x" } },
  {
    method: "POST",
    path: "/wishlist",
    page: true,
    fields: { intent: () => "add", productId: () => "1", redirect: () => "/wishlist" },
    mustBreak: ["productId"],
  },
  { method: "GET", path: "/api/orders/my-orders" },
  // Orders: the address or the lines are always broken, so nothing is placed (and the fuzzer's cart is
  // empty, so a placing without a Buy Now line finds nothing to buy).
  ...["/api/orders/place", "/api/orders/guest-place-order", "/api/payment/create-order"].map(
    (path): Endpoint => ({
      method: "POST",
      path,
      fields: {
        shippingInfo: () => TEST_ADDRESS,
        paymentMethod: (r) => r.pick(["cashOnDelivery", "bank", "upi"]),
        buyNow: (r) => r.chance(0.7),
        guest: (r) => r.chance(0.5),
        items: (_r, t) => [t.buyableItem],
        coupon_code: (r) => r.pick(["WELCOME10", "FLAT200", "MONSOON25", ""]),
        checkoutKey: token43,
        saveAddress: (r) => r.chance(0.5),
      },
      mustBreak: ["shippingInfo", "items"],
    }),
  ),
  {
    method: "POST",
    path: "/api/coupons/apply",
    fields: { coupon_code: (r) => r.pick(["WELCOME10", "FLAT200", "MONSOON25", " welcome10 "]), items: (_r, t) => [t.buyableItem] },
  },
  // Made-up payments and webhooks: no signature the fuzzer sends can be right.
  {
    method: "POST",
    path: "/api/payment/verify-payment",
    fields: {
      razorpay_order_id: (r) => `order_${token43(r).slice(0, 14)}`,
      razorpay_payment_id: (r) => `pay_${token43(r).slice(0, 14)}`,
      razorpay_signature: () => "a".repeat(64),
    },
  },
  {
    method: "POST",
    path: "/api/payment/webhook",
    fields: {
      event: (r) => r.pick(["payment.captured", "order.paid", "payment.failed"]),
      payload: (r) => ({ payment: { entity: { id: `pay_${token43(r).slice(0, 14)}`, order_id: "order_x", amount: 100 } } }),
    },
  },
  // Another shopper's order, a wrong or odd key, an odd number: all the same 404 (or sign-in first).
  { method: "GET", path: "/thankyou", query: ["order", "key"] },
];

/** Every route of the back office by id, as a `.data` request's `_routes` names them. */
export const BACK_OFFICE_ROUTE_IDS = [
  "layouts/admin-layout",
  "routes/back-office/admin-dashboard",
  "routes/back-office/admin-orders",
  "routes/back-office/admin-order",
  "routes/back-office/admin-invoice",
  "routes/back-office/admin-packing-slip",
  "routes/back-office/admin-messages",
  "routes/back-office/admin-message",
  "routes/back-office/admin-reviews",
  "routes/back-office/admin-staff",
  "routes/back-office/admin-audit-log",
  "routes/back-office/admin-coupons",
  "routes/back-office/admin-coupon-new",
  "routes/back-office/admin-coupon",
  "routes/back-office/admin-settings",
  "routes/back-office/admin-products",
  "routes/back-office/admin-product-new",
  "routes/back-office/admin-product",
  "routes/back-office/admin-stock",
  "routes/back-office/admin-categories",
];

/** What a `_routes` may name: the back office's routes, the root, and one that does not exist. */
const BACK_OFFICE_ROUTES = ["root", ...BACK_OFFICE_ROUTE_IDS, "routes/nothing"];
const someId = (r: Rng, good: string) => segment(r, good);
/**
 * The back office's pages (each also asked as `.data`, with and without `_routes`), as a visitor, a
 * shopper or the owner. A message is never one that exists: the owner's first opening marks it read.
 */
const BACK_OFFICE_PAGES: Omit<Endpoint, "method">[] = [
  { path: "/admin", query: ["x"] },
  { path: "/admin/orders", query: ["page", "status", "payment", "method", "from", "to", "q"] },
  { path: "/admin/orders/:number", fill: (r) => `/admin/orders/${someId(r, String(1001 + r.int(5)))}`, query: ["done"] },
  { path: "/admin/orders/:number/invoice", fill: (r) => `/admin/orders/${someId(r, String(1001 + r.int(5)))}/invoice` },
  { path: "/admin/orders/:number/packing-slip", fill: (r) => `/admin/orders/${someId(r, String(1001 + r.int(5)))}/packing-slip` },
  { path: "/admin/messages", query: ["filter", "kind", "page"] },
  {
    path: "/admin/messages/:kind/:id",
    fill: (r) => `/admin/messages/${segment(r, r.pick(["contact", "enquiry"]))}/${segment(r, "999999999")}`,
    query: ["notice"],
  },
  { path: "/admin/reviews", query: ["filter", "product", "page", "notice"] },
  { path: "/admin/staff", query: ["done", "user"] },
  { path: "/admin/audit-log", query: ["entity", "actor", "page"] },
  { path: "/admin/coupons", query: ["status", "done", "code"] },
  { path: "/admin/coupons/new" },
  { path: "/admin/coupons/:id", fill: (r) => `/admin/coupons/${someId(r, String(1 + r.int(3)))}`, query: ["done"] },
  { path: "/admin/settings", query: ["done"] },
  { path: "/admin/products", query: ["q", "category", "state", "page", "done"] },
  { path: "/admin/products/new" },
  { path: "/admin/products/:id", fill: (r) => `/admin/products/${someId(r, String(1 + r.int(5)))}`, query: ["done"] },
  { path: "/admin/stock", query: ["category", "low", "q", "page"] },
  { path: "/admin/categories", query: ["done"] },
];
const notAnIntent = () => "nothing";
/**
 * The back office's forms. Each has a field that decides whether anything is written, always broken
 * (`mustBreak`): the intent (no intent is one the action knows), or the coupon's code, the product's
 * name, the shop's e-mail, each refused as a whole save.
 */
const BACK_OFFICE_FORMS: Endpoint[] = [
  {
    method: "POST",
    path: "/admin/orders/:number",
    fill: (r) => `/admin/orders/${someId(r, String(1001 + r.int(5)))}`,
    fields: {
      intent: notAnIntent,
      courier: () => "Delhivery",
      trackingNumber: () => "DL12345678",
      refundReference: () => "RF-1",
      confirmCancel: () => "yes",
    },
    mustBreak: ["intent"],
  },
  {
    method: "POST",
    path: "/admin/messages/:kind/:id",
    fill: (r) => `/admin/messages/${segment(r, r.pick(["contact", "enquiry"]))}/${segment(r, String(1 + r.int(3)))}`,
    fields: { intent: notAnIntent, body: () => "Thank you, it is on its way." },
    mustBreak: ["intent"],
  },
  {
    method: "POST",
    path: "/admin/reviews",
    fields: { intent: notAnIntent, reviewId: () => "1", reason: () => "Spam" },
    mustBreak: ["intent"],
  },
  {
    method: "POST",
    path: "/admin/staff",
    fields: { intent: notAnIntent, email: ghostEmail, userId: () => "2", confirmRemove: () => "yes" },
    mustBreak: ["intent"],
  },
  {
    method: "POST",
    path: "/admin/categories",
    fields: { intent: notAnIntent, id: () => "1", name: () => "Fuzz", icon: () => "/media/categories/kurtis.svg", direction: () => "up" },
    mustBreak: ["intent"],
  },
  {
    method: "POST",
    path: "/admin/stock",
    fields: { intent: notAnIntent, sizeId: () => "1", was: () => "1", stock: () => "2", price: () => "999", enhanced: () => "1" },
    mustBreak: ["intent"],
  },
  ...["/admin/coupons/new", "/admin/coupons/:id"].map(
    (path): Endpoint => ({
      method: "POST",
      path,
      fill: path.endsWith(":id") ? (r) => `/admin/coupons/${someId(r, String(1 + r.int(3)))}` : undefined,
      fields: {
        code: () => "FUZZ10",
        discountType: (r) => r.pick(["percentage", "flat"]),
        discountValue: () => "10",
        minSubtotal: () => "0",
        startsOn: () => "",
        endsOn: () => "",
        usageLimit: () => "",
        perUserLimit: () => "",
        isActive: () => "on",
      },
      mustBreak: ["code"],
    }),
  ),
  {
    method: "POST",
    path: "/admin/settings",
    fields: {
      deliveryCharge: () => "79",
      freeShipping: () => "off",
      promoLine: () => "Fuzz",
      email: () => "help@example.com",
      phone: () => "9810012345",
    },
    mustBreak: ["email"],
  },
  ...["/admin/products/new", "/admin/products/:id"].map(
    (path): Endpoint => ({
      method: "POST",
      path,
      fill: path.endsWith(":id") ? (r) => `/admin/products/${someId(r, String(1 + r.int(5)))}` : undefined,
      fields: {
        intent: (r) => r.pick(["save", "more-rows"]),
        name: () => "Fuzz kurti",
        description: () => "Cotton.",
        categoryId: () => "1",
        "sizes.0.size": () => "M",
        "sizes.0.price": () => "999",
        "sizes.0.stock": () => "2",
      },
      mustBreak: ["name"],
    }),
  ),
];
ENDPOINTS.push(
  ...BACK_OFFICE_PAGES.flatMap((page): Endpoint[] => [
    { ...page, method: "GET", backOffice: true },
    {
      ...page,
      method: "GET",
      path: `${page.path}.data`,
      fill: page.fill && ((r, t) => `${page.fill!(r, t)}.data`),
      query: [...(page.query ?? []), "_routes"],
      backOffice: true,
    },
  ]),
  ...BACK_OFFICE_FORMS.map((form): Endpoint => ({ ...form, page: true, backOffice: true })),
);

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
