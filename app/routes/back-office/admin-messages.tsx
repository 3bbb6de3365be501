import { INBOX_FILTERS, type InboxFilter, listMessages } from "../../../workers/services/back-office/admin-inbox";
import { messageKindLabel } from "../../../workers/services/content/messages.rules";
import { settings } from "../../../workers/services/content/settings";
import { AdminFilters, AdminPager } from "../../components/admin/admin-lists";
import { when } from "../../components/admin/admin-when";
import { TableScroll } from "../../components/admin/table-scroll";
import { ShopLink } from "../../components/shop-link";
import { staffPage } from "../../lib/back-office/admin.server";
import type { Route } from "./+types/admin-messages";

/**
 * The inbox: contact messages and enquiries together, newest first; unread ones in
 * bold and said so in words; filters and pages are plain links, so the page works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return { ...(await staffPage(listMessages(context.services, query))), filters: INBOX_FILTERS };
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `Messages | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

const FILTER_LABELS: Record<InboxFilter, string> = { all: "All", unread: "Unread", open: "Open", handled: "Handled" };

function listHref(filter: InboxFilter, page = 1) {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (page > 1) params.set("page", String(page));
  const q = params.toString();
  return q ? `/admin/messages?${q}` : "/admin/messages";
}

export default function AdminMessages({ loaderData: l }: Route.ComponentProps) {
  return (
    <div className="admin-page">
      <header className="admin-page__head">
        <h1>Messages</h1>
        <p className="admin-muted">
          {l.unread} unread, {l.open} open. Contact messages and enquiries, newest first.
        </p>
      </header>
      <AdminFilters label="Filter messages" filters={l.filters} current={l.filter} labels={FILTER_LABELS} href={(f) => listHref(f)} />
      {l.messages.length === 0 ? (
        <p className="admin-panel">No messages here.</p>
      ) : (
        <TableScroll label="Messages">
          <table className="admin-table admin-inbox">
            <caption className="visually-hidden">
              {FILTER_LABELS[l.filter]} messages, page {l.page} of {l.pages}
            </caption>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">Message</th>
                <th scope="col">Received</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {l.messages.map((m) => (
                <tr key={`${m.kind}-${m.id}`} className={m.read ? undefined : "admin-inbox__unread"}>
                  <td>
                    {m.read ? m.name : <strong>{m.name}</strong>}
                    <span className="admin-muted admin-inbox__email">{m.email}</span>
                  </td>
                  <td>
                    <span className="admin-inbox__kind">{messageKindLabel(m)}</span>{" "}
                    <ShopLink to={`/admin/messages/${m.kind}/${m.id}`} className="admin-inbox__open">
                      {!m.read && <span className="visually-hidden">Unread: </span>}
                      {m.read ? m.preview : <strong>{m.preview}</strong>}
                    </ShopLink>
                    {m.order && (
                      <>
                        {" "}
                        <ShopLink to={`/admin/orders/${m.order.orderNumber}`} className="admin-inbox__order">
                          Order {m.order.orderNumber}
                        </ShopLink>
                      </>
                    )}
                  </td>
                  <td>{when(m.createdAt)}</td>
                  <td>
                    {m.read ? "Read" : <strong>Unread</strong>}
                    {`, ${m.handled ? "handled" : "open"}${m.replyCount > 0 ? `, ${m.replyCount} ${m.replyCount === 1 ? "reply" : "replies"}` : ""}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <AdminPager page={l.page} pages={l.pages} href={(page) => listHref(l.filter, page)} />
    </div>
  );
}
