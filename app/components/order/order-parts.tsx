import { formatRupees } from "../../../workers/services/catalog/pricing";
import type { OrderLineView, OrderView } from "../../../workers/services/orders/order-views";
import { discountShown, paymentMethodLabel, paymentStatusLabel } from "../../../workers/services/orders/order-views.rules";
import { AddressBlock } from "../address-block";
import { LineOptions, LinePicture } from "../line-parts";
import { ShopLink } from "../shop-link";

/**
 * Pieces of an order that the thank-you page and My Orders share: its lines, its figures and where
 * it goes. Everything comes from the stored order (workers/services/orders/order-views.ts).
 */

/** One line: picture, name (linked while the product is on sale), colour, size, quantity and price. */
export function OrderLine({ line, quantityAlways = true }: { line: OrderLineView; quantityAlways?: boolean }) {
  const picture = <LinePicture image={line.image} />;
  return (
    <li className="order-line">
      {line.href ? (
        <ShopLink to={line.href} className="order-line__image" tabIndex={-1} aria-hidden="true">
          {picture}
        </ShopLink>
      ) : (
        <span className="order-line__image">{picture}</span>
      )}
      <div className="order-line__body">
        <p className="order-line__name">{line.href ? <ShopLink to={line.href}>{line.name}</ShopLink> : line.name}</p>
        <LineOptions color={line.color} size={line.size} quantity={quantityAlways || line.quantity > 1 ? line.quantity : undefined} />
      </div>
      <p className="order-line__price">
        <span className="visually-hidden">Price </span>
        {formatRupees(line.unitPricePaise * line.quantity)}
        {line.quantity > 1 && <span className="order-line__each"> ({formatRupees(line.unitPricePaise)} each)</span>}
      </p>
    </li>
  );
}

/** Items, the discount when there was one, delivery and total, as the order was charged. */
export function OrderFigures({ order }: { order: OrderView }) {
  const items = order.lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  const discount = discountShown(order);
  return (
    <dl className="order-figures">
      <div>
        <dt>Items</dt>
        <dd>{formatRupees(items)}</dd>
      </div>
      {discount > 0 && (
        <div className="order-figures__discount">
          <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ""}</dt>
          <dd>−{formatRupees(discount)}</dd>
        </div>
      )}
      <div>
        <dt>Delivery</dt>
        <dd>{order.shippingPaise > 0 ? formatRupees(order.shippingPaise) : "Free"}</dd>
      </div>
      <div className="order-figures__total">
        <dt>Total</dt>
        <dd>{formatRupees(order.totalPaise)}</dd>
      </div>
    </dl>
  );
}

/** How she pays, and where that payment stands. */
export function OrderPayment({ order }: { order: OrderView }) {
  return (
    <dl className="order-payment">
      <div>
        <dt>Payment method</dt>
        <dd>{paymentMethodLabel(order.paymentMethod)}</dd>
      </div>
      <div>
        <dt>Payment status</dt>
        <dd>{paymentStatusLabel(order)}</dd>
      </div>
    </dl>
  );
}

/** The shipping address, as the order keeps it. */
export function OrderAddress({ shipping, full = true }: { shipping: OrderView["shipping"]; full?: boolean }) {
  return <AddressBlock className="order-address" address={shipping} layout={{ townOnly: !full, email: full }} />;
}
