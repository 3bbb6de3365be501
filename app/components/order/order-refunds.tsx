import { formatRupees } from "../../../workers/services/catalog/pricing";
import { creditNotePath, refundMethodLabel } from "../../../workers/services/orders/order-invoice.rules";
import type { OrderView } from "../../../workers/services/orders/order-views";
import { formatOrderDate } from "../../../workers/services/orders/order-views.rules";

/**
 * The money given back on her order: each refund's amount, day, how it was made and the reference
 * her bank shows, with its credit note when the order had been invoiced.
 */
export function OrderRefunds({
  order,
  accessKey = null,
}: {
  order: Pick<OrderView, "orderNumber" | "refunds">;
  accessKey?: string | null;
}) {
  if (order.refunds.length === 0) return null;
  const headingId = `refunds-${order.orderNumber}`;
  let notes = 0;
  return (
    <section className="order-refunds" aria-labelledby={headingId}>
      <h3 id={headingId} className="order-refunds__title">
        Refunds
      </h3>
      <ul className="order-refunds__list">
        {order.refunds.map((r) => {
          const position = r.creditNoteNumber ? ++notes : null;
          return (
            <li key={r.id} className="order-refund">
              <p>
                <strong>{formatRupees(r.amountPaise, { paise: "always" })}</strong> refunded on{" "}
                <time dateTime={r.createdAt}>{formatOrderDate(r.createdAt)}</time>
              </p>
              <p>
                {refundMethodLabel(r.method)}. Reference: <span className="order-refund__ref">{r.reference || "—"}</span>
              </p>
              {r.creditNoteNumber && position !== null && (
                <p>
                  Credit note <a href={creditNotePath(order.orderNumber, position, { key: accessKey })}>{r.creditNoteNumber}</a>
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
