import { data, redirect, useNavigation } from "react-router";
import {
  type CategoryChange,
  createCategory,
  createSubcategory,
  deleteCategory,
  deleteSubcategory,
  listAdminCategories,
  moveCategory,
  renameCategory,
  renameSubcategory,
  setCategoryIcon,
} from "../../../workers/services/back-office/catalog/admin-categories";
import { CATEGORY_ICONS, CATEGORY_MESSAGES, CATEGORY_NAME_MAX } from "../../../workers/services/back-office/catalog/admin-categories.rules";
import { settings } from "../../../workers/services/content/settings";
import { PageNotice } from "../../components/admin/page-notice";
import { OnceForm } from "../../components/forms/once-form";
import { formProblem, readForm } from "../../lib/auth.server";
import { staffAction, staffPage } from "../../lib/back-office/admin.server";
import type { Route } from "./+types/admin-categories";

/**
 * The back office's categories (/admin/categories): the home tiles in their order,
 * each with its icon, product counts and subcategories; forms to create, rename, set the icon, move a
 * tile up or down, and delete a category or subcategory without products. Every form posts here and
 * answers with a redirect and a notice (Post/Redirect/Get), so all of it works without JavaScript.
 */
const NOTICES = {
  created: CATEGORY_MESSAGES.created,
  subCreated: CATEGORY_MESSAGES.subCreated,
  saved: "Saved.",
  same: "Nothing to change.",
  moved: CATEGORY_MESSAGES.moved,
  notMoved: CATEGORY_MESSAGES.notMoved,
  deleted: CATEGORY_MESSAGES.deleted,
} as const;
type Notice = keyof typeof NOTICES;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { categories } = await staffPage(listAdminCategories(context.services));
  const done = new URL(request.url).searchParams.get("done");
  return { categories, notice: done && Object.hasOwn(NOTICES, done) ? NOTICES[done as Notice] : null };
}

interface Problem {
  intent: string;
  id: string;
  message: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

const back = (notice: Notice, anchor?: string) => redirect(`/admin/categories?done=${notice}${anchor ? `#${anchor}` : ""}`);

export async function action({ request, context }: Route.ActionArgs) {
  await staffAction(context.services);
  const form = await readForm(request);
  const text = (k: string) => (typeof form.get(k) === "string" ? String(form.get(k)).slice(0, 300) : "");
  const intent = text("intent");
  const id = text("id");
  const ctx = context.services;
  try {
    let res: CategoryChange;
    switch (intent) {
      case "create":
        res = await createCategory(ctx, { name: text("name"), icon: text("icon") });
        throw back("created", `category-${res.id}`);
      case "edit": {
        const renamed = await renameCategory(ctx, id, { name: text("name") });
        const icon = await setCategoryIcon(ctx, id, { icon: text("icon") });
        throw back(renamed.changed || icon.changed ? "saved" : "same", `category-${id}`);
      }
      case "move":
        res = await moveCategory(ctx, id, { direction: text("direction") });
        throw back(res.changed ? "moved" : "notMoved", `category-${id}`);
      case "delete":
        await deleteCategory(ctx, id);
        throw back("deleted");
      case "create-sub":
        res = await createSubcategory(ctx, id, { name: text("name") });
        throw back("subCreated", `category-${id}`);
      case "rename-sub":
        res = await renameSubcategory(ctx, id, { name: text("name") });
        throw back(res.changed ? "saved" : "same", `subcategory-${id}`);
      case "delete-sub":
        await deleteSubcategory(ctx, id);
        throw back("deleted");
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    // A missing row is the form's own message here (another owner deleted it meanwhile), not the 404 page.
    const answer = formProblem(
      error,
      { name: text("name").slice(0, CATEGORY_NAME_MAX + 20), icon: text("icon") },
      "The change could not be saved.",
    );
    return data<Problem>({ ...answer.data, intent, id }, answer.init ?? undefined);
  }
  return data<Problem>({ intent, id, message: "Unknown action." }, { status: 400 });
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `Categories | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

function IconSelect({ id, value, invalid, describedBy }: { id: string; value: string; invalid?: boolean; describedBy?: string }) {
  return (
    <select id={id} name="icon" defaultValue={value} required aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      {CATEGORY_ICONS.map((icon) => (
        <option key={icon.value} value={icon.value}>
          {icon.label}
        </option>
      ))}
    </select>
  );
}

/** The form's message, when this form was the one refused. */
function ProblemText({ problem, intent, id, errorId }: { problem?: Problem; intent: string; id: string; errorId: string }) {
  if (!problem || problem.intent !== intent || problem.id !== id) return null;
  return (
    <p id={errorId} className="notice notice--error" role="alert">
      {problem.message}
    </p>
  );
}

const refused = (problem: Problem | undefined, intent: string, id: string) => problem?.intent === intent && problem.id === id;

export default function AdminCategories({ loaderData: l, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const problem = actionData as Problem | undefined;
  const count = l.categories.length;
  return (
    <div className="admin-page">
      <header className="admin-page__head">
        <h1>Categories</h1>
        <p className="admin-muted">
          The home page shows a tile for each category in this order, and the menu lists them. A category or subcategory can be deleted once
          no product is in it.
        </p>
      </header>
      <PageNotice notice={actionData ? undefined : l.notice} />
      <ol className="admin-categories">
        {l.categories.map((c, i) => {
          const cid = String(c.id);
          const editError = refused(problem, "edit", cid);
          const editErrorId = `category-${c.id}-error`;
          return (
            <li key={c.id} id={`category-${c.id}`} className="admin-panel admin-category">
              <div className="admin-category__head">
                <img src={c.icon} alt="" width={64} height={64} className="admin-category__icon" />
                <h2 className="admin-category__name">{c.name}</h2>
                <p className="admin-muted">
                  Tile {i + 1} of {count} · {c.productCount} {c.productCount === 1 ? "product" : "products"} ({c.publishedCount} published)
                </p>
                <div className="admin-category__moves">
                  <OnceForm method="post">
                    <input type="hidden" name="intent" value="move" />
                    <input type="hidden" name="id" value={c.id} />
                    <input type="hidden" name="direction" value="up" />
                    <button type="submit" className="button button--secondary" disabled={i === 0 || busy}>
                      Move up<span className="visually-hidden"> {c.name}</span>
                    </button>
                  </OnceForm>
                  <OnceForm method="post">
                    <input type="hidden" name="intent" value="move" />
                    <input type="hidden" name="id" value={c.id} />
                    <input type="hidden" name="direction" value="down" />
                    <button type="submit" className="button button--secondary" disabled={i === count - 1 || busy}>
                      Move down<span className="visually-hidden"> {c.name}</span>
                    </button>
                  </OnceForm>
                </div>
                <ProblemText problem={problem} intent="move" id={cid} errorId={`category-${c.id}-move-error`} />
              </div>
              <OnceForm method="post" className="admin-category__form">
                <input type="hidden" name="intent" value="edit" />
                <input type="hidden" name="id" value={c.id} />
                <label htmlFor={`category-${c.id}-name`}>Name</label>
                <input
                  id={`category-${c.id}-name`}
                  name="name"
                  required
                  maxLength={CATEGORY_NAME_MAX}
                  defaultValue={editError ? (problem?.values?.name ?? c.name) : c.name}
                  aria-invalid={editError && problem?.fields?.name ? true : undefined}
                  aria-describedby={editError ? editErrorId : undefined}
                />
                <label htmlFor={`category-${c.id}-icon`}>Icon</label>
                <IconSelect
                  id={`category-${c.id}-icon`}
                  value={c.icon}
                  invalid={editError && !!problem?.fields?.icon}
                  describedBy={editError ? editErrorId : undefined}
                />
                <button type="submit" className="button button--primary" disabled={busy}>
                  Save<span className="visually-hidden"> {c.name}</span>
                </button>
                <ProblemText problem={problem} intent="edit" id={cid} errorId={editErrorId} />
              </OnceForm>
              {c.productCount === 0 ? (
                <OnceForm method="post" className="admin-category__delete">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={c.id} />
                  <button type="submit" className="button button--secondary" disabled={busy}>
                    Delete<span className="visually-hidden"> the category {c.name}</span>
                  </button>
                  <ProblemText problem={problem} intent="delete" id={cid} errorId={`category-${c.id}-delete-error`} />
                </OnceForm>
              ) : null}

              <h3 className="admin-category__subhead">Subcategories</h3>
              {c.subcategories.length === 0 ? (
                <p className="admin-muted">None.</p>
              ) : (
                <ul className="admin-category__subs">
                  {c.subcategories.map((s) => {
                    const sid = String(s.id);
                    const subError = refused(problem, "rename-sub", sid);
                    const subErrorId = `subcategory-${s.id}-error`;
                    return (
                      <li key={s.id} id={`subcategory-${s.id}`}>
                        <OnceForm method="post" className="admin-category__form">
                          <input type="hidden" name="intent" value="rename-sub" />
                          <input type="hidden" name="id" value={s.id} />
                          <label htmlFor={`subcategory-${s.id}-name`}>
                            Name{" "}
                            <span className="admin-sub">
                              ({s.productCount} {s.productCount === 1 ? "product" : "products"})
                            </span>
                          </label>
                          <input
                            id={`subcategory-${s.id}-name`}
                            name="name"
                            required
                            maxLength={CATEGORY_NAME_MAX}
                            defaultValue={subError ? (problem?.values?.name ?? s.name) : s.name}
                            aria-invalid={subError ? true : undefined}
                            aria-describedby={subError ? subErrorId : undefined}
                          />
                          <button type="submit" className="button button--secondary" disabled={busy}>
                            Rename<span className="visually-hidden"> {s.name}</span>
                          </button>
                          <ProblemText problem={problem} intent="rename-sub" id={sid} errorId={subErrorId} />
                        </OnceForm>
                        {s.productCount === 0 && (
                          <OnceForm method="post" className="admin-category__delete">
                            <input type="hidden" name="intent" value="delete-sub" />
                            <input type="hidden" name="id" value={s.id} />
                            <button type="submit" className="button button--secondary" disabled={busy}>
                              Delete<span className="visually-hidden"> the subcategory {s.name}</span>
                            </button>
                            <ProblemText problem={problem} intent="delete-sub" id={sid} errorId={`subcategory-${s.id}-delete-error`} />
                          </OnceForm>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
              <OnceForm method="post" className="admin-category__form">
                <input type="hidden" name="intent" value="create-sub" />
                <input type="hidden" name="id" value={c.id} />
                <label htmlFor={`category-${c.id}-new-sub`}>New subcategory of {c.name}</label>
                <input
                  id={`category-${c.id}-new-sub`}
                  name="name"
                  required
                  maxLength={CATEGORY_NAME_MAX}
                  defaultValue={refused(problem, "create-sub", cid) ? (problem?.values?.name ?? "") : ""}
                  aria-invalid={refused(problem, "create-sub", cid) ? true : undefined}
                  aria-describedby={refused(problem, "create-sub", cid) ? `category-${c.id}-new-sub-error` : undefined}
                />
                <button type="submit" className="button button--secondary" disabled={busy}>
                  Add subcategory<span className="visually-hidden"> to {c.name}</span>
                </button>
                <ProblemText problem={problem} intent="create-sub" id={cid} errorId={`category-${c.id}-new-sub-error`} />
              </OnceForm>
            </li>
          );
        })}
      </ol>

      <section className="admin-panel" aria-labelledby="new-category-title">
        <h2 id="new-category-title">New category</h2>
        <p className="admin-muted">It becomes the last tile on the home page; move it up from there.</p>
        <OnceForm method="post" className="admin-category__form">
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="id" value="new" />
          <label htmlFor="new-category-name">Name</label>
          <input
            id="new-category-name"
            name="name"
            required
            maxLength={CATEGORY_NAME_MAX}
            defaultValue={refused(problem, "create", "new") ? (problem?.values?.name ?? "") : ""}
            aria-invalid={refused(problem, "create", "new") && problem?.fields?.name ? true : undefined}
            aria-describedby={refused(problem, "create", "new") ? "new-category-error" : undefined}
          />
          <label htmlFor="new-category-icon">Icon</label>
          <IconSelect
            id="new-category-icon"
            value={refused(problem, "create", "new") ? (problem?.values?.icon ?? "") : CATEGORY_ICONS[0].value}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            Create category
          </button>
          <ProblemText problem={problem} intent="create" id="new" errorId="new-category-error" />
        </OnceForm>
      </section>
    </div>
  );
}
