import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { slugSchema } from "../catalog/catalog.schema";
import { type CartIntent, type ChoiceSource, messages, selectionProblem } from "../catalog/choice.rules";
import type { ServiceContext } from "../platform/context";
import { AppError, notFound } from "../platform/errors";
import { productPath } from "../platform/paths";
import { parseInput } from "../platform/validate";
import { cartMessages, MAX_LINE_QUANTITY } from "./cart.rules";

/**
 * A shopper's choice of product, size, colour and quantity, checked against the catalogue before it
 * goes into the cart or the Buy Now checkout: the input's schemas and the one read that judges it.
 */

/**
 * A quantity as a client may send it: a number or digits. Every refusal says what is wrong in the
 * shopper's words; nothing past MAX_LINE_QUANTITY (or ten digits) is ever read as a number.
 */
export const quantitySchema = z.any().transform((value: unknown, ctx): number => {
  const refuse = (message: string) => {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  if (value === undefined || value === null) return refuse(cartMessages.quantityBelowOne);
  let n: number;
  if (typeof value === "number") {
    n = value;
  } else if (typeof value === "string") {
    const text = value.trim();
    if (text === "" || /^-\d+$/.test(text)) return refuse(cartMessages.quantityBelowOne);
    if (!/^\d+$/.test(text)) return refuse(cartMessages.quantityNotWhole);
    n = text.length > 10 ? Number.POSITIVE_INFINITY : Number(text);
  } else {
    return refuse(cartMessages.quantityNotWhole);
  }
  if (Number.isNaN(n) || (Number.isFinite(n) && !Number.isInteger(n))) return refuse(cartMessages.quantityNotWhole);
  if (n < 1) return refuse(cartMessages.quantityBelowOne);
  if (n > MAX_LINE_QUANTITY) return refuse(cartMessages.quantityTooLarge);
  return n;
});

const optionalText = (max: number) =>
  z
    .unknown()
    .transform((v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null))
    .pipe(z.string().max(max).nullable());

/** A product named by its id (API clients, a choice kept across sign-in, an order's lines). */
export const productIdSchema = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);

/**
 * A choice. Pages name the product by its `slug` (a slug may be all digits, so it is never read as
 * an id), API clients by `product`, its id.
 */
const choiceSchema = z.object({
  product: productIdSchema.optional().catch(undefined),
  slug: slugSchema.optional().catch(undefined),
  size: optionalText(40).catch(null),
  color: optionalText(60).catch(null),
  quantity: z
    .unknown()
    .transform((v) => (v === undefined || v === null || v === "" ? 1 : v))
    .pipe(quantitySchema),
});

export type ChoiceInput = z.input<typeof choiceSchema>;

/** A choice that passed every rule: what goes into a cart line or the Buy Now checkout. */
export interface CheckedChoice {
  productId: number;
  slug: string;
  name: string;
  href: string;
  sizeId: number;
  size: string;
  color: string;
  quantity: number;
}

interface OptionsRow {
  id: number;
  slug: string;
  name: string;
  categoryName: string;
  colors: string;
  sizes: string;
}

/** Only what judging a choice needs: the product's colour names and its sizes' ids and stock (no reviews, no media). */
const optionsQuery = (db: Db, ref: number | string) =>
  db.all<OptionsRow>(sql`select p.id as id, p.slug as slug, p.name as name, c.name as categoryName,
    (select json_group_array(pc.name) from product_colors pc where pc.product_id = p.id) as colors,
    (select json_group_array(json_array(ps.id, ps.size, ps.stock)) from product_sizes ps where ps.product_id = p.id) as sizes
    from products p join categories c on c.id = p.category_id
    where p.is_active = 1 and ${typeof ref === "number" ? sql`p.id = ${ref}` : sql`p.slug = ${ref}`}
    limit 1`);

/**
 * Judges a choice of product, colour, size and quantity by the shop's rules and messages (docs/product/catalog.md), reading
 * only the product's options (batched with the request's other reads, the session check among
 * them). Throws a 404 for a product the shop does not sell, a 400 with the spec's words otherwise.
 */
export async function checkChoice(ctx: ServiceContext, input: unknown, intent: CartIntent, source: ChoiceSource): Promise<CheckedChoice> {
  const parsed = parseInput(choiceSchema, input);
  const ref = parsed.slug ?? parsed.product;
  if (ref === undefined) throw notFound(messages.productNotFound);
  const [row] = await ctx.read(optionsQuery(ctx.db, ref));
  if (!row) throw notFound(messages.productNotFound);
  const colors = (JSON.parse(row.colors) as string[]).map((name) => ({ name }));
  const sizes = (JSON.parse(row.sizes) as [number, string, number][]).map(([id, size, stock]) => ({ id, size, stock }));
  const problem = selectionProblem({ colors, sizes }, parsed, intent, source);
  if (problem)
    throw new AppError(400, problem, { field: problem === messages.invalidSize || problem === messages.selectSize ? "size" : "quantity" });
  const size = sizes.find((z) => z.size === parsed.size)!;
  return {
    productId: Number(row.id),
    slug: row.slug,
    name: row.name,
    href: productPath(row.categoryName, row.slug),
    sizeId: Number(size.id),
    size: size.size,
    color: parsed.color ?? "",
    quantity: parsed.quantity,
  };
}
