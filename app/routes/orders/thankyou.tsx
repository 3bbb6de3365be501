import { data, redirect, useActionData } from "react-router";
import { settings } from "../../../workers/services/content/settings";
import { afterSaleNotices } from "../../../workers/services/orders/after-sale.rules";
import { PAYMENT_WINDOW_MINUTES } from "../../../workers/services/orders/order.rules";
import { pastCancelling, shopperMayCancel } from "../../../workers/services/orders/order-cancel.rules";
import { type OrderView, viewOrder } from "../../../workers/services/orders/order-views";
import { awaitingPayment, orderMessages, orderPagePath, paymentNotCompleted } from "../../../workers/services/orders/order-views.rules";
import { AppError } from "../../../workers/services/platform/errors";
import { signInPath } from "../../../workers/services/platform/paths";
import { CheckoutSteps } from "../../components/checkout-steps";
import { CancelHelp, CancelOrder, CancelRefused } from "../../components/order/cancel-order";
import { cancelOrderAction } from "../../components/order/cancel-order.server";
import { OrderInvoiceLink } from "../../components/order/order-invoice-link";
import { OrderAddress, OrderFigures, OrderLine, OrderPayment } from "../../components/order/order-parts";
import { OrderRefunds } from "../../components/order/order-refunds";
import { OrderReturns } from "../../components/order/order-returns";
import { PayNow } from "../../components/order/pay-now";
import { payNowAction } from "../../components/order/pay-now.server";
import { ShopLink } from "../../components/shop-link";
import type { Route } from "./+types/thankyou";

/**
 * Thank-you (docs/product/orders.md): the stored order, read from the server (one round
 * trip with the session check): number, lines, address, delivery, total, payment method, a discount
 * line when items plus delivery exceed the total, and the gift note for the first 100 orders. Its
 * owner sees it signed in; a guest through her link's key (`?order=N&key=K`). Every other visitor
 * gets the same "Order not found." as for a number that does not exist. While she may still cancel
 * it, "Cancel order" (docs/product/after-the-purchase.md); after, how to reach the shop.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Order #${loaderData.order.orderNumber}` : "Your order"} | ${settings.brand.name}` },
  { name: "robots", content: "noindex" },
];

const PRIVATE = { "Cache-Control": "private, no-store" };
const NOT_FOUND = `${orderMessages.notFound}.`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.services;
  const { pathname, search, searchParams } = new URL(request.url);
  const number = searchParams.get("order");
  const key = searchParams.get("key");
  if (!number) throw data(NOT_FOUND, { status: 404, headers: PRIVATE });
  // Without a key only its owner can see it: signed out, she signs in first and comes back here.
  if (!key && !(await services.claims())) throw redirect(signInPath(pathname + search), { headers: PRIVATE });
  try {
    const [order, user] = await Promise.all([viewOrder(services, { order: number, key }), services.user()]);
    const mayCancel = shopperMayCancel(order, services.now().getTime());
    const justCancelled = searchParams.get("cancelled") === "1" && order.orderStatus === "cancelled";
    // The heading and notice are decided here, so the page's script does not carry every variant's words.
    return data({ order, signedIn: user !== null, key, mayCancel, justCancelled, standing: standing(order) }, { headers: PRIVATE });
  } catch (err) {
    if (err instanceof AppError && (err.status === 400 || err.status === 404)) throw data(NOT_FOUND, { status: 404, headers: PRIVATE });
    throw err;
  }
}

/** Pay now, or cancel: from here by its owner, or a guest with her link. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const key = form.get("key");
  const done = (n: number) => `${orderPagePath(n, typeof key === "string" ? key : null)}&cancelled=1`;
  const answer = (await payNowAction(form, context.services)) ?? (await cancelOrderAction(form, context.services, done));
  if (!answer) throw data("Unknown action", { status: 400, headers: PRIVATE });
  return answer;
}

export const headers: Route.HeadersFunction = () => PRIVATE;

export const handle = { failure: orderMessages.loadFailed };

/** The page's heading and what it adds, by where the order stands. */
function standing(order: OrderView): { title: string; notice: string | null; error?: boolean; confirmed: boolean } {
  // Cancelled after it was paid (by her or by the shop): the refund is owed for the cancel, not for a late payment.
  if (order.refundDue && order.cancelledAt !== null) {
    return { title: "This order was cancelled", notice: afterSaleNotices.cancelledRefundDue, confirmed: false };
  }
  if (order.refundDue) {
    return {
      title: "We are refunding your payment",
      notice:
        "Your payment reached us after this order had expired, and its pieces have sold out since. We are refunding it in full to the way you paid, and will write to you when it is done.",
      confirmed: false,
    };
  }
  if (order.orderStatus === "cancelled" && !paymentNotCompleted(order)) {
    return {
      title: "This order was cancelled",
      notice: order.paymentStatus === "refunded" ? "Your payment has been refunded." : null,
      confirmed: false,
    };
  }
  if (paymentNotCompleted(order)) {
    return {
      title: "Payment not completed",
      notice:
        "The payment for this order did not reach us in time, so the order was not placed and its pieces went back on sale. You are welcome to order them again.",
      error: true,
      confirmed: false,
    };
  }
  if (order.paymentStatus === "failed") {
    return {
      title: "Your payment did not go through",
      notice: "The payment for this order did not go through.",
      error: true,
      confirmed: false,
    };
  }
  if (awaitingPayment(order)) {
    return {
      title: "Payment pending",
      notice: `Your order is placed once its payment reaches us. We keep its pieces for you for ${PAYMENT_WINDOW_MINUTES} minutes from when you ordered: press Pay now to pay.`,
      confirmed: false,
    };
  }
  return { title: "Thank you for your order!", notice: null, confirmed: true };
}

export default function ThankYouPage({ loaderData }: Route.ComponentProps) {
  const { order, signedIn, key, mayCancel, justCancelled, standing } = loaderData;
  const answer = useActionData<typeof action>();
  const { title, notice, error, confirmed } = standing;
  const active = !order.refundDue && order.orderStatus !== "cancelled" && !awaitingPayment(order);
  return (
    <div className="order-page thankyou container">
      <CheckoutSteps current={3} />
      <header className="thankyou__header">
        <p className="eyebrow">{confirmed ? "Order complete" : "Your order"}</p>
        <h1 className="order-page__title">{title}</h1>
        <p className="thankyou__number">
          Order number <strong>#{order.orderNumber}</strong>
        </p>
        {confirmed && (
          <p>
            A confirmation is on its way to <strong>{order.shipping.emailAddress}</strong>.
          </p>
        )}
      </header>
      {justCancelled && (
        <p className="notice" role="status">
          {afterSaleNotices.cancelled(order.orderNumber)}
        </p>
      )}
      <CancelRefused answer={answer} />
      {notice && <p className={error ? "notice notice--error" : "notice"}>{notice}</p>}
      {awaitingPayment(order) && <PayNow orderNumber={order.orderNumber} accessKey={key} action={orderPagePath(order.orderNumber, key)} />}
      {order.giftEligible && active && <p className="notice order-gift">{orderMessages.gift}</p>}
      <div className="order-page__layout">
        <section className="order-card" aria-labelledby="thankyou-items">
          <h2 id="thankyou-items">Your items</h2>
          <ul className="order-lines">
            {order.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stored order's lines never move.
              <OrderLine key={i} line={line} />
            ))}
          </ul>
          <OrderReturns order={order} accessKey={key} notice />
        </section>
        <div className="order-page__side">
          <section className="order-card" aria-labelledby="thankyou-summary">
            <h2 id="thankyou-summary">Order summary</h2>
            <OrderFigures order={order} />
            <OrderPayment order={order} />
            <OrderRefunds order={order} accessKey={key} />
            <OrderInvoiceLink order={order} accessKey={key} />
          </section>
          <section className="order-card" aria-labelledby="thankyou-address">
            <h2 id="thankyou-address">Delivering to</h2>
            <OrderAddress shipping={order.shipping} />
          </section>
        </div>
      </div>
      {mayCancel ? (
        <CancelOrder orderNumber={order.orderNumber} accessKey={key} action={orderPagePath(order.orderNumber, key)} />
      ) : (
        pastCancelling(order) && !order.refundDue && <CancelHelp orderNumber={order.orderNumber} />
      )}
      <div className="button-row order-page__actions">
        {signedIn && (
          <ShopLink to="/my-orders" className="button button--primary">
            My Orders
          </ShopLink>
        )}
        <ShopLink to="/all-products" className={signedIn ? "button button--secondary" : "button button--primary"}>
          Continue shopping
        </ShopLink>
      </div>
    </div>
  );
}
