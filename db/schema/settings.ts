import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";

/**
 * Shop settings the owner may change without a deploy (issue 12: the delivery charge and the
 * free-shipping threshold; issue 14 adds the rest). One row a setting, its value as JSON; a setting
 * with no row has its default from workers/services/settings.ts.
 */
export const shopSettings = sqliteTable("shop_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});
