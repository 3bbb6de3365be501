import { data } from "react-router";
import { settings } from "../../../workers/services/content/settings";
import { orderPagePath } from "../../../workers/services/orders/order-views.rules";
import { CreditNoteLinks } from "../../components/order/credit-note-links";
import { InvoiceSheet } from "../../components/order/invoice-document";
import { PrintButton } from "../../lib/back-office/admin-documents";
import { loadHerDocuments, PRIVATE } from "../../lib/order-documents.server";
import documentCss from "../../styles/order-documents.css?url";
import type { Route } from "./+types/order-invoice";

/**
 * Her tax invoice (/my-orders/:number/invoice, a guest's with `?key=`): the invoice the back office
 * prints, issued once when the order was confirmed, printable on A4 (the shop's header and footer
 * stay off the paper). Its credit notes are linked above it. Only hers: anyone else gets the 404 a
 * missing order gets; before confirmation the page says when an invoice comes (409).
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: documentCss }];

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Tax invoice, order #${params.number} | ${settings.brand.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { documents, refused, key } = await loadHerDocuments(request, context.services, params.number);
  if (!documents) return data({ invoice: null, creditNotes: [], refused, key }, { status: 409, headers: PRIVATE });
  const { invoice, creditNotes } = documents;
  return { invoice, creditNotes: creditNotes.map((c) => ({ number: c.creditNoteNumber, position: c.position })), refused: null, key };
}

export const headers: Route.HeadersFunction = () => PRIVATE;

export default function OrderInvoicePage({ loaderData, params }: Route.ComponentProps) {
  const { invoice, creditNotes, refused, key } = loaderData;
  if (!invoice) {
    return (
      <div className="container shop-doc">
        <h1 className="order-page__title">Tax invoice</h1>
        <p className="notice" role="status">
          {refused}
        </p>
        <p>
          <a href={orderPagePath(Number(params.number), key)}>Back to order #{params.number}</a>
        </p>
      </div>
    );
  }
  return (
    <div className="container shop-doc doc">
      <div className="doc-actions">
        <p>
          <a href={orderPagePath(invoice.orderNumber, key)}>Back to order #{invoice.orderNumber}</a>
        </p>
        <PrintButton label="Print invoice" />
      </div>
      <CreditNoteLinks orderNumber={invoice.orderNumber} notes={creditNotes} accessKey={key} />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table on a phone scrolls sideways, so the keyboard must reach it. */}
      <section className="doc-scroll" aria-label={`Tax invoice ${invoice.invoiceNumber}`} tabIndex={0}>
        <InvoiceSheet invoice={invoice} />
      </section>
    </div>
  );
}
