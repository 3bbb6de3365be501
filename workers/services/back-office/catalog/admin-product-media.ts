import { sql } from "drizzle-orm";
import { readImageInfo } from "../../catalog/image";
import type { ServiceContext } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { invalidInput } from "../../platform/validate";
import { auditStatement, requireStaff } from "../staff";
import { purgeProducts } from "../storefront-purge";
import { batch, editable, productId, removeFromR2, shown } from "./admin-products";
import { IMAGE_TYPES, PRODUCT_MESSAGES as M, PRODUCT_LIMITS } from "./admin-products.rules";

/** A product's pictures (uploaded to R2, binding MEDIA) and video links in the back office. */

// ---------- pictures ----------

const isFile = (v: unknown): v is File =>
  typeof v === "object" && v !== null && typeof (v as File).arrayBuffer === "function" && typeof (v as File).size === "number";

/** The files of a form's field(s), leaving out the empty file input a browser sends when none was chosen. */
export function chosenFiles(values: readonly unknown[]): unknown[] {
  return values.filter((v) => !(isFile(v) && v.size === 0 && (v.name === "" || v.name === "blob")) && v !== "");
}

/**
 * Adds pictures to a product: each checked from its own bytes (JPEG, PNG or WebP, at most 5 MB, not
 * empty), stored in R2 under products/<id>/, then recorded with its width and height after the
 * product's other media, with alt text (the product's name unless given), in one batch with one audit
 * entry. A refused file refuses the whole upload: nothing is stored.
 */
export async function addProductImages(ctx: ServiceContext, idInput: unknown, filesInput: readonly unknown[], altInput?: unknown) {
  const staff = await requireStaff(ctx);
  const id = productId(idInput);
  const files = chosenFiles(filesInput);
  if (files.length === 0) throw invalidInput(M.imageNone, { images: M.imageNone });
  if (files.length > PRODUCT_LIMITS.imagesPerUpload) throw invalidInput(M.tooManyImages, { images: M.tooManyImages });
  const checked: { key: string; bytes: Uint8Array; type: string; width: number; height: number; name: string }[] = [];
  for (const file of files) {
    if (!isFile(file)) throw invalidInput(M.imageType, { images: M.imageType });
    const label = file.name ? `${file.name}: ` : "";
    if (file.size === 0) throw invalidInput(`${label}${M.imageEmpty}`, { images: `${label}${M.imageEmpty}` });
    if (file.size > PRODUCT_LIMITS.imageMaxBytes)
      throw new AppError(413, `${label}${M.imageTooLarge}`, { field: "images", fields: { images: `${label}${M.imageTooLarge}` } });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const info = readImageInfo(bytes);
    if (!info || !(IMAGE_TYPES as readonly string[]).includes(info.type))
      throw invalidInput(`${label}${M.imageType}`, { images: `${label}${M.imageType}` });
    checked.push({
      key: `products/${id}/${crypto.randomUUID()}.${info.ext}`,
      bytes,
      type: info.type,
      width: info.width,
      height: info.height,
      name: file.name,
    });
  }
  const before = await editable(ctx, id);
  const alt = typeof altInput === "string" && altInput.trim() ? altInput.trim().slice(0, PRODUCT_LIMITS.alt) : before.name;
  await Promise.all(
    checked.map((c) =>
      ctx.env.MEDIA.put(c.key, c.bytes, { httpMetadata: { contentType: c.type, cacheControl: "public, max-age=31536000, immutable" } }),
    ),
  );
  const exists = sql`exists (select 1 from products where id = ${id})`;
  const now = ctx.now().getTime();
  try {
    await batch(ctx, [
      ...checked.map((c) =>
        ctx.db.run(sql`insert into product_media (product_id, type, url, alt, width, height, position)
          select ${id}, 'image', ${`/media/${c.key}`}, ${alt}, ${c.width}, ${c.height},
            coalesce((select max(position) + 1 from product_media where product_id = ${id}), 0) where ${exists}`),
      ),
      ctx.db.run(sql`update products set updated_at = ${now} where id = ${id}`),
      auditStatement(ctx.db, {
        actorId: staff.id,
        action: "product.images.add",
        entity: "product",
        entityId: id,
        before: null,
        after: { images: checked.map((c) => ({ url: `/media/${c.key}`, width: c.width, height: c.height })) },
        at: new Date(now),
        when: exists,
      }),
    ]);
  } catch (error) {
    await removeFromR2(
      ctx,
      checked.map((c) => `/media/${c.key}`),
    );
    throw error;
  }
  await purgeProducts(ctx, [shown(before)]);
  const product = await editable(ctx, id);
  return { id, message: M.imagesAdded, product, added: product.media.filter((m) => checked.some((c) => m.url === `/media/${c.key}`)) };
}

/** Removes one picture or video link from a product (and the picture from R2). */
export async function removeProductMedia(ctx: ServiceContext, idInput: unknown, mediaInput: unknown) {
  const staff = await requireStaff(ctx);
  const id = productId(idInput);
  const mediaId = productId(mediaInput);
  const before = await editable(ctx, id);
  const [removed] = await ctx.db.batch([
    ctx.db.all<{ url: string }>(sql`delete from product_media where id = ${mediaId} and product_id = ${id} returning url`),
    auditStatement(ctx.db, {
      actorId: staff.id,
      action: "product.media.remove",
      entity: "product",
      entityId: id,
      before: { mediaId },
      after: null,
      at: ctx.now(),
      when: sql`changes() = 1`,
    }),
  ]);
  if (removed.length === 0) throw new AppError(404, M.mediaUnknown);
  await removeFromR2(
    ctx,
    removed.map((r) => r.url),
  );
  await purgeProducts(ctx, [shown(before)]);
  return { id, message: M.imageRemoved };
}
