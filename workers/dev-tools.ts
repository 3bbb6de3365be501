import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { mailOutbox } from "../db/schema";
import type { ApiEnv } from "./api/types";
import { readShopSettings } from "./services/content/shop-settings";
import type { ServiceContext } from "./services/platform/context";
import { listOutbox, renderOutboxMail } from "./services/platform/mail";
import { escapeHtml } from "./services/platform/mail-frame";

/**
 * Development-only tools, present only when APP_ENV says "development" or "test" (404 otherwise,
 * unset included, so a deploy that forgets APP_ENV never exposes them): the mailbox lists the outbox so a
 * person or a test can read sign-up codes and reset links without a mail provider.
 * `/dev/mailbox?to=<email>` (HTML), `/dev/mailbox.json?to=<email>`, `/dev/mailbox/<id>.html`.
 * `/dev/media.json?prefix=profiles/<id>/` lists what the local R2 bucket holds under a prefix (tests
 * check that replaced profile pictures are removed).
 */

const linkify = (s: string) => escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`);

/** A stored mail as it was sent; one that cannot be opened (sealed under another SESSION_SECRET) says so. */
const opened = (ctx: ServiceContext, mail: { to: string; template: string; params: string; subject: string }) =>
  readShopSettings(ctx.db)
    .then((shop) => renderOutboxMail(ctx, mail, shop))
    .catch((err: Error) => ({
      subject: mail.subject,
      text: `(cannot be opened: ${err.message})`,
      html: "",
      replyTo: undefined,
    }));

/** The newest mails (for one address), as they were sent. */
async function mailbox(ctx: ServiceContext, to: string | undefined) {
  const mails = await listOutbox(ctx, to);
  return Promise.all(mails.map(async (m) => ({ ...m, ...(await opened(ctx, m)) })));
}

export const devTools = new Hono<ApiEnv>()
  .use("*", async (c, next) => {
    if (c.env.APP_ENV !== "development" && c.env.APP_ENV !== "test") return c.text("Not found", 404);
    await next();
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
  })
  .get("/mailbox.json", async (c) => {
    const mails = await mailbox(c.var.ctx, c.req.query("to"));
    return c.json({
      data: mails.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        replyTo: m.replyTo ?? null,
        createdAt: m.createdAt.toISOString(),
      })),
    });
  })
  .get("/media.json", async (c) => {
    const keys: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await c.env.MEDIA.list({ prefix: c.req.query("prefix") ?? "", cursor });
      keys.push(...page.objects.map((o) => o.key));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    return c.json({ keys });
  })
  .get("/mailbox/:file", async (c) => {
    const id = /^(\d{1,12})\.html$/.exec(c.req.param("file"))?.[1];
    if (!id) return c.text("Not found", 404);
    const [mail] = await c.var.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, Number(id)));
    if (!mail) return c.text("Not found", 404);
    return c.html((await opened(c.var.ctx, mail)).html);
  })
  .get("/mailbox", async (c) => {
    const to = c.req.query("to");
    const mails = await mailbox(c.var.ctx, to);
    const items = mails
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.createdAt.toISOString())} · ${escapeHtml(m.status)} · <a href="/dev/mailbox/${m.id}.html">HTML version</a></p>
<pre>${linkify(m.text)}</pre></article>`,
      )
      .join("\n");
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox</title><style>
body{font-family:system-ui,sans-serif;background:#FBF7F2;color:#2B2321;margin:0;padding:24px;max-width:760px;margin-inline:auto}
h1{font-family:ui-serif,Georgia,serif;color:#8A1C2B}article{background:#fff;border-radius:10px;padding:16px 20px;margin:0 0 16px;box-shadow:0 1px 3px #0001}
h2{font-size:1.1rem;margin:0 0 4px}.meta{color:#6E625C;font-size:.9rem;margin:0 0 8px;overflow-wrap:anywhere}pre{white-space:pre-wrap;font:inherit;margin:0}a{color:#8A1C2B}
</style></head><body><h1>Development mailbox</h1>
<p>Mail the shop sent in this ${escapeHtml(c.env.APP_ENV)} run, newest first${to ? ` for <strong>${escapeHtml(to)}</strong>` : ""}. This page does not exist in production.</p>
<form method="get"><label>Recipient <input type="email" name="to" value="${escapeHtml(to ?? "")}"></label> <button>Filter</button></form>
${items || "<p>No mail yet.</p>"}</body></html>`);
  });
