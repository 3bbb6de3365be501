import { desc, eq } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import type { ServiceContext } from "./context";
import { settings } from "./settings";

/**
 * Outgoing mail (DECISIONS §7). Every message is written to the outbox table first. With
 * `MAIL_API_KEY` set, the row keeps only who, what and when, with 6-digit runs in the subject
 * masked (sign-up codes and reset links must never sit in the database in plain text, even when the
 * provider fails); the body goes to the provider over HTTP (Resend's `POST /emails` format,
 * `MAIL_API_URL` defaulting to https://api.resend.com) and the row is marked sent. Without a key
 * (local and test runs; production refuses to start without one) the outbox is the mailbox, listed
 * at /dev/mailbox.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function mailerFor(ctx: ServiceContext): Mailer {
  return {
    async send(mail) {
      const key = ctx.env.MAIL_API_KEY;
      // The code mail's subject leads with the code (phones show and fill it from there): masked too.
      const now = ctx.now();
      const params = key ? "{}" : JSON.stringify({ text: mail.text, html: mail.html });
      const subject = key ? mail.subject.replace(/\b\d{6}\b/g, "******") : mail.subject;
      const [row] = await ctx.db
        .insert(mailOutbox)
        .values({
          to: mail.to,
          template: "raw",
          params,
          subject,
          status: key ? "queued" : "sent",
          nextAttemptAt: now,
          sentAt: key ? null : now,
        })
        .returning({ id: mailOutbox.id });
      if (!key || !row) return;
      const from = ctx.env.MAIL_FROM ?? `${settings.brand.name} <${settings.store.email}>`;
      const res = await fetch(`${ctx.env.MAIL_API_URL ?? "https://api.resend.com"}/emails`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ from, to: [mail.to], subject: mail.subject, text: mail.text, html: mail.html }),
      });
      if (!res.ok) {
        console.error("Mail provider refused a message", res.status, await res.text().catch(() => ""));
        throw new Error(`Mail provider answered ${res.status}`);
      }
      await ctx.db.update(mailOutbox).set({ status: "sent", sentAt: ctx.now() }).where(eq(mailOutbox.id, row.id));
    },
  };
}

/** The newest messages, optionally for one address (the development mailbox). */
export async function listOutbox(ctx: ServiceContext, to?: string, max = 50) {
  return ctx.db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(max);
}

/** A stored mail's plain text and HTML, where the outbox keeps them (local and test runs). */
export function outboxBody(row: { params: string }): { text: string; html: string } {
  const p = JSON.parse(row.params) as { text?: string; html?: string };
  return { text: p.text ?? "", html: p.html ?? "" };
}
