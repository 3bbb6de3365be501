import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { ServiceContext } from "../platform/context";
import { AppError } from "../platform/errors";
import { deliverAfterResponse, outboxMail, queueMail } from "../platform/mail";
import { readAll } from "../platform/read-batch";
import { parseInput } from "../platform/validate";
import { auditStatement, requireStaff } from "./staff";

/**
 * The back office's inbox: contact messages and enquiries together, newest first.
 * Opening one marks it read (the first time only; reading changes nothing worth an audit entry);
 * staff mark it handled, or reply: the reply is stored, mailed to the sender through the outbox and
 * the message marked handled, all in one batch with its one audit entry.
 */

export const MESSAGE_KINDS = ["contact", "enquiry"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const INBOX_FILTERS = ["all", "unread", "open", "handled"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const INBOX_PAGE_SIZE = 25;
export const REPLY_MAX = 5000;
/** How much of a message the list shows, and the reply mail quotes. */
const PREVIEW_CHARS = 160;
const QUOTE_CHARS = 400;

export const INBOX_MESSAGES = {
  notFound: "No such message",
  replyRequired: "Please write a reply",
  replyTooLong: `A reply must be at most ${REPLY_MAX.toLocaleString("en-IN")} characters`,
  handledRequired: "Say whether the message is handled (true or false)",
  replied: "Reply sent",
} as const;

const listQuerySchema = z.object({
  filter: z.enum(INBOX_FILTERS).catch("all"),
  kind: z.enum(MESSAGE_KINDS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

const kindSchema = z.enum(MESSAGE_KINDS);
/** A row id as a path names it: a positive whole number of up to 15 digits. */
const idSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);

const replySchema = z.object({
  body: z
    .unknown()
    .transform((v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n").trim() : ""))
    .pipe(z.string().min(1, INBOX_MESSAGES.replyRequired).max(REPLY_MAX, INBOX_MESSAGES.replyTooLong)),
});

const handledSchema = z.object({
  handled: z.union([z.boolean(), z.enum(["true", "false"]).transform((s) => s === "true")], { error: INBOX_MESSAGES.handledRequired }),
});

/** A kind and id from a path: anything that does not name a message is answered as a missing one. */
function messageRef(kindInput: unknown, idInput: unknown): { kind: MessageKind; id: number } {
  const kind = kindSchema.safeParse(kindInput);
  const id = idSchema.safeParse(idInput);
  if (!kind.success || !id.success) throw new AppError(404, INBOX_MESSAGES.notFound);
  return { kind: kind.data, id: id.data };
}

const table = (kind: MessageKind) => sql.raw(kind === "contact" ? "contact_messages" : "enquiries");

/** Both kinds as one table of the same columns. */
const ALL_MESSAGES = sql.raw(`select 'contact' as kind, id, name, email, '' as phone, null as enquiryType, null as orderNumber,
    message, null as preferredContactMethod, null as preferredTime, read_at, handled_at, created_at from contact_messages
  union all
  select 'enquiry', id, full_name, email, phone, enquiry_type, order_number,
    message, preferred_contact_method, preferred_time, read_at, handled_at, created_at from enquiries`);

interface MessageRow {
  kind: MessageKind;
  id: number;
  name: string;
  email: string;
  phone: string;
  enquiryType: string | null;
  orderNumber: number | null;
  linkedOrderId: number | null;
  message: string;
  preferredContactMethod: string | null;
  preferredTime: string | null;
  readAt: number | null;
  handledAt: number | null;
  createdAt: number;
  replyCount: number;
}

const COLUMNS = sql.raw(`m.kind as kind, m.id as id, m.name as name, m.email as email, m.phone as phone, m.enquiryType as enquiryType,
  m.orderNumber as orderNumber, (select o.id from orders o where o.order_number = m.orderNumber) as linkedOrderId,
  m.preferredContactMethod as preferredContactMethod, m.preferredTime as preferredTime,
  m.read_at as readAt, m.handled_at as handledAt, m.created_at as createdAt,
  (select count(*) from message_replies r where r.kind = m.kind and r.message_id = m.id) as replyCount`);

const date = (ms: number | null) => (ms === null ? null : new Date(Number(ms)));

function summary(r: Omit<MessageRow, "message"> & { preview: string }) {
  const orderNumber = r.orderNumber === null ? null : Number(r.orderNumber);
  return {
    kind: r.kind,
    id: Number(r.id),
    name: r.name,
    email: r.email,
    phone: r.phone,
    enquiryType: r.enquiryType,
    orderNumber,
    /** The order the cancellation query names, when an order with that number exists (to link it). */
    order: orderNumber !== null && r.linkedOrderId !== null ? { id: Number(r.linkedOrderId), orderNumber } : null,
    preview: r.preview,
    read: r.readAt !== null,
    handled: r.handledAt !== null,
    readAt: date(r.readAt),
    handledAt: date(r.handledAt),
    createdAt: new Date(Number(r.createdAt)),
    replyCount: Number(r.replyCount),
  };
}
export type InboxMessage = ReturnType<typeof summary>;

function filterSql(filter: InboxFilter, kind: MessageKind | undefined): SQL {
  const conditions: SQL[] = [sql`1`];
  if (filter === "unread") conditions.push(sql`m.read_at is null`);
  if (filter === "open") conditions.push(sql`m.handled_at is null`);
  if (filter === "handled") conditions.push(sql`m.handled_at is not null`);
  if (kind) conditions.push(sql`m.kind = ${kind}`);
  return sql.join(conditions, sql` and `);
}

/** One page of the inbox, newest first, with the counts of the filter and of unread messages: one round trip with the staff check. */
export async function listMessages(ctx: ServiceContext, query: unknown) {
  const { filter, kind, page } = listQuerySchema.parse(query ?? {});
  await ctx.claims();
  const [, [rows, [counts]]] = await Promise.all([
    requireStaff(ctx),
    readAll(ctx, [
      ctx.db.all<Omit<MessageRow, "message"> & { preview: string; total: number }>(sql`select ${COLUMNS},
          substr(m.message, 1, ${PREVIEW_CHARS}) as preview, count(*) over () as total
        from (${ALL_MESSAGES}) m where ${filterSql(filter, kind)}
        order by m.created_at desc, m.kind desc, m.id desc limit ${INBOX_PAGE_SIZE} offset ${(page - 1) * INBOX_PAGE_SIZE}`),
      ctx.db.all<{ unread: number; open: number }>(sql`select
          (select count(*) from contact_messages where read_at is null) + (select count(*) from enquiries where read_at is null) as unread,
          (select count(*) from contact_messages where handled_at is null) + (select count(*) from enquiries where handled_at is null) as open`),
    ] as const),
  ]);
  const total = rows.length ? Number(rows[0]!.total) : 0;
  return {
    messages: rows.map(summary),
    filter,
    kind: kind ?? null,
    page,
    pageSize: INBOX_PAGE_SIZE,
    total,
    pages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
    unread: Number(counts?.unread ?? 0),
    open: Number(counts?.open ?? 0),
  };
}

function oneMessage(ctx: ServiceContext, kind: MessageKind, id: number) {
  return ctx.db.all<MessageRow>(sql`select ${COLUMNS}, m.message as message
    from (${ALL_MESSAGES}) m where m.kind = ${kind} and m.id = ${id}`);
}

function repliesOf(ctx: ServiceContext, kind: MessageKind, id: number) {
  return ctx.db.all<{ id: number; body: string; staffEmail: string | null; createdAt: number }>(
    sql`select r.id as id, r.body as body, u.email as staffEmail, r.created_at as createdAt
      from message_replies r left join users u on u.id = r.staff_id
      where r.kind = ${kind} and r.message_id = ${id} order by r.created_at, r.id`,
  );
}

function detailOf(row: MessageRow, replies: Awaited<ReturnType<typeof repliesOf>>) {
  const { message, ...rest } = row;
  return {
    ...summary({ ...rest, preview: message.slice(0, PREVIEW_CHARS) }),
    message,
    preferredContactMethod: row.preferredContactMethod,
    preferredTime: row.preferredTime,
    replies: replies.map((r) => ({ id: Number(r.id), body: r.body, staffEmail: r.staffEmail, createdAt: new Date(Number(r.createdAt)) })),
  };
}
export type InboxMessageDetail = ReturnType<typeof detailOf>;

/**
 * The whole message with its replies, read with the staff check (one round trip). The first opening
 * by staff marks it read (no audit entry: reading changes nothing); that write goes after the
 * response, so opening a message costs no second round trip, and the page already shows it read.
 */
export async function messageDetail(ctx: ServiceContext, kindInput: unknown, idInput: unknown): Promise<InboxMessageDetail> {
  // The token is checked first (no database): a visitor without one is turned away reading nothing.
  if (!(await ctx.claims())) await requireStaff(ctx);
  const staff = requireStaff(ctx);
  staff.catch(() => {});
  const { kind, id } = messageRef(kindInput, idInput);
  const [, [[row], replies]] = await Promise.all([staff, readAll(ctx, [oneMessage(ctx, kind, id), repliesOf(ctx, kind, id)])]);
  if (!row) throw new AppError(404, INBOX_MESSAGES.notFound);
  if (row.readAt === null) {
    const now = ctx.now().getTime();
    ctx.defer(
      Promise.resolve(ctx.db.run(sql`update ${table(kind)} set read_at = ${now} where id = ${id} and read_at is null`)).catch((err) =>
        console.error("Marking a message read failed", kind, id, err),
      ),
    );
    row.readAt = now;
  }
  return detailOf(row, replies);
}

/** Marks a message handled (or not): one statement conditioned on its state, and one audit entry when it changed. */
export async function markHandled(ctx: ServiceContext, kindInput: unknown, idInput: unknown, input: unknown) {
  const staff = await requireStaff(ctx);
  const { kind, id } = messageRef(kindInput, idInput);
  const { handled } = parseInput(handledSchema, input);
  const now = ctx.now();
  const [, , [row], replies] = await ctx.db.batch([
    ctx.db.run(
      handled
        ? sql`update ${table(kind)} set handled_at = ${now.getTime()}, read_at = coalesce(read_at, ${now.getTime()}) where id = ${id} and handled_at is null`
        : sql`update ${table(kind)} set handled_at = null where id = ${id} and handled_at is not null`,
    ),
    auditStatement(ctx.db, {
      actorId: staff.id,
      action: handled ? "message.handled" : "message.reopened",
      entity: kind,
      entityId: id,
      before: { handled: !handled },
      after: { handled },
      at: now,
      when: sql`changes() = 1`,
    }),
    oneMessage(ctx, kind, id),
    repliesOf(ctx, kind, id),
  ]);
  if (!row) throw new AppError(404, INBOX_MESSAGES.notFound);
  return detailOf(row, replies);
}

/**
 * Replies to a message: the reply stored (with the staff member), mailed to the sender (Reply-To the
 * shop), the message marked read and handled, and one audit entry: one batch, so all or nothing. The
 * mail goes out after the response.
 */
export async function replyToMessage(ctx: ServiceContext, kindInput: unknown, idInput: unknown, input: unknown) {
  const staff = await requireStaff(ctx);
  const { kind, id } = messageRef(kindInput, idInput);
  const { body } = parseInput(replySchema, input);
  const [original] = await ctx.read(oneMessage(ctx, kind, id));
  if (!original) throw new AppError(404, INBOX_MESSAGES.notFound);
  const now = ctx.now();
  const quote = original.message.length > QUOTE_CHARS ? `${original.message.slice(0, QUOTE_CHARS).trimEnd()}…` : original.message;
  const mail = await outboxMail(ctx, {
    to: original.email,
    template: "message-reply",
    params: {
      name: original.name,
      kind,
      orderNumber: original.orderNumber === null ? null : Number(original.orderNumber),
      reply: body,
      original: quote,
    },
  });
  const [inserted, queued, , , [row], replies] = await ctx.db.batch([
    ctx.db.run(sql`insert into message_replies (kind, message_id, staff_id, body, created_at)
      select ${kind}, id, ${staff.id}, ${body}, ${now.getTime()} from ${table(kind)} where id = ${id}`),
    queueMail(ctx, mail, sql`changes() = 1`),
    ctx.db.run(sql`update ${table(kind)} set read_at = coalesce(read_at, ${now.getTime()}), handled_at = coalesce(handled_at, ${now.getTime()})
      where id = ${id}`),
    auditStatement(ctx.db, {
      actorId: staff.id,
      action: "message.reply",
      entity: kind,
      entityId: id,
      before: { handled: original.handledAt !== null, replies: Number(original.replyCount) },
      after: { handled: true, replies: Number(original.replyCount) + 1, reply: body },
      at: now,
      // Right after the update of the message, which exists exactly when the reply went in.
      when: sql`changes() = 1`,
    }),
    oneMessage(ctx, kind, id),
    repliesOf(ctx, kind, id),
  ]);
  if (inserted.rowsAffected === 0 || !row) throw new AppError(404, INBOX_MESSAGES.notFound);
  deliverAfterResponse(ctx, queued);
  return { message: INBOX_MESSAGES.replied, detail: detailOf(row, replies) };
}
