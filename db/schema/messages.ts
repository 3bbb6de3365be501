import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, timestamp } from "./columns";

export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

export const ENQUIRY_TYPES = ["Product", "Bulk", "Custom", "General"] as const;

export const enquiries = sqliteTable("enquiries", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  fullName: text("full_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull().default(""),
  enquiryType: text("enquiry_type", { enum: ENQUIRY_TYPES }).notNull(),
  message: text("message").notNull(),
  preferredContactMethod: text("preferred_contact_method", { enum: ["Email", "Phone"] })
    .notNull()
    .default("Email"),
  preferredTime: text("preferred_time").notNull().default(""),
  createdAt: createdAt(),
});

/** Outgoing mail. Local and test runs read it at /dev/mailbox; production also records what it sent. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    sentAt: timestamp("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.createdAt)],
);
