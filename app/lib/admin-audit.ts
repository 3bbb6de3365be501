/**
 * The audit log's words (issue 13): a readable label for every action the services write (grep
 * `auditStatement` in workers/services), what kind of row it touched, and a compact diff of its
 * before and after. Client-safe and small: only the /admin pages import it.
 */
interface EntryLike {
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  orderNumber: number | null;
  subjectEmail: string | null;
}

const ACTIONS: Record<string, string> = {
  "order.confirm": "Confirmed order",
  "order.ship": "Shipped order",
  "order.deliver": "Marked order delivered",
  "order.cancel": "Cancelled order",
  "order.mark-paid": "Marked cash on delivery paid",
  "order.refund": "Marked order refunded",
  "message.handled": "Marked message handled",
  "message.reopened": "Reopened message",
  "message.reply": "Replied to message",
  "review.hide": "Hid review",
  "review.show": "Showed review again",
  "settings.update": "Changed shop settings",
  "coupon.create": "Created coupon",
  "coupon.update": "Changed coupon",
};

const record = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** "order.ship" -> "Shipped order"; a role change says which way; an action not known here is shown as written. */
export function auditActionLabel(e: Pick<EntryLike, "action" | "before" | "after">): string {
  if (e.action === "role.change") {
    const to = record(e.after).role;
    if (to === "staff") return "Gave staff role";
    if (to === "shopper") return "Removed staff role";
    return "Changed role";
  }
  return ACTIONS[e.action] ?? e.action;
}

/** The row an entry touched, in words: "Order #1042", "Contact message 7", "Account asha@…". */
export function auditSubject(e: EntryLike): string {
  switch (e.entity) {
    case "order":
      return e.orderNumber === null ? `Order (id ${e.entityId})` : `Order #${e.orderNumber}`;
    case "contact":
      return `Contact message ${e.entityId}`;
    case "enquiry":
      return `Enquiry ${e.entityId}`;
    case "review":
      return `Review ${e.entityId}`;
    case "user":
      return e.subjectEmail ? `Account ${e.subjectEmail}` : `Account ${e.entityId}`;
    case "settings":
      return "Shop settings";
    case "coupon":
      return `Coupon ${String(record(e.after).code ?? record(e.before).code ?? e.entityId)}`;
    default:
      return `${e.entity} ${e.entityId}`;
  }
}

const FIELDS: Record<string, string> = {
  orderStatus: "Status",
  paymentStatus: "Payment",
  refundDue: "Refund due",
  refundReference: "Refund reference",
  trackingNumber: "Tracking number",
};

/** "trackingNumber" -> "Tracking number", unless named above. */
const fieldLabel = (k: string) =>
  FIELDS[k] ??
  k.charAt(0).toUpperCase() +
    k
      .slice(1)
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .toLowerCase();

const SHORT = 80;

/** A value as the diff shows it: yes/no, "—" for nothing, long text cut short. */
function show(v: unknown): string {
  if (v === undefined || v === null || v === "") return "—";
  if (v === true) return "yes";
  if (v === false) return "no";
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > SHORT ? `${s.slice(0, SHORT - 1).trimEnd()}…` : s;
}

/** Only the fields that changed, in words: [{ field: "Status", from: "placed", to: "shipped" }]. */
export function auditChanges(before: unknown, after: unknown): { field: string; from: string; to: string }[] {
  const b = record(before);
  const a = record(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null))
    .map((k) => ({ field: fieldLabel(k), from: show(b[k]), to: show(a[k]) }));
}
