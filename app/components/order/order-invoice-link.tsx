import { hasInvoice, invoicePath } from "../../../workers/services/orders/order-invoice.rules";
import type { OrderView } from "../../../workers/services/orders/order-views";

/**
 * Her tax invoice, once the order has one: from confirmation on, and still after a cancellation
 * when it had been issued. A plain link to a printable page (works before the script starts).
 */
export function OrderInvoiceLink({
  order,
  accessKey = null,
  className = "order-invoice-link",
}: {
  order: Pick<OrderView, "orderNumber" | "orderStatus" | "invoiced">;
  accessKey?: string | null;
  className?: string;
}) {
  if (!order.invoiced && !hasInvoice(order.orderStatus)) return null;
  return (
    <p className={className}>
      <a href={invoicePath(order.orderNumber, accessKey)}>
        Tax invoice<span className="visually-hidden"> for order #{order.orderNumber}</span>
      </a>
    </p>
  );
}
