import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, postJson, TEST_ADDRESS, type TestUser } from "../../tooling/accounts";
import { fillBasket } from "../../tooling/cart";
import { insertOrder, newOrderKey, removeOrders } from "../../tooling/orders";
import { renderedPages } from "../../tooling/pages";
import { roundTripsOf } from "../support/round-trips";
import { ownerToken } from "../support/staff";

/**
 * A render costs at most one database round trip (docs/decisions/0006-reads-in-one-batch-and-product-sql.md),
 * signed in too: the session check, the header's counts and the page's reads travel in one batch (workers/services/platform/read-batch.ts).
 */
const baseUrl = inject("baseUrl");
let pages: [string, string][];
let shopper: TestUser;

beforeAll(async () => {
  pages = await renderedPages(baseUrl);
  shopper = await createUser(baseUrl, "round-trips", "Kavya Iyer");
  // Something on her wishlist and in her cart, so /wishlist, /cart and /checkout render them (and her hearts show filled).
  await fillBasket(baseUrl, shopper.token);
});

/** A query no one has asked before, so a signed-out page is rendered, not served from the edge cache. */
/** The product page among the measured pages. */
const renderedProduct = () => pages.find(([name]) => name === "product")![1];

const fresh = (path: string) => `${path}${path.includes("?") ? "&" : "?"}rt=${Date.now()}${Math.random().toString(36).slice(2)}`;

describe("database round trips per render", () => {
  it("is one for every page signed in, the session check included", async () => {
    const cookie = { Cookie: `aanchal_session=${shopper.token}` };
    const measured = [];
    for (const [name, path] of pages) {
      const { status, trips, body } = await roundTripsOf(path, cookie);
      expect(body, name).toContain(shopper.name);
      measured.push({ name, status, trips });
    }
    expect(measured).toEqual(pages.map(([name]) => ({ name, status: 200, trips: 1 })));
  });

  it("is one for every page signed out: the shop's settings (header, footer) are read on every render, a redirect to sign in too", async () => {
    const measured = [];
    for (const [name, path] of pages) {
      const { status, trips } = await roundTripsOf(fresh(path));
      measured.push({ name, status, trips });
    }
    const isProtected = (name: string) => ["profile", "cart", "checkout", "wishlist", "my orders"].includes(name);
    // The promo line and the footer's address and contact are the owner's settings, in the
    // database, so even a page of fixed words reads them (its one round trip); a protected page's
    // redirect reads them too (the root loader starts at once, with the page's).
    expect(measured).toEqual(pages.map(([name]) => ({ name, status: isProtected(name) ? 302 : 200, trips: 1 })));
  });

  it("is one for the contact and enquiry pages signed in (her name and e-mail filled in), and one signed out (the shop's settings)", async () => {
    const cookie = { Cookie: `aanchal_session=${shopper.token}` };
    for (const path of ["/contact-us", "/enquiry-us"]) {
      const signedIn = await roundTripsOf(path, cookie);
      expect(signedIn.body, path).toContain(`value="${shopper.email}"`);
      expect({ path, status: signedIn.status, trips: signedIn.trips }).toEqual({ path, status: 200, trips: 1 });
      const signedOut = await roundTripsOf(fresh(path));
      expect({ path, status: signedOut.status, trips: signedOut.trips }).toEqual({ path, status: 200, trips: 1 });
    }
  });

  it("is one for the Reviews tab's Show more, with JavaScript (the review route) and without (the product page)", async () => {
    const product = renderedProduct();
    const cookie = { Cookie: `aanchal_session=${shopper.token}` };
    const next = await roundTripsOf(`${product}/reviews?offset=10`, cookie);
    expect({ status: next.status, trips: next.trips }).toEqual({ status: 200, trips: 1 });
    const more = await roundTripsOf(`${product}?reviews=20`, cookie);
    expect(more.body).toContain(shopper.name);
    expect({ status: more.status, trips: more.trips }).toEqual({ status: 200, trips: 1 });
    const signedOut = await roundTripsOf(fresh(`${product}?reviews=20`));
    expect({ status: signedOut.status, trips: signedOut.trips }).toEqual({ status: 200, trips: 1 });
  });

  describe("the thank-you page", () => {
    const made: number[] = [];
    afterAll(() => removeOrders(inject("dbUrl"), made));

    it("is one for its owner signed in, and one for a guest with her link's key", async () => {
      const line = { productId: null, name: "Leheriya Kurti", color: "Teal", size: "M", quantity: 1, unitPricePaise: 999_00 };
      const dbUrl = inject("dbUrl");
      const hers = await insertOrder(dbUrl, { userId: Number(shopper.id), lines: [line] });
      const key = newOrderKey();
      const guest = await insertOrder(dbUrl, { key, lines: [line] });
      made.push(hers.id, guest.id);
      const owner = await roundTripsOf(`/thankyou?order=${hers.orderNumber}`, { Cookie: `aanchal_session=${shopper.token}` });
      expect(owner.body).toContain(shopper.name);
      expect({ status: owner.status, trips: owner.trips }).toEqual({ status: 200, trips: 1 });
      const keyed = await roundTripsOf(`/thankyou?order=${guest.orderNumber}&key=${key}`);
      expect({ status: keyed.status, trips: keyed.trips }).toEqual({ status: 200, trips: 1 });
    });
  });

  it("is two for placing an order from the cart: one read (session, cart, coupon, address) and one write batch", async () => {
    const buyer = await createUser(baseUrl, "round-trips-order", "Meera Sharma");
    await fillBasket(baseUrl, buyer.token);
    const placed = await roundTripsOf(
      "/api/orders/place",
      { Authorization: `Bearer ${buyer.token}`, "Content-Type": "application/json" },
      {
        method: "POST",
        body: JSON.stringify({
          shippingInfo: { ...TEST_ADDRESS, emailAddress: buyer.email },
          paymentMethod: "cashOnDelivery",
          coupon_code: "WELCOME10",
        }),
      },
    );
    expect({ status: placed.status, trips: placed.trips }).toEqual({ status: 201, trips: 2 });
  });

  it("is one for the back office's dashboard signed in as the owner, and one for a signed-out visitor turned away (the 404 page's settings)", async () => {
    const token = await ownerToken(baseUrl);
    const dashboard = await roundTripsOf("/admin", { Cookie: `aanchal_session=${token}` });
    expect(dashboard.body).toContain("<h1>Dashboard</h1>");
    expect({ status: dashboard.status, trips: dashboard.trips }).toEqual({ status: 200, trips: 1 });
    const away = await roundTripsOf(fresh("/admin"));
    expect({ status: away.status, trips: away.trips }).toEqual({ status: 404, trips: 1 });
  });

  it("is one for the back office's order list and an order's page signed in as the owner", async () => {
    const token = await ownerToken(baseUrl);
    const list = await roundTripsOf("/admin/orders?status=placed", { Cookie: `aanchal_session=${token}` });
    expect(list.body).toContain("<h1>Orders</h1>");
    expect({ status: list.status, trips: list.trips }).toEqual({ status: 200, trips: 1 });
    const anyOrder = /href="\/admin\/orders\/(\d+)"/.exec(
      (await roundTripsOf("/admin/orders", { Cookie: `aanchal_session=${token}` })).body,
    )?.[1];
    expect(anyOrder).toBeDefined();
    const one = await roundTripsOf(`/admin/orders/${anyOrder}`, { Cookie: `aanchal_session=${token}` });
    expect(one.body).toContain(`Order #${anyOrder}`);
    expect({ status: one.status, trips: one.trips }).toEqual({ status: 200, trips: 1 });
  });

  it("is one for the owner's Staff and Audit log pages", async () => {
    const token = await ownerToken(baseUrl);
    const staff = await roundTripsOf("/admin/staff", { Cookie: `aanchal_session=${token}` });
    expect(staff.body).toContain("<h1>Staff</h1>");
    expect(staff.body).toContain(DEMO_OWNER.email);
    expect({ status: staff.status, trips: staff.trips }).toEqual({ status: 200, trips: 1 });
    const log = await roundTripsOf("/admin/audit-log?entity=order", { Cookie: `aanchal_session=${token}` });
    expect(log.body).toContain("<h1>Audit log</h1>");
    expect({ status: log.status, trips: log.trips }).toEqual({ status: 200, trips: 1 });
  });

  it("is one for an order's packing slip and tax invoice signed in as the owner", async () => {
    const token = await ownerToken(baseUrl);
    const buyer = await createUser(baseUrl, "round-trips-invoice", "Ritu Bansal");
    await fillBasket(baseUrl, buyer.token);
    const placed = await postJson(
      baseUrl,
      "/api/orders/place",
      { shippingInfo: { ...TEST_ADDRESS, emailAddress: buyer.email }, paymentMethod: "cashOnDelivery" },
      { Authorization: `Bearer ${buyer.token}` },
    );
    const { orderNumber } = ((await placed.json()) as { order: { orderNumber: number } }).order;
    const confirmed = await fetch(new URL(`/api/admin/orders/${orderNumber}/confirm`, baseUrl), {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(confirmed.status).toBe(200);
    const cookie = { Cookie: `aanchal_session=${token}` };
    const slip = await roundTripsOf(`/admin/orders/${orderNumber}/packing-slip`, cookie);
    expect(slip.body).toContain("Packing slip");
    expect({ status: slip.status, trips: slip.trips }).toEqual({ status: 200, trips: 1 });
    const invoice = await roundTripsOf(`/admin/orders/${orderNumber}/invoice`, cookie);
    expect(invoice.body).toContain("Tax invoice");
    expect({ status: invoice.status, trips: invoice.trips }).toEqual({ status: 200, trips: 1 });
  });

  it("is one for the owner's Settings, Coupons, new coupon and coupon pages", async () => {
    const cookie = { Cookie: `aanchal_session=${await ownerToken(baseUrl)}` };
    const anyCoupon = /href="\/admin\/coupons\/(\d+)"/.exec((await roundTripsOf("/admin/coupons?status=all", cookie)).body)?.[1];
    expect(anyCoupon).toBeDefined();
    for (const [path, heading] of [
      ["/admin/settings", "<h1>Settings</h1>"],
      ["/admin/coupons", "<h1>Coupons</h1>"],
      ["/admin/coupons/new", "<h1>New coupon</h1>"],
      [`/admin/coupons/${anyCoupon}`, "<h1>Coupon "],
    ] as const) {
      const page = await roundTripsOf(path, cookie);
      expect(page.body, path).toContain(heading);
      expect({ path, status: page.status, trips: page.trips }).toEqual({ path, status: 200, trips: 1 });
    }
  });

  it("is one for the back office's Stock (filtered and searched) and Categories pages signed in as the owner", async () => {
    const cookie = { Cookie: `aanchal_session=${await ownerToken(baseUrl)}` };
    for (const [path, heading] of [
      ["/admin/stock", "<h1>Stock</h1>"],
      ["/admin/stock?category=1&low=1&q=kurti&page=1", "<h1>Stock</h1>"],
      ["/admin/categories", "<h1>Categories</h1>"],
    ] as const) {
      const page = await roundTripsOf(path, cookie);
      expect(page.body, path).toContain(heading);
      expect({ path, status: page.status, trips: page.trips }).toEqual({ path, status: 200, trips: 1 });
    }
  });

  it("is one for the back office's product list, new-product form and product editor signed in as the owner", async () => {
    const cookie = { Cookie: `aanchal_session=${await ownerToken(baseUrl)}` };
    const list = await roundTripsOf("/admin/products?state=published&q=a", cookie);
    expect(list.body).toContain("<h1>Products</h1>");
    expect({ status: list.status, trips: list.trips }).toEqual({ status: 200, trips: 1 });
    const anyProduct = /href="\/admin\/products\/(\d+)"/.exec((await roundTripsOf("/admin/products", cookie)).body)?.[1];
    expect(anyProduct).toBeDefined();
    const one = await roundTripsOf(`/admin/products/${anyProduct}`, cookie);
    expect(one.body).toContain("Sizes &amp; stock");
    expect({ status: one.status, trips: one.trips }).toEqual({ status: 200, trips: 1 });
    const blank = await roundTripsOf("/admin/products/new", cookie);
    expect(blank.body).toContain("<h1>New product</h1>");
    expect({ status: blank.status, trips: blank.trips }).toEqual({ status: 200, trips: 1 });
  });
});
