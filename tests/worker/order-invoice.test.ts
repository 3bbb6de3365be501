import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, mailsTo, type TestUser } from "../../tooling/accounts";
import { insertOrder, newOrderKey, removeOrders, type TestOrder } from "../../tooling/orders";
import { INVOICE_NOT_YET } from "../../workers/services/back-office/orders/admin-invoice.rules";
import { pageForms } from "../support/page-forms";
import { roundTripsOf } from "../support/round-trips";
import { ownerToken } from "../support/staff";

/**
 * Her tax invoice and refunds: the invoice the back office prints is hers too, to her alone (another
 * shopper, a signed-out visitor and a wrong guest key get the 404 a missing order gets), from
 * confirmation on. The back office's refund writes one refund row in its batch (a second is refused
 * and writes nothing), mails her, and shows on her order; a refund after the invoice has a credit
 * note, numbered in its own series, whose figures add up to the refund.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const forms = pageForms(base);
const db = createClient({ url: dbUrl });

let owner: string;
let asha: TestUser;
let other: TestUser;
const inserted: number[] = [];
afterAll(() => removeOrders(dbUrl, inserted));

const LINES: TestOrder["lines"] = [
  { productId: null, name: "Indigo block-print kurti", color: "Indigo", size: "M", quantity: 3, unitPricePaise: 1_299_99 },
  { productId: null, name: "Kota doria kurta set", color: "Peach", size: "L", quantity: 1, unitPricePaise: 3_149_50 },
];

async function order(extra: Partial<TestOrder>): Promise<{ id: number; orderNumber: number }> {
  const made = await insertOrder(dbUrl, { paymentMethod: "bank", paymentStatus: "paid", lines: LINES, ...extra });
  inserted.push(made.id);
  return made;
}

const api = (path: string, token: string | null) =>
  fetch(new URL(path, base), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
const move = (n: number, action: string, body: Record<string, unknown> = {}) =>
  fetch(new URL(`/api/admin/orders/${n}/${action}`, base), {
    method: "POST",
    headers: { Authorization: `Bearer ${owner}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const moved = async (n: number, action: string, body: Record<string, unknown> = {}) => {
  const res = await move(n, action, body);
  expect(res.status, await res.clone().text()).toBe(200);
};
const html = async (path: string, user: TestUser | null) => {
  const res = await forms.get(path, user);
  return { status: res.status, location: res.headers.get("Location"), body: (await res.text()).replaceAll("<!-- -->", "") };
};
const refundRows = async (orderId: number) =>
  (
    await db.execute({
      sql: "select source, amount_paise as amount, method, reference, credit_note_number as creditNote from refunds where order_id = ? order by id",
      args: [orderId],
    })
  ).rows as unknown as { source: string; amount: number; method: string; reference: string; creditNote: string | null }[];

interface ApiAmounts {
  taxableAmount: number;
  cgstAmount: number;
  sgstAmount: number;
  igstAmount: number;
  totalAmount: number;
}
interface ApiDocuments {
  invoice: { invoiceNumber: string; orderNumber: number; totals: ApiAmounts; lines: unknown[] };
  creditNotes: {
    creditNoteNumber: string;
    position: number;
    invoiceNumber: string;
    refund: { amountAmount: number };
    totals: ApiAmounts;
    rows: (ApiAmounts & { rate: number })[];
  }[];
}

beforeAll(async () => {
  [owner, asha, other] = await Promise.all([
    ownerToken(base),
    createUser(base, "invoice-her", "Asha Verma"),
    createUser(base, "invoice-other", "Nisha Rao"),
  ]);
});

describe("her tax invoice", () => {
  let made: { id: number; orderNumber: number };
  beforeAll(async () => {
    made = await order({ userId: Number(asha.id), paymentMethod: "cashOnDelivery", paymentStatus: "pending" });
  });

  it("is not there before the order is confirmed: 409 with the reason, the page says so", async () => {
    const res = await api(`/api/orders/${made.orderNumber}/invoice`, asha.token);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(INVOICE_NOT_YET);
    const page = await html(`/my-orders/${made.orderNumber}/invoice`, asha);
    expect(page.status).toBe(409);
    expect(page.body).toContain(INVOICE_NOT_YET);
    expect((await html("/my-orders", asha)).body).not.toContain(`/my-orders/${made.orderNumber}/invoice`);
  });

  it("once confirmed is the back office's invoice, same number and figures, linked from My Orders and her order page", async () => {
    await moved(made.orderNumber, "confirm");
    const mine = await api(`/api/orders/${made.orderNumber}/invoice`, asha.token);
    expect(mine.status, await mine.clone().text()).toBe(200);
    const documents = (await mine.json()) as ApiDocuments;
    const shop = (await (await api(`/api/admin/orders/${made.orderNumber}/invoice`, owner)).json()) as { invoice: unknown };
    expect(documents.invoice).toEqual(shop.invoice);
    expect(documents.invoice.invoiceNumber).toMatch(new RegExp(`^AAN/\\d\\d-\\d\\d/${made.orderNumber}$`));
    expect(documents.creditNotes).toEqual([]);

    const page = await html(`/my-orders/${made.orderNumber}/invoice`, asha);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Tax invoice");
    expect(page.body).toContain(documents.invoice.invoiceNumber);
    expect(page.body).toContain(`₹${documents.invoice.totals.totalAmount.toLocaleString("en-IN", { minimumFractionDigits: 2 })}`);
    expect((await html("/my-orders", asha)).body).toContain(`href="/my-orders/${made.orderNumber}/invoice"`);
    expect((await html(`/thankyou?order=${made.orderNumber}`, asha)).body).toContain(`href="/my-orders/${made.orderNumber}/invoice"`);
  });

  it("is hers alone: another shopper and a signed-out visitor get the 404 a missing order gets (or are sent to sign in)", async () => {
    for (const token of [other.token, null]) {
      const res = await api(`/api/orders/${made.orderNumber}/invoice`, token);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Order not found" });
    }
    const missing = await api("/api/orders/99999999/invoice", asha.token);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Order not found" });
    expect((await api("/api/orders/abc/invoice", asha.token)).status).toBe(404);

    const theirs = await html(`/my-orders/${made.orderNumber}/invoice`, other);
    expect(theirs.status).toBe(404);
    expect(theirs.body).not.toContain("AAN/");
    const signedOut = await html(`/my-orders/${made.orderNumber}/invoice`, null);
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toContain("/signin");
  });
});

describe("a guest's invoice", () => {
  it("opens with her link's key and with no other", async () => {
    const key = newOrderKey();
    const made = await order({ key, paymentMethod: "cashOnDelivery", paymentStatus: "pending" });
    await moved(made.orderNumber, "confirm");
    const ok = await api(`/api/orders/${made.orderNumber}/invoice?key=${key}`, null);
    expect(ok.status, await ok.clone().text()).toBe(200);
    const page = await html(`/my-orders/${made.orderNumber}/invoice?key=${key}`, null);
    expect(page.status).toBe(200);
    expect(page.body).toContain(((await ok.json()) as ApiDocuments).invoice.invoiceNumber);
    expect((await html(`/thankyou?order=${made.orderNumber}&key=${key}`, null)).body).toContain(
      `href="/my-orders/${made.orderNumber}/invoice?key=${key}"`,
    );

    const wrong = newOrderKey();
    expect((await api(`/api/orders/${made.orderNumber}/invoice?key=${wrong}`, null)).status).toBe(404);
    expect((await html(`/my-orders/${made.orderNumber}/invoice?key=${wrong}`, null)).status).toBe(404);
    // Signed in as someone else, the key still opens it; a malformed key opens nothing.
    expect((await api(`/api/orders/${made.orderNumber}/invoice?key=${key}`, other.token)).status).toBe(200);
    expect((await api(`/api/orders/${made.orderNumber}/invoice?key=not%20a%20key`, null)).status).toBe(404);
  });
});

describe("the refund move", () => {
  it("writes one refund row with a credit note, mails her, shows on her order; twice is refused and writes nothing", async () => {
    const made = await order({ userId: Number(asha.id), shipping: { emailAddress: asha.email } });
    await moved(made.orderNumber, "confirm");
    await moved(made.orderNumber, "cancel");
    const total = 3 * 1_299_99 + 3_149_50 + 100_00;

    const bad = await move(made.orderNumber, "refund", { refundReference: "rfnd_Bad1", refundMethod: "cheque" });
    expect(bad.status).toBe(400);
    expect(await refundRows(made.id)).toEqual([]);

    await moved(made.orderNumber, "refund", { refundReference: "rfnd_QW12ER34", refundMethod: "upi" });
    const rows = await refundRows(made.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "cancellation", amount: total, method: "upi", reference: "rfnd_QW12ER34" });
    expect(rows[0]!.creditNote).toMatch(/^AAN\/CN\/\d\d-\d\d\/\d+$/);

    const again = await move(made.orderNumber, "refund", { refundReference: "rfnd_again" });
    expect(again.status).toBe(409);
    expect(await refundRows(made.id)).toHaveLength(1);

    const refundMails = (await mailsTo(base, asha.email)).filter(
      (m) => m.subject.includes(`order #${made.orderNumber}`) && /refund/i.test(m.subject),
    );
    expect(refundMails).toHaveLength(1);
    const mail = refundMails[0];
    expect(mail?.subject).toContain("₹7,149.47");
    expect(mail?.text).toContain("rfnd_QW12ER34");
    expect(mail?.text).toContain("by UPI");

    // Her order shows it (the API, My Orders, the order page), with its credit note.
    const list = (await (await api("/api/orders/my-orders", asha.token)).json()) as {
      orders: { orderNumber: number; refunds: { amountAmount: number; reference: string; creditNoteNumber: string | null }[] }[];
    };
    const listed = list.orders.find((o) => o.orderNumber === made.orderNumber)!;
    expect(listed.refunds).toMatchObject([{ amountAmount: 7149.47, reference: "rfnd_QW12ER34", creditNoteNumber: rows[0]!.creditNote }]);
    for (const path of ["/my-orders", `/thankyou?order=${made.orderNumber}`]) {
      const page = await html(path, asha);
      expect(page.body).toContain("₹7,149.47");
      expect(page.body).toContain("rfnd_QW12ER34");
      expect(page.body).toContain(rows[0]!.creditNote);
    }

    // The cancelled order keeps its invoice, now with the credit note, whose figures add up to the refund.
    const documents = (await (await api(`/api/orders/${made.orderNumber}/invoice`, asha.token)).json()) as ApiDocuments;
    expect(documents.creditNotes).toHaveLength(1);
    const note = documents.creditNotes[0]!;
    expect(note.creditNoteNumber).toBe(rows[0]!.creditNote);
    expect(note.invoiceNumber).toBe(documents.invoice.invoiceNumber);
    const t = note.totals;
    expect(Math.round((t.taxableAmount + t.cgstAmount + t.sgstAmount + t.igstAmount) * 100)).toBe(total);
    expect(note.refund.amountAmount).toBe(7149.47);
    expect(new Set(note.rows.map((r) => r.rate))).toEqual(new Set([5, 18]));

    // Printable, hers and the back office's; nobody else's.
    const hers = await html(`/my-orders/${made.orderNumber}/credit-notes/1`, asha);
    expect(hers.status).toBe(200);
    expect(hers.body).toContain("Credit note");
    expect(hers.body).toContain(note.creditNoteNumber);
    expect((await html(`/my-orders/${made.orderNumber}/credit-notes/1`, other)).status).toBe(404);
    expect((await html(`/my-orders/${made.orderNumber}/credit-notes/2`, asha)).status).toBe(404);
    const adminPage = await fetch(new URL(`/admin/orders/${made.orderNumber}/credit-notes/1`, base), {
      headers: { Cookie: `aanchal_session=${owner}` },
    });
    expect(adminPage.status).toBe(200);
    expect(await adminPage.text()).toContain(note.creditNoteNumber);
    expect((await html(`/my-orders/${made.orderNumber}/invoice`, asha)).status).toBe(200);
  });

  it("numbers credit notes one after another in the financial year's series", async () => {
    const numbers: number[] = [];
    for (const _ of [1, 2]) {
      const made = await order({ userId: Number(other.id) });
      await moved(made.orderNumber, "confirm");
      await moved(made.orderNumber, "cancel");
      await moved(made.orderNumber, "refund", { refundReference: `rfnd_series_${made.orderNumber}` });
      const [row] = await refundRows(made.id);
      expect(row?.method).toBe("original");
      numbers.push(Number(/\/(\d+)$/.exec(row!.creditNote!)![1]));
    }
    expect(numbers[1]).toBe(numbers[0]! + 1);
  });

  it("refunds a payment that came after its order lapsed: a late-payment refund with no credit note (never invoiced)", async () => {
    const made = await order({ userId: Number(asha.id), orderStatus: "cancelled", refundDue: true });
    await moved(made.orderNumber, "refund", { refundReference: "rfnd_late_1", refundMethod: "bank-transfer" });
    expect(await refundRows(made.id)).toMatchObject([{ source: "late-payment", method: "bank-transfer", creditNote: null }]);
    expect((await api(`/api/orders/${made.orderNumber}/invoice`, asha.token)).status).toBe(409);
    const page = await html(`/thankyou?order=${made.orderNumber}`, asha);
    expect(page.body).toContain("rfnd_late_1");
    expect(page.body).not.toContain(`/my-orders/${made.orderNumber}/invoice`);
  });
});

describe("database round trips", () => {
  it("are one for her invoice, her credit note, her order with its refunds and the back office's credit note", async () => {
    const made = await order({ userId: Number(asha.id) });
    await moved(made.orderNumber, "confirm");
    await moved(made.orderNumber, "cancel");
    await moved(made.orderNumber, "refund", { refundReference: "rfnd_trips" });
    const hers = { Cookie: `aanchal_session=${asha.token}` };
    const measured = [];
    for (const [path, headers] of [
      [`/my-orders/${made.orderNumber}/invoice`, hers],
      [`/my-orders/${made.orderNumber}/credit-notes/1`, hers],
      [`/thankyou?order=${made.orderNumber}`, hers],
      ["/my-orders", hers],
      [`/api/orders/${made.orderNumber}/invoice`, { Authorization: `Bearer ${asha.token}` }],
      [`/admin/orders/${made.orderNumber}/credit-notes/1`, { Cookie: `aanchal_session=${owner}` }],
      [`/admin/orders/${made.orderNumber}/invoice`, { Cookie: `aanchal_session=${owner}` }],
    ] as const) {
      const { status, trips, body } = await roundTripsOf(path, headers);
      expect(body, path).toContain("AAN/CN/");
      measured.push({ path, status, trips });
    }
    expect(measured).toEqual(measured.map(({ path }) => ({ path, status: 200, trips: 1 })));
  });
});
