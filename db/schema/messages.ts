import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt, timestamp } from "./columns";

export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  /** Back office inbox: first opened by staff, and marked handled. */
  readAt: timestamp("read_at"),
  handledAt: timestamp("handled_at"),
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
  /** The order an "Order Cancellation Query" names (sent as a General enquiry, docs/product/content.md). */
  orderNumber: integer("order_number"),
  readAt: timestamp("read_at"),
  handledAt: timestamp("handled_at"),
  createdAt: createdAt(),
});

/** A staff reply to a contact message or an enquiry, mailed to the sender through the Mailer. */
export const messageReplies = sqliteTable(
  "message_replies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["contact", "enquiry"] }).notNull(),
    messageId: integer("message_id").notNull(),
    staffId: integer("staff_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("message_replies_message_idx").on(t.kind, t.messageId, t.createdAt)],
);

/** "held": written with an online order, released when its payment is confirmed (workers/services/orders/order-payments.ts). */
export const MAIL_STATUSES = ["held", "queued", "sent", "dead"] as const;

/**
 * Outgoing mail, queued in the same batch as the change that causes it and delivered after the
 * response; failures are retried by the scheduled handler with backoff and marked dead after a day.
 * A row keeps the template's name and parameters, never a body: secret parameters (a sign-up code,
 * a reset link) are sealed with the server's key, so the table never holds them in clear.
 * Local and test runs read it at /dev/mailbox.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    template: text("template").notNull(),
    /** JSON of the template's parameters; secret ones sealed (see workers/services/platform/crypto.ts). */
    params: text("params").notNull(),
    /** The subject as sent, with any code masked: enough to list the mail without opening it. */
    subject: text("subject").notNull(),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** When the next delivery may start; a claim moves it on, so two senders never take one mail. */
    nextAttemptAt: timestamp("next_attempt_at").notNull(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.createdAt), index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);
