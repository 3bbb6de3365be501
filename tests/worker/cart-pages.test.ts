import { type IncomingHttpHeaders, request } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createUser, type TestUser } from "../../tooling/accounts";
import { type ApiProduct, buyableProducts, cartCall, setStock } from "../../tooling/cart";
import { formatRupees } from "../../workers/services/catalog/pricing";
import { productPath } from "../../workers/services/platform/paths";
import { pageForms } from "../support/page-forms";

/**
 * The cart action as a browser without JavaScript posts to it (the product page's form, the cart
 * page's stepper, Remove and "Proceed to checkout"), the Buy Now hand-over to /checkout, and the two
 * cookies that carry a choice across sign-in: bad input is a 4xx with the documented words, another
 * shopper's line is a line she does not have, and nothing is changed by either.
 */
const base = inject("baseUrl");
const dbUrl = inject("dbUrl");
const url = (path: string) => new URL(path, base);

let kurti: ApiProduct;
let size: string;
let asha: TestUser;
let meera: TestUser;
let undo: () => Promise<void>;

beforeAll(async () => {
  [kurti] = (await buyableProducts(base)).slice(1) as [ApiProduct];
  size = kurti.sizes.find((z) => z.stock > 0)!.size;
  undo = await setStock(dbUrl, kurti._id, size, 3);
  [asha, meera] = await Promise.all([createUser(base, "cart-page-asha"), createUser(base, "cart-page-meera")]);
});

afterAll(async () => {
  await undo();
});

const pathOf = (p: ApiProduct) => productPath(p.category.name, p.slug);
const { post, get } = pageForms(base);

/** Whether the HTML holds `text` (React writes an apostrophe as &#x27;). */
const shows = (html: string, text: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").includes(text);
const items = async (user: TestUser) => (await cartCall(base, user.token, "GET", "/api/cart")).items ?? [];
const setCookies = (res: Response) => res.headers.getSetCookie().join("\n");

describe("Add to Cart from the product page's form", () => {
  it("adds at the catalogue's price whatever the form says, and answers in the page", async () => {
    await cartCall(base, asha.token, "DELETE", "/api/cart");
    const res = await post(
      pathOf(kurti),
      { intent: "add-to-cart", color: kurti.colors[0]!.name, size, quantity: "2", price: "1", discountPrice: "1", productName: "Free" },
      asha,
    );
    expect(res.status).toBe(200);
    expect(shows(await res.text(), "Added to cart")).toBe(true);
    const [line] = await items(asha);
    expect(line).toMatchObject({ productName: kurti.productName, quantity: 2, price: kurti.sizes.find((z) => z.size === size)!.price });
  });

  it("answers a browser's own form post (no JavaScript) with a redirect to the cart, so a reload cannot add again", async () => {
    await cartCall(base, asha.token, "DELETE", "/api/cart");
    // Node's fetch will not send Sec-Fetch-* headers (the browser's own): a plain HTTP request does.
    const body = new URLSearchParams({ intent: "add-to-cart", color: kurti.colors[0]!.name, size, quantity: "1" }).toString();
    const res = await new Promise<{ status: number; headers: IncomingHttpHeaders }>((done, fail) => {
      const req = request(url(pathOf(kurti)), {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: base,
          Cookie: `aanchal_session=${asha.token}`,
          "Sec-Fetch-Mode": "navigate",
          "Sec-Fetch-Dest": "document",
        },
      });
      req.on("response", (answer) => {
        answer.resume();
        done({ status: answer.statusCode ?? 0, headers: answer.headers });
      });
      req.on("error", fail);
      req.end(body);
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/cart");
    const notice = /aanchal_cart_notice=([^;]+)/.exec((res.headers["set-cookie"] ?? []).join("\n"))?.[1];
    expect(shows(await (await get("/cart", asha, `aanchal_cart_notice=${notice}`)).text(), "Added to cart")).toBe(true);
    expect((await items(asha)).map((i) => i.quantity)).toEqual([1]);
  });

  it("refuses bad choices with the shop's words and a 4xx, changing nothing", async () => {
    await cartCall(base, asha.token, "DELETE", "/api/cart");
    const color = kurti.colors[0]!.name;
    const cases: [Record<string, string>, number, string][] = [
      // The page ticks no size for her: Add to Cart and Buy Now without one ask for it.
      [{ intent: "add-to-cart", color, quantity: "1" }, 400, "Please select a size"],
      [{ intent: "buy-now", color, quantity: "1" }, 400, "Please select a size"],
      [{ intent: "add-to-cart", color, size: "XXXXL", quantity: "1" }, 400, "Invalid size selected"],
      [{ intent: "add-to-cart", color, size, quantity: "0" }, 400, "Quantity cannot be less than 1"],
      [{ intent: "add-to-cart", color, size, quantity: "1.5" }, 400, "Quantity must be a whole number"],
      [{ intent: "add-to-cart", color, size, quantity: "12345678901" }, 400, "Quantity cannot be more than 1000"],
      [{ intent: "add-to-cart", color, size, quantity: "4" }, 400, "Only 3 items available in this size"],
      [{ intent: "add-to-cart", color: "Ultraviolet", size, quantity: "1" }, 400, "Please select size and color"],
      [{ intent: "steal", color, size }, 400, "Unknown action"],
    ];
    for (const [fields, status, message] of cases) {
      const res = await post(pathOf(kurti), fields, asha);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(shows(await res.text(), message), message).toBe(true);
    }
    const gone = await post("/women-products/kurtis/no-such-kurti", { intent: "add-to-cart", color, size }, asha);
    expect(gone.status).toBe(404);
    expect(await items(asha)).toEqual([]);
  });

  it("asks a signed-out shopper to sign in, keeping her choice for the cart, which completes it once", async () => {
    await cartCall(base, meera.token, "DELETE", "/api/cart");
    const res = await post(pathOf(kurti), { intent: "add-to-cart", color: kurti.colors[0]!.name, size, quantity: "2" }, null);
    expect(res.status).toBe(401);
    expect(shows(await res.text(), "Please login first to continue.")).toBe(true);
    const pending = /aanchal_pending_add=([^;]+)/.exec(setCookies(res))?.[1];
    expect(pending).toBeTruthy();
    // Back, signed in: the cart completes the add, forgets it, and loads afresh so the header counts it.
    const back = await get("/cart", meera, `aanchal_pending_add=${pending}`);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/cart");
    expect(setCookies(back)).toMatch(/aanchal_pending_add=;.*Max-Age=0/);
    expect((await items(meera)).map((i) => i.quantity)).toEqual([2]);
    const notice = /aanchal_cart_notice=([^;]+)/.exec(setCookies(back))?.[1];
    const page = await get("/cart", meera, `aanchal_cart_notice=${notice}`);
    expect(shows(await page.text(), "Added to cart")).toBe(true);
  });

  it("ignores a forged or broken pending add or notice cookie", async () => {
    for (const cookie of ["aanchal_pending_add=%5B1%2C2", "aanchal_pending_add=garbage", "aanchal_cart_notice=%7B%7D"]) {
      const res = await get("/cart", asha, cookie);
      expect(res.status, cookie).toBe(200);
    }
  });
});

describe("Buy Now and /checkout", () => {
  it("keeps the line in one place and shows it on checkout at today's price", async () => {
    const res = await post(pathOf(kurti), { intent: "buy-now", color: kurti.colors[0]!.name, size, quantity: "2" }, asha);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/checkout");
    const held = /aanchal_buy_now=([^;]+)/.exec(setCookies(res))?.[1];
    const page = await get("/checkout", asha, `aanchal_buy_now=${held}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(shows(html, kurti.productName)).toBe(true);
    expect(shows(html, "<dt>Qty</dt><dd>2</dd>")).toBe(true);
    // Today's price twice, plus ₹100 delivery (docs/product/orders.md).
    const unit = kurti.sizes.find((z) => z.size === size)!.discountPrice * 100;
    expect(shows(html, `<dt>Total</dt><dd>${formatRupees(unit * 2 + 100_00)}</dd>`)).toBe(true);
  });

  it("sends a guest to make her account first, then to checkout", async () => {
    const res = await post(pathOf(kurti), { intent: "buy-now", color: kurti.colors[0]!.name, size, quantity: "1" }, null);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/create-account?redirect=%2Fcheckout");
    expect((await get("/checkout", null)).headers.get("location")).toBe("/create-account?redirect=%2Fcheckout");
  });

  it("keeps a signed-in shopper's Buy Now line from anyone else on the browser, and forgets every kept choice at sign-out", async () => {
    // Her own account: signing out ends every session of it.
    const nisha = await createUser(base, "cart-page-nisha");
    const res = await post(pathOf(kurti), { intent: "buy-now", color: kurti.colors[0]!.name, size, quantity: "1" }, nisha);
    const held = /aanchal_buy_now=([^;]+)/.exec(setCookies(res))?.[1];
    expect(shows(await (await get("/checkout", nisha, `aanchal_buy_now=${held}`)).text(), "Buying now")).toBe(true);
    const hers = await (await get("/checkout", meera, `aanchal_buy_now=${held}`)).text();
    expect(shows(hers, "Buying now")).toBe(false);
    const out = await post("/logout", {}, nisha, `aanchal_buy_now=${held}; aanchal_pending_add=x`);
    expect(out.status).toBe(302);
    const cleared = setCookies(out);
    for (const name of ["aanchal_session", "aanchal_buy_now", "aanchal_pending_add", "aanchal_cart_notice"]) {
      expect(cleared, name).toMatch(new RegExp(`${name}=;[^\n]*Max-Age=0`));
    }
  });

  it("refuses Buy Now past the stock with the page's words", async () => {
    const res = await post(pathOf(kurti), { intent: "buy-now", color: kurti.colors[0]!.name, size, quantity: "5" }, asha);
    expect(res.status).toBe(400);
    expect(shows(await res.text(), "Only 3 items available in this size")).toBe(true);
  });

  it("says the chosen piece is gone, not an error, for a held line of a product that does not exist", async () => {
    const forged = encodeURIComponent(JSON.stringify([999999, "M", "Red", 1]));
    const res = await get("/checkout", asha, `aanchal_buy_now=${forged}`);
    expect(res.status).toBe(200);
    expect(shows(await res.text(), "The piece you chose is no longer available.")).toBe(true);
  });
});

describe("the cart page's forms", () => {
  it("answers another shopper's line exactly like a missing one, changing nothing", async () => {
    await cartCall(base, meera.token, "DELETE", "/api/cart");
    const { items: hers } = await cartCall(base, meera.token, "POST", "/api/cart", {
      items: [{ product: kurti._id, size, color: kurti.colors[0]!.name, quantity: 2 }],
    });
    const id = hers![0]!._id;
    const update = await post("/cart", { intent: "update", lineId: id, quantity: "1" }, asha);
    const remove = await post("/cart", { intent: "remove", lineId: id }, asha);
    expect([update.status, remove.status]).toEqual([404, 404]);
    const [updateHtml, removeHtml] = await Promise.all([update.text(), remove.text()]);
    expect(shows(updateHtml, "Failed to update quantity: This item is not in your cart")).toBe(true);
    expect(shows(removeHtml, "Failed to remove item: This item is not in your cart")).toBe(true);
    expect((await items(meera)).map((i) => i.quantity)).toEqual([2]);
  });

  it("refuses a quantity below 1 or past the stock in the shop's words", async () => {
    await cartCall(base, asha.token, "DELETE", "/api/cart");
    const { items: mine } = await cartCall(base, asha.token, "POST", "/api/cart", {
      items: [{ product: kurti._id, size, color: kurti.colors[0]!.name, quantity: 1 }],
    });
    const id = mine![0]!._id;
    const low = await post("/cart", { intent: "update", lineId: id, quantity: "0" }, asha);
    expect(low.status).toBe(400);
    expect(shows(await low.text(), "Failed to update quantity: Quantity cannot be less than 1")).toBe(true);
    const high = await post("/cart", { intent: "update", lineId: id, quantity: "4" }, asha);
    expect(high.status).toBe(409);
    expect(shows(await high.text(), "Failed to update quantity: Only 3 left in this size")).toBe(true);
    expect((await items(asha)).map((i) => i.quantity)).toEqual([1]);
  });

  it("goes on to checkout only when every line can be bought, dropping a Buy Now line left from before", async () => {
    await cartCall(base, asha.token, "DELETE", "/api/cart");
    const empty = await post("/cart", { intent: "checkout" }, asha);
    expect(empty.status).toBe(409);
    expect(shows(await empty.text(), "Your cart is empty. Please add items before checking out.")).toBe(true);
    await cartCall(base, asha.token, "POST", "/api/cart", {
      items: [{ product: kurti._id, size, color: kurti.colors[0]!.name, quantity: 2 }],
    });
    const ok = await post("/cart", { intent: "checkout" }, asha, "aanchal_buy_now=x");
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/checkout");
    expect(setCookies(ok)).toMatch(/aanchal_buy_now=;.*Max-Age=0/);
    const restore = await setStock(dbUrl, kurti._id, size, 1);
    try {
      const blocked = await post("/cart", { intent: "checkout" }, asha);
      expect(blocked.status).toBe(409);
      const html = await blocked.text();
      expect(shows(html, "Some items in your cart need your attention before checkout.")).toBe(true);
      expect(shows(html, "Only 1 left in this size. Lower the quantity to go on to checkout.")).toBe(true);
    } finally {
      await restore();
    }
  });

  it("sends a signed-out post to sign in, and refuses an unknown intent", async () => {
    const out = await post("/cart", { intent: "clear" }, null);
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/signin?redirect=%2Fcart");
    const odd = await post("/cart", { intent: "add-to-cart", size }, asha);
    expect(odd.status).toBe(400);
    const page = await get("/cart", null);
    expect(page.headers.get("location")).toBe("/signin?redirect=%2Fcart");
  });
});
