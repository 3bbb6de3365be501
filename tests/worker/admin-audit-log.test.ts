import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SESSION_COOKIE } from "../../workers/services/accounts/session";
import { settings } from "../../workers/services/content/settings";
import { ownerToken } from "../support/staff";

/**
 * The audit log in the owner's words: money in rupees (kept in paise), times in India time, what was
 * done in plain words, and the row it touched by its name (a product's size, not "product-size 365").
 */
const base = inject("baseUrl");
const db = createClient({ url: inject("dbUrl") });
let token: string;
const undo: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  token = await ownerToken(base);
});
afterAll(async () => {
  for (const step of undo.reverse()) await step();
  db.close();
});

const api = (path: string, method: string, body: unknown) =>
  fetch(new URL(path, base), {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

/** The log's newest rows, each as the text a reader sees (tags dropped, the full record's JSON left out). */
async function newestRows(): Promise<string[]> {
  const html = await (await fetch(new URL("/admin/audit-log", base), { headers: { Cookie: `${SESSION_COOKIE}=${token}` } })).text();
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)![1]!;
  return body.match(/<tr\b[\s\S]*?<\/tr>/g)!.map((row) =>
    row
      .replaceAll("<!-- -->", "")
      .replace(/<details[\s\S]*?<\/details>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

describe("the audit log", () => {
  it("shows a stock change and a delivery charge in rupees, India time and plain words, naming the size it changed", async () => {
    const [size] = (
      await db.execute(
        `select s.id, s.size, s.stock, p.name, (select group_concat(c.name) from product_colors c where c.product_id = p.id) as colours
          from product_sizes s join products p on p.id = s.product_id order by s.id limit 1`,
      )
    ).rows;
    // A product in one colour is named with it ("in Rose"); sizes are the product's, whatever the colour.
    const colours = String(size!.colours ?? "")
      .split(",")
      .filter(Boolean);
    const named = `${size!.name}${colours.length === 1 ? ` in ${colours[0]}` : ""}, size ${size!.size}`;
    const stock = Number(size!.stock);
    expect((await api(`/api/admin/stock/${size!.id}`, "POST", { was: stock, stock: stock + 3 })).status).toBe(200);
    undo.push(() => api(`/api/admin/stock/${size!.id}`, "POST", { was: stock + 3, stock }));

    const charge = settings.money.deliveryChargePaise / 100;
    expect((await api("/api/admin/settings", "PUT", { deliveryCharge: 79.5 })).status).toBe(200);
    undo.push(() => api("/api/admin/settings", "PUT", { deliveryCharge: charge }));

    const [settingsRow, stockRow] = await newestRows();
    expect(settingsRow).toContain("Shop settings changed");
    expect(settingsRow).toContain(`Delivery charge: ${rupees(settings.money.deliveryChargePaise)} → to ₹79.50`);
    expect(stockRow).toContain("Stock changed");
    expect(stockRow).toContain(named);
    expect(stockRow).toContain(`Stock: ${stock} → to ${stock + 3}`);
    for (const row of [settingsRow!, stockRow!]) {
      // When, in India time and the owner's clock: "28 Nov 2026, 4:35 pm".
      expect(row).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm) /);
      expect(row).not.toMatch(/paise|\d{4}-\d{2}-\d{2}T|product-size|stock\.edit|settings\.update/i);
    }
  });
});

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString("en-IN", paise % 100 ? { minimumFractionDigits: 2 } : {})}`;
