import { relations, sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

export const categories = sqliteTable(
  "categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    icon: text("icon").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("categories_slug_idx").on(t.slug)],
);

export const subcategories = sqliteTable(
  "subcategories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
  },
  (t) => [uniqueIndex("subcategories_category_slug_idx").on(t.categoryId, t.slug)],
);

export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    brand: text("brand").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    subcategoryId: integer("subcategory_id").references(() => subcategories.id, { onDelete: "set null" }),
    paragraph1: text("paragraph1").notNull().default(""),
    paragraph2: text("paragraph2").notNull().default(""),
    metaTitle: text("meta_title").notNull().default(""),
    metaDescription: text("meta_description").notNull().default(""),
    metaKeywords: text("meta_keywords").notNull().default(""),
    fabric: text("fabric").notNull().default(""),
    fitType: text("fit_type").notNull().default(""),
    length: text("length").notNull().default(""),
    sleeveNeckType: text("sleeve_neck_type").notNull().default(""),
    patternPrint: text("pattern_print").notNull().default(""),
    occasionType: text("occasion_type").notNull().default(""),
    washCare: text("wash_care").notNull().default(""),
    countryOfOrigin: text("country_of_origin").notNull().default("India"),
    deliveryReturns: text("delivery_returns").notNull().default(""),
    /** Whether she may send it back: clearance, final-sale and hygiene pieces may not (the returns policy). */
    returnable: integer("returnable", { mode: "boolean" }).notNull().default(true),
    /**
     * Shoppers see a product only while it is active (published). The back office keeps
     * an unpublished product as a draft, or archives one an order still references instead of
     * deleting it: archived_at set, never active again until restored.
     */
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    archivedAt: integer("archived_at"),
    /** The last change in the back office (ms), for the list's "updated" column and edit conflicts. */
    updatedAt: integer("updated_at"),
    // How many reviews the product has and the sum of their ratings, kept by triggers on `reviews`
    // (migration 0003) in the same transaction as every review write, so cards never load reviews.
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("products_slug_idx").on(t.slug),
    index("products_category_idx").on(t.categoryId, t.createdAt),
    index("products_subcategory_idx").on(t.subcategoryId),
    index("products_created_idx").on(t.createdAt),
  ],
);

type ProductColumns = typeof products.$inferSelect;

/** A product's detail fields (the "details" table on its page), typed once, from the table. */
export type ProductDetails = Pick<
  ProductColumns,
  "fabric" | "fitType" | "length" | "sleeveNeckType" | "patternPrint" | "occasionType" | "washCare" | "countryOfOrigin" | "deliveryReturns"
>;

/** The detail fields as a statement names its columns: not `length`, since a libSQL row is array-like and its `length` counts the columns. */
export type ProductDetailsRow = Omit<ProductDetails, "length"> & { garmentLength: ProductDetails["length"] };

/** A product's own texts: its name and words on its page, and for search engines. */
export type ProductTexts = Pick<
  ProductColumns,
  "slug" | "name" | "description" | "brand" | "paragraph1" | "paragraph2" | "metaTitle" | "metaDescription" | "metaKeywords"
>;

export const productMedia = sqliteTable(
  "product_media",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["image", "video"] }).notNull(),
    url: text("url").notNull(),
    alt: text("alt").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: integer("position").notNull().default(0),
    /**
     * The colour the picture shows, as the product names it (one of its product_colors' names), or
     * null for one that shows no colour in particular. A name, not a row id: the product form
     * rewrites a product's colours on every save, and the name is what stays.
     */
    color: text("color"),
  },
  (t) => [index("product_media_product_idx").on(t.productId, t.position)],
);

export const productColors = sqliteTable(
  "product_colors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    hex: text("hex").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("product_colors_product_name_idx").on(t.productId, t.name)],
);

/** Price and stock live per size. Money is integer paise; stock can never go negative. */
export const productSizes = sqliteTable(
  "product_sizes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    pricePaise: integer("price_paise").notNull(),
    discountPricePaise: integer("discount_price_paise"),
    stock: integer("stock").notNull().default(0),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("product_sizes_product_size_idx").on(t.productId, t.size),
    check("product_sizes_stock_check", sql`${t.stock} >= 0`),
    check("product_sizes_price_check", sql`${t.pricePaise} > 0`),
    check(
      "product_sizes_discount_check",
      sql`${t.discountPricePaise} IS NULL OR (${t.discountPricePaise} > 0 AND ${t.discountPricePaise} <= ${t.pricePaise})`,
    ),
  ],
);

export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // Seeded demo reviews have no account behind them; real ones always do (one per user and product).
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name"),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull(),
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    /** Hidden by staff, with the reason: off the product page and out of its average. */
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    hiddenReason: text("hidden_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("reviews_product_idx").on(t.productId, t.createdAt),
    uniqueIndex("reviews_product_user_idx").on(t.productId, t.userId),
    check("reviews_rating_check", sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const categoriesRelations = relations(categories, ({ many }) => ({
  products: many(products),
  subcategories: many(subcategories),
}));

export const subcategoriesRelations = relations(subcategories, ({ one }) => ({
  category: one(categories, { fields: [subcategories.categoryId], references: [categories.id] }),
}));

export const productsRelations = relations(products, ({ one, many }) => ({
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
  subcategory: one(subcategories, { fields: [products.subcategoryId], references: [subcategories.id] }),
  media: many(productMedia),
  colors: many(productColors),
  sizes: many(productSizes),
  reviews: many(reviews),
}));

export const productMediaRelations = relations(productMedia, ({ one }) => ({
  product: one(products, { fields: [productMedia.productId], references: [products.id] }),
}));

export const productColorsRelations = relations(productColors, ({ one }) => ({
  product: one(products, { fields: [productColors.productId], references: [products.id] }),
}));

export const productSizesRelations = relations(productSizes, ({ one }) => ({
  product: one(products, { fields: [productSizes.productId], references: [products.id] }),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  product: one(products, { fields: [reviews.productId], references: [products.id] }),
}));
