import { relations, sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { productSizes, products } from "./catalog";
import { createdAt, timestamp } from "./columns";
import { coupons } from "./shopping";

export const PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded"] as const;
export const ORDER_STATUSES = ["placed", "confirmed", "shipped", "delivered", "cancelled"] as const;
export const PAYMENT_METHODS = ["bank", "cashOnDelivery"] as const;
export const RETURN_STATUSES = ["requested", "approved", "declined", "received", "refunded", "exchanged"] as const;
export const RETURN_KINDS = ["refund", "exchange"] as const;
export const REFUND_SOURCES = ["cancellation", "return", "late-payment"] as const;
export const REFUND_METHODS = ["original", "bank-transfer", "upi"] as const;

/**
 * An order keeps a snapshot of its address and prices: later catalogue edits never change it.
 * `orderNumber` is short, sequential and what shoppers see; the first 100 are gift-eligible.
 */
export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderNumber: integer("order_number").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    guestEmail: text("guest_email"),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    orderStatus: text("order_status", { enum: ORDER_STATUSES }).notNull().default("placed"),
    subtotalPaise: integer("subtotal_paise").notNull(),
    discountPaise: integer("discount_paise").notNull().default(0),
    shippingPaise: integer("shipping_paise").notNull(),
    totalPaise: integer("total_paise").notNull(),
    couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    giftEligible: integer("gift_eligible", { mode: "boolean" }).notNull().default(false),
    shipFullName: text("ship_full_name").notNull(),
    shipStreetAddress: text("ship_street_address").notNull(),
    shipApartment: text("ship_apartment").notNull().default(""),
    shipTownCity: text("ship_town_city").notNull(),
    shipState: text("ship_state").notNull(),
    shipZipcode: text("ship_zipcode").notNull(),
    shipPhoneNumber: text("ship_phone_number").notNull(),
    shipEmailAddress: text("ship_email_address").notNull(),
    /** The payment provider's order id (online payments). */
    providerOrderId: text("provider_order_id"),
    providerPaymentId: text("provider_payment_id"),
    /** A pending online order holds its stock until then; a scheduled job releases it after. */
    expiresAt: timestamp("expires_at"),
    paidAt: timestamp("paid_at"),
    /**
     * The checkout it was placed from (a key the form or the API client sends): placing the same
     * checkout twice (a double click, a retried request) finds this order instead of making another.
     */
    checkoutKey: text("checkout_key"),
    /**
     * A random mark of the batch that last changed this order: the statements after the first in one
     * batch act only on the order the first one really changed (see workers/services/orders/order-claims.ts).
     */
    claim: text("claim"),
    /** Whether the order's stock is taken from the shelf now (a pending order that expired gave it back). */
    stockHeld: integer("stock_held", { mode: "boolean" }).notNull().default(true),
    /** She asked to keep this address in her profile: done when the order is placed (cash) or its payment confirmed (online). */
    saveAddress: integer("save_address", { mode: "boolean" }).notNull().default(false),
    /** Bought from the cart (cleared when the order is placed or paid), not with Buy Now. */
    fromCart: integer("from_cart", { mode: "boolean" }).notNull().default(false),
    /** Paid after it expired and its stock was gone: the shop owes the shopper a refund. */
    refundDue: integer("refund_due", { mode: "boolean" }).notNull().default(false),
    /** SHA-256 of the unguessable token in a guest's order link (/thankyou?order=..&key=..). */
    accessHash: text("access_hash"),
    /** Fulfilment: the courier and tracking number given when shipped, and when each step happened. */
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    confirmedAt: timestamp("confirmed_at"),
    shippedAt: timestamp("shipped_at"),
    deliveredAt: timestamp("delivered_at"),
    cancelledAt: timestamp("cancelled_at"),
    /** A paid order cancelled is refund due until the refund is made, with the provider's or bank's reference. */
    refundedAt: timestamp("refunded_at"),
    refundReference: text("refund_reference"),
    /**
     * The tax invoice as issued when the order was confirmed (JSON): the seller's GSTIN and address,
     * each line's HSN code, the GST rule and the figures of that day, so a reprint is the same
     * invoice whatever Settings or the catalogue say later. Null before confirmation.
     */
    invoice: text("invoice"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("orders_order_number_idx").on(t.orderNumber),
    uniqueIndex("orders_checkout_key_idx").on(t.checkoutKey),
    index("orders_claim_idx").on(t.claim),
    index("orders_coupon_user_idx").on(t.couponId, t.userId),
    uniqueIndex("orders_provider_order_idx").on(t.providerOrderId),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_pending_expiry_idx").on(t.paymentStatus, t.expiresAt),
    index("orders_status_idx").on(t.orderStatus, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    check("orders_total_check", sql`${t.totalPaise} >= 0 AND ${t.subtotalPaise} >= 0`),
  ],
);

export const orderLines = sqliteTable(
  "order_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    sizeId: integer("size_id").references(() => productSizes.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    image: text("image").notNull().default(""),
    color: text("color").notNull(),
    size: text("size").notNull(),
    quantity: integer("quantity").notNull(),
    unitPricePaise: integer("unit_price_paise").notNull(),
    originalUnitPricePaise: integer("original_unit_price_paise").notNull(),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    index("order_lines_product_idx").on(t.productId),
    check("order_lines_quantity_check", sql`${t.quantity} >= 1`),
  ],
);

/** Every payment confirmation we received, keyed by the provider's event id so repeats are no-ops. */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: text("event_id").notNull(),
    source: text("source", { enum: ["webhook", "verify"] }).notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    payload: text("payload").notNull(),
    /** The batch that recorded it (see orders.claim): a repeated event id records nothing and changes nothing. */
    claim: text("claim"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("payment_events_event_idx").on(t.eventId)],
);

/**
 * A shopper's request to send pieces of a delivered order back, for a refund or (for a size reason)
 * another size; it moves requested -> approved | declined -> received -> refunded | exchanged
 * (docs/product/orders.md, "After the purchase"). Each move is checked in the statement that writes it.
 */
export const returnRequests = sqliteTable(
  "return_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: RETURN_KINDS }).notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: RETURN_STATUSES }).notNull().default("requested"),
    pickupCourier: text("pickup_courier"),
    pickupTracking: text("pickup_tracking"),
    declineReason: text("decline_reason"),
    exchangeCourier: text("exchange_courier"),
    exchangeTracking: text("exchange_tracking"),
    approvedAt: timestamp("approved_at"),
    declinedAt: timestamp("declined_at"),
    receivedAt: timestamp("received_at"),
    closedAt: timestamp("closed_at"),
    /** The batch that last moved it (as orders.claim). */
    claim: text("claim"),
    createdAt: createdAt(),
  },
  (t) => [index("return_requests_order_idx").on(t.orderId), index("return_requests_status_idx").on(t.status, t.createdAt)],
);

/** The pieces of one order line a return request covers; at most one open request per line. */
export const returnLines = sqliteTable(
  "return_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    requestId: integer("request_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** The size she asked for instead (an exchange), held for her from the request on. */
    exchangeSizeId: integer("exchange_size_id").references(() => productSizes.id, { onDelete: "set null" }),
    exchangeSize: text("exchange_size"),
    /** Open until the request is declined, refunded or exchanged. */
    open: integer("open", { mode: "boolean" }).notNull().default(true),
    /** On receipt: pieces back on the shelf, and pieces written off as damaged. */
    restocked: integer("restocked").notNull().default(0),
    writtenOff: integer("written_off").notNull().default(0),
  },
  (t) => [
    index("return_lines_request_idx").on(t.requestId),
    uniqueIndex("return_lines_open_line_idx").on(t.orderLineId).where(sql`${t.open} = 1`),
    check("return_lines_quantity_check", sql`${t.quantity} >= 1`),
  ],
);

/**
 * Money the shop gave back, from a cancellation, a return, or a payment that came after its order
 * lapsed. After an invoice was issued each refund has a credit note of its own series.
 */
export const refunds = sqliteTable(
  "refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    returnRequestId: integer("return_request_id").references(() => returnRequests.id, { onDelete: "set null" }),
    source: text("source", { enum: REFUND_SOURCES }).notNull(),
    amountPaise: integer("amount_paise").notNull(),
    method: text("method", { enum: REFUND_METHODS }).notNull(),
    reference: text("reference").notNull(),
    creditNoteNumber: text("credit_note_number"),
    createdAt: createdAt(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    uniqueIndex("refunds_credit_note_idx").on(t.creditNoteNumber),
    check("refunds_amount_check", sql`${t.amountPaise} > 0`),
  ],
);

export const ordersRelations = relations(orders, ({ many, one }) => ({
  lines: many(orderLines),
  user: one(users, { fields: [orders.userId], references: [users.id] }),
}));

export const orderLinesRelations = relations(orderLines, ({ one }) => ({
  order: one(orders, { fields: [orderLines.orderId], references: [orders.id] }),
}));
