import { useActionData } from "react-router";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import { settings } from "../../../workers/services/content/settings";
import { afterSaleNotices } from "../../../workers/services/orders/after-sale.rules";
import { pastCancelling, shopperMayCancel } from "../../../workers/services/orders/order-cancel.rules";
import { myOrders, type OrderView } from "../../../workers/services/orders/order-views";
import {
  awaitingPayment,
  formatOrderDate,
  orderMessages,
  orderPagePath,
  orderStanding,
  paymentMethodLabel,
  paymentStatusLabel,
} from "../../../workers/services/orders/order-views.rules";
import { CancelHelp, CancelOrder, CancelRefused } from "../../components/order/cancel-order";
import { cancelOrderAction } from "../../components/order/cancel-order.server";
import { OrderInvoiceLink } from "../../components/order/order-invoice-link";
import { OrderAddress, OrderLine } from "../../components/order/order-parts";
import { OrderRefunds } from "../../components/order/order-refunds";
import { OrderReturns } from "../../components/order/order-returns";
import { PayNow } from "../../components/order/pay-now";
import { payNowAction } from "../../components/order/pay-now.server";
import { ShopLink } from "../../components/shop-link";
import { signedInRead } from "../../lib/auth.server";
import type { Route } from "./+types/my-orders";

/**
 * My Orders (protected, docs/product/orders.md): her orders newest first, each with its
 * pieces (picture, name, quantity when above 1, colour, size), where it goes, its total, payment
 * method, date and statuses; "Cancel order" on each order she may still cancel (a confirming step,
 * then the cancel; docs/product/after-the-purchase.md), and how to reach the shop on one she no
 * longer can. The session check and the orders travel in one round trip; signed out, she is sent to
 * sign in and back.
 */
export const meta: Route.MetaFunction = () => [{ title: `My Orders | ${settings.brand.name}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const orders = await signedInRead(request, myOrders(context.services));
  const now = context.services.now().getTime();
  // The order a cancel has just gone back to this page for (shown as cancelled only when it is).
  const cancelled = Number(new URL(request.url).searchParams.get("cancelled")) || null;
  return {
    orders,
    cancellable: orders.filter((o) => shopperMayCancel(o, now)).map((o) => o.orderNumber),
    cancelled: orders.some((o) => o.orderNumber === cancelled && o.orderStatus === "cancelled") ? cancelled : null,
  };
}

/** Pay now for an online order still waiting for its payment; cancel an order she may still cancel. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const answer =
    (await payNowAction(form, context.services)) ?? (await cancelOrderAction(form, context.services, (n) => `/my-orders?cancelled=${n}`));
  if (!answer) throw new Response("Unknown action", { status: 400 });
  return answer;
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const handle = { failure: orderMessages.fetchFailed };

function OrderCard({ order, mayCancel }: { order: OrderView; mayCancel: boolean }) {
  const titleId = `order-${order.orderNumber}`;
  const standing = orderStanding(order);
  return (
    <li>
      <article className="order-card my-order" aria-labelledby={titleId}>
        <header className="my-order__header">
          <h2 id={titleId}>Order #{order.orderNumber}</h2>
          <p className="my-order__date">
            Placed on <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          </p>
        </header>
        <dl className="my-order__statuses">
          <div>
            <dt>Payment status</dt>
            <dd>{paymentStatusLabel(order)}</dd>
          </div>
          <div>
            <dt>Order status</dt>
            <dd className={`order-badge order-badge--${standing.badge}`}>{standing.label}</dd>
          </div>
          {order.trackingNumber && (
            <div>
              <dt>Tracking</dt>
              <dd>
                {order.courier} {order.trackingNumber}
              </dd>
            </div>
          )}
        </dl>
        <ul className="order-lines">
          {order.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a stored order's lines never move.
            <OrderLine key={i} line={line} quantityAlways={false} />
          ))}
        </ul>
        <div className="my-order__footer">
          <div>
            <h3 className="my-order__label">Shipping to</h3>
            <OrderAddress shipping={order.shipping} full={false} />
          </div>
          <dl className="my-order__money">
            <div>
              <dt>Total</dt>
              <dd className="my-order__total">{formatRupees(order.totalPaise)}</dd>
            </div>
            <div>
              <dt>Payment method</dt>
              <dd>{paymentMethodLabel(order.paymentMethod)}</dd>
            </div>
          </dl>
        </div>
        <OrderRefunds order={order} />
        <OrderInvoiceLink order={order} />
        {awaitingPayment(order) && <PayNow orderNumber={order.orderNumber} accessKey={null} action="/my-orders" />}
        <OrderReturns order={order} accessKey={null} />
        {mayCancel ? (
          <CancelOrder orderNumber={order.orderNumber} accessKey={null} action="/my-orders" />
        ) : (
          pastCancelling(order) && <CancelHelp orderNumber={order.orderNumber} />
        )}
        <ShopLink to={orderPagePath(order.orderNumber)} className="my-order__details">
          View details<span className="visually-hidden"> of order #{order.orderNumber}</span>
        </ShopLink>
      </article>
    </li>
  );
}

export default function MyOrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, cancellable, cancelled } = loaderData;
  const answer = useActionData<typeof action>();
  return (
    <div className="order-page my-orders container">
      <header className="my-orders__header">
        <h1 className="order-page__title">My Orders</h1>
      </header>
      <p className="my-orders__hint">{afterSaleNotices.cancelHint}</p>
      <CancelRefused answer={answer} />
      {cancelled && (
        <p className="notice" role="status">
          {afterSaleNotices.cancelled(cancelled)}
        </p>
      )}
      {orders.length === 0 ? (
        <div className="my-orders__empty">
          <p className="my-orders__none">{orderMessages.none}</p>
          <p>Orders you place appear here, with their payment and delivery status.</p>
          <ShopLink to="/all-products" className="button button--primary">
            Browse products
          </ShopLink>
        </div>
      ) : (
        <ol className="my-orders__list" aria-label="Your orders, newest first">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} mayCancel={cancellable.includes(order.orderNumber)} />
          ))}
        </ol>
      )}
    </div>
  );
}
