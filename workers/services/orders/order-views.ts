/**
 * Orders as shoppers see them: the thank-you page, My Orders, the API's
 * `{ order }` and `{ orders }`, the order mails. The order service (order-placing.ts, order-payments.ts)
 * imports `orderViewQuery` and `toOrderViews` to answer a placed order in the placing batch itself.
 *
 * An order keeps its own snapshot (address, names, prices); the catalogue only adds what a shopper
 * follows today: the product's page and its first picture, or nothing when the product is gone.
 */
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import type { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "../../../db/schema";
import { readAsUser } from "../accounts/session";
import type { ServiceContext } from "../platform/context";
import { constantTimeEqual, sha256Hex } from "../platform/crypto";
import { AppError, notFound } from "../platform/errors";
import { productPath } from "../platform/paths";
import { parseInput } from "../platform/validate";
import type { OrderRefund } from "./credit-notes";
import { orderMessages } from "./order-views.rules";
import { RETURNS_COLUMN, type ReturnRequestView, toReturnViews } from "./return-views";

export interface OrderLineView {
  /** The order line's id: what a return request names. */
  id: number;
  productId: number | null;
  name: string;
  /** The product's page, or null when the product is gone. */
  href: string | null;
  image: { url: string; alt: string; width: number; height: number } | null;
  color: string;
  size: string;
  quantity: number;
  unitPricePaise: number;
  originalUnitPricePaise: number;
}

/** Where an order goes, as stored with it (a copy: a later change to her address book leaves it as it was). */
export interface OrderShipping {
  fullName: string;
  streetAddress: string;
  apartment: string;
  townCity: string;
  state: string;
  zipcode: string;
  phoneNumber: string;
  emailAddress: string;
}

export interface OrderView {
  id: number;
  orderNumber: number;
  /** ISO time. */
  createdAt: string;
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  paymentStatus: (typeof PAYMENT_STATUSES)[number];
  orderStatus: (typeof ORDER_STATUSES)[number];
  subtotalPaise: number;
  discountPaise: number;
  shippingPaise: number;
  totalPaise: number;
  couponCode: string | null;
  giftEligible: boolean;
  refundDue: boolean;
  /** ISO time it was cancelled by the shop or by her (null otherwise: an online order that lapsed unpaid has none). */
  cancelledAt: string | null;
  guest: boolean;
  /** Who carries it and its tracking number, once the shop has shipped it (null before). */
  courier: string | null;
  trackingNumber: string | null;
  shipping: OrderShipping;
  lines: OrderLineView[];
  /** ISO time it was delivered, or null; the returns window runs from it. */
  deliveredAt: string | null;
  /** Her return requests for it, oldest first. */
  returns: ReturnRequestView[];
  /** Whether its tax invoice was issued (at confirmation; a cancelled order keeps it). */
  invoiced: boolean;
  /** The money given back on it, oldest first (docs/product/after-the-purchase.md). */
  refunds: OrderRefund[];
}

/** My Orders shows at most this many, newest first. */
export const MY_ORDERS_LIMIT = 50;

/** One row of `orderViewQuery`: the order's columns, its owner and link hash, and its lines as JSON. */
export interface OrderViewRow extends OrderShipping {
  id: number;
  orderNumber: number;
  createdAt: number;
  paymentMethod: OrderView["paymentMethod"];
  paymentStatus: OrderView["paymentStatus"];
  orderStatus: OrderView["orderStatus"];
  subtotalPaise: number;
  discountPaise: number;
  shippingPaise: number;
  totalPaise: number;
  couponCode: string | null;
  giftEligible: number;
  refundDue: number;
  cancelledAt: number | null;
  courier: string | null;
  trackingNumber: string | null;
  userId: number | null;
  accessHash: string | null;
  deliveredAt: number | null;
  /** JSON: see return-views.ts. */
  returns: string | null;
  invoiced: number;
  /** JSON: [[id, source, amountPaise, method, reference, creditNoteNumber, createdAt], ...] */
  refunds: string | null;
  /** JSON: [[lineId, productId, name, categoryName, slug, active, [url, alt, width, height] | null, storedImage, color, size, quantity, unit, original], ...] */
  lines: string;
}

type LineTuple = [
  lineId: number,
  productId: number | null,
  name: string,
  categoryName: string | null,
  slug: string | null,
  active: number | null,
  media: [string, string, number, number] | null,
  storedImage: string,
  color: string,
  size: string,
  quantity: number,
  unitPricePaise: number,
  originalUnitPricePaise: number,
];

/**
 * A line's product page and first picture come from the catalogue (as the cart's lines read theirs,
 * workers/services/shopping/cart.ts); a line whose product was deleted keeps its name, prices and the picture
 * stored with it.
 */
const ORDER_COLUMNS = sql.raw(`o.id as id, o.order_number as orderNumber, o.created_at as createdAt,
  o.payment_method as paymentMethod, o.payment_status as paymentStatus, o.order_status as orderStatus,
  o.subtotal_paise as subtotalPaise, o.discount_paise as discountPaise, o.shipping_paise as shippingPaise,
  o.total_paise as totalPaise, o.coupon_code as couponCode, o.gift_eligible as giftEligible, o.refund_due as refundDue,
  o.cancelled_at as cancelledAt, o.courier as courier, o.tracking_number as trackingNumber, o.user_id as userId, o.access_hash as accessHash,
  o.ship_full_name as fullName, o.ship_street_address as streetAddress, o.ship_apartment as apartment,
  o.ship_town_city as townCity, o.ship_state as state, o.ship_zipcode as zipcode, o.ship_phone_number as phoneNumber,
  o.ship_email_address as emailAddress,
  (select json_group_array(json_array(l.id, l.product_id, l.product_name, c.name, p.slug, p.is_active,
      json((select json_array(m.url, m.alt, m.width, m.height) from product_media m
        where m.product_id = l.product_id and m.type = 'image' order by m.position, m.id limit 1)),
      l.image, l.color, l.size, l.quantity, l.unit_price_paise, l.original_unit_price_paise))
    from order_lines l left join products p on p.id = l.product_id left join categories c on c.id = p.category_id
    where l.order_id = o.id) as lines, o.delivered_at as deliveredAt, ${RETURNS_COLUMN},
  o.invoice is not null as invoiced,
  (select json_group_array(json_array(r.id, r.source, r.amount_paise, r.method, r.reference, r.credit_note_number, r.created_at))
    from (select * from refunds r where r.order_id = o.id order by r.id) r) as refunds`);

/**
 * The orders `o` matching `where` (a condition on the alias `o`, e.g. sql`o.id = ${id}`) with their
 * lines, newest first: one statement, so it can join a `db.batch` (the placing batch) or `ctx.read`.
 */
export function orderViewQuery(db: Db, where: SQL, options: { limit?: number } = {}) {
  const limit = options.limit === undefined ? sql`` : sql` limit ${options.limit}`;
  return db.all<OrderViewRow>(sql`select ${ORDER_COLUMNS} from orders o where ${where} order by o.created_at desc, o.id desc${limit}`);
}

const PLACEHOLDER_SIZE = { width: 800, height: 1000 };

function toLineView(t: LineTuple): OrderLineView {
  const [id, productId, name, categoryName, slug, active, media, storedImage, color, size, quantity, unit, original] = t;
  const live = productId !== null && categoryName !== null && slug !== null && Number(active) === 1;
  const image = media
    ? { url: media[0], alt: media[1], width: Number(media[2]), height: Number(media[3]) }
    : storedImage
      ? { url: storedImage, alt: name, ...PLACEHOLDER_SIZE }
      : null;
  return {
    id: Number(id),
    productId: productId === null ? null : Number(productId),
    name,
    href: live ? productPath(categoryName, slug) : null,
    image,
    color,
    size,
    quantity: Number(quantity),
    unitPricePaise: Number(unit),
    originalUnitPricePaise: Number(original),
  };
}

function toOrderView(row: OrderViewRow): OrderView {
  const tuples = (row.lines ? (JSON.parse(row.lines) as LineTuple[]) : []).sort((a, b) => a[0] - b[0]);
  return {
    id: Number(row.id),
    orderNumber: Number(row.orderNumber),
    createdAt: new Date(Number(row.createdAt)).toISOString(),
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    orderStatus: row.orderStatus,
    subtotalPaise: Number(row.subtotalPaise),
    discountPaise: Number(row.discountPaise),
    shippingPaise: Number(row.shippingPaise),
    totalPaise: Number(row.totalPaise),
    couponCode: row.couponCode,
    giftEligible: Number(row.giftEligible) === 1,
    refundDue: Number(row.refundDue) === 1,
    cancelledAt: row.cancelledAt === null || row.cancelledAt === undefined ? null : new Date(Number(row.cancelledAt)).toISOString(),
    guest: row.userId === null,
    courier: row.courier ?? null,
    trackingNumber: row.trackingNumber ?? null,
    shipping: {
      fullName: row.fullName,
      streetAddress: row.streetAddress,
      apartment: row.apartment,
      townCity: row.townCity,
      state: row.state,
      zipcode: row.zipcode,
      phoneNumber: row.phoneNumber,
      emailAddress: row.emailAddress,
    },
    lines: tuples.map(toLineView),
    deliveredAt: row.deliveredAt == null ? null : new Date(Number(row.deliveredAt)).toISOString(),
    returns: toReturnViews(row.returns),
    invoiced: Number(row.invoiced) === 1,
    refunds: toRefunds(row.refunds),
  };
}

type RefundTuple = [number, OrderRefund["source"], number, OrderRefund["method"], string, string | null, number];

function toRefunds(json: string | null): OrderRefund[] {
  const tuples = json ? (JSON.parse(json) as RefundTuple[]) : [];
  return tuples
    .sort((a, b) => a[0] - b[0])
    .map(([id, source, amount, method, reference, creditNoteNumber, at]) => ({
      id: Number(id),
      source,
      amountPaise: Number(amount),
      method,
      reference,
      creditNoteNumber,
      createdAt: new Date(Number(at)).toISOString(),
    }));
}

/** The rows of `orderViewQuery` as views, in the query's order (newest first). */
export function toOrderViews(rows: unknown): OrderView[] {
  return (rows as OrderViewRow[]).map(toOrderView);
}

/** The signed-in shopper's orders, newest first (at most 50), read with the session check (one round trip). 401 signed out. */
export async function myOrders(ctx: ServiceContext): Promise<OrderView[]> {
  const { data } = await readAsUser(ctx, (userId) => orderViewQuery(ctx.db, sql`o.user_id = ${userId}`, { limit: MY_ORDERS_LIMIT }));
  return toOrderViews(data);
}

/** A guest link's key as received: absent (null) or the link's letters; anything else is an invalid key. */
export const orderKeySchema = z
  .unknown()
  .transform((v) => (v === undefined || v === null || v === "" ? null : v))
  .pipe(
    z
      .string({ error: orderMessages.invalidKey })
      .regex(/^[A-Za-z0-9_-]{1,64}$/, orderMessages.invalidKey)
      .nullable(),
  );

const viewOrderSchema = z.object({
  order: z
    .unknown()
    .transform((v) => (typeof v === "number" && Number.isSafeInteger(v) ? String(v) : v))
    .pipe(z.string({ error: orderMessages.invalidNumber }).regex(/^\d{1,15}$/, orderMessages.invalidNumber))
    .transform(Number),
  key: orderKeySchema,
});

/**
 * The order with this number, for its owner (signed in) or for whoever holds its link's key (a
 * guest's order: sha256(key) equals its `access_hash`, compared in constant time). Anything else,
 * another shopper's order included, is the same 404 as a missing one. The session check and the
 * order travel in one batch.
 */
export async function viewOrder(ctx: ServiceContext, input: { order: unknown; key: unknown }): Promise<OrderView> {
  const { order, key } = parseInput(viewOrderSchema, input);
  const [user, rows, keyHash] = await Promise.all([
    ctx.user(),
    ctx.read(orderViewQuery(ctx.db, sql`o.order_number = ${order}`, { limit: 1 })),
    key === null ? null : sha256Hex(key),
  ]);
  const row = rows[0];
  if (!row || !mayViewOrder(row, user, keyHash)) throw notFound(orderMessages.notFound);
  return toOrderView(row);
}

/**
 * Why this visitor may act on the order: "owner" (she placed it and is signed in), "key" (she holds its
 * link's key: its hash, compared in constant time), or null (neither: the caller answers 404).
 */
export function orderAccess(
  row: Pick<OrderViewRow, "userId" | "accessHash">,
  user: { id: number } | null,
  keyHash: string | null,
): "owner" | "key" | null {
  if (user !== null && row.userId !== null && Number(row.userId) === user.id) return "owner";
  if (keyHash !== null && row.accessHash !== null && constantTimeEqual(keyHash, row.accessHash)) return "key";
  return null;
}

/** Whether this visitor may see the order: its owner signed in, or whoever holds its link's key. */
export const mayViewOrder = (row: Pick<OrderViewRow, "userId" | "accessHash">, user: { id: number } | null, keyHash: string | null) =>
  orderAccess(row, user, keyHash) !== null;

/** An order number and a guest link's key as a page or the API received them (400 for either malformed). */
export const parseOrderAccess = (input: { order: unknown; key: unknown }) => parseInput(viewOrderSchema, input);

const orderNumberSchema = z
  .unknown()
  .transform((v) => (typeof v === "number" ? String(v) : v))
  .pipe(z.string().regex(/^\d{1,15}$/))
  .transform(Number);

/** The back office's answer for an order number that names no order (or is no number at all). */
export const ORDER_NOT_FOUND = "Order not found";

/** An order number from a URL or a request body; anything else is the 404 an unknown order gets. */
export function parseOrderNumber(input: unknown): number {
  const parsed = orderNumberSchema.safeParse(input);
  if (!parsed.success || !Number.isSafeInteger(parsed.data)) throw new AppError(404, ORDER_NOT_FOUND);
  return parsed.data;
}
