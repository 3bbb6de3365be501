import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, postJson, TEST_ADDRESS, type TestUser, uniqueEmail } from "../../tooling/accounts";
import { type ApiProduct, buyableProducts, setStock } from "../../tooling/cart";
import type { dashboardJson as toJson } from "../../workers/api/back-office/admin-dashboard";
import { SESSION_COOKIE } from "../../workers/services/accounts/session";
import { formatRupees } from "../../workers/services/catalog/pricing";
import { settings } from "../../workers/services/content/settings";
import { roundTripsOf } from "../support/round-trips";
import { ownerToken as signInOwner } from "../support/staff";

/**
 * The back office's frame and dashboard: /admin is the shop's own 404 page to everyone but
 * staff; the owner sees today's and this week's figures move when an order is placed and a size runs
 * low, the JSON endpoint agrees with the page, and the page costs one database round trip.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");

let ownerToken: string;
let shopper: TestUser;
let products: ApiProduct[];
const restore: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ownerToken = await signInOwner(base);
  shopper = await createUser(base, "admin-dash", "Kavya Nair");
  products = await buyableProducts(base);
});
afterAll(async () => {
  for (const undo of restore.splice(0)) await undo();
});

const cookie = (token?: string): Record<string, string> => (token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {});
const page = (path: string, token?: string) => fetch(new URL(path, base), { headers: cookie(token), redirect: "manual" });

/** The owner's id signed with another key: a forged staff token. */
async function forgedToken() {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({ ver: 0 })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(decodeJwt(ownerToken).sub!)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(new TextEncoder().encode("not-the-shop-secret-but-32-chars!!"));
}

/** What a visitor reads of a page: its title and main content (without per-request nonces). */
function seen(html: string) {
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
  const main = /<main\b[\s\S]*?<\/main>/.exec(html)?.[0];
  return { title, main };
}

/** The dashboard's figures as the page shows them: each label and its value (some values link to their orders). */
function figures(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<dt>([^<]+)<\/dt><dd><span class="admin-figure__value">(?:<a [^>]*>)?([^<]+)</g)) out[m[1]!] = m[2]!;
  return out;
}

type Dashboard = ReturnType<typeof toJson>;

async function dashboardJson(): Promise<Dashboard> {
  const res = await fetch(new URL("/api/admin/dashboard", base), { headers: { Authorization: `Bearer ${ownerToken}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  return ((await res.json()) as { dashboard: Dashboard }).dashboard;
}

function expectPageAgrees(html: string, d: Dashboard) {
  const rupees = (r: number) => formatRupees(Math.round(r * 100));
  expect(figures(html)).toEqual({
    "Orders today": String(d.today.orders),
    "Revenue today": rupees(d.today.revenue),
    "Orders this week": String(d.week.orders),
    "Revenue this week": rupees(d.week.revenue),
    "To confirm": String(d.waiting.confirmation),
    "To ship": String(d.waiting.shipping),
    "To deliver": String(d.waiting.delivery),
    "Refunds due": String(d.refundDue),
    "Payments due": String(d.pendingPayments.orders),
    "To approve": String(d.returns.requested),
    "Awaiting pickup": String(d.returns.approved),
    "To refund or exchange": String(d.returns.received),
    Unread: String(d.unread.total),
    "Contact messages": String(d.unread.contact),
    Enquiries: String(d.unread.enquiries),
  });
  for (const s of d.lowStock.sizes) expect(html).toContain(`<td>${s.size}</td><td class="admin-num">${s.stock}</td>`);
}

describe("the back office's door", () => {
  it("answers a signed-out visitor, a shopper and a forged staff token with the shop's own 404 page, and nothing else", async () => {
    const unknown = await page("/no-such-page-here");
    expect(unknown.status).toBe(404);
    const notFound = seen(await unknown.text());
    expect(notFound.main).toContain("SORRY, PAGE NOT FOUND");
    for (const token of [undefined, shopper.token, await forgedToken()]) {
      for (const path of ["/admin", "/admin/", "/admin/orders", "/admin/anything/here"]) {
        const res = await page(path, token);
        const html = await res.text();
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        const shown = seen(html);
        expect(shown.title).toBe(notFound.title);
        // The same page as an unknown address (a shopper's header shows her name and counts, so compare the main content).
        expect(shown.main).toBe(notFound.main);
        // Not a word of the back office: no module, stylesheet or route of it in the page or its manifest.
        expect(html).not.toMatch(/back office|backOffice|admin-|Dashboard/i);
      }
      // The route manifest the browser asks for before following a link names no back-office route either.
      const manifest = await fetch(new URL("/__manifest?p=%2Fadmin&p=%2Fadmin%2Forders&version=x", base), { headers: cookie(token) });
      expect(await manifest.text()).not.toMatch(/admin-|backOffice/);
      const api = await fetch(new URL("/api/admin/dashboard", base), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ message: "Not found" });
    }
  });
});

describe("the dashboard", () => {
  it("shows the owner her shop's figures in its own frame, never cached or indexed", async () => {
    const res = await page("/admin", ownerToken);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toMatch(/<h1>Dashboard<\/h1>/);
    for (const [href, label] of [
      ["/admin", "Dashboard"],
      ["/admin/orders", "Orders"],
      ["/admin/messages", "Messages"],
      ["/admin/reviews", "Reviews"],
    ])
      expect(html).toMatch(new RegExp(`<a[^>]*href="${href}"[^>]*>${label}</a>`));
    expect(html).toContain(DEMO_OWNER.name);
    expect(html).toMatch(/<button type="submit" class="admin-bar__signout">Sign out<\/button>/);
    // Its own stylesheet, linked here only; not the storefront's header.
    const sheet = /<link\b[^>]*\bhref="\/assets\/admin-[\w-]+\.css"[^>]*>/.exec(html)?.[0];
    expect(sheet, html.slice(0, 3000)).toMatch(/rel="stylesheet"/);
    expect(html).toContain('<header class="admin-bar">');
    const home = await (await page("/")).text();
    expect(home).not.toMatch(/admin-[\w-]+\.css|admin-figure|admin-bar/);
  });

  it("moves when an order is placed and a size runs low, and the JSON endpoint agrees with the page", async () => {
    const before = await dashboardJson();
    expectPageAgrees(await (await page("/admin", ownerToken)).text(), before);

    // A cash-on-delivery order from the storefront's API.
    const product = products[0]!;
    const size = product.sizes.find((z) => z.stock > 0)!;
    restore.push(await setStock(dbUrl, product._id, size.size, 10));
    const placed = await postJson(
      base,
      "/api/orders/guest-place-order",
      {
        shippingInfo: { ...TEST_ADDRESS, emailAddress: uniqueEmail("admin-dash-guest") },
        paymentMethod: "cashOnDelivery",
        items: [{ product: product._id, size: size.size, color: product.colors[0]!.name, quantity: 1 }],
      },
      { "CF-Connecting-IP": "203.0.113.41" },
    );
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { totalAmount: total, orderNumber } = ((await placed.json()) as { order: { totalAmount: number; orderNumber: number } }).order;

    // Another size running low (at the threshold), the lowest of all at 0.
    const other = products[1]!;
    const low = other.sizes.find((z) => z.stock > settings.admin.lowStockThreshold) ?? other.sizes[0]!;
    const wasLow = low.stock <= settings.admin.lowStockThreshold;
    restore.push(await setStock(dbUrl, other._id, low.size, 0));

    const after = await dashboardJson();
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.week.orders).toBe(before.week.orders + 1);
    expect(after.today.revenue).toBeCloseTo(before.today.revenue + total, 2);
    expect(after.week.revenue).toBeCloseTo(before.week.revenue + total, 2);
    expect(after.waiting.confirmation).toBe(before.waiting.confirmation + 1);
    expect(after.lowStock.total).toBe(before.lowStock.total + (wasLow ? 0 : 1));
    expect(after.lowStock.sizes.length).toBeLessThanOrEqual(settings.admin.lowStockListed);
    expect(after.lowStock.sizes[0]!.stock).toBe(0);
    if (after.lowStock.total <= settings.admin.lowStockListed)
      expect(after.lowStock.sizes).toContainEqual({ productId: Number(other._id), product: other.productName, size: low.size, stock: 0 });

    // The new order is among the latest, linked to its page, as placed.
    expect(after.latest.length).toBeLessThanOrEqual(settings.admin.latestOrdersListed);
    expect(after.latest.find((o) => o.orderNumber === orderNumber)).toMatchObject({ orderStatus: "placed", totalAmount: total });

    const html = await (await page("/admin", ownerToken)).text();
    expectPageAgrees(html, after);
    expect(html).toContain(`href="/admin/orders/${orderNumber}"`);
    expect(figures(html)["Orders today"]).toBe(String(before.today.orders + 1));
  });

  it("counts unread messages and costs one database round trip", async () => {
    const before = await dashboardJson();
    const sent = await postJson(
      base,
      "/api/contact",
      { name: "Ritu Malhotra", email: uniqueEmail("admin-dash-contact"), message: "Do you stitch blouses to measure?" },
      { "CF-Connecting-IP": "203.0.113.42" },
    );
    expect(sent.status, await sent.clone().text()).toBeLessThan(300);
    const after = await dashboardJson();
    expect(after.unread.contact).toBe(before.unread.contact + 1);
    expect(after.unread.total).toBe(before.unread.total + 1);

    const { status, trips, body } = await roundTripsOf("/admin", cookie(ownerToken));
    expect(status).toBe(200);
    expect(figures(body).Unread).toBe(String(after.unread.total));
    expect(trips).toBe(1);
  });
});
