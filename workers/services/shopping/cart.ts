import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import * as s from "../../../db/schema";
import { readAsUser, requireUser } from "../accounts/session";
import { type ChoiceSource, messages, onlyAvailableFrom } from "../catalog/choice.rules";
import { effectivePrice } from "../catalog/pricing";
import type { ServiceContext } from "../platform/context";
import { AppError, notFound } from "../platform/errors";
import { productPath } from "../platform/paths";
import { parseId, parseInput } from "../platform/validate";
import { cartMessages } from "./cart.rules";
import { type CheckedChoice, checkChoice, quantitySchema } from "./cart-choice";

/**
 * The shopper's cart (docs/product/shopping.md; docs/decisions/0006-reads-in-one-batch-and-product-sql.md). A line is a product, size
 * and colour with a quantity: prices are never stored in the cart and never taken from a client,
 * every answer reads them from the catalogue at that moment. Pages (app/routes/shopping/cart.tsx, the product
 * page's action) and the API (workers/api/shopping/cart.ts) call these functions and nothing else.
 */

export interface CartLine {
  id: number;
  productId: number;
  /** The product size's row: what an order takes its stock from. */
  sizeId: number;
  slug: string;
  name: string;
  href: string;
  image: { url: string; alt: string; width: number; height: number } | null;
  color: string;
  size: string;
  quantity: number;
  pricePaise: number;
  discountPricePaise: number | null;
  /** The size's stock now. */
  stock: number;
  /** Why this line cannot go to checkout as it is (sold out, too few left, withdrawn), or null. */
  problem: string | null;
}

export interface Cart {
  lines: CartLine[];
  /** The sum of quantities: the header's badge. */
  count: number;
  /** At today's prices, of the lines that can be bought. */
  subtotalPaise: number;
  /** Whether every line can go to checkout as it is. */
  ready: boolean;
}

interface LineRow {
  id: number;
  quantity: number;
  color: string;
  productId: number;
  slug: string;
  name: string;
  active: number;
  categoryName: string;
  sizeId: number;
  size: string;
  pricePaise: number;
  discountPricePaise: number | null;
  stock: number;
  image: string | null;
  colorGone: number;
}

/**
 * A line's product, size, first image and whether its colour is still offered (`colorGone`), from
 * `ps` (the size) joined to its product `p` and category `c`; the line's colour is `lineColor`.
 */
const lineProduct = (lineColor: SQL) => sql`${LINE_PRODUCT}, ${colorGone(lineColor)} as colorGone ${LINE_FROM}`;
const colorGone = (lineColor: SQL) =>
  sql`(exists (select 1 from product_colors pc where pc.product_id = p.id)
    and not exists (select 1 from product_colors pc where pc.product_id = p.id and pc.name = ${lineColor}))`;
const LINE_PRODUCT = sql.raw(`p.id as productId, p.slug as slug, p.name as name, p.is_active as active, c.name as categoryName,
    ps.id as sizeId, ps.size as size, ps.price_paise as pricePaise, ps.discount_price_paise as discountPricePaise, ps.stock as stock,
    (select json_array(m.url, m.alt, m.width, m.height) from product_media m
      where m.product_id = p.id and m.type = 'image' order by m.position, m.id limit 1) as image`);
const LINE_FROM = sql.raw("from product_sizes ps join products p on p.id = ps.product_id join categories c on c.id = p.category_id");

/** The user's lines with today's prices and stock, oldest first, as a read that can join a batch. */
const linesQuery = (db: Db, userId: number) =>
  db.all<LineRow>(sql`select cl.id as id, cl.quantity as quantity, cl.color as color, ${lineProduct(sql`cl.color`)}
    join cart_lines cl on cl.size_id = ps.id
    where cl.user_id = ${userId}
    order by cl.id`);

function problemOf(row: LineRow): string | null {
  if (!Number(row.active)) return cartMessages.lineUnavailable;
  if (Number(row.colorGone)) return cartMessages.colorUnavailable;
  if (row.stock <= 0) return cartMessages.lineSoldOut;
  if (row.quantity > row.stock) return cartMessages.lineAboveStock(row.stock);
  return null;
}

function toLine(row: LineRow): CartLine {
  const image = row.image ? (JSON.parse(row.image) as [string, string, number, number]) : null;
  return {
    id: Number(row.id),
    productId: Number(row.productId),
    sizeId: Number(row.sizeId),
    slug: row.slug,
    name: row.name,
    href: productPath(row.categoryName, row.slug),
    image: image && { url: image[0], alt: image[1], width: image[2], height: image[3] },
    color: row.color,
    size: row.size,
    quantity: Number(row.quantity),
    pricePaise: Number(row.pricePaise),
    discountPricePaise: row.discountPricePaise === null ? null : Number(row.discountPricePaise),
    stock: Number(row.stock),
    problem: problemOf(row),
  };
}

function toCart(rows: LineRow[]): Cart {
  const lines = rows.map(toLine);
  const good = lines.filter((l) => !l.problem);
  return {
    lines,
    count: lines.reduce((n, l) => n + l.quantity, 0),
    subtotalPaise: good.reduce((sum, l) => sum + effectivePrice(l) * l.quantity, 0),
    ready: lines.length > 0 && good.length === lines.length,
  };
}

/** The signed-in shopper's cart, read together with the session check (one round trip). */
export async function myCart(ctx: ServiceContext): Promise<Cart> {
  return toCart((await readAsUser(ctx, (userId) => linesQuery(ctx.db, userId))).data);
}

/**
 * Adds to the line of this product, size and colour, or starts it. The stock check is part of the
 * statement: a line can never pass its size's stock, however many adds arrive at once.
 */
const addStatement = (db: Db, userId: number, choice: CheckedChoice) =>
  db.run(sql`insert into cart_lines (user_id, product_id, size_id, color, quantity)
    select ${userId}, ps.product_id, ps.id, ${choice.color}, ${choice.quantity}
    from product_sizes ps where ps.id = ${choice.sizeId} and ps.stock >= ${choice.quantity}
    on conflict (user_id, size_id, color) do update set quantity = cart_lines.quantity + excluded.quantity
    where cart_lines.quantity + excluded.quantity <= (select stock from product_sizes where id = excluded.size_id)`);

/**
 * Fails the whole batch (and so undoes every statement before it) when the add just before it
 * changed nothing: the CHECK constraint refuses the zero-quantity row this would insert. That is
 * how several adds are all-or-nothing without a read before the write.
 */
const undoUnlessAdded = (db: Db, userId: number, choice: CheckedChoice) =>
  db.run(sql`insert into cart_lines (user_id, product_id, size_id, color, quantity)
    select ${userId}, ${choice.productId}, ${choice.sizeId}, ${choice.color}, 0 where changes() = 0`);

const isUndone = (error: unknown) => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (/constraint failed/i.test(String((e as Error).message)) && /cart_lines/.test(String((e as Error).message))) return true;
  }
  return false;
};

/** Why `choice` could not be added: its size's stock now, given what is already in the cart. */
function addRefusal(stock: number, inCart: number, source: ChoiceSource): AppError {
  if (stock <= 0) return new AppError(409, messages.sizeOutOfStock, { field: "size" });
  return new AppError(409, onlyAvailableFrom(source, stock) + (inCart > 0 ? cartMessages.alreadyInCart(inCart) : ""), {
    field: "quantity",
  });
}

/**
 * Adds checked choices to the user's cart, all or nothing, and answers the cart: one round trip
 * for the writes and the fresh cart.
 */
export async function addChoices(ctx: ServiceContext, userId: number, choices: CheckedChoice[], source: ChoiceSource): Promise<Cart> {
  const writes = choices.flatMap((choice) => [addStatement(ctx.db, userId, choice), undoUnlessAdded(ctx.db, userId, choice)]);
  try {
    const results = await ctx.db.batch([...(writes as [ReturnType<typeof addStatement>]), linesQuery(ctx.db, userId)]);
    return toCart(results.at(-1) as LineRow[]);
  } catch (error) {
    if (!isUndone(error)) throw error;
  }
  // Refused: say which choice the stock could not take, from the stock and the cart as they are now.
  const sizeIds = choices.map((c) => c.sizeId);
  const [rows, stocks] = await ctx.db.batch([
    linesQuery(ctx.db, userId),
    ctx.db.select({ id: s.productSizes.id, stock: s.productSizes.stock }).from(s.productSizes).where(inArray(s.productSizes.id, sizeIds)),
  ]);
  const cart = toCart(rows);
  const wanted = new Map<string, number>();
  for (const choice of choices) {
    const key = `${choice.sizeId}|${choice.color}`;
    wanted.set(key, (wanted.get(key) ?? 0) + choice.quantity);
    const inCart =
      cart.lines.find((l) => l.productId === choice.productId && l.size === choice.size && l.color === choice.color)?.quantity ?? 0;
    const stock = stocks.find((z) => z.id === choice.sizeId)?.stock ?? 0;
    if (inCart + wanted.get(key)! > stock) throw addRefusal(stock, inCart, source);
  }
  // The stock came back between the refusal and this read: nothing was added, and trying again may work.
  throw new AppError(409, cartMessages.tryAgain);
}

/** The signed-in shopper adds one choice (the product page, the card modal). */
export async function addToCart(ctx: ServiceContext, input: unknown, source: ChoiceSource): Promise<{ cart: Cart; added: CheckedChoice }> {
  const [user, choice] = await Promise.all([requireUser(ctx), checkChoice(ctx, input, "add-to-cart", source)]);
  return { cart: await addChoices(ctx, user.id, [choice], source), added: choice };
}

/** The API's `POST /api/cart` with `{ items: [...] }`: every item is checked before anything is written. */
export async function addItemsToCart(ctx: ServiceContext, items: unknown): Promise<Cart> {
  const list = parseInput(z.array(z.unknown(), { error: "Send the items to add" }).min(1, "Send at least one item").max(50), items);
  const [user, ...choices] = await Promise.all([
    requireUser(ctx),
    ...list.map((item) => checkChoice(ctx, apiItem(item), "add-to-cart", "card")),
  ]);
  return addChoices(ctx, user.id, choices, "card");
}

/** An API cart line (docs/product/shopping.md): only product, size, colour and quantity are read. */
function apiItem(item: unknown): Record<string, unknown> {
  if (typeof item !== "object" || item === null) return {};
  const { product, productId, size, color, quantity } = item as Record<string, unknown>;
  return { product: product ?? productId, size, color, quantity };
}

const lineNotFound = () => notFound(cartMessages.lineNotFound);

/**
 * Sets a line's quantity: at least 1, at most the size's stock, both checked in the statement.
 * Another shopper's line is answered exactly like a missing one.
 */
export async function updateLine(ctx: ServiceContext, userId: number, lineId: unknown, quantityInput: unknown): Promise<Cart> {
  const id = parseId(lineId, "Invalid cart item id");
  const quantity = parseInput(quantitySchema, quantityInput);
  const c = s.cartLines;
  const [updated, rows] = await ctx.db.batch([
    ctx.db
      .update(c)
      .set({ quantity })
      // Up to the size's stock; lowering is always allowed, so a line the stock fell below can be brought down step by step.
      .where(
        and(
          eq(c.id, id),
          eq(c.userId, userId),
          sql`(${quantity} <= (select stock from product_sizes where id = ${c.sizeId}) or ${quantity} < ${c.quantity})`,
        ),
      ),
    linesQuery(ctx.db, userId),
  ]);
  const cart = toCart(rows);
  if (updated.rowsAffected === 0) {
    const line = cart.lines.find((l) => l.id === id);
    if (!line) throw lineNotFound();
    throw new AppError(409, cartMessages.onlyLeft(line.stock), { field: "quantity" });
  }
  return cart;
}

/** Removes one of the user's lines; another shopper's line is answered like a missing one. */
export async function removeLine(ctx: ServiceContext, userId: number, lineId: unknown): Promise<Cart> {
  const id = parseId(lineId, "Invalid cart item id");
  const c = s.cartLines;
  const [removed, rows] = await ctx.db.batch([ctx.db.delete(c).where(and(eq(c.id, id), eq(c.userId, userId))), linesQuery(ctx.db, userId)]);
  if (removed.rowsAffected === 0) throw lineNotFound();
  return toCart(rows);
}

/** Empties the user's cart. */
export async function clearCart(ctx: ServiceContext, userId: number): Promise<void> {
  await ctx.db.delete(s.cartLines).where(eq(s.cartLines.userId, userId));
}

/** A Buy Now line as it is kept between the product page and checkout: no price, no name. */
export interface HeldLine {
  productId: number;
  size: string;
  color: string;
  quantity: number;
}

/**
 * The Buy Now line as checkout shows it, at today's price and stock (the same shape as a cart
 * line, id 0), or null when the product or size is gone. One read, for the page's batch.
 */
export async function heldLine(ctx: ServiceContext, held: HeldLine): Promise<CartLine | null> {
  const [row] = await ctx.read(
    ctx.db.all<LineRow>(sql`select 0 as id, ${held.quantity} as quantity, ${held.color} as color, ${lineProduct(sql`${held.color}`)}
      where ps.product_id = ${held.productId} and ps.size = ${held.size}`),
  );
  return row ? toLine(row) : null;
}
