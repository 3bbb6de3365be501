import { relations, sql } from "drizzle-orm";
import { check, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { productSizes, products } from "./catalog";
import { createdAt, timestamp } from "./columns";

// A shopper's cart line or wishlist entry goes with her account, and with the product.
const ownerId = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
const productId = () =>
  integer("product_id")
    .notNull()
    .references(() => products.id, { onDelete: "cascade" });

/** One line per product, size and colour; prices are never stored here, they are read at use. */
export const cartLines = sqliteTable(
  "cart_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    productId: productId(),
    sizeId: integer("size_id")
      .notNull()
      .references(() => productSizes.id, { onDelete: "cascade" }),
    color: text("color").notNull(),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cart_lines_user_item_idx").on(t.userId, t.sizeId, t.color),
    check("cart_lines_quantity_check", sql`${t.quantity} >= 1`),
  ],
);

export const wishlistEntries = sqliteTable(
  "wishlist_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    productId: productId(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("wishlist_entries_user_product_idx").on(t.userId, t.productId)],
);

/** A percentage value is whole percent; a flat value is paise. */
export const coupons = sqliteTable(
  "coupons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull(),
    discountType: text("discount_type", { enum: ["percentage", "flat"] }).notNull(),
    discountValue: integer("discount_value").notNull(),
    minSubtotalPaise: integer("min_subtotal_paise").notNull().default(0),
    startsAt: timestamp("starts_at"),
    endsAt: timestamp("ends_at"),
    usageLimit: integer("usage_limit"),
    perUserLimit: integer("per_user_limit"),
    usedCount: integer("used_count").notNull().default(0),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_idx").on(t.code),
    check("coupons_value_check", sql`${t.discountValue} > 0`),
    check("coupons_percentage_check", sql`${t.discountType} <> 'percentage' OR ${t.discountValue} <= 100`),
    check("coupons_usage_check", sql`${t.usageLimit} IS NULL OR ${t.usedCount} <= ${t.usageLimit}`),
  ],
);

export const cartLinesRelations = relations(cartLines, ({ one }) => ({
  product: one(products, { fields: [cartLines.productId], references: [products.id] }),
  size: one(productSizes, { fields: [cartLines.sizeId], references: [productSizes.id] }),
}));

export const wishlistEntriesRelations = relations(wishlistEntries, ({ one }) => ({
  product: one(products, { fields: [wishlistEntries.productId], references: [products.id] }),
}));
