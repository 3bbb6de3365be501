import { auditEntries } from "../../../workers/services/back-office/staff";
import { AUDIT_ENTITIES, type AuditEntityFilter } from "../../../workers/services/back-office/staff.rules";
import { settings } from "../../../workers/services/content/settings";
import { AdminFilters, AdminPager } from "../../components/admin/admin-lists";
import { TableScroll } from "../../components/admin/table-scroll";
import { ShopLink } from "../../components/shop-link";
import { staffPage } from "../../lib/back-office/admin.server";
import { auditActionLabel, auditChanges, auditSubject, auditTime } from "../../lib/back-office/admin-audit";
import type { Route } from "./+types/admin-audit-log";

/**
 * The owner's audit log: every change made in the back office, newest first, with
 * who made it, what it was, a link to the row it touched and the fields it changed (the whole record
 * in a disclosure). Filtered by kind of row and by who, paged: plain links, so it works without
 * JavaScript. The owner only: a staff member gets the shop's 404 page, as a shopper does.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = {
    entity: params.get("entity") ?? undefined,
    actor: params.get("actor") ?? undefined,
    page: params.get("page") ?? undefined,
  };
  return { ...(await staffPage(auditEntries(context.services, query))), entities: AUDIT_ENTITIES };
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `Audit log | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

const ENTITY_LABELS: Record<AuditEntityFilter, string> = {
  all: "Everything",
  order: "Orders",
  message: "Messages",
  review: "Reviews",
  product: "Products",
  stock: "Stock",
  category: "Categories",
  coupon: "Coupons",
  settings: "Settings",
  user: "Staff roles",
};

const ANYONE = "anyone";

function listHref(entity: AuditEntityFilter, actor: string | null, page = 1) {
  const params = new URLSearchParams();
  if (entity !== "all") params.set("entity", entity);
  if (actor) params.set("actor", actor);
  if (page > 1) params.set("page", String(page));
  const q = params.toString();
  return q ? `/admin/audit-log?${q}` : "/admin/audit-log";
}

export default function AdminAuditLog({ loaderData: l }: Route.ComponentProps) {
  const actors = [ANYONE, ...l.actors];
  const actorLabels: Record<string, string> = Object.fromEntries(actors.map((a) => [a, a === ANYONE ? "Anyone" : a]));
  const first = l.total === 0 ? 0 : (l.page - 1) * l.limit + 1;
  const last = Math.min(l.total, l.page * l.limit);
  return (
    <div className="admin-page">
      <header className="admin-page__head">
        <h1>Audit log</h1>
        <p className="admin-muted">Every change made in the back office, newest first. Times are India time.</p>
      </header>
      <div className="admin-audit__filters">
        <div className="admin-audit__filter">
          <span aria-hidden="true">Record</span>
          <AdminFilters
            label="Filter by record"
            filters={l.entities}
            current={l.entity}
            labels={ENTITY_LABELS}
            href={(f) => listHref(f, l.actor)}
          />
        </div>
        <div className="admin-audit__filter">
          <span aria-hidden="true">Who</span>
          <AdminFilters
            label="Filter by who"
            filters={actors}
            current={l.actor ?? ANYONE}
            labels={actorLabels}
            href={(a) => listHref(l.entity, a === ANYONE ? null : a)}
          />
        </div>
      </div>
      {l.entries.length === 0 ? (
        <p className="admin-panel">No changes here.</p>
      ) : (
        <TableScroll label="Changes">
          <table className="admin-table admin-audit">
            <caption className="admin-table__caption">
              Changes {first} to {last} of {l.total}, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Record</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {l.entries.map((e) => {
                const changes = auditChanges(e.before, e.after);
                const subject = auditSubject(e);
                return (
                  <tr key={e.id}>
                    <td className="admin-audit__when">
                      <time dateTime={e.createdAt}>{auditTime(e.createdAt)}</time>
                    </td>
                    <td>
                      {e.actorEmail ? (
                        <>
                          {e.actorName}
                          <span className="admin-sub">{e.actorEmail}</span>
                        </>
                      ) : (
                        <span className="admin-muted">A removed account</span>
                      )}
                    </td>
                    <th scope="row">{auditActionLabel(e)}</th>
                    <td>{e.link ? <ShopLink to={e.link}>{subject}</ShopLink> : subject}</td>
                    <td>
                      {changes.length === 0 ? (
                        <span className="admin-muted">No field changed</span>
                      ) : (
                        <ul className="admin-audit__changes">
                          {changes.map((c) => (
                            <li key={c.field}>
                              {c.field}: <del>{c.from}</del> <span aria-hidden="true">→</span>
                              <span className="visually-hidden"> to </span> <ins>{c.to}</ins>
                            </li>
                          ))}
                        </ul>
                      )}
                      <details className="admin-audit__full">
                        <summary>
                          Full record<span className="visually-hidden"> of this change</span>
                        </summary>
                        <pre>{JSON.stringify({ before: e.before, after: e.after }, null, 2)}</pre>
                      </details>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      <AdminPager page={l.page} pages={l.pages} href={(page) => listHref(l.entity, l.actor, page)} />
    </div>
  );
}
