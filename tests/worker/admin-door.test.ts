import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, type TestUser } from "../../tooling/accounts";
import { BACK_OFFICE_ROUTE_IDS, comparableBody, unknownTwin } from "../../tooling/fuzz";
import { SESSION_COOKIE } from "../../workers/services/accounts/session";
import { ownerToken as signInOwner } from "../support/staff";

/**
 * The back office's pages, their data (`.data`, with and without `_routes`) and their form posts,
 * asked in every method and with any body: a signed-out visitor and a signed-in shopper get exactly
 * what an unknown address gets for the same request (status and body), whatever the query or body
 * says; the owner gets a 404 or 400 for an id she can type, never a 500. See docs/back-office.md.
 */
const base = inject("baseUrl");
const db = createClient({ url: inject("dbUrl") });
afterAll(() => db.close());

let owner: string;
let shopper: TestUser;

beforeAll(async () => {
  owner = await signInOwner(base);
  shopper = await createUser(base, "admin-door", "Ishita Kapoor");
});

interface Ask {
  method: string;
  path: string;
  body?: BodyInit;
  type?: string;
}

const send = async (ask: Ask, token?: string) => {
  const headers: Record<string, string> = { ...(token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {}) };
  if (ask.type) headers["Content-Type"] = ask.type;
  const res = await fetch(new URL(ask.path, base), { method: ask.method, headers, body: ask.body, redirect: "manual" });
  const body = comparableBody(await res.text());
  return { status: res.status, body };
};

/** `each` over `items`, four at a time: the Worker answers several requests side by side. */
async function inBatches<T>(items: T[], each: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += 4) await Promise.all(items.slice(i, i + 4).map(each));
}

/** The same request at an address that does not exist: `/admin...` becomes `/no-such-page...`. */
const unknownOf = (ask: Ask): Ask => ({ ...ask, path: unknownTwin(ask.path) });

/** Where two answers part, for the failure message. */
function firstDifference(a: string, b: string) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i === a.length && i === b.length
    ? {}
    : { got: a.slice(Math.max(0, i - 60), i + 100), unknown: b.slice(Math.max(0, i - 60), i + 100) };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = "application/x-www-form-urlencoded";

/** The back office's pages, as addresses; `:id` style parts filled with ids that exist or not. */
const PAGES = [
  "/admin",
  "/admin/",
  "/admin/orders",
  "/admin/orders/1001",
  "/admin/orders/1001/invoice",
  "/admin/orders/1001/packing-slip",
  "/admin/returns",
  "/admin/returns/1",
  "/admin/messages",
  "/admin/messages/contact/1",
  "/admin/reviews",
  "/admin/staff",
  "/admin/audit-log",
  "/admin/coupons",
  "/admin/coupons/new",
  "/admin/coupons/1",
  "/admin/settings",
  "/admin/products",
  "/admin/products/new",
  "/admin/products/1",
  "/admin/stock",
  "/admin/categories",
];

const dataPath = (page: string) => (page === "/admin/" ? "/admin.data" : `${page}.data`);

const ASKS: Ask[] = [
  // What the fuzz found: each answered differently from an unknown address.
  { method: "GET", path: "/admin.data?_routes=routes/back-office/admin-dashboard" },
  { method: "GET", path: "/admin/orders.data?from=2026-13-01&_routes=routes/back-office/admin-orders" },
  { method: "POST", path: "/admin/orders/1001", body: "%ZZ=&&=", type: "multipart/form-data" },
  { method: "POST", path: "/admin/settings", body: form({ deliveryCharge: "0" }), type: FORM },
  { method: "GET", path: "/admin/coupons/abc" },
  // Pages, their data with and without `_routes`, with a query that the page would refuse.
  ...PAGES.flatMap((page): Ask[] => [
    { method: "GET", path: `${page}?from=2026-13-01&page=-1&status=nope` },
    { method: "HEAD", path: page },
    { method: "GET", path: dataPath(page) },
    { method: "GET", path: `${dataPath(page)}?from=2026-13-01&to=x&page=abc&_routes=${BACK_OFFICE_ROUTE_IDS.join(",")}` },
  ]),
  ...BACK_OFFICE_ROUTE_IDS.map((id): Ask => ({ method: "GET", path: `/admin/orders.data?from=nope&_routes=${id}` })),
  // Form posts, good and broken, and every other method.
  ...PAGES.flatMap((page): Ask[] => [
    { method: "POST", path: page, body: form({ intent: "create", name: "Door test", code: "DOOR10" }), type: FORM },
    { method: "POST", path: dataPath(page), body: "{", type: "application/json" },
    { method: "PUT", path: page, body: form({ intent: "x" }), type: FORM },
  ]),
  ...["DELETE", "PATCH", "OPTIONS", "PROPFIND"].map((method): Ask => ({ method, path: "/admin/coupons/new" })),
  // Case and encoding do not slip past the door.
  { method: "GET", path: "/ADMIN/orders.data?from=2026-13-01&_routes=routes/back-office/admin-orders" },
  { method: "GET", path: "/Admin/Coupons/abc" },
  // A body larger than any shop form (3 MB), but within the product form's 25 MB: an unknown address says 413.
  { method: "POST", path: "/admin/products/new", body: new Uint8Array(4 * 1024 * 1024), type: "application/octet-stream" },
];

describe("the back office's door, for anyone but staff", () => {
  for (const who of ["a signed-out visitor", "a signed-in shopper"] as const) {
    it(`answers ${who} exactly as an unknown address answers the same request, and changes nothing`, async () => {
      const token = who === "a signed-in shopper" ? shopper.token : undefined;
      const before = (await db.execute("select count(*) as n from audit_log")).rows[0]!.n;
      const differ: unknown[] = [];
      await inBatches(ASKS, async (ask) => {
        const [got, unknown] = await Promise.all([send(ask, token), send(unknownOf(ask), token)]);
        if (got.status >= 500 || got.status !== unknown.status || got.body !== unknown.body)
          differ.push({
            ask: `${ask.method} ${ask.path}`,
            got: got.status,
            unknown: unknown.status,
            ...firstDifference(got.body, unknown.body),
          });
      });
      expect(differ).toEqual([]);
      expect((await db.execute("select count(*) as n from audit_log")).rows[0]!.n).toBe(before);
    });
  }
});

describe("the owner's odd queries", () => {
  it("are never a 500 on any back-office page, as a page or as data", async () => {
    // Names every object has (a notice looked up by them once found Object.prototype's), and numbers past any page.
    const queries = [
      "?done=__proto__&notice=toString&status=constructor&filter=__proto__&entity=hasOwnProperty&page=1e999&from=2026-02-30",
      "?done=constructor&notice=__proto__&status=toString&filter=constructor&entity=__proto__&page=-1&to=2026-13-01",
    ];
    const answers: Record<string, number> = {};
    const paths = PAGES.flatMap((page) => queries.flatMap((query) => [`${page}${query}`, `${dataPath(page)}${query}`]));
    await inBatches(paths, async (path) => {
      answers[path] = (await send({ method: "GET", path }, owner)).status;
    });
    expect(Object.entries(answers).filter(([, status]) => status >= 500)).toEqual([]);
  });
});

describe("the owner's odd ids", () => {
  it("answer 404 or 400, never a 500, as pages, as data and as form posts", async () => {
    const odd = ["abc", "0", "1.5", "-1", "1e3", "99999999999999999999", "%20", "0x10"];
    const paths = odd.flatMap((id) => [
      `/admin/coupons/${id}`,
      `/admin/orders/${id}`,
      `/admin/orders/${id}/invoice`,
      `/admin/orders/${id}/packing-slip`,
      `/admin/products/${id}`,
      `/admin/messages/contact/${id}`,
      `/admin/messages/enquiry/${id}`,
      `/admin/messages/${id}/1`,
    ]);
    const answers: Record<string, number> = {};
    const asks = paths.flatMap((path): Ask[] => [
      { method: "GET", path },
      { method: "GET", path: `${path}.data` },
      // A form post where the page has a form (the invoice and packing slip have none: a 405).
      ...(/invoice|packing-slip/.test(path) ? [] : [{ method: "POST", path, body: form({ intent: "reply", body: "" }), type: FORM }]),
    ]);
    await inBatches(asks, async (ask) => {
      answers[`${ask.method} ${ask.path}`] = (await send(ask, owner)).status;
    });
    const wrong = Object.entries(answers).filter(([, status]) => status !== 404 && status !== 400);
    expect(wrong).toEqual([]);
    // Those pages are the owner's, in the back office's own words.
    const page = await fetch(new URL("/admin/coupons/abc", base), { headers: { Cookie: `${SESSION_COOKIE}=${owner}` } });
    expect(page.status).toBe(404);
  });
});
