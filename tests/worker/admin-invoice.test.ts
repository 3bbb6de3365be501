import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_OWNER } from "../../db/seed";
import { createUser, postJson, TEST_ADDRESS, type TestUser } from "../../tooling/accounts";
import { fillBasket } from "../../tooling/cart";
import { insertOrder, removeOrders } from "../../tooling/orders";
import { formatRupees } from "../../workers/services/catalog/pricing";
import { settings } from "../../workers/services/content/settings";
import { isGstin } from "../../workers/services/orders/gst";
import { pageForms } from "../support/page-forms";
import { ownerToken } from "../support/staff";

/**
 * The packing slip and the tax invoice: real orders placed through the API, one to
 * Uttar Pradesh with a coupon and one to Maharashtra. Before confirmation an order has no invoice
 * (409, the page and the API alike), a cancelled one never has; once confirmed, the invoice has the
 * shop's GSTIN, CGST + SGST within the state and IGST outside it, and its figures add up to the
 * order's total to the paisa. The packing slip tells the courier what to collect. A shopper and a
 * signed-out visitor get the shop's 404 for all of it.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const forms = pageForms(base);

let owner: TestUser;
let upBuyer: TestUser;
let mhBuyer: TestUser;
let upOrder: PlacedOrder;
let mhOrder: PlacedOrder;
const inserted: number[] = [];
afterAll(() => removeOrders(dbUrl, inserted));

interface PlacedOrder {
  orderNumber: number;
  subtotal: number;
  discount: number;
  shippingCost: number;
  totalAmount: number;
  giftEligible: boolean;
  createdAt: string;
  items: { productName: string; size: string; color: string; quantity: number; price: number }[];
}

const MAHARASHTRA = { ...TEST_ADDRESS, townCity: "Mumbai", state: "Maharashtra", zipcode: "400001" };

async function place(buyer: TestUser, shippingInfo: typeof TEST_ADDRESS, extra: Record<string, unknown> = {}): Promise<PlacedOrder> {
  await fillBasket(base, buyer.token);
  const res = await postJson(
    base,
    "/api/orders/place",
    { shippingInfo: { ...shippingInfo, emailAddress: buyer.email }, paymentMethod: "cashOnDelivery", ...extra },
    { Authorization: `Bearer ${buyer.token}` },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { order: PlacedOrder }).order;
}

beforeAll(async () => {
  owner = { ...({} as TestUser), email: DEMO_OWNER.email, token: await ownerToken(base) };
  [upBuyer, mhBuyer] = await Promise.all([
    createUser(base, "invoice-up", "Kiran Saxena"),
    createUser(base, "invoice-mh", "Pooja Kulkarni"),
  ]);
  upOrder = await place(upBuyer, TEST_ADDRESS, { coupon_code: "WELCOME10" });
  mhOrder = await place(mhBuyer, MAHARASHTRA);
  expect(upOrder.discount).toBeGreaterThan(0);
});

const api = (path: string, user: TestUser | null = owner, init: RequestInit = {}) =>
  fetch(new URL(path, base), { ...init, headers: { ...(user ? { Authorization: `Bearer ${user.token}` } : {}), ...init.headers } });
const html = async (path: string, user: TestUser | null = owner) => {
  const res = await forms.get(path, user);
  return { status: res.status, body: (await res.text()).replaceAll("<!-- -->", "") };
};
const confirm = async (n: number) => {
  const res = await api(`/api/admin/orders/${n}/confirm`, owner, { method: "POST" });
  expect(res.status, await res.clone().text()).toBe(200);
};

interface ApiInvoice {
  invoiceNumber: string;
  invoiceDate: string;
  orderNumber: number;
  intraState: boolean;
  seller: { gstin: string; legalName: string; stateCode: string };
  placeOfSupply: { state: string; stateCode: string | null };
  lines: {
    name: string;
    hsn: string;
    quantity: number;
    unitPriceAmount: number;
    grossAmount: number;
    discountAmount: number;
    taxableAmount: number;
    rate: number;
    taxAmount: number;
    cgstAmount: number;
    sgstAmount: number;
    igstAmount: number;
    totalAmount: number;
  }[];
  delivery: {
    valueAmount: number;
    rate: number;
    taxableAmount: number;
    taxAmount: number;
    cgstAmount: number;
    sgstAmount: number;
    igstAmount: number;
  } | null;
  totals: {
    taxableAmount: number;
    taxAmount: number;
    cgstAmount: number;
    sgstAmount: number;
    igstAmount: number;
    totalAmount: number;
    discountAmount: number;
  };
  amountInWords: string;
}

const invoiceOf = async (n: number) => {
  const res = await api(`/api/admin/orders/${n}/invoice`);
  return { status: res.status, json: (await res.json()) as { invoice: ApiInvoice; message?: string } };
};
const paise = (rupees: number) => Math.round(rupees * 100);

/** The figures checked against the rules themselves, not against the module that computes them. */
function expectSound(inv: ApiInvoice, order: PlacedOrder) {
  const { lowRate, highRate, thresholdPaise } = settings.tax.gst;
  expect(inv.lines).toHaveLength(order.items.length);
  let sum = 0;
  for (const l of inv.lines) {
    const value = paise(l.totalAmount);
    expect(paise(l.grossAmount)).toBe(paise(l.unitPriceAmount) * l.quantity);
    expect(paise(l.grossAmount) - paise(l.discountAmount)).toBe(value);
    // Garments: 5% while a piece's value net of 5% GST is at most ₹2,500 (every seeded product costs less).
    if (l.hsn.startsWith("62")) expect(l.rate).toBe(value * 100 <= thresholdPaise * (100 + lowRate) * l.quantity ? lowRate : highRate);
    expect(paise(l.taxableAmount)).toBe(Math.round((value * 100) / (100 + l.rate)));
    expect(paise(l.taxableAmount) + paise(l.taxAmount)).toBe(value);
    expect(paise(l.cgstAmount) + paise(l.sgstAmount) + paise(l.igstAmount)).toBe(paise(l.taxAmount));
    sum += paise(l.taxableAmount) + paise(l.taxAmount);
  }
  expect(paise(inv.totals.discountAmount)).toBe(paise(order.discount));
  expect(inv.delivery).not.toBeNull();
  const d = inv.delivery!;
  expect(paise(d.valueAmount)).toBe(paise(order.shippingCost));
  expect(d.rate).toBe(Math.max(...inv.lines.map((l) => l.rate)));
  sum += paise(d.taxableAmount) + paise(d.taxAmount);
  // To the paisa: the invoice's total is what the shopper pays.
  expect(sum).toBe(paise(order.totalAmount));
  expect(paise(inv.totals.totalAmount)).toBe(paise(order.totalAmount));
  expect(paise(inv.totals.taxableAmount) + paise(inv.totals.taxAmount)).toBe(paise(order.totalAmount));
}

describe("turned away", () => {
  it("answers a shopper and a signed-out visitor 404 on both pages and the endpoint, as for an unknown address", async () => {
    for (const user of [upBuyer, null]) {
      for (const path of [`/admin/orders/${upOrder.orderNumber}/invoice`, `/admin/orders/${upOrder.orderNumber}/packing-slip`]) {
        const { status, body } = await html(path, user);
        expect({ path, status }).toEqual({ path, status: 404 });
        expect(body).toContain("SORRY, PAGE NOT FOUND");
        expect(body).not.toContain(settings.tax.gstin);
        expect(body).not.toContain(TEST_ADDRESS.streetAddress);
      }
      const res = await api(`/api/admin/orders/${upOrder.orderNumber}/invoice`, user);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Not found" });
    }
    expect((await html("/admin/orders/999999999/invoice")).status).toBe(404);
    expect((await html("/admin/orders/abc/packing-slip")).status).toBe(404);
    expect((await invoiceOf(999999999)).status).toBe(404);
  });
});

describe("before confirmation", () => {
  it("has no invoice: the API and the page answer 409 with the reason, and the order page links the packing slip only", async () => {
    const n = upOrder.orderNumber;
    const { status, json } = await invoiceOf(n);
    expect(status).toBe(409);
    expect(json.message).toBe("An invoice is issued once the order is confirmed.");
    const page = await html(`/admin/orders/${n}/invoice`);
    expect(page.status).toBe(409);
    expect(page.body).toContain("An invoice is issued once the order is confirmed.");
    expect(page.body).not.toContain(settings.tax.gstin);

    const orderPage = await html(`/admin/orders/${n}`);
    expect(orderPage.body).toContain(`href="/admin/orders/${n}/packing-slip"`);
    expect(orderPage.body).not.toContain(`href="/admin/orders/${n}/invoice"`);
  });

  it("has a packing slip telling the courier to collect the cash, with no other price", async () => {
    const { status, body } = await html(`/admin/orders/${upOrder.orderNumber}/packing-slip`);
    expect(status).toBe(200);
    expect(body).toContain('<h1 id="doc-title">Packing slip</h1>');
    expect(body).toContain(`#${upOrder.orderNumber}`);
    expect(body).toContain(TEST_ADDRESS.fullName);
    expect(body).toContain(TEST_ADDRESS.streetAddress);
    expect(body).toContain(`Phone: ${TEST_ADDRESS.phoneNumber}`);
    expect(body).toContain(`Collect ${formatRupees(paise(upOrder.totalAmount))} on delivery`);
    for (const item of upOrder.items) {
      expect(body).toContain(
        `<th scope="row">${item.productName}</th><td>${item.size}</td><td>${item.color}</td><td class="admin-num">${item.quantity}</td>`,
      );
      // No prices on a packing slip but the cash to collect.
      expect(body).not.toContain(`₹${item.price.toLocaleString("en-IN")}`);
    }
    expect(body.match(/class="doc-tick"/g)).toHaveLength(upOrder.items.length);
    expect(body.includes("Add the complimentary gift")).toBe(upOrder.giftEligible);
    expect(body).toContain(`href="/admin/orders/${upOrder.orderNumber}"`);
  });
});

describe("once confirmed", () => {
  beforeAll(async () => {
    await confirm(upOrder.orderNumber);
    await confirm(mhOrder.orderNumber);
  });

  it("within Uttar Pradesh: CGST and SGST, each half the tax, adding up to the order's total to the paisa", async () => {
    const { status, json } = await invoiceOf(upOrder.orderNumber);
    expect(status).toBe(200);
    const inv = json.invoice;
    expect(inv.seller).toMatchObject({ gstin: settings.tax.gstin, legalName: "Aanchal Ethnic Wear", stateCode: "09" });
    expect(inv.placeOfSupply).toEqual({ state: "Uttar Pradesh", stateCode: "09" });
    expect(inv.intraState).toBe(true);
    expect(inv.invoiceNumber).toMatch(new RegExp(`^AAN/\\d{2}-\\d{2}/${upOrder.orderNumber}$`));
    expect(inv.invoiceNumber.length).toBeLessThanOrEqual(16);
    for (const l of inv.lines) {
      expect(l.igstAmount).toBe(0);
      expect(paise(l.cgstAmount)).toBe(Math.floor(paise(l.taxAmount) / 2));
    }
    expect(inv.totals.igstAmount).toBe(0);
    expect(inv.totals.cgstAmount).toBeGreaterThan(0);
    expectSound(inv, upOrder);
  });

  it("to another state: IGST only", async () => {
    const { status, json } = await invoiceOf(mhOrder.orderNumber);
    expect(status).toBe(200);
    const inv = json.invoice;
    expect(inv.placeOfSupply).toEqual({ state: "Maharashtra", stateCode: "27" });
    expect(inv.intraState).toBe(false);
    for (const l of inv.lines)
      expect({ cgst: l.cgstAmount, sgst: l.sgstAmount, igst: l.igstAmount }).toEqual({ cgst: 0, sgst: 0, igst: l.taxAmount });
    expect(inv.totals.cgstAmount + inv.totals.sgstAmount).toBe(0);
    expect(inv.totals.igstAmount).toBeGreaterThan(0);
    expectSound(inv, mhOrder);
  });

  it("prints a tax invoice page with the seller, the buyer, the lines, the totals in words and the signature line", async () => {
    const { json } = await invoiceOf(upOrder.orderNumber);
    const inv = json.invoice;
    const { status, body } = await html(`/admin/orders/${upOrder.orderNumber}/invoice`);
    expect(status).toBe(200);
    expect(body).toContain('<h1 id="doc-title">Tax invoice</h1>');
    expect(body).toContain(settings.tax.gstin);
    expect(body).toContain("Aanchal Ethnic Wear");
    expect(body).toContain(settings.store.address.line1);
    expect(body).toContain(inv.invoiceNumber);
    expect(body).toContain(TEST_ADDRESS.fullName);
    expect(body).toContain("Uttar Pradesh (code 09)");
    expect(body).toMatch(/<th scope="col" class="admin-num">CGST<\/th><th scope="col" class="admin-num">SGST<\/th>/);
    expect(body).not.toContain(">IGST<");
    for (const l of inv.lines) expect(body).toContain(`<td>${l.hsn}</td>`);
    expect(body).toContain(inv.amountInWords);
    expect(body).toMatch(/Amount in words: <strong>Rupees [A-Z][\w -]+ Only<\/strong>/);
    expect(body).toContain("Prices are inclusive of GST.");
    expect(body).toContain("For Aanchal Ethnic Wear");
    expect(body).toContain("Authorised signatory");

    const other = await html(`/admin/orders/${mhOrder.orderNumber}/invoice`);
    expect(other.body).toContain("Maharashtra (code 27)");
    expect(other.body).toContain(">IGST</th>");
    expect(other.body).not.toContain(">CGST</th>");

    const orderPage = await html(`/admin/orders/${upOrder.orderNumber}`);
    expect(orderPage.body).toContain(`href="/admin/orders/${upOrder.orderNumber}/invoice"`);
    expect(orderPage.body).toContain(`href="/admin/orders/${upOrder.orderNumber}/packing-slip"`);
  });
});

describe("a cancelled order", () => {
  it("never has an invoice", async () => {
    const made = await insertOrder(dbUrl, {
      orderStatus: "cancelled",
      lines: [{ productId: null, name: "Leheriya Kurti", color: "Teal", size: "M", quantity: 1, unitPricePaise: 999_00 }],
    });
    inserted.push(made.id);
    const { status, json } = await invoiceOf(made.orderNumber);
    expect(status).toBe(409);
    expect(json.message).toBe(`Order #${made.orderNumber} was cancelled: it has no invoice.`);
    const orderPage = await html(`/admin/orders/${made.orderNumber}`);
    expect(orderPage.body).not.toContain(`/admin/orders/${made.orderNumber}/invoice`);
  });
});

describe("HSN codes and rates by category", () => {
  it("come from each line's product's category (a silk saree is silk fabric at 5% whatever its price), the default for a deleted product", async () => {
    const db = createClient({ url: dbUrl });
    const productIn = async (category: string, subcategory: string | null) => {
      const row = (
        await db.execute({
          sql: `select p.id, p.name from products p join categories c on c.id = p.category_id
            left join subcategories s on s.id = p.subcategory_id
            where c.slug = ? and (? is null or s.slug = ?) order by p.id limit 1`,
          args: [category, subcategory, subcategory],
        })
      ).rows[0];
      expect(row, `${category}/${subcategory}`).toBeDefined();
      return { productId: Number(row!.id), name: String(row!.name) };
    };
    const [silk, kurti] = await Promise.all([productIn("sarees", "silk"), productIn("kurtis", null)]);
    db.close();
    const line = (p: { productId: number | null; name: string }, unitPricePaise: number) => ({
      ...p,
      color: "Red",
      size: "Free Size",
      quantity: 1,
      unitPricePaise,
    });
    const made = await insertOrder(dbUrl, {
      orderStatus: "shipped",
      shipping: { state: "Karnataka", zipcode: "560001", townCity: "Bengaluru" },
      lines: [line(silk, 8_999_00), line(kurti, 2_999_00), line({ productId: null, name: "A kurti no longer sold" }, 1_299_00)],
    });
    inserted.push(made.id);
    const { status, json } = await invoiceOf(made.orderNumber);
    expect(status).toBe(200);
    const inv = json.invoice;
    expect(inv.lines.map((l) => ({ name: l.name, hsn: l.hsn, rate: l.rate }))).toEqual([
      { name: silk.name, hsn: "5007", rate: 5 },
      { name: kurti.name, hsn: "6211", rate: 18 },
      { name: "A kurti no longer sold", hsn: "6211", rate: 5 },
    ]);
    expect(inv.placeOfSupply).toEqual({ state: "Karnataka", stateCode: "29" });
    // Delivery at the highest rate among the lines; all IGST; the total is the order's to the paisa.
    expect(inv.delivery).toMatchObject({ valueAmount: 100, rate: 18, taxableAmount: 84.75, taxAmount: 15.25, igstAmount: 15.25 });
    expect(paise(inv.totals.totalAmount)).toBe(8_999_00 + 2_999_00 + 1_299_00 + 100_00);
    expect(inv.totals.cgstAmount + inv.totals.sgstAmount).toBe(0);
  });
});

describe("an invoice once issued", () => {
  it("stays the same when the shop's GSTIN and address or a product's category change later; the next order's shows the new ones", async () => {
    const db = createClient({ url: dbUrl });
    const buyer = await createUser(base, "invoice-kept", "Lata Bhatt");
    const order = await place(buyer, TEST_ADDRESS);
    await confirm(order.orderNumber);
    const issued = await invoiceOf(order.orderNumber);
    expect(issued.status).toBe(200);
    expect(issued.json.invoice.seller.gstin).toBe(settings.tax.gstin);

    // Another well-formed GSTIN of Uttar Pradesh, a new address, and every product of the order moved
    // to silk sarees (another HSN code and rule than a garment's).
    const gstin = [..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((c) => `09AAKFA9876B1Z${c}`).find(isGstin)!;
    const setSettings = (body: unknown) =>
      api("/api/admin/settings", owner, { method: "PUT", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
    const products = (
      await db.execute({
        sql: "select distinct l.product_id as id, p.category_id as category, p.subcategory_id as subcategory from order_lines l join orders o on o.id = l.order_id join products p on p.id = l.product_id where o.order_number = ?",
        args: [order.orderNumber],
      })
    ).rows.map((r) => ({
      id: Number(r.id),
      category: Number(r.category),
      subcategory: r.subcategory === null ? null : Number(r.subcategory),
    }));
    const [silkRow] = (await db.execute("select category_id as category, id as subcategory from subcategories where slug = 'silk' limit 1"))
      .rows;
    const silk = { category: Number(silkRow!.category), subcategory: Number(silkRow!.subcategory) };
    const settingsKept = async () => (await db.execute("select key from shop_settings where key in ('gstin', 'address')")).rows.length;
    const keptBefore = await settingsKept();
    try {
      const moved = await setSettings({ gstin, address: { ...settings.store.address, line1: "Shop 9, Turab Nagar" } });
      expect(moved.status, await moved.clone().text()).toBe(200);
      for (const p of products)
        await db.execute({
          sql: "update products set category_id = ?, subcategory_id = ? where id = ?",
          args: [silk.category, silk.subcategory, p.id],
        });

      const reprint = await invoiceOf(order.orderNumber);
      expect(reprint.status).toBe(200);
      expect(reprint.json.invoice).toEqual(issued.json.invoice);
      // The printed sheet too (the site's footer around it shows the new address, as it should).
      const { body } = await html(`/admin/orders/${order.orderNumber}/invoice`);
      const sheet = body.slice(body.indexOf('<article class="doc-sheet"'), body.indexOf("</article>"));
      expect(sheet).toContain(settings.tax.gstin);
      expect(sheet).toContain(settings.store.address.line1);
      expect(sheet).not.toContain(gstin);
      expect(sheet).not.toContain("Turab Nagar");

      // An order confirmed now gets today's: the new GSTIN and address, silk's HSN code.
      const next = await place(buyer, TEST_ADDRESS);
      await confirm(next.orderNumber);
      const fresh = (await invoiceOf(next.orderNumber)).json.invoice;
      expect(fresh.seller.gstin).toBe(gstin);
      expect(fresh.lines.every((l) => l.hsn === "5007")).toBe(true);
      expect(issued.json.invoice.lines.some((l) => l.hsn !== "5007")).toBe(true);
    } finally {
      for (const p of products)
        await db.execute({
          sql: "update products set category_id = ?, subcategory_id = ? where id = ?",
          args: [p.category, p.subcategory, p.id],
        });
      expect((await setSettings({ gstin: settings.tax.gstin, address: settings.store.address })).status).toBe(200);
      // No rows for them before: back to the defaults themselves, as the other files found them.
      if (keptBefore === 0) await db.execute("delete from shop_settings where key in ('gstin', 'address')");
      db.close();
    }
  });
});
