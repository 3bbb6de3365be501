import { createClient } from "@libsql/client";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "../../tooling/accounts";
import { type ApiCartItem, type ApiProduct, cartCall, setStock } from "../../tooling/cart";
import { useInProcessApp } from "../support/in-process";
import { useStockedProduct } from "../support/stocked";

/**
 * The cart API (docs/product/shopping.md), through the Worker's app in this process: the server reads every price
 * from the catalogue, checks every quantity against the stock in the statement that writes it, and
 * answers another shopper's line exactly like a missing one.
 */
const app = useInProcessApp("cart-api");
const base = app.baseUrl;

let asha: TestUser;
let meera: TestUser;
// Known stock for the two sizes these tests fill (put back after the file).
const stocked = useStockedProduct(
  base,
  () => app.dbUrl,
  [5, 3],
  (list) => list,
);
let kurti: ApiProduct;
let other: ApiProduct;
let sizeA: string;
let sizeB: string;

beforeAll(async () => {
  ({ product: kurti, other, sizeA, sizeB } = stocked);
  [asha, meera] = await Promise.all([createUser(base, "cart-asha", "Asha Verma"), createUser(base, "cart-meera", "Meera Sharma")]);
});

const line = (p: ApiProduct, size: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  product: p._id,
  productName: p.productName,
  color: p.colors[0]!.name,
  size,
  quantity,
  ...extra,
});

const add = (user: TestUser | null, items: unknown) => cartCall(base, user?.token ?? null, "POST", "/api/cart", { items });
const get = (user: TestUser) => cartCall(base, user.token, "GET", "/api/cart");
const quantities = (items: ApiCartItem[] | undefined) => (items ?? []).map((i) => `${i.productName}|${i.size}|${i.quantity}`).sort();
const clear = (user: TestUser) => cartCall(base, user.token, "DELETE", "/api/cart");

describe("GET and POST /api/cart", () => {
  it("adds lines with the catalogue's prices, whatever price, discount or name the client sends", async () => {
    await clear(asha);
    const size = kurti.sizes.find((z) => z.size === sizeA)!;
    const res = await add(asha, [line(kurti, sizeA, 2, { price: 1, discountPrice: 0.5, productName: "Free kurti", image: "http://evil" })]);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Added to cart");
    expect(res.items).toHaveLength(1);
    expect(res.items![0]).toMatchObject({
      product: kurti._id,
      productName: kurti.productName,
      color: kurti.colors[0]!.name,
      size: sizeA,
      quantity: 2,
      price: size.price,
      discountPrice: size.discountPrice,
      stock: 5,
      problem: null,
    });
    expect(res.items![0]!.image).toMatch(/^\/media\//);
    expect((await get(asha)).items).toEqual(res.items);
  });

  it("adds to the same line again, and keeps sizes and products apart", async () => {
    await clear(asha);
    await add(asha, [line(kurti, sizeA, 1)]);
    await add(asha, [line(kurti, sizeA, 2), line(kurti, sizeB, 1), line(other, other.sizes.find((z) => z.stock > 0)!.size, 1)]);
    const { items } = await get(asha);
    expect(items).toHaveLength(3);
    expect(items!.find((i) => i.size === sizeA && i.product === kurti._id)?.quantity).toBe(3);
  });

  it("never passes the size's stock, and refuses the whole request when one line would", async () => {
    await clear(asha);
    await add(asha, [line(kurti, sizeA, 4)]);
    const res = await add(asha, [line(kurti, sizeB, 1), line(kurti, sizeA, 2)]);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("Sorry, there are only 5 items of this size available. You already have 4 in your cart.");
    // Nothing of the refused request went in, not even its first line.
    expect(quantities((await get(asha)).items)).toEqual([`${kurti.productName}|${sizeA}|4`]);
  });

  it("refuses every bad quantity with a 4xx and changes nothing", async () => {
    await clear(asha);
    await add(asha, [line(kurti, sizeA, 1)]);
    const cases: [unknown, string][] = [
      [0, "Quantity cannot be less than 1"],
      [-2, "Quantity cannot be less than 1"],
      [1.5, "Quantity must be a whole number"],
      ["two", "Quantity must be a whole number"],
      [12345678901, "Quantity cannot be more than 1000"],
      ["99999999999999999999", "Quantity cannot be more than 1000"],
      [6, "Sorry, there are only 5 items of this size available."],
    ];
    for (const [quantity, message] of cases) {
      const res = await add(asha, [line(kurti, sizeA, 1, { quantity })]);
      expect(res.status, String(quantity)).toBeGreaterThanOrEqual(400);
      expect(res.status, String(quantity)).toBeLessThan(500);
      expect(res.json.message, String(quantity)).toBe(message);
    }
    expect(quantities((await get(asha)).items)).toEqual([`${kurti.productName}|${sizeA}|1`]);
  });

  it("refuses an unknown product, size or colour, and an empty or malformed request", async () => {
    const cases: [unknown, number, string][] = [
      [[line(kurti, sizeA, 1, { product: "999999" })], 404, "Product not found"],
      [[line(kurti, sizeA, 1, { product: "no-such-kurti" })], 404, "Product not found"],
      [[line(kurti, "XXXL-Tall", 1)], 400, "Invalid size selected"],
      [[line(kurti, sizeA, 1, { color: "Ultraviolet" })], 400, "Please select size and color"],
      [[line(kurti, sizeA, 1, { size: undefined })], 400, "Please select size and color"],
      [[], 400, "Send at least one item"],
      ["all of it", 400, "Send the items to add"],
    ];
    const before = quantities((await get(asha)).items);
    for (const [items, status, message] of cases) {
      const res = await add(asha, items);
      expect([res.status, res.json.message], JSON.stringify(items)).toEqual([status, message]);
    }
    expect(quantities((await get(asha)).items)).toEqual(before);
  });

  it("asks a caller without a session to sign in", async () => {
    const res = await add(null, [line(kurti, sizeA, 1)]);
    expect([res.status, res.json.message]).toEqual([401, "Please login first to continue."]);
    const bad = await cartCall(base, "not-a-token", "GET", "/api/cart");
    expect(bad.status).toBe(401);
  });

  it("lets 20 adds at once fill the size exactly to its stock and no further", async () => {
    await clear(meera);
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(meera, [line(kurti, sizeA, 1)])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(15);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(quantities((await get(meera)).items)).toEqual([`${kurti.productName}|${sizeA}|5`]);
  });
});

describe("PUT and DELETE /api/cart/{id}", () => {
  it("sets a quantity between 1 and the stock, and refuses the rest changing nothing", async () => {
    await clear(asha);
    const { items } = await add(asha, [line(kurti, sizeA, 1)]);
    const id = items![0]!._id;
    const put = (quantity: unknown) => cartCall(base, asha.token, "PUT", `/api/cart/${id}`, { quantity });
    const ok = await put(4);
    expect(ok.status).toBe(200);
    expect(ok.items![0]!.quantity).toBe(4);
    const cases: [unknown, number, string][] = [
      [0, 400, "Quantity cannot be less than 1"],
      [-1, 400, "Quantity cannot be less than 1"],
      [2.5, 400, "Quantity must be a whole number"],
      ["lots", 400, "Quantity must be a whole number"],
      [undefined, 400, "Quantity cannot be less than 1"],
      [12345678901, 400, "Quantity cannot be more than 1000"],
      [6, 409, "Only 5 left in this size"],
    ];
    for (const [quantity, status, message] of cases) {
      const res = await put(quantity);
      expect([res.status, res.json.message], String(quantity)).toEqual([status, message]);
    }
    expect(quantities((await get(asha)).items)).toEqual([`${kurti.productName}|${sizeA}|4`]);
  });

  it("removes a line and clears the cart", async () => {
    await clear(asha);
    const { items } = await add(asha, [line(kurti, sizeA, 1), line(kurti, sizeB, 2)]);
    const first = items!.find((i) => i.size === sizeA)!;
    const del = await cartCall(base, asha.token, "DELETE", `/api/cart/${first._id}`);
    expect(del.status).toBe(200);
    expect(quantities(del.items)).toEqual([`${kurti.productName}|${sizeB}|2`]);
    const again = await cartCall(base, asha.token, "DELETE", `/api/cart/${first._id}`);
    expect([again.status, again.json.message]).toEqual([404, "This item is not in your cart"]);
    const cleared = await clear(asha);
    expect(cleared.status).toBe(200);
    expect((await get(asha)).items).toEqual([]);
  });

  it("answers another shopper's line exactly like a missing one, leaking and changing nothing", async () => {
    await Promise.all([clear(asha), clear(meera)]);
    const { items } = await add(meera, [line(kurti, sizeB, 2)]);
    const hers = items![0]!._id;
    const put = await cartCall(base, asha.token, "PUT", `/api/cart/${hers}`, { quantity: 1 });
    const del = await cartCall(base, asha.token, "DELETE", `/api/cart/${hers}`);
    const missing = await cartCall(base, asha.token, "PUT", "/api/cart/99999999", { quantity: 1 });
    for (const res of [put, del]) expect([res.status, res.json]).toEqual([missing.status, missing.json]);
    expect(JSON.stringify([put.json, del.json, (await get(asha)).json])).not.toContain(kurti.productName);
    expect(quantities((await get(meera)).items)).toEqual([`${kurti.productName}|${sizeB}|2`]);
    await clear(asha);
    expect(quantities((await get(meera)).items)).toEqual([`${kurti.productName}|${sizeB}|2`]);
  });

  it("refuses malformed line ids", async () => {
    for (const id of ["abc", "-1", "1.5", "1e3", "9".repeat(30)]) {
      const res = await cartCall(base, asha.token, "DELETE", `/api/cart/${id}`);
      expect([res.status, res.json.message], id).toEqual([400, "Invalid cart item id"]);
    }
  });
});

describe("lines whose product changed since they were added", () => {
  it("flag a colour the shop no longer offers, and count it out of the subtotal", async () => {
    await clear(meera);
    await add(meera, [line(kurti, sizeA, 1)]);
    const color = kurti.colors[0]!.name;
    const db = createClient({ url: app.dbUrl });
    const rename = (from: string, to: string) =>
      db.execute({ sql: "UPDATE product_colors SET name = ? WHERE product_id = ? AND name = ?", args: [to, Number(kurti._id), from] });
    try {
      await rename(color, `${color} (retired)`);
      expect((await get(meera)).items![0]).toMatchObject({
        color,
        problem: "This colour is no longer available. Remove it to go on to checkout.",
      });
    } finally {
      await rename(`${color} (retired)`, color);
      db.close();
    }
    expect((await get(meera)).items![0]!.problem).toBeNull();
  });
});

describe("lines whose stock changed since they were added", () => {
  it("can be lowered step by step even while still above the stock, but never raised past it", async () => {
    await clear(meera);
    const { items } = await add(meera, [line(kurti, sizeA, 5)]);
    const id = items![0]!._id;
    const undo = await setStock(app.dbUrl, kurti._id, sizeA, 2);
    try {
      const put = (quantity: number) => cartCall(base, meera.token, "PUT", `/api/cart/${id}`, { quantity });
      expect((await put(4)).items![0]).toMatchObject({
        quantity: 4,
        problem: "Only 2 left in this size. Lower the quantity to go on to checkout.",
      });
      expect([(await put(5)).status, (await get(meera)).items![0]!.quantity]).toEqual([409, 4]);
      expect((await put(2)).items![0]).toMatchObject({ quantity: 2, problem: null });
    } finally {
      await undo();
    }
  });

  it("say so, with the new figures, and count no money for a line that cannot be bought", async () => {
    await clear(meera);
    await add(meera, [line(kurti, sizeA, 3), line(kurti, sizeB, 2)]);
    const undoA = await setStock(app.dbUrl, kurti._id, sizeA, 2);
    const undoB = await setStock(app.dbUrl, kurti._id, sizeB, 0);
    try {
      const { items } = await get(meera);
      expect(items!.find((i) => i.size === sizeA)).toMatchObject({
        stock: 2,
        problem: "Only 2 left in this size. Lower the quantity to go on to checkout.",
      });
      expect(items!.find((i) => i.size === sizeB)).toMatchObject({
        stock: 0,
        problem: "This size has sold out. Remove it to go on to checkout.",
      });
    } finally {
      await undoA();
      await undoB();
    }
  });
});
