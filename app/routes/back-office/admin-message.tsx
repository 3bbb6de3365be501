import { data, redirect, useNavigation } from "react-router";
import { INBOX_MESSAGES, markHandled, messageDetail, REPLY_MAX, replyToMessage } from "../../../workers/services/back-office/admin-inbox";
import { messageKindLabel } from "../../../workers/services/content/messages.rules";
import { settings } from "../../../workers/services/content/settings";
import { AppError } from "../../../workers/services/platform/errors";
import { when } from "../../components/admin/admin-when";
import { PageNotice } from "../../components/admin/page-notice";
import { OnceForm } from "../../components/forms/once-form";
import { ShopLink } from "../../components/shop-link";
import { formProblem, readForm } from "../../lib/auth.server";
import { staffAction, staffRecordPage } from "../../lib/back-office/admin.server";
import type { Route } from "./+types/admin-message";

/**
 * One message of the inbox: the whole text (as text, never HTML), its replies, a
 * reply box that mails the sender and records the reply, and "Mark handled" / "Reopen". Opening it
 * marks it read. Forms post here and answer with a redirect and a notice (Post/Redirect/Get), so
 * they work without JavaScript; a refused reply comes back with its message and what was typed.
 */
const NOTICES = {
  replied: INBOX_MESSAGES.replied,
  handled: "Marked handled",
  reopened: "Reopened",
} as const;
type Notice = keyof typeof NOTICES;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const message = await staffRecordPage(messageDetail(context.services, params.kind, params.id));
  const notice = new URL(request.url).searchParams.get("notice");
  return { message, notice: notice && Object.hasOwn(NOTICES, notice) ? NOTICES[notice as Notice] : null, replyMax: REPLY_MAX };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await staffAction(context.services);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const path = `/admin/messages/${params.kind}/${params.id}`;
  const body = typeof form.get("body") === "string" ? String(form.get("body")) : "";
  try {
    if (intent === "reply") {
      await replyToMessage(context.services, params.kind, params.id, { body });
      throw redirect(`${path}?notice=replied`);
    }
    if (intent === "handled" || intent === "reopen") {
      await markHandled(context.services, params.kind, params.id, { handled: intent === "handled" });
      throw redirect(`${path}?notice=${intent === "handled" ? "handled" : "reopened"}`);
    }
  } catch (err) {
    if (err instanceof Response) throw err;
    if (err instanceof AppError && err.status === 404) throw data(null, { status: 404 });
    return formProblem(err, { body: body.slice(0, REPLY_MAX + 100) }, "The reply could not be sent");
  }
  return data({ message: "Unknown action.", values: { body } as Record<string, string> }, { status: 400 });
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d ? `Message from ${d.message.name}` : "Message"} | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

export default function AdminMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message: m, notice, replyMax } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const error = actionData?.message;
  return (
    <div className="admin-page">
      <p>
        <ShopLink to="/admin/messages">Back to messages</ShopLink>
      </p>
      <header className="admin-page__head">
        <h1>Message from {m.name}</h1>
        <p className="admin-muted">
          {messageKindLabel(m, "Contact message")}, received {when(m.createdAt)}
          {" · "}
          {m.handled ? "Handled" : "Open"}
        </p>
      </header>
      <PageNotice notice={error ? undefined : notice} />
      <section className="admin-panel" aria-labelledby="msg-text">
        <h2 id="msg-text">Message</h2>
        <dl className="admin-facts">
          <div>
            <dt>From</dt>
            <dd>
              {m.name} &lt;<a href={`mailto:${m.email}`}>{m.email}</a>&gt;
            </dd>
          </div>
          {m.phone && (
            <div>
              <dt>Phone</dt>
              <dd>{m.phone}</dd>
            </div>
          )}
          {m.orderNumber !== null && (
            <div>
              <dt>Order</dt>
              <dd>
                {m.order ? (
                  <ShopLink to={`/admin/orders/${m.order.orderNumber}`}>Order {m.order.orderNumber}</ShopLink>
                ) : (
                  `${m.orderNumber} (no such order)`
                )}
              </dd>
            </div>
          )}
          {m.preferredContactMethod && (
            <div>
              <dt>Prefers</dt>
              <dd>
                {m.preferredContactMethod}
                {m.preferredTime ? `, ${m.preferredTime}` : ""}
              </dd>
            </div>
          )}
        </dl>
        <div className="admin-message__text">{m.message}</div>
        <OnceForm method="post" className="admin-message__state">
          <input type="hidden" name="intent" value={m.handled ? "reopen" : "handled"} />
          <button type="submit" className="button button--secondary" disabled={busy === "handled" || busy === "reopen"}>
            {m.handled ? "Reopen" : "Mark handled"}
          </button>
        </OnceForm>
      </section>
      <section className="admin-panel" aria-labelledby="msg-replies">
        <h2 id="msg-replies">Replies</h2>
        {m.replies.length === 0 ? (
          <p className="admin-muted">No replies yet.</p>
        ) : (
          <ol className="admin-replies">
            {m.replies.map((r) => (
              <li key={r.id}>
                <p className="admin-muted">
                  {r.staffEmail ?? "Staff"}, {when(r.createdAt)}
                </p>
                <div className="admin-message__text">{r.body}</div>
              </li>
            ))}
          </ol>
        )}
        <OnceForm method="post" className="admin-reply">
          <input type="hidden" name="intent" value="reply" />
          <label htmlFor="reply-body">Reply to {m.email}</label>
          <textarea
            key={m.replies.length}
            id="reply-body"
            name="body"
            rows={6}
            required
            maxLength={replyMax}
            defaultValue={actionData?.values?.body ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "reply-error" : undefined}
          />
          {error && (
            <p id="reply-error" className="notice notice--error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={busy === "reply"}>
            {busy === "reply" ? "Sending…" : "Send reply"}
          </button>
        </OnceForm>
      </section>
    </div>
  );
}
