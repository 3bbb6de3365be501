import { productFormOptions } from "../../../workers/services/back-office/catalog/admin-products";
import { settings } from "../../../workers/services/content/settings";
import { ProductForm } from "../../components/admin/product-form";
import { ShopLink } from "../../components/shop-link";
import { staffPage } from "../../lib/back-office/admin.server";
import { createAction, emptyValues, type ProductActionData } from "../../lib/back-office/admin-product-form.server";
import type { Route } from "./+types/admin-product-new";

/**
 * A new product (/admin/products/new): the editor's form, saved as a draft (with its
 * pictures, if chosen), then its own page to publish it. One round trip to show (the staff check
 * and the categories).
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { options: await staffPage(productFormOptions(context.services)), values: emptyValues() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return createAction(request, context.services);
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `New product | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

export default function AdminProductNew({ loaderData, actionData }: Route.ComponentProps) {
  const posted = actionData as ProductActionData | undefined;
  return (
    <div className="admin-page">
      <p className="admin-sub">
        <ShopLink to="/admin/products">← Products</ShopLink>
      </p>
      <header className="admin-page__head">
        <h1>New product</h1>
        <p className="admin-muted">Saved as a draft: shoppers see it once you publish it.</p>
      </header>
      <ProductForm
        // A fresh form for each answer: the server numbers the rows again (spare ones left out).
        key={posted ? `posted-${JSON.stringify(posted.values)}-${posted.problem?.message ?? ""}-${posted.extraRows ?? 0}` : "new"}
        values={posted?.values ?? loaderData.values}
        options={loaderData.options}
        problem={posted?.problem}
        extraRows={posted?.extraRows}
        submitLabel="Save draft"
      />
    </div>
  );
}
