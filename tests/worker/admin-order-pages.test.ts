import { beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, postJson, TEST_ADDRESS, type TestUser } from "../../tooling/accounts";
import { fillBasket } from "../../tooling/cart";
import { pageForms } from "../support/page-forms";
import { ownerToken as signInOwner } from "../support/staff";

/**
 * The back office's order pages: the owner's list shows a real order placed through the
 * API, its filters and search narrow it; the order's page offers the moves its state allows, and its
 * forms (posted as a browser without JavaScript) move it on: confirm, ship (refused without a tracking
 * number, changing nothing), deliver. A shopper and a signed-out visitor get the shop's 404 page.
 */
const base = inject("baseUrl");
const forms = pageForms(base);

let owner: TestUser;
let shopper: TestUser;
let orderNumber: number;

beforeAll(async () => {
  owner = { ...({} as TestUser), email: DEMO_OWNER.email, token: await signInOwner(base) };
  shopper = await createUser(base, "admin-order-pages", "Lakshmi Menon");
  await fillBasket(base, shopper.token);
  const placed = await postJson(
    base,
    "/api/orders/place",
    { shippingInfo: { ...TEST_ADDRESS, emailAddress: shopper.email }, paymentMethod: "cashOnDelivery" },
    { Authorization: `Bearer ${shopper.token}` },
  );
  expect(placed.status, await placed.clone().text()).toBe(201);
  orderNumber = ((await placed.json()) as { order: { orderNumber: number } }).order.orderNumber;
});

const html = async (path: string, user: TestUser | null = owner) => {
  const res = await forms.get(path, user);
  return { status: res.status, body: await res.text() };
};
const link = () => `href="/admin/orders/${orderNumber}"`;
/** The moves the order's page offers, in order. */
const movesOn = (body: string) => [...body.matchAll(/<input type="hidden" name="intent" value="([\w-]+)"\/>/g)].map((m) => m[1]);
const statusOf = async () => {
  const res = await fetch(new URL("/api/orders/my-orders", base), { headers: { Authorization: `Bearer ${shopper.token}` } });
  const { orders } = (await res.json()) as { orders: { orderNumber: number; orderStatus: string }[] };
  return orders.find((o) => o.orderNumber === orderNumber)?.orderStatus;
};

describe("the orders list", () => {
  it("shows the new order, newest first, with an export link carrying the filters", async () => {
    const { status, body } = await html("/admin/orders");
    expect(status).toBe(200);
    expect(body).toContain("<h1>Orders</h1>");
    expect(body).toMatch(/<caption[^>]*>Orders 1 to \d+ of \d+, newest first<\/caption>/);
    expect(body).toContain(link());
    // Newest first: this order's link comes before any other order's.
    const firstLink = /href="\/admin\/orders\/(\d+)"/.exec(body)?.[1];
    expect(Number(firstLink)).toBe(orderNumber);
    expect(body).toContain('href="/api/admin/orders.csv"');
    const filtered = await html(`/admin/orders?status=placed&method=cashOnDelivery`);
    expect(filtered.body).toContain('href="/api/admin/orders.csv?status=placed&amp;method=cashOnDelivery"');
  });

  it("narrows by filters and finds the order by its number or the shopper's e-mail", async () => {
    expect((await html("/admin/orders?status=placed&method=cashOnDelivery&payment=pending")).body).toContain(link());
    expect((await html("/admin/orders?status=delivered")).body).not.toContain(link());
    expect((await html("/admin/orders?method=bank")).body).not.toContain(link());
    const byNumber = await html(`/admin/orders?q=${orderNumber}`);
    expect(byNumber.body).toContain(link());
    // The number is also found in another order's e-mail or phone (another file's random address can
    // hold the same digits): every row the search keeps is this order or carries the digits.
    const rows = [...byNumber.body.matchAll(/<tr><th scope="row">([\s\S]*?)<\/tr>/g)].map((m) => m[1]!);
    expect(byNumber.body).toMatch(new RegExp(`<caption[^>]*>Orders 1 to ${rows.length} of ${rows.length}, newest first</caption>`));
    for (const row of rows) expect(row.replace(/<!-- -->/g, "")).toContain(String(orderNumber));
    expect((await html(`/admin/orders?q=${encodeURIComponent(shopper.email)}`)).body).toContain(link());
    const bad = await html("/admin/orders?from=2026-13-40");
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("From must be a date (YYYY-MM-DD)");
  });
});

describe("an order's page", () => {
  it("turns a shopper and a signed-out visitor away with the shop's 404 page, on the pages and the action, changing nothing", async () => {
    for (const user of [shopper, null]) {
      for (const path of ["/admin/orders", `/admin/orders/${orderNumber}`]) {
        const { status, body } = await html(path, user);
        expect({ path, status }).toEqual({ path, status: 404 });
        expect(body).toContain("SORRY, PAGE NOT FOUND");
        expect(body).not.toContain(`Order #${orderNumber}`);
      }
      for (const fields of [{ intent: "confirm" }, { intent: "cancel", confirmCancel: "yes" }] as Record<string, string>[]) {
        const res = await forms.post(`/admin/orders/${orderNumber}`, fields, user);
        // As a post to an unknown address: the shop's routes have no form there.
        expect(res.status).toBe(405);
        expect(await res.text()).not.toContain("Order #");
      }
    }
    expect(await statusOf()).toBe("placed");
    expect((await html("/admin/orders/999999999")).status).toBe(404);
  });

  it("shows the order and the moves its state allows, and moves it on: confirm, ship, deliver", async () => {
    const page = `/admin/orders/${orderNumber}`;
    let { status, body } = await html(page);
    expect(status).toBe(200);
    expect(body).toContain(`Order #${orderNumber}`);
    expect(body).toContain(TEST_ADDRESS.streetAddress);
    expect(body).toContain("Cash on Delivery");
    expect(movesOn(body)).toEqual(["confirm", "cancel"]);

    // Cancelling needs its confirmation step: without the tick, nothing changes.
    const unticked = await forms.post(page, { intent: "cancel" }, owner);
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("Tick “Yes, cancel this order”");
    expect(await statusOf()).toBe("placed");

    const confirmed = await forms.post(page, { intent: "confirm" }, owner);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe(`${page}?done=confirm`);
    ({ body } = await html(`${page}?done=confirm`));
    expect(body).toContain("Order confirmed.");
    expect(movesOn(body)).toEqual(["ship", "cancel"]);
    expect(await statusOf()).toBe("confirmed");

    // Shipping without a tracking number: the field's message, the courier kept, nothing changed.
    const missing = await forms.post(page, { intent: "ship", courier: "Delhivery", trackingNumber: "" }, owner);
    expect(missing.status).toBe(400);
    const refused = await missing.text();
    expect(refused).toContain("Enter the tracking number");
    expect(refused).toMatch(/<input id="f-courier"[^>]*value="Delhivery"/);
    expect(refused).toMatch(/<input id="f-trackingNumber"[^>]*aria-invalid="true"/);
    expect(await statusOf()).toBe("confirmed");

    // Confirming twice is refused with the service's words.
    const again = await forms.post(page, { intent: "confirm" }, owner);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(`Order #${orderNumber} is already confirmed.`);

    const shipped = await forms.post(page, { intent: "ship", courier: "Delhivery", trackingNumber: "DLV-1234567" }, owner);
    expect(shipped.status).toBe(302);
    ({ body } = await html(`${page}?done=ship`));
    expect(body).toContain("DLV-1234567");
    expect(movesOn(body)).toEqual(["deliver", "mark-paid"]);
    expect(await statusOf()).toBe("shipped");

    const delivered = await forms.post(page, { intent: "deliver" }, owner);
    expect(delivered.status).toBe(302);
    ({ body } = await html(`${page}?done=deliver`));
    expect(body).toContain("Order marked delivered.");
    expect(movesOn(body)).toEqual(["mark-paid"]);
    expect(await statusOf()).toBe("delivered");
    // The history names each step and who took it.
    for (const step of ["Confirmed", "Shipped", "Marked delivered"])
      expect(body.replaceAll("<!-- -->", "")).toContain(`<strong>${step}</strong> by ${DEMO_OWNER.email}`);
  });
});
