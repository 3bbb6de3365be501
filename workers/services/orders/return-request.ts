import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { RETURN_KINDS } from "../../../db/schema/orders";
import { purgePages } from "../../edge-cache";
import { shopSettings } from "../content/shop-settings";
import type { ServiceContext } from "../platform/context";
import { sha256Hex } from "../platform/crypto";
import { AppError } from "../platform/errors";
import type { FieldErrors } from "../platform/fields.schema";
import { deliverAfterResponse, outboxMail, queueMail } from "../platform/mail";
import { invalidInput } from "../platform/validate";
import { canAskReturn, isSizeReason, RETURN_REASON_IDS, returnReasonLabel, returnUntil } from "./after-sale.rules";
import { afterSaleMessages } from "./after-sale-messages.rules";
import { newClaim, refusedBy } from "./order-claims";
import { type OrderView, orderAccess, orderKeySchema, orderViewQuery, parseOrderNumber, toOrderViews } from "./order-views";
import { orderMessages, orderPagePath } from "./order-views.rules";
import type { ReturnRequestView } from "./return-views";

/**
 * A shopper asks to send pieces of a delivered order back, for a refund or another size
 * (docs/product/after-the-purchase.md, "Returns and exchanges"). The page and the API both call
 * `askReturn`; the form's page reads what it offers with `returnForm`.
 *
 * The rules are read first only to answer with the right words; the batch that writes holds them
 * all again in the WHERE of its first statement, which claims the order (order-claims.ts): the
 * request, its lines, the held exchange sizes and the mails are written only beside that claim.
 */

export interface ReturnSizeOption {
  id: number;
  size: string;
  stock: number;
}

/** The order line's own columns, as read and as shown. */
interface LineColumns {
  lineId: number;
  productId: number | null;
  name: string;
  color: string;
  size: string;
  quantity: number;
}

/** What the returns form needs of one order line. */
export interface ReturnLineFacts extends LineColumns {
  returnable: boolean;
  /** Pieces already in a request that was not declined. */
  returned: number;
  /** A request for this line is open. */
  open: boolean;
  /** The product's sizes today, in its order, with their stock. */
  sizes: ReturnSizeOption[];
}

interface LineFactsRow extends LineColumns {
  returnable: number;
  returned: number;
  open: number;
  sizes: string | null;
}

/** Pieces of a line in requests that were not declined (`l` is the order line). */
const RETURNED = sql.raw(`(select coalesce(sum(rl.quantity), 0) from return_lines rl join return_requests rr on rr.id = rl.request_id
  where rl.order_line_id = l.id and rr.status <> 'declined')`);
const OPEN = sql.raw("exists (select 1 from return_lines rl where rl.order_line_id = l.id and rl.open = 1)");
const NOT_OPEN = sql.raw("not exists (select 1 from return_lines rl where rl.order_line_id = l.id and rl.open = 1)");

/** The order's lines with what a return needs to know of each, for a read batch. */
export const returnLinesQuery = (db: Db, orderNumber: number) =>
  db.all<LineFactsRow>(sql`select l.id as lineId, l.product_id as productId, l.product_name as name, l.color as color, l.size as size,
      l.quantity as quantity, coalesce(p.returnable, 1) as returnable, ${RETURNED} as returned, ${OPEN} as open,
      (select json_group_array(json_array(s.id, s.size, s.stock))
        from (select id, size, stock from product_sizes where product_id = l.product_id order by position, id) s) as sizes
    from order_lines l join orders o on o.id = l.order_id left join products p on p.id = l.product_id
    where o.order_number = ${orderNumber} order by l.id`);

const toLineFacts = (rows: readonly LineFactsRow[]): ReturnLineFacts[] =>
  rows.map((r) => ({
    lineId: Number(r.lineId),
    productId: r.productId === null ? null : Number(r.productId),
    name: r.name,
    color: r.color,
    size: r.size,
    quantity: Number(r.quantity),
    returnable: Number(r.returnable) === 1,
    returned: Number(r.returned),
    open: Number(r.open) === 1,
    sizes: (r.sizes ? (JSON.parse(r.sizes) as [number, string, number][]) : []).map(([id, size, stock]) => ({
      id: Number(id),
      size,
      stock: Number(stock),
    })),
  }));

/** How many pieces of a line she may still ask to return. */
export const returnableCount = (line: ReturnLineFacts) => (line.returnable && !line.open ? Math.max(0, line.quantity - line.returned) : 0);

interface Owned {
  order: OrderView;
  lines: ReturnLineFacts[];
  userId: number | null;
  keyHash: string | null;
}

/**
 * The order and its lines for its owner (signed in) or the holder of its link's key, in one read
 * batch with the session check. Another shopper's order is the same 404 as a missing one; signed out
 * without a key is a 401.
 */
async function readOwned(ctx: ServiceContext, orderNumber: number, keyInput: unknown): Promise<Owned> {
  const parsedKey = orderKeySchema.safeParse(keyInput);
  if (!parsedKey.success) throw new AppError(404, orderMessages.notFound);
  const key = parsedKey.data;
  const [user, rows, lineRows, keyHash] = await Promise.all([
    ctx.user(),
    ctx.read(orderViewQuery(ctx.db, sql`o.order_number = ${orderNumber}`, { limit: 1 })),
    ctx.read(returnLinesQuery(ctx.db, orderNumber)),
    key === null ? null : sha256Hex(key),
  ]);
  if (!user && key === null) throw new AppError(401, "Please login first");
  const row = rows[0];
  if (!row) throw new AppError(404, orderMessages.notFound);
  const access = orderAccess(row, user, keyHash);
  if (!access) throw new AppError(404, orderMessages.notFound);
  const owner = access === "owner";
  const [order] = toOrderViews(rows);
  return { order: order!, lines: toLineFacts(lineRows), userId: owner ? user!.id : null, keyHash: owner ? null : keyHash };
}

export interface ReturnForm {
  order: OrderView;
  lines: ReturnLineFacts[];
  /** Why she cannot ask now (not delivered, window closed), or null. */
  closed: string | null;
  /** ISO: the last moment of the window, once delivered. */
  until: string | null;
}

/** What the returns page shows: the order, each line's facts, and whether the window is open. */
export async function returnForm(ctx: ServiceContext, numberInput: unknown, key: unknown): Promise<ReturnForm> {
  const { order, lines } = await readOwned(ctx, parseOrderNumber(numberInput), key);
  return { order, lines, closed: windowRefusal(order, ctx.now().getTime()), until: untilOf(order) };
}

const untilOf = (order: OrderView) => (order.deliveredAt ? new Date(returnUntil(Date.parse(order.deliveredAt))).toISOString() : null);

function windowRefusal(order: OrderView, now: number): string | null {
  const facts = { orderStatus: order.orderStatus, deliveredAt: order.deliveredAt ? Date.parse(order.deliveredAt) : null };
  if (canAskReturn(facts, now)) return null;
  return facts.orderStatus === "delivered" && facts.deliveredAt !== null
    ? afterSaleMessages.returnClosed(order.orderNumber)
    : afterSaleMessages.returnNotDelivered(order.orderNumber);
}

const lineSchema = z.object({
  orderLineId: z
    .unknown()
    .transform((v) => (typeof v === "number" ? String(v) : v))
    .pipe(z.string({ error: afterSaleMessages.notOfOrder }).regex(/^\d{1,15}$/, afterSaleMessages.notOfOrder))
    .transform(Number),
  quantity: z
    .unknown()
    .transform((v) => (typeof v === "string" && /^\d{1,3}$/.test(v) ? Number(v) : v))
    .pipe(z.number({ error: afterSaleMessages.quantity }).int(afterSaleMessages.quantity).min(1, afterSaleMessages.quantity).max(999)),
  exchangeSize: z
    .unknown()
    .transform((v) => (v === undefined || v === null || v === "" ? null : v))
    .pipe(z.string({ error: afterSaleMessages.chooseSize }).trim().min(1, afterSaleMessages.chooseSize).max(20).nullable()),
});

const requestSchema = z.object({
  lines: z.array(z.unknown(), { error: afterSaleMessages.noLines }).min(1, afterSaleMessages.noLines).max(50, afterSaleMessages.noLines),
  reason: z.enum(RETURN_REASON_IDS, { error: afterSaleMessages.chooseReason }),
  kind: z.enum(RETURN_KINDS, { error: afterSaleMessages.chooseKind }),
});

export interface AskReturnInput {
  lines: unknown;
  reason: unknown;
  kind: unknown;
}

type AskedLine = z.infer<typeof lineSchema>;

/** A line's field in a refusal: the page flags the line, the API names it. */
export const lineField = (lineId: number) => `line-${lineId}`;

function parseRequest(input: AskReturnInput) {
  const fields: FieldErrors = {};
  const top = requestSchema.safeParse(input);
  const rawLines = Array.isArray(input.lines) ? input.lines.slice(0, 50) : [];
  const lines: AskedLine[] = [];
  rawLines.forEach((raw, i) => {
    const parsed = lineSchema.safeParse(
      typeof raw === "object" && raw !== null ? { ...raw, exchangeSize: (raw as { exchangeSize?: unknown }).exchangeSize ?? null } : raw,
    );
    const id = (raw as { orderLineId?: unknown } | null)?.orderLineId;
    const field = typeof id === "number" || (typeof id === "string" && /^\d{1,15}$/.test(id)) ? lineField(Number(id)) : `lines.${i}`;
    if (parsed.success) {
      if (lines.some((l) => l.orderLineId === parsed.data.orderLineId)) fields[field] ??= afterSaleMessages.lineTwice;
      else lines.push(parsed.data);
    } else fields[field] ??= parsed.error.issues[0]?.message ?? afterSaleMessages.notOfOrder;
  });
  if (!top.success) {
    for (const issue of top.error.issues) fields[String(issue.path[0] ?? "lines")] ??= issue.message;
  }
  if (!top.success || Object.keys(fields).length > 0) {
    throw invalidInput(Object.values(fields)[0] ?? afterSaleMessages.noLines, fields);
  }
  const { reason, kind } = top.data;
  const exchanging = lines.some((l) => l.exchangeSize !== null);
  if (kind === "refund" && exchanging)
    throw invalidInput(afterSaleMessages.refundTakesNoSize, { kind: afterSaleMessages.refundTakesNoSize });
  if (kind === "exchange" && !isSizeReason(reason))
    throw invalidInput(afterSaleMessages.exchangeSizeless, { reason: afterSaleMessages.exchangeSizeless });
  if (kind === "exchange" && !exchanging) {
    const first = lines[0]!;
    throw invalidInput(afterSaleMessages.chooseSize, { [lineField(first.orderLineId)]: afterSaleMessages.chooseSize });
  }
  return { reason, kind, lines };
}

/** A line she asked for with the size it exchanges into, once checked. */
interface PlannedLine extends AskedLine {
  facts: ReturnLineFacts;
  held: ReturnSizeOption | null;
}

const lineRefusal = (status: 400 | 409, lineId: number, message: string) =>
  new AppError(status, message, { field: lineField(lineId), fields: { [lineField(lineId)]: message } });

/**
 * Why this request cannot be made against these facts, or the lines as they will be written. The
 * same check answers a batch whose claim did not take (with the facts read in that batch).
 */
function plan(order: OrderView, facts: ReturnLineFacts[], lines: AskedLine[], now: number): PlannedLine[] {
  const closed = windowRefusal(order, now);
  if (closed) throw new AppError(409, closed);
  const planned: PlannedLine[] = [];
  const heldBySize = new Map<number, number>();
  for (const line of lines) {
    const f = facts.find((x) => x.lineId === line.orderLineId);
    if (!f) throw lineRefusal(400, line.orderLineId, afterSaleMessages.notOfOrder);
    if (!f.returnable) throw lineRefusal(409, f.lineId, afterSaleMessages.notReturnable(f.name));
    if (f.open) throw lineRefusal(409, f.lineId, afterSaleMessages.alreadyOpen(f.name));
    const most = Math.max(0, f.quantity - f.returned);
    if (line.quantity > most) throw lineRefusal(409, f.lineId, afterSaleMessages.tooMany(f.name, most));
    let held: ReturnSizeOption | null = null;
    if (line.exchangeSize !== null) {
      if (f.productId === null || f.sizes.length === 0) throw lineRefusal(409, f.lineId, afterSaleMessages.exchangeProductGone(f.name));
      const wanted = line.exchangeSize.toLowerCase();
      if (wanted === f.size.toLowerCase()) throw lineRefusal(400, f.lineId, afterSaleMessages.exchangeSameSize);
      held = f.sizes.find((s) => s.size.toLowerCase() === wanted) ?? null;
      if (!held) throw lineRefusal(400, f.lineId, afterSaleMessages.exchangeNoSuchSize(line.exchangeSize));
      const taken = (heldBySize.get(held.id) ?? 0) + line.quantity;
      if (held.stock < taken) throw lineRefusal(409, f.lineId, afterSaleMessages.exchangeOutOfStock(held.size));
      heldBySize.set(held.id, taken);
    }
    planned.push({ ...line, facts: f, held });
  }
  return planned;
}

/** The pieces each held size gives up, one entry per size. */
function heldSizes(lines: PlannedLine[]): [number, number][] {
  const bySize = new Map<number, number>();
  for (const l of lines) if (l.held) bySize.set(l.held.id, (bySize.get(l.held.id) ?? 0) + l.quantity);
  return [...bySize];
}

export interface AskedReturn {
  order: OrderView;
  returnRequest: ReturnRequestView;
}

/**
 * Writes her return request: checked against the order's state as the batch runs, the request and
 * its lines together, the exchange sizes taken off the shelf for her, her mail and the shop's copy.
 * 401 signed out without a key, 404 for an order that is not hers, 400 for a request that does not
 * make sense, 409 for one the order's state refuses; a refused request writes nothing.
 */
export async function askReturn(
  ctx: ServiceContext,
  numberInput: unknown,
  input: AskReturnInput,
  guestKey?: unknown,
): Promise<AskedReturn> {
  const orderNumber = parseOrderNumber(numberInput);
  const owned = readOwned(ctx, orderNumber, guestKey);
  const shopping = shopSettings(ctx);
  owned.catch(() => {});
  shopping.catch(() => {});
  const { order, lines: facts, userId, keyHash } = await owned;
  const shop = await shopping;
  const { reason, kind, lines } = parseRequest(input);
  const now = ctx.now().getTime();
  const planned = plan(order, facts, lines, now);
  const held = heldSizes(planned);

  const claim = newClaim();
  const owner = userId !== null ? sql`user_id = ${userId}` : sql`access_hash = ${keyHash}`;
  // Inside the window: now < delivered_at + the window's length.
  const windowStart = now - returnUntil(0);
  const lineRules = planned.map(
    (l) => sql`exists (select 1 from order_lines l left join products p on p.id = l.product_id
      where l.id = ${l.orderLineId} and l.order_id = orders.id and coalesce(p.returnable, 1) = 1
        and ${NOT_OPEN}
        and l.quantity - ${RETURNED} >= ${l.quantity})`,
  );
  const stockRules = held.map(([sizeId, q]) => sql`exists (select 1 from product_sizes s where s.id = ${sizeId} and s.stock >= ${q})`);
  const rules = sql.join([...lineRules, ...stockRules], sql` and `);
  const claimOrder = ctx.db.run(sql`update orders set claim = ${claim}
    where order_number = ${orderNumber} and ${owner} and order_status = 'delivered' and delivered_at is not null
      and delivered_at > ${windowStart} and ${rules}`);
  const mine = sql`exists (select 1 from orders c where c.claim = ${claim})`;
  const requestKind: (typeof RETURN_KINDS)[number] = kind === "exchange" && planned.some((l) => l.held) ? "exchange" : "refund";
  const insertRequest = ctx.db.run(sql`insert into return_requests (order_id, kind, reason, status, claim, created_at)
    select id, ${requestKind}, ${reason}, 'requested', ${claim}, ${now} from orders where claim = ${claim}`);
  const theRequest = sql`(select r.id from return_requests r where r.order_id = ${order.id} and r.claim = ${claim})`;
  const insertLines = planned.map((l) =>
    ctx.db.run(sql`insert into return_lines (request_id, order_line_id, quantity, exchange_size_id, exchange_size, open)
      select ${theRequest}, ${l.orderLineId}, ${l.quantity}, ${l.held?.id ?? null}, ${l.held?.size ?? null}, 1 where ${mine}`),
  );
  // Held for her from now on: the stock rule was part of the claim, in the same transaction.
  const holdSizes = held.map(([sizeId, q]) =>
    ctx.db.run(sql`update product_sizes set stock = stock - ${q} where id = ${sizeId} and stock >= ${q} and ${mine}`),
  );

  const link = order.guest ? null : `${ctx.origin}${orderPagePath(order.orderNumber)}`;
  const mailLines = planned.map((l) => ({
    name: l.facts.name,
    color: l.facts.color,
    size: l.facts.size,
    quantity: l.quantity,
    exchangeSize: l.held?.size ?? null,
  }));
  const common = {
    orderNumber,
    reason: returnReasonLabel(reason),
    lines: mailLines,
    until: new Date(returnUntil(Date.parse(order.deliveredAt!))).toISOString(),
  };
  const [herMail, shopMail] = await Promise.all([
    outboxMail(ctx, {
      to: order.shipping.emailAddress,
      template: "return-requested",
      params: { ...common, name: order.shipping.fullName, link },
    }),
    outboxMail(ctx, {
      to: shop.email,
      template: "return-requested-shop",
      params: {
        ...common,
        customer: { name: order.shipping.fullName, email: order.shipping.emailAddress, phone: order.shipping.phoneNumber },
      },
    }),
  ]);
  const mails = [queueMail(ctx, herMail, mine), queueMail(ctx, shopMail, mine)];
  const freshOrder = orderViewQuery(ctx.db, sql`o.order_number = ${orderNumber}`, { limit: 1 });
  const freshLines = returnLinesQuery(ctx.db, orderNumber);

  let results: unknown[];
  try {
    results = await ctx.db.batch([claimOrder, insertRequest, ...insertLines, ...holdSizes, ...mails, freshOrder, freshLines]);
  } catch (err) {
    // Two requests for one line at the same moment: the unique index on open lines lets one through.
    if (refusedBy(err, "return_lines.order_line_id")) {
      const name = planned[0]!.facts.name;
      throw new AppError(409, afterSaleMessages.alreadyOpen(planned.length === 1 ? name : "these pieces"));
    }
    if (refusedBy(err, "product_sizes_stock_check"))
      throw new AppError(409, afterSaleMessages.exchangeOutOfStock(planned.find((l) => l.held)!.held!.size));
    throw err;
  }
  const [fresh] = toOrderViews(results.at(-2));
  if (!fresh) throw new AppError(404, orderMessages.notFound);
  if ((results[0] as { rowsAffected: number }).rowsAffected !== 1) {
    // Something changed since the read: the same rules, against the state the batch saw, say what.
    plan(fresh, toLineFacts(results.at(-1) as LineFactsRow[]), lines, now);
    throw new AppError(409, `Order #${orderNumber} changed meanwhile: reload it and try again.`);
  }
  const queuedAt = 2 + insertLines.length + holdSizes.length;
  deliverAfterResponse(ctx, results[queuedAt] as { rowsAffected: number; lastInsertRowid?: bigint | number });
  deliverAfterResponse(ctx, results[queuedAt + 1] as { rowsAffected: number; lastInsertRowid?: bigint | number });
  // A held size is stock signed-out shoppers can no longer buy: the order's product pages kept at the edge go.
  if (held.length > 0) {
    const pages = [...new Set(fresh.lines.flatMap((l) => (l.href ? [l.href] : [])))];
    await purgePages(
      ctx.origin,
      pages.flatMap((path) => [path, `${path}.data`]),
    );
  }
  const requestId = Number((results[1] as { lastInsertRowid?: bigint | number }).lastInsertRowid);
  const returnRequest = fresh.returns.find((r) => r.id === requestId) ?? fresh.returns.at(-1)!;
  return { order: fresh, returnRequest };
}
