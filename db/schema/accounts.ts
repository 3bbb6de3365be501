import { relations } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, timestamp } from "./columns";

export const USER_ROLES = ["shopper", "staff", "owner"] as const;

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    /** Stored lower-cased so look-ups are exact. */
    email: text("email").notNull(),
    mobile: text("mobile").notNull(),
    /** Versioned hash string, e.g. `scrypt$N$r$p$salt$hash`. */
    passwordHash: text("password_hash").notNull(),
    isVerified: integer("is_verified", { mode: "boolean" }).notNull().default(false),
    profileImage: text("profile_image"),
    /** Bumped on logout-everywhere and password reset; tokens carry it and are refused once stale. */
    sessionVersion: integer("session_version").notNull().default(0),
    /** Back office: `staff` and `owner` may sign in to /admin; only the owner gives the staff role. */
    role: text("role", { enum: USER_ROLES }).notNull().default("shopper"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [uniqueIndex("users_email_idx").on(t.email)],
);

/**
 * Sign-up e-mail codes: stored hashed, valid 10 minutes, single use, at most 5 wrong tries. Each code
 * belongs to the sign-up that asked for it (`requestHash`, the hash of a token only that browser or
 * API client holds) and carries that sign-up's details, which become the account's only when the
 * code is verified. So a stranger signing up with someone else's e-mail can never set its password.
 */
export const signupCodes = sqliteTable(
  "signup_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    requestHash: text("request_hash").notNull().default(""),
    name: text("name").notNull().default(""),
    mobile: text("mobile").notNull().default(""),
    passwordHash: text("password_hash").notNull().default(""),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at").notNull(),
    consumedAt: timestamp("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("signup_codes_user_idx").on(t.userId, t.createdAt), index("signup_codes_request_idx").on(t.userId, t.requestHash)],
);

/** Password-reset links: random token stored hashed, valid 1 hour, single use. */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_resets_token_idx").on(t.tokenHash), index("password_resets_user_idx").on(t.userId)],
);

export const addresses = sqliteTable(
  "addresses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    streetAddress: text("street_address").notNull(),
    apartment: text("apartment").notNull().default(""),
    townCity: text("town_city").notNull(),
    state: text("state").notNull(),
    zipcode: text("zipcode").notNull(),
    phoneNumber: text("phone_number").notNull(),
    emailAddress: text("email_address").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("addresses_user_idx").on(t.userId)],
);

export const usersRelations = relations(users, ({ many }) => ({
  addresses: many(addresses),
}));

export const addressesRelations = relations(addresses, ({ one }) => ({
  user: one(users, { fields: [addresses.userId], references: [users.id] }),
}));

/**
 * Every change a staff member makes in the back office: who, what, to which row, when, and
 * the row's fields before and after (JSON). Only the owner reads it.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: text("before"),
    after: text("after"),
    /** A random mark of the batch that wrote it: an entry is written only when its change happened. */
    claim: text("claim"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt), index("audit_log_created_idx").on(t.createdAt)],
);

/**
 * A shopper's body measurements for the size finder (docs/product/size-finder.md): one row per
 * account, kept as she entered them, in her unit (`in` or `cm`), so the page says them back her way.
 */
export const bodyMeasurements = sqliteTable("body_measurements", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  unit: text("unit", { enum: ["in", "cm"] }).notNull(),
  bust: real("bust").notNull(),
  waist: real("waist").notNull(),
  hip: real("hip").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});
