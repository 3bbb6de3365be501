import { useSearchParams } from "react-router";
import { settings } from "../../../workers/services/content/settings";
import {
  afterSaleNotices,
  canAskReturn,
  RETURN_STATUS_LABELS,
  returnReasonLabel,
  returnUntil,
} from "../../../workers/services/orders/after-sale.rules";
import type { OrderView } from "../../../workers/services/orders/order-views";
import { formatOrderDate } from "../../../workers/services/orders/order-views.rules";
import type { ReturnRequestView } from "../../../workers/services/orders/return-views";
import { ShopLink } from "../shop-link";

/**
 * An order's returns as she sees them on her order page and in My Orders: the "Return or exchange"
 * link while the window is open (with its last day), and each request with its status and pieces.
 */

/** The returns page of an order; a guest's carries her link's key. */
export const returnPagePath = (orderNumber: number, key?: string | null) =>
  `/my-orders/${orderNumber}/return${key ? `?key=${encodeURIComponent(key)}` : ""}`;

/** The query her order page is sent to after a request, to say it went through. */
export const RETURNED_PARAM = "returned";

function statusDetail(r: ReturnRequestView): string | null {
  switch (r.status) {
    case "requested":
      return "We will write to you once we have looked at it.";
    case "approved":
      return r.pickupCourier ? `Pickup by ${r.pickupCourier}${r.pickupTracking ? `, tracking ${r.pickupTracking}` : ""}.` : null;
    case "declined":
      return r.declineReason;
    case "received":
      return "The pieces have reached us.";
    case "exchanged":
      return r.exchangeCourier
        ? `Your new size is on its way with ${r.exchangeCourier}${r.exchangeTracking ? `, tracking ${r.exchangeTracking}` : ""}.`
        : null;
    default:
      return null;
  }
}

function ReturnRequest({ request, orderNumber }: { request: ReturnRequestView; orderNumber: number }) {
  const titleId = `return-${orderNumber}-${request.id}`;
  const detail = statusDetail(request);
  return (
    <li className="order-return" aria-labelledby={titleId}>
      <p id={titleId} className="order-return__title">
        {request.kind === "exchange" ? "Exchange" : "Return"} asked on{" "}
        <time dateTime={request.createdAt}>{formatOrderDate(request.createdAt)}</time>
        {": "}
        <span className={`order-return__status order-return__status--${request.status}`}>{RETURN_STATUS_LABELS[request.status]}</span>
      </p>
      {detail && <p className="order-return__detail">{detail}</p>}
      <p className="order-return__reason">Reason: {returnReasonLabel(request.reason)}</p>
      <ul className="order-return__lines">
        {request.lines.map((l) => (
          <li key={l.orderLineId}>
            {l.name} ({[l.color, `size ${l.size}`].filter(Boolean).join(", ")}) × {l.quantity}
            {l.exchangeSize ? `: for size ${l.exchangeSize}` : ": refund"}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Her returns of one order, and the way to ask for one while she may. */
export function OrderReturns({
  order,
  accessKey,
  now,
  notice = false,
}: {
  order: OrderView;
  accessKey: string | null;
  now?: number;
  /** Her order page: says so when she has just asked for a return. */
  notice?: boolean;
}) {
  const deliveredAt = order.deliveredAt ? Date.parse(order.deliveredAt) : null;
  // The page's own moment: the server's render and the browser's hydration agree on it within a request.
  const open = canAskReturn({ orderStatus: order.orderStatus, deliveredAt }, now ?? Date.now());
  if (!open && order.returns.length === 0) return null;
  const lastDay = deliveredAt === null ? null : new Date(returnUntil(deliveredAt) - 1).toISOString();
  const headingId = `returns-${order.orderNumber}`;
  return (
    <section className="order-returns" aria-labelledby={headingId}>
      <h3 id={headingId} className="order-returns__title">
        Returns and exchanges
      </h3>
      {notice && <ReturnRequestedNotice orderNumber={order.orderNumber} />}
      {open && lastDay && (
        <p className="order-returns__ask">
          <ShopLink to={returnPagePath(order.orderNumber, accessKey)} className="button button--secondary">
            Return or exchange<span className="visually-hidden"> pieces of order #{order.orderNumber}</span>
          </ShopLink>{" "}
          <span className="order-returns__until">
            Until <time dateTime={lastDay}>{formatOrderDate(lastDay)}</time> ({settings.policies.returnWithinDays} days from delivery)
          </span>
        </p>
      )}
      {order.returns.length > 0 && (
        <ul className="order-returns__list">
          {order.returns.map((r) => (
            <ReturnRequest key={r.id} request={r} orderNumber={order.orderNumber} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * On her order page after a request: the words that it went through, with the page (a status a
 * screen reader announces once; a toast as well would say it twice).
 */
function ReturnRequestedNotice({ orderNumber }: { orderNumber: number }) {
  const [params] = useSearchParams();
  if (params.get(RETURNED_PARAM) !== "1") return null;
  return (
    <p className="notice" role="status">
      {afterSaleNotices.returnRequested(orderNumber)}
    </p>
  );
}
