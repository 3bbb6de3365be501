import { sql } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { settings } from "../../content/settings";
import { type ShopSettings, shopSettings } from "../../content/shop-settings";
import { SHOP_SETTING_DEFAULTS } from "../../content/shop-settings.rules";
import {
  computeGst,
  type GstCharge,
  type GstTotals,
  hsnFor,
  invoiceNumber,
  rupeesInWords,
  sameState,
  stateCode,
  type TaxSplit,
} from "../../orders/gst";
import {
  ORDER_NOT_FOUND,
  type OrderShipping,
  type OrderView,
  type OrderViewRow,
  orderViewQuery,
  parseOrderNumber,
  toOrderViews,
} from "../../orders/order-views";
import type { ServiceContext } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { indiaDay } from "../../platform/india-time.rules";
import { readAll } from "../../platform/read-batch";
import { requireStaff } from "../staff";
import { hasInvoice, INVOICE_NOT_YET, invoiceCancelled } from "./admin-invoice.rules";

/**
 * The tax invoice of an order, for the back office's invoice page and
 * `GET /api/admin/orders/:number/invoice`. The figures are gst.ts's; the shop's name, GSTIN, rates
 * and HSN codes come from settings.ts `tax`.
 *
 * An invoice is issued when the goods are on their way to being supplied: from confirmation on
 * (confirmed, shipped, delivered). A placed order has none yet, and one cancelled before it was
 * confirmed never has: both answer 409. One cancelled after confirmation keeps the invoice it was
 * issued (its refund's credit note goes against it). The shopper reads the same invoice through
 * workers/services/orders/order-invoice.ts, which checks that it is hers instead of staff. Its number is the order number within the financial year of the order's date, and it
 * is dated the order's day (GST allows the invoice at or before the goods leave), so printing it
 * again any day gives the same invoice.
 */

export interface InvoiceLine extends TaxSplit {
  name: string;
  size: string;
  color: string;
  hsn: string;
  quantity: number;
  /** Price of one piece, GST included, before the coupon. */
  unitPricePaise: number;
  grossPaise: number;
  discountPaise: number;
  taxablePaise: number;
  rate: number;
  taxPaise: number;
  /** What the line costs after its part of the discount, GST included. */
  totalPaise: number;
}

export interface InvoiceParty {
  name: string;
  state: string;
  /** The GST state code, or null for a state the code table does not know. */
  stateCode: string | null;
}

export interface Invoice {
  invoiceNumber: string;
  /** The invoice's day (India's time), YYYY-MM-DD. */
  invoiceDate: string;
  orderNumber: number;
  /** ISO time. */
  orderedAt: string;
  orderStatus: OrderView["orderStatus"];
  paymentMethod: OrderView["paymentMethod"];
  paymentStatus: OrderView["paymentStatus"];
  couponCode: string | null;
  seller: InvoiceParty & {
    legalName: string;
    address: { line1: string; line2: string; city: string; pin: string };
    gstin: string;
    email: string;
    phone: string;
  };
  buyer: InvoiceParty & { address: OrderShipping };
  placeOfSupply: { state: string; stateCode: string | null };
  /** Same state as the shop: CGST + SGST; otherwise IGST. */
  intraState: boolean;
  lines: InvoiceLine[];
  delivery: (GstCharge & { hsn: string }) | null;
  totals: GstTotals;
  amountInWords: string;
  /** The GST rule applied (its date and rates), printed on the invoice. */
  rule: { effective: string; thresholdPaise: number; lowRate: number; highRate: number };
}

/**
 * SAC 9965 (goods transport services): the delivery line's code. It is taxed with the goods as one
 * composite supply (at their highest rate), the code only names what the charge is.
 */
const DELIVERY_SAC = "9965";

export interface LineGoodsRow {
  id: number;
  category: string | null;
  subcategory: string | null;
}

/** The category and subcategory slugs of the order's lines (null for a deleted product), in line order. */
export const lineGoodsQuery = (db: Db, orderNumber: number) =>
  db.all<LineGoodsRow>(sql`select l.id, c.slug as category, s.slug as subcategory
    from order_lines l join orders o on o.id = l.order_id
      left join products p on p.id = l.product_id
      left join categories c on c.id = p.category_id
      left join subcategories s on s.id = p.subcategory_id
    where o.order_number = ${orderNumber} order by l.id`);

/** The invoice issued when the order was confirmed, if it was confirmed since invoices are kept. */
const issuedQuery = (db: Db, orderNumber: number) =>
  db.all<{ invoice: string | null }>(sql`select invoice from orders where order_number = ${orderNumber}`);

/**
 * An order's tax invoice, for staff (anyone else: 404). One round trip: the staff check, the order,
 * the invoice issued at its confirmation and what a not-yet-kept one is built from.
 */
export async function orderInvoice(ctx: ServiceContext, numberInput: unknown): Promise<Invoice> {
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  const orderNumber = parseOrderNumber(numberInput);
  const [, read] = await Promise.all([staff, readInvoice(ctx, orderNumber)]);
  const [order] = toOrderViews(read.rows);
  if (!order) throw new AppError(404, ORDER_NOT_FOUND);
  return invoiceOf(order, read);
}

/** What an invoice is made from, read in the request's batch: the order (with its owner), its lines' goods, the invoice kept on it. */
export interface InvoiceRead {
  rows: OrderViewRow[];
  goods: LineGoodsRow[];
  issued: { invoice: string | null }[];
  shop: ShopSettings;
}

/** The reads of an order's invoice, joined to the request's batch (the caller checks who asks, in the same batch). */
export async function readInvoice(ctx: ServiceContext, orderNumber: number): Promise<InvoiceRead> {
  const [[rows, goods, issued], shop] = await Promise.all([
    readAll(ctx, [
      orderViewQuery(ctx.db, sql`o.order_number = ${orderNumber}`, { limit: 1 }),
      lineGoodsQuery(ctx.db, orderNumber),
      issuedQuery(ctx.db, orderNumber),
    ]),
    shopSettings(ctx),
  ]);
  return { rows, goods, issued, shop };
}

/**
 * The invoice of an order once the caller has said who may see it. It is the one issued when the
 * order was confirmed (`issueInvoice`, kept on the order), so a reprint shows that day's GSTIN,
 * address, HSN codes and GST rule whatever changed since; only its order and payment status are
 * today's. An order confirmed then cancelled keeps it (its refund has a credit note against it). An
 * order confirmed before invoices were kept (none in a shop that starts with this version) has its
 * invoice built from today's settings, as before. 409 for an order that has none.
 */
export function invoiceOf(order: OrderView, read: Pick<InvoiceRead, "goods" | "issued" | "shop">): Invoice {
  const kept = read.issued[0]?.invoice;
  if (kept) return { ...(JSON.parse(kept) as Invoice), orderStatus: order.orderStatus, paymentStatus: order.paymentStatus };
  if (order.orderStatus === "cancelled") throw new AppError(409, invoiceCancelled(order.orderNumber));
  if (!hasInvoice(order.orderStatus)) throw new AppError(409, INVOICE_NOT_YET);
  return buildInvoice(order, read.goods, read.shop);
}

/** The invoice an order gets as it is confirmed, as kept on the order (JSON). */
export function issueInvoice(order: OrderView, goods: readonly LineGoodsRow[], shop: ShopSettings): string {
  return JSON.stringify(buildInvoice({ ...order, orderStatus: "confirmed" }, goods, shop));
}

/** The invoice of an order, from the order and its lines' category slugs (both in line order). Pure. */
export function buildInvoice(
  order: OrderView,
  goods: readonly LineGoodsRow[],
  shop: Pick<ShopSettings, "address" | "email" | "phone" | "gstin"> = SHOP_SETTING_DEFAULTS,
): Invoice {
  const tax = settings.tax;
  const entries = order.lines.map((_, i) => hsnFor(tax.hsn, goods[i]?.category ?? null, goods[i]?.subcategory ?? null));
  const intraState = sameState(order.shipping.state, tax.state);
  const gst = computeGst({
    lines: order.lines.map((l, i) => ({ quantity: l.quantity, unitPricePaise: l.unitPricePaise, goods: entries[i]!.goods })),
    discountPaise: order.discountPaise,
    deliveryPaise: order.shippingPaise,
    intraState,
    rule: tax.gst,
  });
  const orderedAt = new Date(order.createdAt);
  const buyerCode = stateCode(order.shipping.state);
  // The seller's address, contact and GSTIN as the owner set them (Settings).
  const { address, email, phone } = shop;
  return {
    invoiceNumber: invoiceNumber(tax.invoicePrefix, order.orderNumber, orderedAt),
    invoiceDate: indiaDay(orderedAt),
    orderNumber: order.orderNumber,
    orderedAt: order.createdAt,
    orderStatus: order.orderStatus,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    couponCode: order.couponCode,
    seller: {
      name: settings.brand.name,
      legalName: tax.legalName,
      address: { line1: address.line1, line2: address.line2, city: address.city, pin: address.pin },
      state: tax.state,
      stateCode: tax.stateCode,
      gstin: shop.gstin,
      email,
      phone,
    },
    buyer: { name: order.shipping.fullName, state: order.shipping.state, stateCode: buyerCode, address: order.shipping },
    placeOfSupply: { state: order.shipping.state, stateCode: buyerCode },
    intraState,
    lines: order.lines.map((l, i) => {
      const g = gst.lines[i]!;
      return {
        name: l.name,
        size: l.size,
        color: l.color,
        hsn: entries[i]!.code,
        quantity: l.quantity,
        unitPricePaise: l.unitPricePaise,
        grossPaise: g.grossPaise,
        discountPaise: g.discountPaise,
        taxablePaise: g.taxablePaise,
        rate: g.rate,
        taxPaise: g.taxPaise,
        cgstPaise: g.cgstPaise,
        sgstPaise: g.sgstPaise,
        igstPaise: g.igstPaise,
        totalPaise: g.valuePaise,
      };
    }),
    delivery: gst.delivery ? { ...gst.delivery, hsn: DELIVERY_SAC } : null,
    totals: gst.totals,
    amountInWords: rupeesInWords(gst.totals.totalPaise),
    rule: { effective: tax.gst.effective, thresholdPaise: tax.gst.thresholdPaise, lowRate: tax.gst.lowRate, highRate: tax.gst.highRate },
  };
}
