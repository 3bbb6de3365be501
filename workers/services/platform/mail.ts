import { and, desc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import { mailOutbox } from "../../../db/schema";
import { settings } from "../content/settings";
import { readShopSettings } from "../content/shop-settings";
import type { ServiceContext } from "./context";
import { seal, unseal } from "./crypto";
import { insertWhere } from "./insert-where";
import type { MailContent, MailShop } from "./mail-frame";
import { type MailParams, type MailTemplate, mailTemplates, renderMail } from "./mail-templates";

/**
 * Outgoing mail (docs/product/accounts.md, "Mail that is never lost"), never lost: a mail is a row of the outbox, queued in the same batch
 * as the change that causes it, so it exists exactly when that change does. It is sent after the
 * response (`ctx.defer`, i.e. waitUntil) and, when that fails, by the scheduled handler with backoff,
 * until a day has passed (then it is marked dead). Every delivery first claims its row, so two
 * senders never send one mail, and the provider gets an idempotency key, so a send whose answer was
 * lost cannot arrive twice.
 *
 * The provider speaks Resend's `POST /emails` (`MAIL_API_URL`, default https://api.resend.com).
 * Without `MAIL_API_KEY` (local and test runs; production refuses to start without one) nothing is
 * sent: the outbox is the mailbox, listed at /dev/mailbox.
 */

type MailContext = Pick<ServiceContext, "db" | "env" | "now">;
type OutboxRow = typeof mailOutbox.$inferSelect;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SEAL_PURPOSE = "mail-params";
/** The key of the stored parameters that holds the sealed secret ones. */
const SEALED = "$sealed";
const MASK = "******";
const o = mailOutbox;

/** A sealed parameter opens only on a row with the same template and recipient. */
const sealedFor = (mail: { template: string; to: string }) => `${mail.template}\n${mail.to}`;

export interface MailRequest<T extends MailTemplate> {
  to: string;
  template: T;
  params: MailParams<T>;
}

/**
 * A mail as the outbox keeps it: the template's secret parameters sealed, and the subject with them
 * masked (to list the mail). For `queueMail`.
 */
export async function outboxMail<T extends MailTemplate>(ctx: ServiceContext, mail: MailRequest<T>) {
  const params: Record<string, unknown> = { ...mail.params };
  const secret: Record<string, unknown> = {};
  const masked: Record<string, unknown> = { ...mail.params };
  for (const key of mailTemplates[mail.template].secret) {
    secret[key] = params[key];
    masked[key] = MASK;
    delete params[key];
  }
  params[SEALED] = await seal(ctx.env.SESSION_SECRET, SEAL_PURPOSE, JSON.stringify(secret), sealedFor(mail));
  return {
    to: mail.to,
    template: mail.template,
    params: JSON.stringify(params),
    subject: renderMail(mail.template, masked as MailParams<T>).subject,
  };
}

/**
 * The statement that queues one mail (made by `outboxMail`), for the `db.batch` of the change that
 * causes it. With `onlyIf`, the mail goes in only when that condition holds as the batch runs (e.g.
 * only beside the code row it announces).
 */
export function queueMail(ctx: ServiceContext, mail: Awaited<ReturnType<typeof outboxMail>>, onlyIf: SQL = sql`1`) {
  const now = ctx.now();
  // Without a provider the outbox is the mailbox: the mail is as sent as it will ever be.
  const sendLater = !!ctx.env.MAIL_API_KEY;
  return insertWhere(
    ctx.db,
    o,
    { ...mail, status: sendLater ? "queued" : "sent", nextAttemptAt: now, sentAt: sendLater ? null : now, createdAt: now },
    onlyIf,
  );
}

/** Sends the mail that `queueMail`'s statement has just queued, after the response; the scheduled handler retries it if this fails. */
export function deliverAfterResponse(ctx: ServiceContext, queued: { rowsAffected: number; lastInsertRowid?: bigint | number }): void {
  if (!ctx.env.MAIL_API_KEY || queued.rowsAffected === 0 || queued.lastInsertRowid === undefined) return;
  const id = Number(queued.lastInsertRowid);
  ctx.defer(deliverMail(ctx, id).catch((err) => console.error("Mail delivery failed", id, err)));
}

/** A stored mail as it is sent: its template rendered from its parameters, the sealed ones opened. */
export async function renderOutboxMail(
  ctx: Pick<ServiceContext, "env">,
  mail: Pick<OutboxRow, "to" | "template" | "params">,
  shop?: MailShop,
): Promise<MailContent> {
  if (!Object.hasOwn(mailTemplates, mail.template)) throw new Error(`Unknown mail template "${mail.template}"`);
  const { [SEALED]: sealed, ...params } = JSON.parse(mail.params) as Record<string, unknown>;
  const secret = typeof sealed === "string" ? JSON.parse(await unseal(ctx.env.SESSION_SECRET, SEAL_PURPOSE, sealed, sealedFor(mail))) : {};
  return renderMail(mail.template as MailTemplate, { ...params, ...secret }, shop);
}

/**
 * Takes mails for one delivery, atomically: one mail by id, or up to `limit` of those due. The
 * claim counts the attempt and moves the next one on (1, 2, 4 ... minutes, at most
 * `retryLongestMinutes`), so a second sender finds nothing to take, and a delivery that fails or
 * dies half-way is simply due again after that pause.
 */
export async function claimMail(ctx: MailContext, which: { id: number } | { limit: number }): Promise<OutboxRow[]> {
  const now = ctx.now();
  const { retryFirstMinutes, retryLongestMinutes } = settings.mail;
  const due = and(eq(o.status, "queued"), lte(o.nextAttemptAt, now));
  const picked =
    "id" in which
      ? eq(o.id, which.id)
      : inArray(o.id, ctx.db.select({ id: o.id }).from(o).where(due).orderBy(o.nextAttemptAt).limit(which.limit));
  return ctx.db
    .update(o)
    .set({
      attempts: sql`${o.attempts} + 1`,
      nextAttemptAt: sql`${now.getTime()} + min(${retryFirstMinutes * MINUTE} << min(${o.attempts}, 20), ${retryLongestMinutes * MINUTE})`,
    })
    .where(and(due, picked))
    .returning();
}

/** Why the provider did not take the mail, or null once it has. */
async function sendToProvider(ctx: MailContext, mail: OutboxRow): Promise<string | null> {
  try {
    // The shop's address, phone and e-mail as the owner has them set when the mail goes out.
    const shop = await readShopSettings(ctx.db);
    const { replyTo, ...content } = await renderOutboxMail(ctx, mail, shop);
    const res = await fetch(`${ctx.env.MAIL_API_URL ?? "https://api.resend.com"}/emails`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${ctx.env.MAIL_API_KEY}`,
        "Content-Type": "application/json",
        "Idempotency-Key": `aanchal-mail-${mail.id}`,
      },
      body: JSON.stringify({
        from: ctx.env.MAIL_FROM ?? `${settings.brand.name} <${settings.store.email}>`,
        to: [mail.to],
        ...content,
        ...(replyTo ? { reply_to: replyTo } : {}),
      }),
      signal: AbortSignal.timeout(settings.mail.sendTimeoutMs),
    });
    if (res.ok) return null;
    return `Mail provider answered ${res.status}: ${(await res.text().catch(() => "")).slice(0, 300)}`;
  } catch (err) {
    return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  }
}

/** Sends one claimed mail and records the outcome: sent, queued for the next try, or dead a day after it was queued. */
async function send(ctx: MailContext, mail: OutboxRow): Promise<void> {
  const failure = await sendToProvider(ctx, mail);
  if (failure === null) {
    await ctx.db.update(o).set({ status: "sent", sentAt: ctx.now(), lastError: null }).where(eq(o.id, mail.id));
    return;
  }
  const dead = ctx.now().getTime() - mail.createdAt.getTime() >= settings.mail.giveUpAfterHours * HOUR;
  await ctx.db
    .update(o)
    .set({ status: dead ? "dead" : "queued", lastError: failure })
    .where(eq(o.id, mail.id));
  if (dead) console.error(`Mail ${mail.id} to ${mail.to} given up after ${mail.attempts} attempts:`, failure);
  else console.warn(`Mail ${mail.id} attempt ${mail.attempts} failed, will retry:`, failure);
}

/** Sends one queued mail now, unless another delivery has claimed it. */
export async function deliverMail(ctx: MailContext, id: number): Promise<void> {
  const [mail] = await claimMail(ctx, { id });
  if (mail) await send(ctx, mail);
}

/** One run of the scheduled handler: claims the mails that are due and sends them. */
export async function deliverDueMail(ctx: MailContext): Promise<void> {
  if (!ctx.env.MAIL_API_KEY) return;
  const due = await claimMail(ctx, { limit: settings.mail.perRun });
  await Promise.all(due.map((mail) => send(ctx, mail)));
}

/** The newest messages, optionally for one address (the development mailbox). */
export async function listOutbox(ctx: ServiceContext, to?: string, max = 50) {
  return ctx.db
    .select()
    .from(o)
    .where(to ? eq(o.to, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(o.id))
    .limit(max);
}
