import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";

/**
 * Shop settings the owner may change without a deploy (the delivery charge, the
 * free-shipping threshold and the rest of the owner's Settings page). One row a setting, its value as JSON; a setting
 * with no row has its default from workers/services/content/settings.ts.
 */
export const shopSettings = sqliteTable("shop_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});
