import { useNavigation } from "react-router";
import { productForEdit } from "../../../workers/services/back-office/catalog/admin-products";
import { PRODUCT_MESSAGES, PRODUCT_STATE_LABELS } from "../../../workers/services/back-office/catalog/admin-products.rules";
import { settings } from "../../../workers/services/content/settings";
import { indiaDateTime } from "../../../workers/services/platform/india-time.rules";
import { PageNotice } from "../../components/admin/page-notice";
import { ProductForm } from "../../components/admin/product-form";
import { OnceForm } from "../../components/forms/once-form";
import { ShopLink } from "../../components/shop-link";
import { staffRecordPage } from "../../lib/back-office/admin.server";
import { editAction, type ProductActionData, productValues } from "../../lib/back-office/admin-product-form.server";
import type { Route } from "./+types/admin-product";

/**
 * One product in the back office (/admin/products/:id): its state and the
 * buttons its state allows (Publish, Unpublish, Archive, Restore, Delete with a confirming tick), a
 * "View in shop" link while published, and the editor. One round trip to show.
 */
const DONE: Record<string, string> = {
  created: PRODUCT_MESSAGES.created,
  "created-no-images": `${PRODUCT_MESSAGES.created} Its pictures were refused (JPEG, PNG or WebP, at most 5 MB each): add them again below.`,
  saved: PRODUCT_MESSAGES.saved,
  unchanged: PRODUCT_MESSAGES.noChange,
  publish: PRODUCT_MESSAGES.published,
  unpublish: PRODUCT_MESSAGES.unpublished,
  archive: PRODUCT_MESSAGES.archived,
  restore: PRODUCT_MESSAGES.restored,
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { product, options } = await staffRecordPage(productForEdit(context.services, params.id));
  const done = new URL(request.url).searchParams.get("done");
  return { product, options, values: productValues(product), notice: done && Object.hasOwn(DONE, done) ? DONE[done]! : null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return editAction(request, context.services, params.id);
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.product.name ?? "Product"} | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

function StateButton({ intent, label, primary }: { intent: string; label: string; primary?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <OnceForm method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={primary ? "button button--primary" : "button"} disabled={busy} aria-busy={busy || undefined}>
        {label}
      </button>
    </OnceForm>
  );
}

export default function AdminProduct({ loaderData: l, actionData }: Route.ComponentProps) {
  const p = l.product;
  const posted = actionData as ProductActionData | undefined;
  const stateProblem = posted?.form === "state" ? posted.problem : null;
  const confirmError = stateProblem?.fields?.confirmDelete;
  return (
    <div className="admin-page">
      <p className="admin-sub">
        <ShopLink to="/admin/products">← Products</ShopLink>
      </p>
      <header className="admin-page__head admin-page__head--row">
        <h1>{p.name}</h1>
        <span className={`admin-status admin-status--${p.state}`}>{PRODUCT_STATE_LABELS[p.state]}</span>
      </header>
      <PageNotice notice={posted ? undefined : l.notice} />
      {stateProblem && !confirmError && (
        <p className="notice notice--error" role="alert">
          {stateProblem.message}
        </p>
      )}
      <section className="admin-panel admin-product__state" aria-labelledby="product-state">
        <h2 id="product-state">State</h2>
        <p className="admin-muted">
          {p.state === "published" && "Published: shoppers see it in the shop, search and the sitemap."}
          {p.state === "draft" && "Draft: only the back office sees it."}
          {p.state === "archived" && "Archived: out of the shop; kept because orders reference it."} Last changed{" "}
          <time dateTime={p.updatedAt}>{indiaDateTime(p.updatedAt)}</time>.
        </p>
        <div className="admin-moves">
          {p.state === "draft" && <StateButton intent="publish" label="Publish" primary />}
          {p.state === "published" && <StateButton intent="unpublish" label="Unpublish" />}
          {p.state !== "archived" && <StateButton intent="archive" label="Archive" />}
          {p.state === "archived" && <StateButton intent="restore" label="Restore as draft" />}
          {p.state === "published" && (
            <a href={p.path} className="button" target="_blank" rel="noopener">
              View in shop<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
        </div>
        {p.ordered ? (
          <p className="admin-muted">An order references this product, so it cannot be deleted; archive it to take it out of the shop.</p>
        ) : (
          <OnceForm method="post" className="admin-product__delete">
            <input type="hidden" name="intent" value="delete" />
            <label className="admin-check">
              <input
                type="checkbox"
                name="confirmDelete"
                value="yes"
                required
                aria-invalid={confirmError ? true : undefined}
                aria-describedby={confirmError ? "confirm-delete-error" : undefined}
              />
              Yes, delete this product
            </label>
            <button type="submit" className="button">
              Delete
            </button>
            {confirmError && (
              <span id="confirm-delete-error" className="admin-field__error" role="alert">
                {confirmError}
              </span>
            )}
          </OnceForm>
        )}
      </section>
      <ProductForm
        // A fresh form for each answer: the server numbers the rows again (spare ones left out), so the
        // messages sit next to the rows they name, with JavaScript too.
        key={
          posted?.form === "product"
            ? `posted-${JSON.stringify(posted.values)}-${posted.problem?.message ?? ""}-${posted.extraRows ?? 0}`
            : p.updatedAt
        }
        values={posted?.form === "product" && posted.values ? posted.values : l.values}
        options={l.options}
        problem={posted?.form === "product" ? posted.problem : null}
        extraRows={posted?.form === "product" ? posted.extraRows : 0}
        submitLabel="Save"
      />
    </div>
  );
}
