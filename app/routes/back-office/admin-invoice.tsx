import { data } from "react-router";
import { settings } from "../../../workers/services/content/settings";
import { adminOrderDocuments } from "../../../workers/services/orders/order-invoice";
import { AppError } from "../../../workers/services/platform/errors";
import { CreditNoteLinks } from "../../components/order/credit-note-links";
import { InvoiceSheet } from "../../components/order/invoice-document";
import { PrintButton } from "../../lib/back-office/admin-documents";
import type { Route } from "./+types/admin-invoice";

/**
 * An order's tax invoice (/admin/orders/:number/invoice): the seller with its GSTIN, the
 * buyer and the place of supply, each line's HSN, discount, taxable value, rate and CGST + SGST (or
 * IGST), the delivery charge, the totals and the amount in words. Printable on A4 (order-documents.css hides
 * the back office's bar and the links on paper). The figures are the service's (gst.ts); an order
 * that has no invoice yet (or never will: cancelled before confirmation) answers 409 with the reason.
 * The same sheet is hers at /my-orders/:number/invoice; its credit notes are linked above it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const { invoice, creditNotes } = await adminOrderDocuments(context.services, params.number);
    return { invoice, creditNotes: creditNotes.map((c) => ({ number: c.creditNoteNumber, position: c.position })), refused: null };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    if (error instanceof AppError && error.status === 409)
      return data({ invoice: null, creditNotes: [], refused: error.message }, { status: 409 });
    throw error;
  }
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Tax invoice, order #${params.number} | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

export default function AdminInvoicePage({ loaderData, params }: Route.ComponentProps) {
  const { invoice, creditNotes, refused } = loaderData;
  return (
    <div className="admin-page doc">
      <div className="doc-actions">
        <p className="admin-muted">
          <a href={`/admin/orders/${params.number}`}>Back to order #{params.number}</a>
        </p>
        {invoice && <PrintButton label="Print invoice" />}
      </div>
      {invoice && <CreditNoteLinks orderNumber={invoice.orderNumber} notes={creditNotes} admin />}
      {invoice ? (
        <InvoiceSheet invoice={invoice} />
      ) : (
        <section className="admin-panel" aria-labelledby="doc-title">
          <h1 id="doc-title">Tax invoice</h1>
          <p className="notice notice--error" role="alert">
            {refused}
          </p>
        </section>
      )}
    </div>
  );
}
