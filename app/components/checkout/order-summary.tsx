import { effectivePrice, formatRupees } from "../../../workers/services/catalog/pricing";
import type { OrderTotals } from "../../../workers/services/orders/coupon.rules";
import type { CartLine } from "../../../workers/services/shopping/cart";
import { LineOptions, LinePicture } from "../line-parts";
import { ShopLink } from "../shop-link";

function Line({ line }: { line: CartLine }) {
  return (
    <li className="checkout-line">
      <LinePicture image={line.image} />
      <div>
        <p className="checkout-line__name">
          <ShopLink to={line.href}>{line.name}</ShopLink>
        </p>
        <LineOptions color={line.color} size={line.size} quantity={line.quantity} />
        {line.problem && <p className="cart-line__problem">{line.problem}</p>}
      </div>
      <p className="checkout-line__total">
        <span className="visually-hidden">Line total </span>
        {formatRupees(effectivePrice(line) * line.quantity)}
      </p>
    </li>
  );
}

/**
 * What she is buying and what it costs (docs/product/orders.md): every figure is the
 * server's, the page's own reading or the coupon's answer, never worked out from what she typed.
 */
export function OrderSummary({
  lines,
  totals,
  couponCode,
  buyNow,
}: {
  lines: CartLine[];
  totals: OrderTotals;
  couponCode: string | null;
  buyNow: boolean;
}) {
  return (
    <section className="checkout-card order-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">{buyNow ? "Buying now" : "Your order"}</h2>
      <ul className="checkout-lines">
        {lines.map((line) => (
          <Line key={`${line.id}-${line.productId}-${line.size}-${line.color}`} line={line} />
        ))}
      </ul>
      <dl className="checkout-totals" aria-live="polite">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatRupees(totals.subtotalPaise)}</dd>
        </div>
        {couponCode && (
          <div className="checkout-totals__discount">
            <dt>{`Discount (${couponCode})`}</dt>
            <dd>−{formatRupees(totals.discountPaise)}</dd>
          </div>
        )}
        <div>
          <dt>Delivery</dt>
          <dd>{totals.shippingPaise ? formatRupees(totals.shippingPaise) : "Free"}</dd>
        </div>
        <div className="checkout-totals__total">
          <dt>Total</dt>
          <dd>{formatRupees(totals.totalPaise)}</dd>
        </div>
      </dl>
    </section>
  );
}
