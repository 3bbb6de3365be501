import { sql } from "drizzle-orm";
import type { ServiceContext } from "../../platform/context";
import { productPath } from "../../platform/paths";
import { invalidInput, parseInput } from "../../platform/validate";
import { auditStatement, requireStaff } from "../staff";
import { purgeProducts } from "../storefront-purge";
import { batch, type EditableProduct, editable, productId, removeFromR2, type Stmt, shown } from "./admin-products";
import { PRODUCT_MESSAGES as M } from "./admin-products.rules";
import { type ProductInput, productInputSchema } from "./admin-products.schema";

/** Creating and saving a product in the back office; the rules every write keeps are in admin-products.ts. */

// ---------- create and update ----------

/** The category, the subcategory's category and the product now holding the slug, for clear messages. */
async function checkReferences(ctx: ServiceContext, input: ProductInput, selfId: number | null) {
  const [check] = await ctx.db.all<{ category: string | null; subcategoryOf: number | null; slugOwner: string | null }>(
    sql`select (select name from categories where id = ${input.categoryId}) as category,
      (select category_id from subcategories where id = ${input.subcategoryId}) as subcategoryOf,
      (select name from products where slug = ${input.slug} and id is not ${selfId}) as slugOwner`,
  );
  const fields: Record<string, string> = {};
  if (!check?.category) fields.categoryId = M.categoryUnknown;
  if (input.subcategoryId !== null && Number(check?.subcategoryOf) !== input.categoryId) fields.subcategoryId = M.subcategoryInvalid;
  if (check?.slugOwner) fields.slug = M.slugTaken(check.slugOwner);
  const first = Object.values(fields)[0];
  if (first) throw invalidInput(first, fields);
  return { categoryName: check!.category! };
}

/** A unique-index refusal of the slug (a race the check above lost) as the same message. */
async function translateSlugConflict(ctx: ServiceContext, error: unknown, slug: string): Promise<never> {
  if (/UNIQUE constraint failed: products\.slug/i.test(errorText(error))) {
    const [owner] = await ctx.db.all<{ name: string }>(sql`select name from products where slug = ${slug}`);
    const message = M.slugTaken(owner?.name ?? "another product");
    throw invalidInput(message, { slug: message });
  }
  throw error;
}

function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, i = 0; e && i < 6; e = (e as { cause?: unknown }).cause, i++) parts.push(String((e as Error).message ?? e));
  return parts.join(" | ");
}

/** The product's own columns, as the audit entry records them. */
const auditView = (p: ProductInput) => ({
  name: p.name,
  slug: p.slug,
  brand: p.brand,
  description: p.description,
  categoryId: p.categoryId,
  subcategoryId: p.subcategoryId,
  colors: p.colors,
  sizes: p.sizes.map((s) => ({ size: s.size, pricePaise: s.price, discountPricePaise: s.discountPrice, stock: s.stock })),
});

const productColumns = (p: ProductInput) => sql`${p.name}, ${p.slug}, ${p.description}, ${p.brand}, ${p.categoryId}, ${p.subcategoryId},
  ${p.paragraph1}, ${p.paragraph2}, ${p.meta.title}, ${p.meta.description}, ${p.meta.keywords}, ${p.details.fabric}, ${p.details.fitType},
  ${p.details.length}, ${p.details.sleeveNeckType}, ${p.details.patternPrint}, ${p.details.occasionType}, ${p.details.washCare},
  ${p.details.countryOfOrigin || "India"}, ${p.details.deliveryReturns}`;

/** The same columns as `col = value` pairs, for an update. */
const productSet = (p: ProductInput) =>
  sql`name = ${p.name}, slug = ${p.slug}, description = ${p.description}, brand = ${p.brand}, category_id = ${p.categoryId},
  subcategory_id = ${p.subcategoryId}, paragraph1 = ${p.paragraph1}, paragraph2 = ${p.paragraph2}, meta_title = ${p.meta.title},
  meta_description = ${p.meta.description}, meta_keywords = ${p.meta.keywords}, fabric = ${p.details.fabric},
  fit_type = ${p.details.fitType}, length = ${p.details.length}, sleeve_neck_type = ${p.details.sleeveNeckType},
  pattern_print = ${p.details.patternPrint}, occasion_type = ${p.details.occasionType}, wash_care = ${p.details.washCare},
  country_of_origin = ${p.details.countryOfOrigin || "India"}, delivery_returns = ${p.details.deliveryReturns}`;

const PRODUCT_COLUMN_NAMES = sql.raw(`name, slug, description, brand, category_id, subcategory_id, paragraph1, paragraph2, meta_title,
  meta_description, meta_keywords, fabric, fit_type, length, sleeve_neck_type, pattern_print, occasion_type, wash_care,
  country_of_origin, delivery_returns`);

/** A video's reserved box (the player scales it): 16:9. */
const VIDEO_BOX = { width: 1280, height: 720 };

/**
 * Creates a draft from the shared schema's input (colours, sizes, video links; pictures are uploaded
 * to it afterwards): the row, its colours and sizes and one audit entry in one batch.
 */
export async function createProduct(ctx: ServiceContext, input: unknown) {
  const staff = await requireStaff(ctx);
  const p = parseInput(productInputSchema, input);
  if (p.media?.some((m) => m.type === "image")) throw invalidInput(M.mediaUnknown, { media: M.mediaUnknown });
  await checkReferences(ctx, p, null);
  const now = ctx.now().getTime();
  const byId = sql`(select id from products where slug = ${p.slug})`;
  const statements: Stmt[] = [
    ctx.db.run(sql`insert into products (${PRODUCT_COLUMN_NAMES}, is_active, updated_at, created_at)
      values (${productColumns(p)}, 0, ${now}, ${now})`),
    ...p.colors.map((c, i) =>
      ctx.db.run(sql`insert into product_colors (product_id, name, hex, position) values (${byId}, ${c.name}, ${c.hex}, ${i})`),
    ),
    ...p.sizes.map((s, i) =>
      ctx.db.run(sql`insert into product_sizes (product_id, size, price_paise, discount_price_paise, stock, position)
        values (${byId}, ${s.size}, ${s.price}, ${s.discountPrice}, ${s.stock}, ${i})`),
    ),
    ...(p.media ?? []).map((m, i) =>
      ctx.db.run(sql`insert into product_media (product_id, type, url, alt, width, height, position, color)
        values (${byId}, 'video', ${m.url}, ${m.alt}, ${VIDEO_BOX.width}, ${VIDEO_BOX.height}, ${i}, ${m.color})`),
    ),
    ctx.db.run(sql`insert into audit_log (actor_id, action, entity, entity_id, before, after, created_at)
      select ${staff.id}, 'product.create', 'product', cast(id as text), 'null', ${JSON.stringify(auditView(p))}, ${now}
      from products where slug = ${p.slug}`),
    ctx.db.all<{ id: number }>(sql`select id from products where slug = ${p.slug}`),
  ];
  let results: unknown[];
  try {
    results = await batch(ctx, statements);
  } catch (error) {
    return translateSlugConflict(ctx, error, p.slug);
  }
  const [created] = results.at(-1) as { id: number }[];
  const id = Number(created!.id);
  return { id, message: M.created };
}

/** The product as the input compares it (for "nothing changed"). */
function sameAs(before: EditableProduct, p: ProductInput): boolean {
  const b = before;
  const sameMedia =
    p.media === undefined ||
    JSON.stringify(b.media.map((m) => [m.id, m.type, m.type === "video" ? m.url : "", m.alt, m.color])) ===
      JSON.stringify(p.media.map((m) => [m.id ?? null, m.type, m.type === "video" ? m.url : "", m.alt, m.color]));
  return (
    sameMedia &&
    JSON.stringify([
      b.name,
      b.slug,
      b.brand,
      b.description,
      b.paragraph1,
      b.paragraph2,
      b.categoryId,
      b.subcategoryId,
      b.details,
      b.meta,
      b.colors,
      b.sizes.map((s) => [s.size, s.pricePaise, s.discountPricePaise, s.stock]),
    ]) ===
      JSON.stringify([
        p.name,
        p.slug,
        p.brand,
        p.description,
        p.paragraph1,
        p.paragraph2,
        p.categoryId,
        p.subcategoryId,
        { ...p.details, countryOfOrigin: p.details.countryOfOrigin || "India" },
        p.meta,
        p.colors,
        p.sizes.map((s) => [s.size, s.price, s.discountPrice, stockAfter(s, b.sizes.find((x) => x.size === s.size)?.stock)]),
      ])
  );
}

/** The stock a save leaves: the form's figure, or (when it says what it showed) today's plus the change made. */
function stockAfter(s: ProductInput["sizes"][number], current: number | undefined): number {
  if (s.stockWas === undefined || current === undefined) return s.stock;
  return Math.max(0, current + (s.stock - s.stockWas));
}

/**
 * Saves the whole product: its row, colours (replaced), sizes (kept by size: same id, new price and
 * stock; new ones added; removed ones deleted with the cart lines holding them) and, when sent, its
 * media list (order, alt text, video links; pictures left out are removed, from R2 too). One batch
 * with one audit entry; nothing changed, nothing written.
 */
export async function updateProduct(ctx: ServiceContext, idInput: unknown, input: unknown) {
  const staff = await requireStaff(ctx);
  const id = productId(idInput);
  const p = parseInput(productInputSchema, input);
  const before = await editable(ctx, id);
  if (p.media) {
    const own = new Set(before.media.map((m) => m.id));
    const bad = p.media.findIndex((m) => m.id !== undefined && !own.has(m.id));
    if (bad >= 0) throw invalidInput(M.mediaUnknown, { [`media.${bad}.id`]: M.mediaUnknown });
  }
  if (sameAs(before, p)) return { id, changed: false, message: M.noChange, product: before };
  const { categoryName } = await checkReferences(ctx, p, id);
  const now = ctx.now().getTime();
  const exists = sql`exists (select 1 from products where id = ${id})`;
  const kept = p.sizes.map((s) => s.size);
  const goneSizes = sql`(select id from product_sizes where product_id = ${id} and size not in (${sql.join(
    kept.map((k) => sql`${k}`),
    sql`, `,
  )}))`;
  const keptMedia = (p.media ?? []).flatMap((m) => (m.id === undefined ? [] : [m.id]));
  const statements: Stmt[] = [
    ctx.db.run(sql`update products set ${productSet(p)}, updated_at = ${now} where id = ${id}`),
    ctx.db.run(sql`delete from product_colors where product_id = ${id}`),
    ...p.colors.map((c, i) =>
      ctx.db.run(sql`insert into product_colors (product_id, name, hex, position) select ${id}, ${c.name}, ${c.hex}, ${i} where ${exists}`),
    ),
    // Sizes taken off: their cart lines go (the cart drops them), orders keep their copy without the link.
    ctx.db.run(sql`delete from cart_lines where size_id in ${goneSizes}`),
    ctx.db.run(sql`update order_lines set size_id = null where size_id in ${goneSizes}`),
    ctx.db.run(sql`delete from product_sizes where id in ${goneSizes}`),
    ...p.sizes.map((s, i) =>
      ctx.db.run(sql`insert into product_sizes (product_id, size, price_paise, discount_price_paise, stock, position)
        select ${id}, ${s.size}, ${s.price}, ${s.discountPrice}, ${s.stock}, ${i} where ${exists}
        on conflict (product_id, size) do update set price_paise = excluded.price_paise,
          discount_price_paise = excluded.discount_price_paise, position = excluded.position,
          stock = ${s.stockWas === undefined ? sql`excluded.stock` : sql`max(0, product_sizes.stock + ${s.stock - s.stockWas})`}`),
    ),
  ];
  let removedMedia = 0;
  if (p.media) {
    removedMedia = statements.length;
    statements.push(
      ctx.db.all<{ url: string }>(
        sql`delete from product_media where product_id = ${id} and id not in (${sql.join(
          keptMedia.length ? keptMedia.map((m) => sql`${m}`) : [sql`0`],
          sql`, `,
        )}) returning url`,
      ),
    );
    p.media.forEach((m, i) => {
      statements.push(
        m.id === undefined
          ? ctx.db.run(sql`insert into product_media (product_id, type, url, alt, width, height, position, color)
              select ${id}, 'video', ${m.url}, ${m.alt}, ${VIDEO_BOX.width}, ${VIDEO_BOX.height}, ${i}, ${m.color} where ${exists}`)
          : ctx.db.run(sql`update product_media set alt = ${m.alt}, position = ${i}, color = ${m.color},
              url = case when type = 'video' then ${m.url || null} else url end where id = ${m.id} and product_id = ${id}`),
      );
    });
  }
  statements.push(
    auditStatement(ctx.db, {
      actorId: staff.id,
      action: "product.update",
      entity: "product",
      entityId: id,
      before: auditView({
        ...p,
        name: before.name,
        slug: before.slug,
        brand: before.brand,
        description: before.description,
        categoryId: before.categoryId,
        subcategoryId: before.subcategoryId,
        colors: before.colors,
        sizes: before.sizes.map((s) => ({
          size: s.size,
          price: s.pricePaise,
          discountPrice: s.discountPricePaise,
          stock: s.stock,
          stockWas: undefined,
        })),
      }),
      after: auditView(p),
      at: new Date(now),
      when: exists,
    }),
  );
  let results: unknown[];
  try {
    results = await batch(ctx, statements);
  } catch (error) {
    return translateSlugConflict(ctx, error, p.slug);
  }
  if (removedMedia)
    await removeFromR2(
      ctx,
      (results[removedMedia] as { url: string }[]).map((r) => r.url),
    );
  const after = { path: productPath(categoryName, p.slug), categoryId: p.categoryId };
  await purgeProducts(ctx, [shown(before), after]);
  return { id, changed: true, message: M.saved, product: await editable(ctx, id) };
}
