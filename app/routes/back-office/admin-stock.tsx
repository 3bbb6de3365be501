import { useEffect, useRef } from "react";
import { data, Form, redirect, useFetcher, useNavigation } from "react-router";
import {
  STOCK_CSV_HELP,
  STOCK_CSV_MAX_BYTES,
  STOCK_CSV_MAX_ROWS,
  STOCK_MESSAGES,
} from "../../../workers/services/back-office/catalog/admin-stock.rules";
import { importStockCsv, type RefusedRow } from "../../../workers/services/back-office/catalog/admin-stock-csv";
import { editSize } from "../../../workers/services/back-office/catalog/admin-stock-edit";
import { listStock, type StockItem } from "../../../workers/services/back-office/catalog/admin-stock-list";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import { settings } from "../../../workers/services/content/settings";
import { AppError } from "../../../workers/services/platform/errors";
import { rupeesToPaise } from "../../../workers/services/platform/rupees-input.rules";
import { AdminPager, CategoryFilter, FilterButtons, FilterSearch } from "../../components/admin/admin-lists";
import { PageNotice } from "../../components/admin/page-notice";
import { TableScroll } from "../../components/admin/table-scroll";
import { OnceForm } from "../../components/forms/once-form";
import { ShopLink } from "../../components/shop-link";
import { useToast } from "../../components/toast/toast";
import { formProblem, readForm } from "../../lib/auth.server";
import { staffAction, staffPage } from "../../lib/back-office/admin.server";
import { filtersOf, queryString } from "../../lib/back-office/admin-query";
import { useHydrated } from "../../lib/hooks/use-hydrated";
import { useOneSubmission } from "../../lib/hooks/use-one-submission";
import type { Route } from "./+types/admin-stock";

/**
 * The back office's stock (/admin/stock): every size of every product with its sku,
 * prices and stock, filtered by a GET form and paged by links; each row's figures saved inline (with
 * JavaScript a fetcher saves the row in place and a toast says so; without it the same form posts
 * here and comes back with a notice); a CSV download and an upload that lists every refused row.
 * One service each (admin-stock.ts), one round trip for the page with the staff check.
 */
const FILTERS = ["category", "low", "q"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = filtersOf(url, FILTERS);
  const list = await staffPage(listStock(context.services, { ...filters, page: url.searchParams.get("page") ?? undefined }));
  const done = url.searchParams.get("done");
  const n = (k: string) => Math.max(0, Math.min(1_000_000, Number(url.searchParams.get(k)) || 0));
  const notice =
    done === "saved"
      ? STOCK_MESSAGES.saved
      : done === "same"
        ? STOCK_MESSAGES.nothingChanged
        : done === "imported"
          ? STOCK_MESSAGES.importDone(n("changed"), n("rows"))
          : null;
  return { ...list, shown: filters, notice };
}

type ActionAnswer =
  | { intent: "edit"; ok: true; message: string; sizeId: number }
  | { intent: "edit"; ok: false; message: string; sizeId: string; fields?: Record<string, string> }
  | { intent: "import"; ok: false; message: string; refused: RefusedRow[] }
  | { intent: "other"; ok: false; message: string };

/** Back to the list the form was posted from (its filters and page), with the notice. */
function backTo(request: Request, extra: Record<string, string | number>) {
  const url = new URL(request.url);
  const keep: Record<string, string | number | undefined> = { ...filtersOf(url, FILTERS), page: url.searchParams.get("page") ?? undefined };
  return `/admin/stock${queryString({ ...keep, ...extra })}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  await staffAction(context.services);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const text = (k: string) => (typeof form.get(k) === "string" ? String(form.get(k)).slice(0, 40) : undefined);
  if (intent === "edit") {
    const sizeId = text("sizeId") ?? "";
    const money = (k: string) => {
      const p = rupeesToPaise(text(k));
      return p === undefined ? undefined : Number.isNaN(p) ? "not an amount" : p;
    };
    const price = money("price");
    try {
      const res = await editSize(context.services, sizeId, {
        was: text("was"),
        stock: text("stock"),
        ...(price === undefined ? {} : { pricePaise: price === null ? "not an amount" : price }),
        ...(form.has("discountPrice") ? { discountPricePaise: money("discountPrice") } : {}),
      });
      // With JavaScript (a fetcher) the row stays where it is; without, Post/Redirect/Get with a notice.
      if (form.get("enhanced") === "1") return { intent: "edit", ok: true, message: res.message, sizeId: res.item.sizeId } as ActionAnswer;
      throw redirect(backTo(request, { done: res.changed ? "saved" : "same" }));
    } catch (error) {
      if (error instanceof Response) throw error;
      if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
      const answer = formProblem(error, {}, "The size could not be saved. Please try again.");
      return data<ActionAnswer>(
        { intent: "edit", ok: false, message: answer.data.message, sizeId, fields: answer.data.fields },
        answer.init ?? undefined,
      );
    }
  }
  if (intent === "import") {
    const file = form.get("file");
    try {
      if (file === null || typeof file === "string" || file.size === 0) throw new AppError(400, STOCK_MESSAGES.importEmpty);
      if (file.size > STOCK_CSV_MAX_BYTES) throw new AppError(413, STOCK_MESSAGES.importTooBig);
      const res = await importStockCsv(context.services, await file.text());
      throw redirect(backTo(request, { done: "imported", changed: res.changed, rows: res.rows }));
    } catch (error) {
      if (error instanceof Response) throw error;
      if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
      const refused = error instanceof AppError ? ((error.details?.refused as RefusedRow[] | undefined) ?? []) : [];
      const answer = formProblem(error, {}, "The file could not be imported. Please try again.");
      return data<ActionAnswer>({ intent: "import", ok: false, message: answer.data.message, refused }, answer.init ?? undefined);
    }
  }
  return data<ActionAnswer>({ intent: "other", ok: false, message: "Unknown action." }, { status: 400 });
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = () => [
  { title: `Stock | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

/** One size's row: its figures, and a form that saves them (a fetcher once the page is hydrated). */
function SizeRow({ item, formAction, failed }: { item: StockItem; formAction: string; failed?: ActionAnswer }) {
  const fetcher = useFetcher<ActionAnswer>();
  const hydrated = useHydrated();
  const toast = useToast();
  const formId = `size-${item.sizeId}`;
  const answer = fetcher.data ?? (failed?.intent === "edit" && String(failed.sizeId) === String(item.sizeId) ? failed : undefined);
  const error = answer && !answer.ok ? answer.message : undefined;
  const fields = answer && !answer.ok && answer.intent === "edit" ? (answer.fields ?? {}) : {};
  const errorId = `${formId}-error`;
  const shown = useRef<ActionAnswer | undefined>(undefined);
  useEffect(() => {
    if (!fetcher.data || fetcher.state !== "idle" || shown.current === fetcher.data) return;
    shown.current = fetcher.data;
    if (fetcher.data.ok) toast.success(`${item.product}, ${item.size}: ${fetcher.data.message}`);
  }, [fetcher.data, fetcher.state, toast, item.product, item.size]);
  const busy = fetcher.state !== "idle";
  // A double click saves once (the second would be refused: the stock is no longer what it "was").
  const submitOnce = useOneSubmission(busy, fetcher.data);
  const invalid = (name: string) => (error && (fields[name] || (name === "stock" && Object.keys(fields).length === 0)) ? true : undefined);
  const label = `${item.product}, size ${item.size}`;
  return (
    <tr className={item.low ? "admin-stock__low" : undefined}>
      <th scope="row">
        <ShopLink to={item.path}>{item.product}</ShopLink>
        <span className="admin-sub">
          {item.category.name}
          {item.state !== "published" ? ` · ${item.state === "draft" ? "Draft" : "Archived"}` : ""}
        </span>
      </th>
      <td>{item.size}</td>
      <td className="admin-stock__sku">{item.sku}</td>
      <td>
        <label className="visually-hidden" htmlFor={`${formId}-price`}>
          Price in rupees, {label}
        </label>
        <input
          // A saved figure starts the field again from what the shop has now.
          key={`p${item.pricePaise}`}
          id={`${formId}-price`}
          form={formId}
          name="price"
          inputMode="decimal"
          required
          pattern="\d{1,9}(\.\d{1,2})?"
          defaultValue={formatRupees(item.pricePaise, { symbol: false })}
          className="admin-stock__input"
          aria-invalid={invalid("pricePaise")}
          aria-describedby={error ? errorId : undefined}
        />
      </td>
      <td>
        <label className="visually-hidden" htmlFor={`${formId}-discount`}>
          Discount price in rupees (blank for none), {label}
        </label>
        <input
          key={`d${item.discountPricePaise}`}
          id={`${formId}-discount`}
          form={formId}
          name="discountPrice"
          inputMode="decimal"
          pattern="\d{1,9}(\.\d{1,2})?"
          defaultValue={formatRupees(item.discountPricePaise, { symbol: false })}
          className="admin-stock__input"
          aria-invalid={invalid("discountPricePaise")}
          aria-describedby={error ? errorId : undefined}
        />
      </td>
      <td>
        <label className="visually-hidden" htmlFor={`${formId}-stock`}>
          Stock, {label}
        </label>
        <input
          key={`s${item.stock}`}
          id={`${formId}-stock`}
          form={formId}
          name="stock"
          type="number"
          min={0}
          step={1}
          required
          defaultValue={item.stock}
          className="admin-stock__input admin-stock__input--stock"
          aria-invalid={invalid("stock")}
          aria-describedby={error ? errorId : undefined}
        />
        {item.low && <span className="admin-stock__flag">Low</span>}
      </td>
      <td>
        <fetcher.Form method="post" action={formAction} id={formId} className="admin-stock__form" onSubmit={submitOnce}>
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="sizeId" value={item.sizeId} />
          <input type="hidden" name="was" value={item.stock} />
          {hydrated && <input type="hidden" name="enhanced" value="1" />}
          <button type="submit" className="button button--secondary" disabled={busy}>
            {busy ? "Saving…" : "Save"}
            <span className="visually-hidden"> {label}</span>
          </button>
        </fetcher.Form>
        {error && (
          <p id={errorId} className="notice notice--error admin-stock__error" role="alert">
            {error}
          </p>
        )}
      </td>
    </tr>
  );
}

export default function AdminStock({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const importing = navigation.state === "submitting" && navigation.formData?.get("intent") === "import";
  const f = d.shown;
  const first = d.total === 0 ? 0 : (d.page - 1) * d.limit + 1;
  const last = Math.min(d.total, d.page * d.limit);
  const formAction = `/admin/stock${queryString({ ...f, page: d.page > 1 ? d.page : undefined })}`;
  const imported = actionData?.intent === "import" ? actionData : undefined;
  const csvFilters = queryString({ category: f.category, low: f.low, q: f.q });
  return (
    <div className="admin-page">
      <header className="admin-page__head">
        <h1>Stock</h1>
        <p className="admin-muted">
          Every size of every product. A size with {d.threshold} or fewer pieces is marked low. A stock change is added to what the shop has
          when you save, so an order placed meanwhile keeps its pieces.
        </p>
      </header>
      <PageNotice notice={actionData ? undefined : d.notice} />
      <Form method="get" className="admin-filters" aria-label="Filter stock">
        <CategoryFilter categories={d.categories} value={f.category} />
        <label className="admin-stock__check">
          <input type="checkbox" name="low" value="1" defaultChecked={f.low === "1"} /> Low stock only
        </label>
        <FilterSearch value={f.q} placeholder="Product name or sku" />
        <FilterButtons clearTo="/admin/stock" />
      </Form>
      <div className="admin-stock__table">
        <TableScroll label="Stock">
          <table className="admin-table">
            <caption className="admin-table__caption">
              {d.total === 0 ? "No sizes match." : `Sizes ${first} to ${last} of ${d.total}, by product name`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Size</th>
                <th scope="col">SKU</th>
                <th scope="col">Price (₹)</th>
                <th scope="col">Discount price (₹)</th>
                <th scope="col">Stock</th>
                <th scope="col">
                  <span className="visually-hidden">Save</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {d.items.map((item) => (
                <SizeRow key={item.sizeId} item={item} formAction={formAction} failed={actionData} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      </div>
      <AdminPager
        page={d.page}
        pages={d.pages}
        href={(page) => `/admin/stock${queryString({ ...f, page: page > 1 ? page : undefined })}`}
      />

      <section className="admin-panel admin-stock__csv" aria-labelledby="stock-csv-title">
        <h2 id="stock-csv-title">Import and export (CSV)</h2>
        <p>{STOCK_CSV_HELP}</p>
        <p>
          <a className="button" href={`/api/admin/stock.csv${csvFilters}`} download>
            Download CSV{csvFilters ? " (these filters)" : ""}
          </a>
        </p>
        <OnceForm method="post" action={formAction} encType="multipart/form-data" className="admin-stock__upload">
          <input type="hidden" name="intent" value="import" />
          <label htmlFor="stock-csv-file">CSV file (at most 1 MB and {STOCK_CSV_MAX_ROWS} rows)</label>
          <input
            id="stock-csv-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-describedby={imported ? "stock-import-report" : undefined}
          />
          <button type="submit" className="button button--primary" disabled={importing}>
            {importing ? "Importing…" : "Upload and import"}
          </button>
        </OnceForm>
        {imported && (
          <div id="stock-import-report" className="admin-stock__report" role="alert">
            <p className="notice notice--error">{imported.message}</p>
            {imported.refused.length > 0 && (
              <TableScroll label="Rows not imported">
                <table className="admin-table">
                  <caption className="admin-table__caption">Refused rows</caption>
                  <thead>
                    <tr>
                      <th scope="col">Line</th>
                      <th scope="col">SKU</th>
                      <th scope="col">Reason</th>
                    </tr>
                  </thead>
                  <tbody>
                    {imported.refused.map((r) => (
                      <tr key={`${r.line}-${r.sku}`}>
                        <td className="admin-num">{r.line}</td>
                        <td>{r.sku}</td>
                        <td>{r.reason}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
