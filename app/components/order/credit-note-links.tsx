import { creditNotePath } from "../../../workers/services/orders/order-invoice.rules";

/** Links from an invoice to its credit notes (on screen only: paper shows the invoice alone). */
export function CreditNoteLinks({
  orderNumber,
  notes,
  admin = false,
  accessKey = null,
}: {
  orderNumber: number;
  notes: readonly { number: string; position: number }[];
  admin?: boolean;
  accessKey?: string | null;
}) {
  if (notes.length === 0) return null;
  return (
    <nav className="doc-links" aria-label="Credit notes against this invoice">
      <p>
        Credit notes against this invoice:{" "}
        {notes.map((n, i) => (
          <span key={n.number}>
            {i > 0 && ", "}
            <a href={creditNotePath(orderNumber, n.position, { admin, key: accessKey })}>{n.number}</a>
          </span>
        ))}
      </p>
    </nav>
  );
}
