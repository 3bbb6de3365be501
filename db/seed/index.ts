import path from "node:path";
import { count, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { hashPassword } from "../password";
import * as schema from "../schema";
import { CATEGORIES, COUPONS, PRODUCTS } from "./catalogue";
import { buildImages, productImages } from "./images";

export { CATEGORIES, COUPONS, PRODUCTS } from "./catalogue";
export { buildImages, productImages } from "./images";

type Db = LibSQLDatabase<Record<string, never>>;

/** Rows per INSERT: well under SQLite's bound-parameter limit, and small requests for hosted libSQL. */
const CHUNK = 100;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

// Foreign keys are resolved inside the statements by slug, so the whole catalogue goes in as one
// atomic batch (one round trip) without first reading back generated ids.
const categoryId = (slug: string): SQL<number> => sql`(select id from categories where slug = ${slug})`;
const productId = (slug: string): SQL<number> => sql`(select id from products where slug = ${slug})`;
const subcategoryId = (category: string, slug: string): SQL<number> =>
  sql`(select s.id from subcategories s join categories c on c.id = s.category_id where c.slug = ${category} and s.slug = ${slug})`;

/**
 * The local demo database's back-office owner, written in docs/product/back-office.md. Local and test
 * databases only: a production database is migrated, never seeded (its owner is made with
 * `npm run admin:create`).
 */
export const DEMO_OWNER = { email: "owner@aanchal.local", password: "Aanchal@Owner1", name: "Aanchal Owner", mobile: "9811024680" };

/** Adds the demo owner if no account has that e-mail yet. */
async function seedOwner(db: Db): Promise<void> {
  await db
    .insert(schema.users)
    .values({
      name: DEMO_OWNER.name,
      email: DEMO_OWNER.email,
      mobile: DEMO_OWNER.mobile,
      passwordHash: await hashPassword(DEMO_OWNER.password),
      isVerified: true,
      role: "owner",
    })
    .onConflictDoNothing();
}

/** Inserts the demo catalogue once (does nothing when any category exists) and the demo owner. */
export async function seedDatabase(db: Db): Promise<{ seeded: boolean }> {
  await seedOwner(db);
  const [existing] = await db.select({ n: count() }).from(schema.categories);
  if ((existing?.n ?? 0) > 0) return { seeded: false };

  const { categories, subcategories, products, productMedia, productColors, productSizes, reviews, coupons } = schema;
  const statements: BatchItem<"sqlite">[] = [
    db
      .insert(categories)
      .values(CATEGORIES.map((c, i) => ({ slug: c.slug, name: c.name, icon: `/media/categories/${c.slug}.svg`, position: i }))),
  ];
  const subRows = CATEGORIES.flatMap((c) => c.subcategories.map((s) => ({ categoryId: categoryId(c.slug), ...s })));
  if (subRows.length) statements.push(db.insert(subcategories).values(subRows));

  const productRows = PRODUCTS.map(({ colours, sizes, reviews, art, category, subcategory, ...p }) => ({
    ...p,
    categoryId: categoryId(category),
    subcategoryId: subcategory ? subcategoryId(category, subcategory) : null,
  }));
  const mediaRows = PRODUCTS.flatMap((p) =>
    productImages(p).map((img, position) => ({
      productId: productId(p.slug),
      type: "image" as const,
      url: `/media/${img.key}`,
      alt: img.alt,
      width: img.width,
      height: img.height,
      color: img.colour ?? null,
      position,
    })),
  );
  const colourRows = PRODUCTS.flatMap((p) => p.colours.map((c, position) => ({ productId: productId(p.slug), ...c, position })));
  const sizeRows = PRODUCTS.flatMap((p) => p.sizes.map((s, position) => ({ productId: productId(p.slug), ...s, position })));
  const reviewRows = PRODUCTS.flatMap((p) => p.reviews.map((r) => ({ productId: productId(p.slug), ...r })));

  for (const rows of chunks(productRows)) statements.push(db.insert(products).values(rows));
  for (const rows of chunks(mediaRows)) statements.push(db.insert(productMedia).values(rows));
  for (const rows of chunks(colourRows)) statements.push(db.insert(productColors).values(rows));
  for (const rows of chunks(sizeRows)) statements.push(db.insert(productSizes).values(rows));
  for (const rows of chunks(reviewRows)) statements.push(db.insert(reviews).values(rows));
  statements.push(db.insert(coupons).values(COUPONS));

  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { seeded: true };
}

/**
 * Writes every generated image into the local R2 bucket that `wrangler dev` (and the Vite plugin)
 * read: `<persistRoot>/v3/r2`, bucket id = the bucket_name "aanchal-media" from wrangler.toml.
 */
export async function seedMedia(persistRoot: string): Promise<number> {
  const { Miniflare } = await import("miniflare");
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 404 }) } }",
    r2Buckets: { MEDIA: "aanchal-media" },
    r2Persist: path.resolve(persistRoot, "v3", "r2"),
    // Never reach out to Cloudflare for request.cf data: seeding must work offline.
    cf: false,
  });
  try {
    const bucket = await mf.getR2Bucket("MEDIA");
    const images = buildImages();
    for (let i = 0; i < images.length; i += 25) {
      await Promise.all(
        images.slice(i, i + 25).map((img) =>
          bucket.put(img.key, img.body, {
            // Keys carry no content hash, so browsers revalidate daily rather than caching forever.
            httpMetadata: { contentType: img.contentType, cacheControl: "public, max-age=2592000, stale-while-revalidate=86400" },
          }),
        ),
      );
    }
    return images.length;
  } finally {
    await mf.dispose();
  }
}
