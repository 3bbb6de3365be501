import { data } from "react-router";
import { settings } from "../../../workers/services/content/settings";
import { creditNoteAt } from "../../../workers/services/orders/order-invoice";
import { invoicePath } from "../../../workers/services/orders/order-invoice.rules";
import { orderPagePath } from "../../../workers/services/orders/order-views.rules";
import { AppError } from "../../../workers/services/platform/errors";
import { CreditNoteSheet } from "../../components/order/invoice-document";
import { PrintButton } from "../../lib/back-office/admin-documents";
import { loadHerDocuments, PRIVATE } from "../../lib/order-documents.server";
import documentCss from "../../styles/order-documents.css?url";
import type { Route } from "./+types/order-credit-note";

/**
 * One of her credit notes (/my-orders/:number/credit-notes/:n, a guest's with `?key=`): a refund of
 * her invoiced order, split back into taxable value and GST as the invoice charged them. Printable
 * like the invoice; only hers, as the invoice is.
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: documentCss }];

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Credit note, order #${params.number} | ${settings.brand.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { documents, key } = await loadHerDocuments(request, context.services, params.number);
  try {
    if (!documents) throw new AppError(404, "Credit note not found");
    return { note: creditNoteAt(documents, params.n), key };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data("Credit note not found.", { status: 404, headers: PRIVATE });
    throw error;
  }
}

export const headers: Route.HeadersFunction = () => PRIVATE;

export default function OrderCreditNotePage({ loaderData }: Route.ComponentProps) {
  const { note, key } = loaderData;
  return (
    <div className="container shop-doc doc">
      <div className="doc-actions">
        <p>
          <a href={orderPagePath(note.orderNumber, key)}>Back to order #{note.orderNumber}</a> ·{" "}
          <a href={invoicePath(note.orderNumber, key)}>Tax invoice {note.invoiceNumber}</a>
        </p>
        <PrintButton label="Print credit note" />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table on a phone scrolls sideways, so the keyboard must reach it. */}
      <section className="doc-scroll" aria-label={`Credit note ${note.creditNoteNumber}`} tabIndex={0}>
        <CreditNoteSheet note={note} />
      </section>
    </div>
  );
}
