import { data, redirect, useNavigation } from "react-router";
import { giveStaffRoleByEmail, requireStaff, setStaffRole, staffMembers } from "../../../workers/services/back-office/staff";
import { STAFF_MESSAGES } from "../../../workers/services/back-office/staff.rules";
import { settings } from "../../../workers/services/content/settings";
import { AppError } from "../../../workers/services/platform/errors";
import { indiaDateTime } from "../../../workers/services/platform/india-time.rules";
import { PageNotice } from "../../components/admin/page-notice";
import { TableScroll } from "../../components/admin/table-scroll";
import { OnceForm } from "../../components/forms/once-form";
import { type FormProblem, formProblem, readForm } from "../../lib/auth.server";
import { staffPage } from "../../lib/back-office/admin.server";
import type { Route } from "./+types/admin-staff";

/**
 * The owner's Staff page: everyone who can open the back office, a form giving the
 * staff role to a verified account by its e-mail address, and a Remove button (with a tick box to
 * confirm, which works without JavaScript) on each staff member's row. The owner only: a staff member
 * gets the shop's 404 page, as a shopper does. Forms post here and answer with a redirect and a
 * notice (Post/Redirect/Get); a refused one comes back with its message.
 */
const DONE = ["given", "already", "removed", "alreadyRemoved"] as const;
type Done = (typeof DONE)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { members } = await staffPage(staffMembers(context.services));
  const params = new URL(request.url).searchParams;
  const done = params.get("done");
  const who = members.find((m) => String(m.id) === params.get("user"));
  let notice: string | null = null;
  if (done && (DONE as readonly string[]).includes(done)) {
    const d = done as Done;
    if (d === "given") notice = who ? `${who.name} (${who.email}) ${STAFF_MESSAGES.given}` : null;
    else if (d === "already") notice = who ? `${who.name} (${who.email}): ${STAFF_MESSAGES.alreadyStaff}` : STAFF_MESSAGES.alreadyStaff;
    else notice = d === "removed" ? STAFF_MESSAGES.removed : STAFF_MESSAGES.alreadyRemoved;
  }
  return { members, notice, noticeKey: `${done ?? ""}-${params.get("user") ?? ""}` };
}

type Problem = FormProblem & { intent: string; userId?: string };

export async function action({ request, context }: Route.ActionArgs) {
  // The owner first, before the form is read: anyone else learns nothing and changes nothing.
  await staffPage(requireStaff(context.services, "owner"));
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const email = typeof form.get("email") === "string" ? String(form.get("email")).slice(0, 300) : "";
  const userId = typeof form.get("userId") === "string" ? String(form.get("userId")).slice(0, 30) : "";
  try {
    if (intent === "give") {
      const res = await giveStaffRoleByEmail(context.services, { email });
      throw redirect(`/admin/staff?done=${res.changed ? "given" : "already"}&user=${res.user.id}`);
    }
    if (intent === "remove") {
      if (form.get("confirmRemove") !== "yes") {
        return data<Problem>(
          { intent, userId, message: STAFF_MESSAGES.confirmRemove, fields: { confirmRemove: STAFF_MESSAGES.confirmRemove } },
          { status: 400 },
        );
      }
      const res = await setStaffRole(context.services, userId, { role: "shopper" });
      throw redirect(`/admin/staff?done=${res.changed ? "removed" : "alreadyRemoved"}`);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    const answer = formProblem(error, { email }, "The staff role could not be changed. Please try again.");
    return data<Problem>({ ...answer.data, intent, userId }, answer.init ?? undefined);
  }
  return data<Problem>({ intent, message: "Unknown action." }, { status: 400 });
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `Staff | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

export default function AdminStaff({ loaderData: l, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData : undefined;
  const busyIntent = busy ? String(busy.get("intent") ?? "") : "";
  const problem = actionData as Problem | undefined;
  const giveProblem = problem?.intent === "give" ? problem : undefined;
  const emailError = giveProblem ? (giveProblem.fields?.email ?? giveProblem.message) : undefined;
  const staffCount = l.members.filter((m) => m.role === "staff").length;
  return (
    <div className="admin-page">
      <header className="admin-page__head">
        <h1>Staff</h1>
        <p className="admin-muted">
          Everyone who can open the back office. Staff fulfil orders and answer messages; only the owner sees this page and the audit log.
        </p>
      </header>
      <PageNotice notice={problem ? undefined : l.notice} />
      <section className="admin-panel" aria-labelledby="give-staff">
        <h2 id="give-staff">Give staff role</h2>
        <OnceForm method="post" className="admin-staff__give" key={l.noticeKey}>
          <input type="hidden" name="intent" value="give" />
          <div className="admin-field">
            <label htmlFor="staff-email">E-mail address of a verified account</label>
            <input
              id="staff-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              spellCheck={false}
              defaultValue={giveProblem?.values?.email ?? ""}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? "staff-email-error" : "staff-email-hint"}
            />
            {emailError ? (
              <span id="staff-email-error" className="admin-field__error" role="alert">
                {emailError}
              </span>
            ) : (
              <span id="staff-email-hint" className="admin-muted">
                They must have an account with a verified e-mail address. Their sessions end; they sign in again as staff.
              </span>
            )}
          </div>
          <button
            type="submit"
            className="button button--primary"
            disabled={busyIntent === "give"}
            aria-busy={busyIntent === "give" || undefined}
          >
            {busyIntent === "give" ? "Giving…" : "Give staff role"}
          </button>
        </OnceForm>
      </section>
      <TableScroll label="Staff">
        <table className="admin-table admin-staff">
          <caption className="admin-table__caption">
            The owner and {staffCount} staff {staffCount === 1 ? "member" : "members"}
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Since</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {l.members.map((m) => {
              const rowProblem = problem?.intent === "remove" && problem.userId === String(m.id) ? problem : undefined;
              const errorId = `remove-${m.id}-error`;
              const removing = busyIntent === "remove" && busy?.get("userId") === String(m.id);
              return (
                <tr key={m.id}>
                  <th scope="row">{m.name}</th>
                  <td>{m.email}</td>
                  <td>{m.role === "owner" ? "Owner" : "Staff"}</td>
                  <td>{m.since ? <time dateTime={m.since}>{indiaDateTime(m.since)}</time> : "—"}</td>
                  <td>
                    {m.role === "owner" ? (
                      <span className="admin-muted">—</span>
                    ) : (
                      <OnceForm method="post" className="admin-staff__remove">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="userId" value={m.id} />
                        <label className="admin-check">
                          <input
                            type="checkbox"
                            name="confirmRemove"
                            value="yes"
                            required
                            aria-invalid={rowProblem ? true : undefined}
                            aria-describedby={rowProblem ? errorId : undefined}
                          />
                          Yes, remove the staff role<span className="visually-hidden"> of {m.name}</span>
                        </label>
                        <button type="submit" className="button" disabled={removing} aria-busy={removing || undefined}>
                          {removing ? "Removing…" : "Remove staff role"}
                          <span className="visually-hidden"> from {m.name}</span>
                        </button>
                        {rowProblem && (
                          <span id={errorId} className="admin-field__error" role="alert">
                            {rowProblem.message}
                          </span>
                        )}
                      </OnceForm>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
