import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { REFUND_METHODS } from "../../../../db/schema/orders";
import { purgePages } from "../../../edge-cache";
import { formatRupees } from "../../catalog/pricing";
import { newClaim } from "../../orders/order-claims";
import { refundStatement } from "../../orders/refunds";
import type { ServiceContext } from "../../platform/context";
import { AppError } from "../../platform/errors";
import { deliverAfterResponse, outboxMail, queueMail } from "../../platform/mail";
import type { ReturnMail } from "../../platform/mail-return-steps";
import type { MailParams, MailTemplate } from "../../platform/mail-templates";
import { readAll } from "../../platform/read-batch";
import { rupeesToPaise } from "../../platform/rupees-input.rules";
import { invalidInput, parseInput } from "../../platform/validate";
import { shipSchema, trimmed } from "../orders/admin-order-moves";
import { auditStatement, requireStaff } from "../staff";
import { parseReturnId, type ReturnDetail, returnQueries, toReturnDetail } from "./admin-returns";
import {
  DECLINE_REASON_MAX,
  DECLINE_REASON_MIN,
  RETURN_ACTIONS,
  type ReturnAction,
  refundMethodLabel,
  returnMessages,
} from "./admin-returns.rules";

/**
 * The moves of a return request in the back office: requested -> approved | declined, approved ->
 * received, received -> refunded | exchanged. The /admin/returns pages and `/api/admin/returns*`
 * call moveReturn and nothing else.
 *
 * As an order's moves (admin-order-moves.ts): each move is one `db.batch` whose first statement is
 * an UPDATE holding the move's rule in its WHERE (the status read just before, and the move's own
 * condition: the kind, what is left to refund), setting a fresh claim on the request. Everything
 * after it (stock, lines, the refund, the audit entry, her mail) acts only when the request carries
 * that claim, so a refused move writes nothing and answers 409, and a move made twice at once
 * happens once: stock held for an exchange is given back exactly once.
 */

const declineSchema = z.object({ reason: trimmed("reason", DECLINE_REASON_MIN, DECLINE_REASON_MAX) });

const count = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(10_000, `${label} is too large`);

const receiveSchema = z.object({
  lines: z
    .array(
      z.object({
        id: z.coerce.number({ error: "A line's id is a number" }).int().positive().max(Number.MAX_SAFE_INTEGER),
        restocked: count("Back on the shelf"),
        writtenOff: count("Written off"),
      }),
      { error: returnMessages.receiveLines },
    )
    .min(1, returnMessages.receiveLines)
    .max(200, returnMessages.receiveLines),
});

const refundSchema = z.object({
  amount: z.unknown().transform((v, c) => {
    const paise = rupeesToPaise(typeof v === "string" ? v.replace(/[₹,\s]/g, "") : v);
    if (paise === undefined || paise === null) return null;
    if (Number.isNaN(paise) || paise <= 0) {
      c.addIssue({ code: "custom", message: "The amount is in rupees, more than 0 (for example 1299 or 1299.50)" });
      return z.NEVER;
    }
    return paise;
  }),
  method: z.enum(REFUND_METHODS, { error: "Choose how the money goes back: to the way she paid, bank transfer or UPI" }),
  reference: trimmed("refund reference", 3, 100),
});

type Input =
  | { action: "approve" | "ship-exchange"; courier: string; trackingNumber: string }
  | { action: "decline"; reason: string }
  | { action: "receive"; lines: { id: number; restocked: number; writtenOff: number }[] }
  | { action: "refund"; amountPaise: number; method: (typeof REFUND_METHODS)[number]; reference: string };

function moveInput(action: ReturnAction, body: unknown, r: ReturnDetail): Input {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  switch (action) {
    case "approve":
    case "ship-exchange":
      return { action, ...parseInput(shipSchema, { courier: b.courier, trackingNumber: b.trackingNumber ?? b.tracking_number }) };
    case "decline":
      return { action, ...parseInput(declineSchema, { reason: b.reason }) };
    case "receive": {
      const { lines } = parseInput(receiveSchema, { lines: b.lines });
      // Every piece of the request, each once, split between the shelf and the write-off.
      const given = new Map(lines.map((l) => [l.id, l]));
      if (given.size !== lines.length || given.size !== r.lines.length || r.lines.some((l) => !given.has(l.id)))
        throw invalidInput(returnMessages.receiveLines, { lines: returnMessages.receiveLines });
      for (const l of r.lines) {
        const g = given.get(l.id)!;
        if (g.restocked + g.writtenOff !== l.quantity) {
          const message = returnMessages.receiveSplit(l.name, l.quantity);
          throw invalidInput(message, { [`restocked-${l.id}`]: message });
        }
      }
      return { action, lines: r.lines.map((l) => given.get(l.id)!) };
    }
    case "refund": {
      const { amount, method, reference } = parseInput(refundSchema, { amount: b.amount, method: b.method, reference: b.reference });
      if (method === "original" && r.order.paymentMethod === "cashOnDelivery")
        throw invalidInput(returnMessages.cashRefund, { method: returnMessages.cashRefund });
      return { action, amountPaise: amount ?? Math.min(r.paidPaise, r.refundablePaise), method, reference };
    }
  }
}

/** The move's rule on `return_requests` (besides "the status read just before"), and the columns it sets. */
function ruleAndSet(input: Input, now: number): { rule: SQL; set: SQL } {
  switch (input.action) {
    case "approve":
      return {
        rule: sql`status = 'requested'`,
        set: sql`status = 'approved', approved_at = ${now}, pickup_courier = ${input.courier}, pickup_tracking = ${input.trackingNumber}`,
      };
    case "decline":
      return {
        rule: sql`status = 'requested'`,
        set: sql`status = 'declined', declined_at = ${now}, closed_at = ${now}, decline_reason = ${input.reason}`,
      };
    case "receive":
      return { rule: sql`status = 'approved'`, set: sql`status = 'received', received_at = ${now}` };
    case "refund":
      return {
        // Never more than the order has left after every refund it has had, whoever made them.
        rule: sql`status = 'received' and ${input.amountPaise} <= (select o.total_paise
            - coalesce((select sum(f.amount_paise) from refunds f where f.order_id = o.id), 0)
          from orders o where o.id = return_requests.order_id)`,
        set: sql`status = 'refunded', closed_at = ${now}`,
      };
    case "ship-exchange":
      return {
        rule: sql`status = 'received' and kind = 'exchange'`,
        set: sql`status = 'exchanged', closed_at = ${now}, exchange_courier = ${input.courier}, exchange_tracking = ${input.trackingNumber}`,
      };
  }
}

const MAILS = {
  approve: "return-approved",
  decline: "return-declined",
  receive: "return-received",
  refund: "return-refunded",
  "ship-exchange": "exchange-shipped",
} as const satisfies Record<ReturnAction, MailTemplate>;

function mailParams(ctx: ServiceContext, r: ReturnDetail, input: Input) {
  const mail: ReturnMail = {
    returnId: r.id,
    orderNumber: r.orderNumber,
    kind: r.kind,
    lines: r.lines.map(({ name, color, size, quantity, exchangeSize }) => ({ name, color, size, quantity, exchangeSize })),
  };
  const base = { name: r.shopper.name, r: mail, link: r.shopper.guest ? null : `${ctx.origin}/my-orders` };
  switch (input.action) {
    case "approve":
    case "ship-exchange":
      return { ...base, courier: input.courier, trackingNumber: input.trackingNumber } satisfies MailParams<"return-approved">;
    case "decline":
      return { ...base, reason: input.reason } satisfies MailParams<"return-declined">;
    case "receive":
      return base satisfies MailParams<"return-received">;
    case "refund":
      return {
        ...base,
        amountPaise: input.amountPaise,
        method: refundMethodLabel(input.method),
        reference: input.reference,
      } satisfies MailParams<"return-refunded">;
  }
}

/** What the audit entry keeps of the move's input. */
function afterOf(input: Input, target: string): Record<string, unknown> {
  const { action: _, ...fields } = input;
  return { status: target, ...fields };
}

const TARGET: Record<ReturnAction, string> = {
  approve: "approved",
  decline: "declined",
  receive: "received",
  refund: "refunded",
  "ship-exchange": "exchanged",
};

/**
 * Moves a return request on (approve, decline, receive, refund, ship-exchange), checked in the
 * writing statement; its stock, refund, audit entry and her mail in the same batch. Answers the
 * request as it is now.
 */
export async function moveReturn(ctx: ServiceContext, idInput: unknown, actionInput: string, body: unknown): Promise<ReturnDetail> {
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  if (!(RETURN_ACTIONS as readonly string[]).includes(actionInput)) throw new AppError(404, "Not found");
  const action = actionInput as ReturnAction;
  const id = parseReturnId(idInput);
  const [actor, [state, lines, history, refunds]] = await Promise.all([staff, readAll(ctx, returnQueries(ctx.db, id))]);
  const r = toReturnDetail(state, lines, history, refunds);
  if (!r) throw new AppError(404, returnMessages.notFound);
  const refused = returnMessages.refusal(action, r);
  if (refused) throw new AppError(409, refused);
  const input = moveInput(action, body, r);
  if (input.action === "refund" && input.amountPaise > r.refundablePaise) {
    const message = r.refundablePaise === 0 ? returnMessages.nothingLeft : returnMessages.tooMuch(formatRupees(r.refundablePaise));
    throw new AppError(409, message, { field: "amount" });
  }

  const claim = newClaim();
  const now = ctx.now().getTime();
  const mine = sql`exists (select 1 from return_requests c where c.id = ${id} and c.claim = ${claim})`;
  const { rule, set } = ruleAndSet(input, now);
  const update = ctx.db.run(sql`update return_requests set claim = ${claim}, ${set}
    where id = ${id} and status = ${r.status} and ${rule}`);
  const mail = await outboxMail(ctx, { to: r.shopper.email, template: MAILS[action], params: mailParams(ctx, r, input) } as never);
  const ours = sql`rl.request_id = ${id} and exists (select 1 from return_requests c where c.id = rl.request_id and c.claim = ${claim})`;
  // A size held for her exchange goes back on the shelf when the request ends without shipping it:
  // only from lines still open, in the batch that closes them, so it happens once.
  const giveHeldBack = ctx.db.run(sql`update product_sizes set stock = stock + (
      select sum(rl.quantity) from return_lines rl where ${ours} and rl.open = 1 and rl.exchange_size_id = product_sizes.id)
    where id in (select rl.exchange_size_id from return_lines rl where ${ours} and rl.open = 1)`);
  const closeLines = ctx.db.run(sql`update return_lines set open = 0 where request_id = ${id} and open = 1 and ${mine}`);
  const extra =
    input.action === "decline"
      ? [giveHeldBack, closeLines]
      : input.action === "receive"
        ? input.lines.flatMap((l) => [
            ctx.db.run(sql`update return_lines set restocked = ${l.restocked}, written_off = ${l.writtenOff}
              where id = ${l.id} and request_id = ${id} and ${mine}`),
            ...(l.restocked > 0
              ? [
                  ctx.db.run(sql`update product_sizes set stock = stock + ${l.restocked}
                    where id = (select ol.size_id from return_lines rl join order_lines ol on ol.id = rl.order_line_id
                      where rl.id = ${l.id} and rl.request_id = ${id}) and ${mine}`),
                ]
              : []),
          ])
        : input.action === "refund"
          ? [
              refundStatement(ctx.db, {
                orderId: sql`(select order_id from return_requests where id = ${id})`,
                source: "return",
                amountPaise: input.amountPaise,
                method: input.method,
                reference: input.reference,
                returnRequestId: id,
                at: ctx.now(),
                when: mine,
              }),
              giveHeldBack,
              closeLines,
            ]
          : input.action === "ship-exchange"
            ? [closeLines]
            : [];
  const audit = auditStatement(ctx.db, {
    actorId: actor.id,
    action: `return.${action}`,
    entity: "return",
    entityId: id,
    before: { status: r.status },
    after: afterOf(input, TARGET[action]),
    at: ctx.now(),
    when: mine,
  });
  const queued = queueMail(ctx, mail, mine);
  const reads = returnQueries(ctx.db, id);
  const results = await ctx.db.batch([update, ...extra, audit, queued, ...reads]);
  const changed = (results[0] as { rowsAffected: number }).rowsAffected === 1;
  const [s, l, h, f] = results.slice(-4);
  const fresh = toReturnDetail(s as never, l as never, h as never, f as never);
  if (!fresh) throw new AppError(404, returnMessages.notFound);
  if (!changed) {
    const again = returnMessages.refusal(action, fresh);
    if (again) throw new AppError(409, again);
    if (input.action === "refund" && input.amountPaise > fresh.refundablePaise)
      throw new AppError(409, returnMessages.tooMuch(formatRupees(fresh.refundablePaise)), { field: "amount" });
    throw new AppError(409, returnMessages.changedMeanwhile(id));
  }
  deliverAfterResponse(ctx, results[1 + extra.length + 1] as { rowsAffected: number; lastInsertRowid?: bigint | number });
  // What signed-out shoppers see changed when stock came back (pieces restocked, a held size given
  // back): those products' cached pages go (the rest age out).
  const stockBack =
    (input.action === "receive" && input.lines.some((l) => l.restocked > 0)) ||
    ((input.action === "decline" || input.action === "refund") && r.lines.some((l) => l.heldExchange));
  if (stockBack) {
    const paths = [...new Set(fresh.lines.flatMap((l) => (l.href ? [l.href] : [])))];
    await purgePages(
      ctx.origin,
      paths.flatMap((p) => [p, `${p}.data`]),
    );
  }
  return fresh;
}
