import { data } from "react-router";
import { hasInvoice } from "../../../workers/services/back-office/orders/admin-invoice.rules";
import { type AdminOrder, orderDetail } from "../../../workers/services/back-office/orders/admin-order-detail";
import { moveOrder, type OrderAction } from "../../../workers/services/back-office/orders/admin-order-moves";
import { returnsOfOrder } from "../../../workers/services/back-office/returns/admin-returns";
import { returnKindLabel, returnStatusLabel } from "../../../workers/services/back-office/returns/admin-returns.rules";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import { CANCELLATION_QUERY } from "../../../workers/services/content/messages.rules";
import { PAYMENT_WINDOW_MINUTES } from "../../../workers/services/orders/order.rules";
import { AddressBlock } from "../../components/address-block";
import { AdminFormField } from "../../components/admin/admin-form-field";
import { figures } from "../../components/admin/admin-lists";
import { AdminMoveForm, DetailHead, HistoryPanel, type MoveProblem, NextSteps, when } from "../../components/admin/admin-move-form";
import { AdminPanel } from "../../components/admin/admin-panel";
import { LinesTable, PieceCells } from "../../components/admin/lines-table";
import { PageNotice } from "../../components/admin/page-notice";
import { AdminCreditNoteItems } from "../../components/order/admin-credit-note-items";
import { RefundMethodSelect } from "../../components/order/refund-method-select";
import { ShopLink } from "../../components/shop-link";
import { readForm } from "../../lib/auth.server";
import { orderStatusLabel, paymentMethodLabel, paymentStatusLabel } from "../../lib/back-office/admin-labels";
import { backOfficeMeta } from "../../lib/back-office/admin-meta";
import { notFound, settleMove } from "../../lib/back-office/admin-move.server";
import type { Route } from "./+types/admin-order";

/**
 * One order in the back office (/admin/orders/:number): its lines, address, totals,
 * payment, fulfilment and history, and a form for each move its state allows. Each form posts to
 * this route's action, which calls moveOrder (the rule is checked there, in the writing statement)
 * and redirects back with a notice, or answers the service's message and field errors.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  try {
    // Both reads leave in the request's one batch.
    const [order, returns] = await Promise.all([
      orderDetail(context.services, params.number),
      returnsOfOrder(context.services, params.number),
    ]);
    const done = new URL(request.url).searchParams.get("done");
    return { order, returns, done: done && Object.hasOwn(DONE, done) ? (done as OrderAction) : null };
  } catch (error) {
    notFound(error);
    throw error;
  }
}

const DONE: Record<OrderAction, string> = {
  confirm: "Order confirmed.",
  ship: "Order marked shipped; the shopper has been mailed the tracking number.",
  deliver: "Order marked delivered.",
  cancel: "Order cancelled; its stock and coupon use were given back.",
  "mark-paid": "Cash payment recorded.",
  refund: "Refund recorded.",
};

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const values: Record<string, string> = {};
  for (const k of ["courier", "trackingNumber", "refundReference", "refundMethod"]) {
    const v = form.get(k);
    if (typeof v === "string") values[k] = v.slice(0, 300);
  }
  return settleMove(intent, values, "The order could not be changed. Please try again.", `/admin/orders/${params.number}`, async () => {
    if (intent === "cancel" && form.get("confirmCancel") !== "yes") {
      // Staff first (a visitor learns nothing), then the confirmation step.
      await orderDetail(context.services, params.number);
      return data<MoveProblem>(
        { intent, message: "Tick “Yes, cancel this order” to cancel it.", fields: { confirmCancel: "Tick “Yes, cancel this order”" } },
        { status: 400 },
      );
    }
    await moveOrder(context.services, params.number, intent, values);
    return undefined;
  });
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = ({ params }) => backOfficeMeta(`Order #${params.number}`);

/** The moves the order's state allows (the server checks again). */
function allowedMoves(o: AdminOrder): OrderAction[] {
  const awaitingOnline = o.paymentMethod === "bank" && o.paymentStatus === "pending";
  const moves: OrderAction[] = [];
  if (o.orderStatus === "placed" && !awaitingOnline) moves.push("confirm");
  if (o.orderStatus === "confirmed") moves.push("ship");
  if (o.orderStatus === "shipped") moves.push("deliver");
  if (
    o.paymentMethod === "cashOnDelivery" &&
    o.paymentStatus === "pending" &&
    (o.orderStatus === "shipped" || o.orderStatus === "delivered")
  )
    moves.push("mark-paid");
  if ((o.orderStatus === "placed" || o.orderStatus === "confirmed") && !awaitingOnline) moves.push("cancel");
  if (o.refundDue && o.paymentStatus === "paid") moves.push("refund");
  return moves;
}

/** Who made a change: a staff member, or the shopper herself (a guest has no account to name). */
function actorOf(h: { actorEmail: string | null; after: unknown }): string {
  const by = (h.after as { by?: string } | null)?.by;
  if (by === "guest") return "the customer (guest checkout)";
  if (by === "shopper") return `the customer, ${h.actorEmail ?? "a removed account"}`;
  return h.actorEmail ?? "a removed account";
}

const ACTION_LABELS: Record<string, string> = {
  "order.confirm": "Confirmed",
  "order.ship": "Shipped",
  "order.deliver": "Marked delivered",
  "order.cancel": "Cancelled",
  "order.mark-paid": "Marked paid",
  "order.refund": "Marked refunded",
};

function Field({
  name,
  label,
  problem,
  defaultValue = "",
  autoComplete = "off",
}: {
  name: string;
  label: string;
  problem: MoveProblem | undefined;
  defaultValue?: string;
  autoComplete?: string;
}) {
  return (
    <AdminFormField
      id={`f-${name}`}
      name={name}
      label={label}
      error={problem?.fields?.[name]}
      defaultValue={problem?.values?.[name] ?? defaultValue}
      required
      autoComplete={autoComplete}
    />
  );
}

const titles: Record<OrderAction, string> = {
  confirm: "Confirm",
  ship: "Ship",
  deliver: "Mark delivered",
  cancel: "Cancel order",
  "mark-paid": "Mark paid",
  refund: "Mark refunded",
};

function MoveForm({ intent, actionData }: { intent: OrderAction; actionData: MoveProblem | undefined }) {
  return (
    <AdminMoveForm
      fetcherKey={`move-${intent}`}
      intent={intent}
      headingId={`move-${intent}`}
      title={titles[intent]}
      quiet={intent === "cancel"}
      actionData={actionData}
    >
      {(problem) => <MoveFields intent={intent} problem={problem} />}
    </AdminMoveForm>
  );
}

/** The fields a move asks for, with the values and errors of its refusal. */
function MoveFields({ intent, problem }: { intent: OrderAction; problem: MoveProblem | undefined }) {
  return (
    <>
      {intent === "ship" && (
        <>
          <Field name="courier" label="Courier" problem={problem} />
          <Field name="trackingNumber" label="Tracking number" problem={problem} />
        </>
      )}
      {intent === "refund" && <Field name="refundReference" label="Refund reference" problem={problem} />}
      {intent === "refund" && <RefundMethodSelect error={problem?.fields?.refundMethod} defaultValue={problem?.values?.refundMethod} />}
      {intent === "mark-paid" && <p className="admin-muted">Cash on delivery collected.</p>}
      {intent === "cancel" && (
        <div className="admin-field">
          <label className="admin-check">
            <input
              type="checkbox"
              name="confirmCancel"
              value="yes"
              aria-invalid={problem?.fields?.confirmCancel ? true : undefined}
              aria-describedby={problem?.fields?.confirmCancel ? "f-confirmCancel-error" : undefined}
            />
            Yes, cancel this order
          </label>
          {problem?.fields?.confirmCancel && (
            <span id="f-confirmCancel-error" className="admin-field__error">
              {problem.fields.confirmCancel}
            </span>
          )}
        </div>
      )}
    </>
  );
}

export default function AdminOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order: o, returns, done } = loaderData;
  const moves = allowedMoves(o);
  const problem = actionData as MoveProblem | undefined;
  const a = o.shipping;
  return (
    <div className="admin-page">
      <DetailHead back={<a href="/admin/orders">All orders</a>} title={<>Order #{o.orderNumber}</>}>
        Placed {when(o.createdAt)} ·{" "}
        {o.paymentMethod === "bank" && o.paymentStatus === "pending" && o.orderStatus === "placed" ? (
          // Not an order to act on until its payment arrives (it cancels itself if none does).
          <span className="admin-status admin-status--payment-pending">Payment pending</span>
        ) : (
          <span className={`admin-status admin-status--${o.orderStatus}`}>{orderStatusLabel(o.orderStatus)}</span>
        )}
        {o.refundDue && <span className="admin-flag">Refund due</span>}
      </DetailHead>
      <PageNotice notice={done && DONE[done]} />
      <NextSteps
        id="order-moves"
        idle={
          o.paymentMethod === "bank" && o.paymentStatus === "pending" && o.orderStatus === "placed"
            ? `Waiting for its online payment: nothing to confirm or ship until it arrives. Unpaid, it cancels itself ${PAYMENT_WINDOW_MINUTES} minutes after it was made and its stock goes back.`
            : "Nothing to do for this order now."
        }
      >
        {moves.map((m) => (
          <MoveForm key={m} intent={m} actionData={problem} />
        ))}
      </NextSteps>
      {(o.orderStatus !== "cancelled" || o.invoiced) && (
        <AdminPanel id="order-documents" title="Documents">
          <ul className="admin-documents">
            {o.orderStatus !== "cancelled" && (
              <li>
                <a href={`/admin/orders/${o.orderNumber}/packing-slip`}>Packing slip</a>
              </li>
            )}
            {(hasInvoice(o.orderStatus) || o.invoiced) && (
              <li>
                <a href={`/admin/orders/${o.orderNumber}/invoice`}>Tax invoice</a>
              </li>
            )}
            <AdminCreditNoteItems order={o} />
          </ul>
        </AdminPanel>
      )}
      {returns.length > 0 && (
        <AdminPanel id="order-returns" title="Returns">
          <ul className="admin-documents">
            {returns.map((r) => (
              <li key={r.id}>
                <a href={`/admin/returns/${r.id}`}>Return #{r.id}</a>: {returnKindLabel(r.kind)}, {r.pieces}{" "}
                {r.pieces === 1 ? "piece" : "pieces"}, {returnStatusLabel(r.status).toLowerCase()} ({when(r.createdAt)})
              </li>
            ))}
          </ul>
        </AdminPanel>
      )}
      <div className="admin-grid">
        <AdminPanel id="order-customer" title="Customer and address">
          <AddressBlock
            className="admin-address"
            address={a}
            layout={{ roadOnHouseLine: true, phoneLabel: false, email: true }}
            plainName
          />
          <p className="admin-muted">{o.guest ? "Guest order" : `Account: ${o.accountEmail ?? "—"}`}</p>
          {o.giftEligible && <p className="admin-flag">Gift: among the first 100 orders</p>}
        </AdminPanel>
        <AdminPanel id="order-payment" title="Payment">
          <dl className="admin-dl">
            <dt>Method</dt>
            <dd>{paymentMethodLabel(o.paymentMethod)}</dd>
            <dt>Status</dt>
            <dd>
              {paymentStatusLabel(o.paymentStatus)}
              {o.refundDue ? ", refund due" : ""}
            </dd>
            <dt>Provider order id</dt>
            <dd>{o.providerOrderId ?? "—"}</dd>
            <dt>Provider payment id</dt>
            <dd>{o.providerPaymentId ?? "—"}</dd>
            <dt>Paid</dt>
            <dd>{when(o.paidAt)}</dd>
            <dt>Refunded</dt>
            <dd>{o.refundedAt ? `${when(o.refundedAt)} (${o.refundReference ?? "—"})` : "—"}</dd>
          </dl>
        </AdminPanel>
        <AdminPanel id="order-fulfilment" title="Fulfilment">
          <dl className="admin-dl">
            <dt>Courier</dt>
            <dd>{o.courier ?? "—"}</dd>
            <dt>Tracking number</dt>
            <dd>{o.trackingNumber ?? "—"}</dd>
            <dt>Confirmed</dt>
            <dd>{when(o.confirmedAt)}</dd>
            <dt>Shipped</dt>
            <dd>{when(o.shippedAt)}</dd>
            <dt>Delivered</dt>
            <dd>{when(o.deliveredAt)}</dd>
            <dt>Cancelled</dt>
            <dd>{when(o.cancelledAt)}</dd>
          </dl>
        </AdminPanel>
      </div>
      <AdminPanel id="order-lines" title="Items">
        <LinesTable
          label="Items"
          caption={<>Items in order #{o.orderNumber}</>}
          columns={["Product", "Colour", "Size", figures("Qty"), figures("Price"), figures("Amount")]}
        >
          {o.lines.map((l) => (
            <tr key={`${l.productId}-${l.size}-${l.color}`}>
              <PieceCells line={l} />
              <td className="admin-num">{l.quantity}</td>
              <td className="admin-num">{formatRupees(l.unitPricePaise)}</td>
              <td className="admin-num">{formatRupees(l.unitPricePaise * l.quantity)}</td>
            </tr>
          ))}
        </LinesTable>
        <dl className="admin-dl admin-dl--totals">
          <dt>Subtotal</dt>
          <dd>{formatRupees(o.subtotalPaise)}</dd>
          <dt>Discount{o.couponCode ? ` (coupon ${o.couponCode})` : ""}</dt>
          <dd>{o.discountPaise > 0 ? `−${formatRupees(o.discountPaise)}` : formatRupees(0)}</dd>
          <dt>Shipping</dt>
          <dd>{formatRupees(o.shippingPaise)}</dd>
          <dt>Total</dt>
          <dd>
            <strong>{formatRupees(o.totalPaise)}</strong>
          </dd>
        </dl>
        <p className="admin-muted">Coupon: {o.couponCode ?? "none"}</p>
      </AdminPanel>
      <AdminPanel id="order-enquiries" title="Messages about this order">
        {o.enquiries.length === 0 ? (
          <p className="admin-muted">No enquiries name this order.</p>
        ) : (
          <ul className="admin-history">
            {o.enquiries.map((e) => (
              <li key={e.id}>
                <ShopLink to={`/admin/messages/enquiry/${e.id}`}>
                  <strong>{CANCELLATION_QUERY}</strong> from {e.name}
                </ShopLink>
                , <time dateTime={e.createdAt}>{when(e.createdAt)}</time> · {e.handled ? "Handled" : "Open"}
                <span className="admin-sub">{e.preview}</span>
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>
      <HistoryPanel id="order-history" history={o.history} labels={ACTION_LABELS} actorOf={actorOf} />
    </div>
  );
}
