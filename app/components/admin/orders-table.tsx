import type { OrderListItem } from "../../../workers/services/back-office/orders/admin-orders-list";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import { orderStanding } from "../../../workers/services/orders/order-views.rules";
import { indiaDateTime } from "../../../workers/services/platform/india-time.rules";
import { paymentMethodLabel, paymentStatusLabel } from "../../lib/back-office/admin-labels";
import { ShopLink } from "../shop-link";
import { figures, TableHead } from "./admin-lists";
import { TableScroll } from "./table-scroll";

/** A table of orders, one row each with a link to its page: the order list's and the dashboard's. */
export function OrdersTable({ orders, caption }: { orders: OrderListItem[]; caption: string }) {
  return (
    <TableScroll label="Orders">
      <table className="admin-table">
        <caption className="admin-table__caption">{caption}</caption>
        <TableHead columns={["Order", "Date", "Customer", figures("Items"), figures("Total"), "Payment", "Status"]} />
        <tbody>
          {orders.map((o) => (
            <tr key={o.orderNumber}>
              <th scope="row">
                <ShopLink to={`/admin/orders/${o.orderNumber}`}>#{o.orderNumber}</ShopLink>
              </th>
              <td>{indiaDateTime(o.createdAt)}</td>
              <td>
                {o.fullName}
                <span className="admin-sub">{o.email}</span>
              </td>
              <td className="admin-num">{o.itemsCount}</td>
              <td className="admin-num">{formatRupees(o.totalPaise)}</td>
              <td>
                {paymentMethodLabel(o.paymentMethod)}
                <span className="admin-sub">{paymentStatusLabel(o.paymentStatus)}</span>
              </td>
              <td>
                {/* An online order still waiting for its payment is a payment due, not an order to confirm. */}
                <span className={`admin-status admin-status--${orderStanding(o).badge}`}>{orderStanding(o).label}</span>
                {o.refundDue && <span className="admin-flag">Refund due</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
