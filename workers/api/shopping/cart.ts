import { Hono } from "hono";
import { requireUser } from "../../services/accounts/session";
import { effectivePrice, paiseToRupees } from "../../services/catalog/pricing";
import { addItemsToCart, type Cart, type CartLine, clearCart, myCart, removeLine, updateLine } from "../../services/shopping/cart";
import { cartMessages } from "../../services/shopping/cart.rules";
import { readBody } from "../body";
import type { ApiEnv } from "../types";

/** docs/product/shopping.md: rupees at this edge only; `problem` says why a line cannot go to checkout. */
export function cartItemJson(line: CartLine) {
  return {
    _id: String(line.id),
    product: String(line.productId),
    productName: line.name,
    slug: line.slug,
    image: line.image?.url ?? "",
    color: line.color,
    size: line.size,
    quantity: line.quantity,
    price: paiseToRupees(line.pricePaise),
    discountPrice: paiseToRupees(effectivePrice(line)),
    stock: line.stock,
    problem: line.problem,
  };
}

const cartJson = (cart: Cart) => ({ items: cart.lines.map(cartItemJson) });

/**
 * The signed-in shopper's cart (docs/product/shopping.md), bearer token or session cookie. Prices, discounts and
 * names a client sends are never read: every answer carries the catalogue's prices of the moment.
 */
export const cartApi = new Hono<ApiEnv>()
  .get("/cart", async (c) => c.json(cartJson(await myCart(c.var.ctx))))
  .post("/cart", async (c) => {
    const body = await readBody(c);
    return c.json({ message: cartMessages.added, cart: cartJson(await addItemsToCart(c.var.ctx, body.items)) });
  })
  .put("/cart/:id", async (c) => {
    const user = await requireUser(c.var.ctx);
    const body = await readBody(c);
    return c.json({ cart: cartJson(await updateLine(c.var.ctx, user.id, c.req.param("id"), body.quantity)) });
  })
  .delete("/cart/:id", async (c) => {
    const user = await requireUser(c.var.ctx);
    return c.json({ cart: cartJson(await removeLine(c.var.ctx, user.id, c.req.param("id"))) });
  })
  .delete("/cart", async (c) => {
    const user = await requireUser(c.var.ctx);
    await clearCart(c.var.ctx, user.id);
    return c.json({ message: cartMessages.cleared, cart: { items: [] } });
  });
