import { formatRupees } from "../../../workers/services/catalog/pricing";
import { indiaDate, indiaDateTime12, indiaMidnight } from "../../../workers/services/platform/india-time.rules";

/**
 * The audit log's words: a readable label for every action the services write (grep
 * `audit_log` and `auditStatement` in workers/services), the row it touched by its name, and a
 * compact diff of its before and after in the owner's terms: rupees for money kept in paise, India
 * time for times, yes/no. Client-safe and small: only the /admin pages import it.
 */
interface EntryLike {
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  orderNumber: number | null;
  subjectEmail: string | null;
  subjectName?: string | null;
}

const ACTIONS: Record<string, string> = {
  "order.confirm": "Order confirmed",
  "order.ship": "Order shipped",
  "order.deliver": "Order delivered",
  "order.cancel": "Order cancelled",
  "order.mark-paid": "Cash on delivery marked paid",
  "order.refund": "Order refunded",
  "message.handled": "Message marked handled",
  "message.reopened": "Message reopened",
  "message.reply": "Message replied to",
  "review.hide": "Review hidden",
  "review.show": "Review shown again",
  "settings.update": "Shop settings changed",
  "coupon.create": "Coupon created",
  "coupon.update": "Coupon edited",
  "stock.edit": "Stock changed",
  "stock.import": "Stock imported from a file",
  "product.create": "Product added",
  "product.update": "Product edited",
  "product.publish": "Product published",
  "product.unpublish": "Product taken off the shop",
  "product.archive": "Product archived",
  "product.restore": "Product restored",
  "product.delete": "Product deleted",
  "product.images.add": "Pictures added",
  "product.media.remove": "Picture removed",
  "category.create": "Category added",
  "category.rename": "Category renamed",
  "category.icon": "Category icon changed",
  "category.move": "Category moved",
  "category.delete": "Category deleted",
  "subcategory.create": "Subcategory added",
  "subcategory.rename": "Subcategory renamed",
  "subcategory.delete": "Subcategory deleted",
};

const record = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** "ab.cd-ef" -> "Ab cd ef": an action this file does not know yet still reads as words. */
const words = (s: string) => {
  const t = s.replace(/[._-]+/g, " ").trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
};

/** "order.ship" -> "Order shipped"; a role change says which way. */
export function auditActionLabel(e: Pick<EntryLike, "action" | "before" | "after">): string {
  if (e.action === "role.change") {
    const to = record(e.after).role;
    if (to === "staff") return "Gave staff role";
    if (to === "shopper") return "Removed staff role";
    return "Changed role";
  }
  return ACTIONS[e.action] ?? words(e.action);
}

/** A name kept in the entry itself (a deleted row's, or the one it had then). */
const keptName = (e: EntryLike) => {
  const name = record(e.after).name ?? record(e.before).name;
  return typeof name === "string" && name ? name : null;
};

/** The row an entry touched, in words: "Order #1042", "Kumkum Anarkali in Red, size M", "Account asha@…". */
export function auditSubject(e: EntryLike): string {
  const named = e.subjectName ?? keptName(e);
  switch (e.entity) {
    case "order":
      return e.orderNumber === null ? "An order no longer kept" : `Order #${e.orderNumber}`;
    case "contact":
      return named ? `Contact message from ${named}` : "A contact message";
    case "enquiry":
      return named ? `Enquiry from ${named}` : "An enquiry";
    case "review":
      return e.subjectName ? `A review of ${e.subjectName}` : "A review";
    case "user":
      return e.subjectEmail ? `Account ${e.subjectEmail}` : "An account no longer kept";
    case "settings":
      return "Shop settings";
    case "coupon":
      return `Coupon ${String(record(e.after).code ?? record(e.before).code ?? "")}`.trim();
    case "product-size": {
      const sku = record(e.after).sku;
      return e.subjectName ?? (typeof sku === "string" ? `Size ${sku}` : "A size no longer kept");
    }
    case "stock-import":
      return "Stock file";
    case "product":
      return named ?? "A product no longer kept";
    case "category":
      return named ? `Category ${named}` : "A category no longer kept";
    case "subcategory":
      return named ? `Subcategory ${named}` : "A subcategory no longer kept";
    default:
      return named ?? words(e.entity);
  }
}

const FIELDS: Record<string, string> = {
  orderStatus: "Status",
  paymentStatus: "Payment",
  refundDue: "Refund due",
  refundReference: "Refund reference",
  trackingNumber: "Tracking number",
  line1: "Address line 1",
  line2: "Address line 2",
  pin: "PIN code",
  gstin: "GSTIN",
  isActive: "Active",
  minSubtotal: "Minimum order",
  startsOn: "Starts on",
  endsOn: "Ends on",
};

/** Fields that say what an entry is about rather than what changed (the size's code, the stock the editor saw). */
const CONTEXT = new Set(["sku", "was", "id"]);

/** "trackingNumber" -> "Tracking number", "deliveryChargePaise" -> "Delivery charge", unless named above. */
function fieldLabel(k: string): string {
  const key = k.replace(/Paise$/, "");
  if (FIELDS[key]) return FIELDS[key];
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const SHORT = 80;

/** A time as the owner reads it, in India's time: "31 Oct 2026, 12:00 am". The same on the server and in every browser. */
export const auditTime = indiaDateTime12;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A value as the diff shows it: rupees for paise, India time for times, yes/no, "—" for nothing, long text cut short. */
function show(key: string, v: unknown, money: Money): string {
  if (v === undefined || v === null || v === "") return "—";
  if (v === true) return "yes";
  if (v === false) return "no";
  if (typeof v === "number" && (money === "rupees" || key.endsWith("Paise"))) return formatRupees(v);
  if (typeof v === "number" && money === "percent") return `${v}%`;
  if (typeof v === "number" && key.endsWith("At") && v > 1e11) return auditTime(new Date(v).toISOString());
  if (typeof v === "string" && ISO_TIME.test(v)) return auditTime(v) || v;
  if (typeof v === "string" && DAY.test(v)) return indiaDate(indiaMidnight(v), "short") || v;
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > SHORT ? `${s.slice(0, SHORT - 1).trimEnd()}…` : s;
}

type Money = "rupees" | "percent" | null;
/** A coupon's flat discount is kept in paise under `discountValue`, a percentage as its number. */
const moneyOf = (key: string, owner: Record<string, unknown>): Money =>
  key !== "discountValue" ? null : owner.discountType === "flat" ? "rupees" : owner.discountType === "percentage" ? "percent" : null;

/** Nested records (the shop's address) are compared field by field, under their own labels. */
function flatten(r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) for (const [kk, vv] of Object.entries(v)) out[kk] = vv;
    else out[k] = v;
  }
  return out;
}

/** Only the fields that changed, in words: [{ field: "Delivery charge", from: "₹100", to: "₹79" }]. */
export function auditChanges(before: unknown, after: unknown): { field: string; from: string; to: string }[] {
  const b = flatten(record(before));
  const a = flatten(record(after));
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !CONTEXT.has(k));
  return keys
    .filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null))
    .map((k) => ({ field: fieldLabel(k), from: show(k, b[k], moneyOf(k, b)), to: show(k, a[k], moneyOf(k, a)) }));
}
