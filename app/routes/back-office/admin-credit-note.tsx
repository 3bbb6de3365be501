import { data } from "react-router";
import { settings } from "../../../workers/services/content/settings";
import { adminOrderDocuments, creditNoteAt } from "../../../workers/services/orders/order-invoice";
import { AppError } from "../../../workers/services/platform/errors";
import { CreditNoteSheet } from "../../components/order/invoice-document";
import { PrintButton } from "../../lib/back-office/admin-documents";
import type { Route } from "./+types/admin-credit-note";

/**
 * A credit note of an order (/admin/orders/:number/credit-notes/:n), the same document she sees:
 * a refund of an invoiced order split back into taxable value and GST. Printable on A4.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { note: creditNoteAt(await adminOrderDocuments(context.services, params.number), params.n) };
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 409)) throw data(null, { status: 404 });
    throw error;
  }
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Credit note, order #${params.number} | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

export default function AdminCreditNotePage({ loaderData, params }: Route.ComponentProps) {
  const { note } = loaderData;
  return (
    <div className="admin-page doc">
      <div className="doc-actions">
        <p className="admin-muted">
          <a href={`/admin/orders/${params.number}`}>Back to order #{params.number}</a> ·{" "}
          <a href={`/admin/orders/${params.number}/invoice`}>Tax invoice {note.invoiceNumber}</a>
        </p>
        <PrintButton label="Print credit note" />
      </div>
      <CreditNoteSheet note={note} />
    </div>
  );
}
