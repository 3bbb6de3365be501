import { creditNotePath } from "../../../workers/services/orders/order-invoice.rules";
import type { OrderView } from "../../../workers/services/orders/order-views";

/** The order's credit notes among the back office's documents, one item each. */
export function AdminCreditNoteItems({ order }: { order: Pick<OrderView, "orderNumber" | "refunds"> }) {
  const numbers = order.refunds.flatMap((r) => (r.creditNoteNumber ? [r.creditNoteNumber] : []));
  return numbers.map((n, i) => (
    <li key={n}>
      <a href={creditNotePath(order.orderNumber, i + 1, { admin: true })}>Credit note {n}</a>
    </li>
  ));
}
