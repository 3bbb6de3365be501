import { data } from "react-router";
import { orderDetail } from "../../../workers/services/back-office/orders/admin-order-detail";
import { formatRupees } from "../../../workers/services/catalog/pricing";
import { settings } from "../../../workers/services/content/settings";
import { AppError } from "../../../workers/services/platform/errors";
import { indiaDate } from "../../../workers/services/platform/india-time.rules";
import { AddressBlock } from "../../components/address-block";
import { figures, TableHead } from "../../components/admin/admin-lists";
import { PrintButton } from "../../lib/back-office/admin-documents";
import { paymentMethodLabel } from "../../lib/back-office/admin-labels";
import { useStoreContact } from "../../lib/store-contact";
import type { Route } from "./+types/admin-packing-slip";

/**
 * An order's packing slip (/admin/orders/:number/packing-slip): what goes in the parcel and
 * where it goes, a box to tick per line, the complimentary gift when the order has earned one, and
 * what the courier collects. No prices but the cash to collect. Printable on A4. It reads the order
 * as the order page does (orderDetail: the staff check and the order in one round trip).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { order: await orderDetail(context.services, params.number) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => parentHeaders;

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Packing slip, order #${params.number} | ${settings.brand.name} back office` },
  { name: "robots", content: "noindex" },
];

export default function AdminPackingSlipPage({ loaderData }: Route.ComponentProps) {
  const { order: o } = loaderData;
  // The store's address and phone as the owner set them (the root loader read them with the order).
  const store = useStoreContact();
  const a = o.shipping;
  const pieces = o.lines.reduce((n, l) => n + l.quantity, 0);
  const collect = o.paymentMethod === "cashOnDelivery" && o.paymentStatus === "pending";
  const awaitingOnline = o.paymentMethod === "bank" && o.paymentStatus === "pending";
  return (
    <div className="admin-page doc">
      <div className="doc-actions">
        <p className="admin-muted">
          <a href={`/admin/orders/${o.orderNumber}`}>Back to order #{o.orderNumber}</a>
        </p>
        <PrintButton label="Print packing slip" />
      </div>
      <article className="doc-sheet" aria-labelledby="doc-title">
        <header className="doc-head">
          <div className="doc-party">
            <p className="doc-brand">{settings.brand.name}</p>
            <address>
              {store.address.line1}, {store.address.line2}
              <br />
              {store.address.city}, {store.address.state} {store.address.pin}
              <br />
              {store.phone}
            </address>
          </div>
          <div className="doc-title">
            <h1 id="doc-title">Packing slip</h1>
            <dl className="doc-facts">
              <dt>Order number</dt>
              <dd>#{o.orderNumber}</dd>
              <dt>Order date</dt>
              <dd>{indiaDate(o.createdAt)}</dd>
              <dt>Pieces</dt>
              <dd>{pieces}</dd>
            </dl>
          </div>
        </header>
        {o.orderStatus === "cancelled" && (
          <p className="doc-callout doc-callout--stop" role="alert">
            This order is cancelled: do not pack it.
          </p>
        )}
        <section className="doc-party doc-shipto" aria-labelledby="doc-shipto">
          <h2 id="doc-shipto">Ship to</h2>
          <AddressBlock address={a} layout={{ roadOnHouseLine: true }} />
        </section>
        {o.giftEligible && <p className="doc-callout">Add the complimentary gift</p>}
        <table className="admin-table doc-table">
          <caption className="visually-hidden">Items to pack for order #{o.orderNumber}</caption>
          <TableHead columns={["Item", "Size", "Colour", figures("Qty"), { label: "Packed", className: "doc-tick-col" }]} />
          <tbody>
            {o.lines.map((l) => (
              <tr key={`${l.productId}-${l.size}-${l.color}`}>
                <th scope="row">{l.name}</th>
                <td>{l.size}</td>
                <td>{l.color}</td>
                <td className="admin-num">{l.quantity}</td>
                <td className="doc-tick-col">
                  <span className="doc-tick" aria-hidden="true" />
                  <span className="visually-hidden">Tick when packed</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <section className="doc-payment" aria-labelledby="doc-payment">
          <h2 id="doc-payment">Payment</h2>
          <p>{paymentMethodLabel(o.paymentMethod)}</p>
          {collect ? (
            <p className="doc-callout">Collect {formatRupees(o.totalPaise)} on delivery</p>
          ) : awaitingOnline ? (
            <p className="doc-callout doc-callout--stop">Awaiting the online payment: do not dispatch until it is paid.</p>
          ) : (
            <p>{o.paymentStatus === "paid" ? "Paid: nothing to collect." : "Nothing to collect."}</p>
          )}
        </section>
        <p className="doc-sign doc-sign--pair">
          <span className="doc-sign__line">Packed by</span>
          <span className="doc-sign__line">Checked by</span>
        </p>
      </article>
    </div>
  );
}
