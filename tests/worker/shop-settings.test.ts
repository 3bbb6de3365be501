import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, TEST_ADDRESS, type TestUser } from "../../tooling/accounts";
import { fillBasket } from "../../tooling/cart";
import { formatRupees } from "../../workers/services/catalog/pricing";
import { settings } from "../../workers/services/content/settings";

/**
 * The delivery charge is one setting (the `shop_settings` row, else settings.ts's default)
 * that the FAQ, the shipping policy, the checkout summary and the order itself all follow at once.
 */
const base = inject("baseUrl");
const db = createClient({ url: inject("dbUrl") });
let shopper: TestUser;

beforeAll(async () => {
  shopper = await createUser(base, "settings-shopper", "Ritika Bansal");
  await fillBasket(base, shopper.token);
});
afterAll(async () => {
  await db.execute("delete from shop_settings where key = 'deliveryChargePaise'");
  db.close();
});

/** A page as rendered now (a fresh query string, so no edge-cached copy answers). */
const page = async (path: string, signedIn = false) => {
  const res = await fetch(new URL(`${path}${path.includes("?") ? "&" : "?"}fresh=${Math.random().toString(36).slice(2)}`, base), {
    headers: signedIn ? { Cookie: `aanchal_session=${shopper.token}` } : {},
  });
  expect(res.status, path).toBe(200);
  return (await res.text()).replaceAll("<!-- -->", "");
};

const deliveryRow = (html: string) => /<dt>Delivery<\/dt><dd>([^<]*)<\/dd>/.exec(html)?.[1];

describe("the delivery charge setting", () => {
  it("is the same on the FAQ, the shipping policy, checkout and the order placed, before and after it changes", async () => {
    const before = formatRupees(settings.money.deliveryChargePaise);
    expect(await page("/faqs?topic=shipping-delivery")).toContain(before);
    expect(await page("/shipping-delivery-policy")).toContain(before);
    expect(deliveryRow(await page("/checkout", true))).toBe(before);

    await db.execute({
      sql: "insert into shop_settings (key, value, updated_at) values ('deliveryChargePaise', ?, ?) on conflict (key) do update set value = excluded.value",
      args: ["4900", Date.now()],
    });
    const after = formatRupees(49_00);
    for (const path of ["/faqs?topic=shipping-delivery", "/shipping-delivery-policy"]) {
      const html = await page(path);
      expect(html, path).toContain(after);
      expect(html, path).not.toContain(before);
    }
    expect(deliveryRow(await page("/checkout", true))).toBe(after);

    const placed = await fetch(new URL("/api/orders/place", base), {
      method: "POST",
      headers: { Authorization: `Bearer ${shopper.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ shippingInfo: { ...TEST_ADDRESS, emailAddress: shopper.email }, paymentMethod: "cashOnDelivery" }),
    });
    expect(placed.status).toBe(201);
    expect(((await placed.json()) as { order: { shippingCost: number } }).order.shippingCost).toBe(49);
  });
});
