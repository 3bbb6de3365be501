import { Link, redirect } from "react-router";
import { type CartLine, heldLine, myCart } from "../../workers/services/cart";
import { cartMessages } from "../../workers/services/cart.rules";
import { orderTotals } from "../../workers/services/coupon.rules";
import { AppError } from "../../workers/services/errors";
import { effectivePrice, formatRupees } from "../../workers/services/pricing";
import { settings } from "../../workers/services/settings";
import { CheckoutSteps } from "../components/checkout-steps";
import { StatusPage } from "../components/status-page";
import { buyNowLine, CHECKOUT_SIGN_UP } from "../lib/cart.server";
import { PLACEHOLDER_IMAGE } from "../lib/use-image-fallback";
import type { Route } from "./+types/checkout";

/**
 * Checkout, first part (SPEC §2 "Checkout"): a signed-out shopper makes her account first and comes
 * back here; then she sees what she is buying, the Buy Now line if she came that way (kept in one
 * place, app/lib/cart.server.ts), else her cart, at today's prices. Addresses, coupons, payment and
 * placing the order are the next piece of work: the page says so rather than pretend.
 */
export const meta: Route.MetaFunction = () => [{ title: `Checkout | ${settings.brand.name}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.services;
  // The token names the shopper without a read: a Buy Now line chosen by someone else is not hers.
  const held = buyNowLine(request, (await services.claims())?.userId ?? null);
  // The session check and the lines travel in one batch; a signed-out shopper's cart reads as empty.
  const lines = held
    ? heldLine(services, held).then((line) => (line ? [line] : []))
    : myCart(services).then(
        (cart) => cart.lines,
        (error: unknown) => {
          if (error instanceof AppError && error.status === 401) return [];
          throw error;
        },
      );
  const [user, shown] = await Promise.all([services.user(), lines]);
  if (!user) throw redirect(CHECKOUT_SIGN_UP);
  return { lines: shown, buyNow: held !== null };
}

function Line({ line }: { line: CartLine }) {
  const unit = effectivePrice(line);
  return (
    <li className="checkout-line">
      <img src={line.image?.url ?? PLACEHOLDER_IMAGE} alt="" width={line.image?.width ?? 800} height={line.image?.height ?? 1000} />
      <div>
        <p className="checkout-line__name">
          <Link to={line.href}>{line.name}</Link>
        </p>
        <p className="checkout-line__options">
          {[line.color && `Colour: ${line.color}`, `Size: ${line.size}`, `Qty: ${line.quantity}`].filter(Boolean).join(" · ")}
        </p>
        {line.problem && <p className="cart-line__problem">{line.problem}</p>}
      </div>
      <p className="checkout-line__total">{formatRupees(unit * line.quantity)}</p>
    </li>
  );
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { lines, buyNow } = loaderData;
  if (lines.length === 0) {
    // A Buy Now piece withdrawn since she chose it is not an empty cart.
    return (
      <StatusPage
        eyebrow="Checkout"
        title={buyNow ? "The piece you chose is no longer available." : cartMessages.emptyAtCheckout}
        actions={
          <Link to="/cart" className="button button--secondary">
            Back to your cart
          </Link>
        }
      >
        <p>
          {buyNow
            ? "Choose another from the shop, or check out what is in your cart."
            : "Add a piece you love to your cart, then come back here."}
        </p>
      </StatusPage>
    );
  }
  // The figures the order service will charge (coupon.rules.ts), of the lines that can be bought.
  const totals = orderTotals(
    lines.filter((l) => !l.problem).map((l) => ({ unitPricePaise: effectivePrice(l), quantity: l.quantity })),
    null,
    settings.money,
  );
  return (
    <div className="checkout-page container">
      <CheckoutSteps current={2} />
      <h1 className="cart-page__title">Checkout details</h1>
      <section className="cart-summary checkout-summary" aria-labelledby="checkout-items-title">
        <h2 id="checkout-items-title">{buyNow ? "Buying now" : "Your order"}</h2>
        <ul className="checkout-lines">
          {lines.map((line) => (
            <Line key={`${line.id}-${line.size}-${line.color}`} line={line} />
          ))}
        </ul>
        <dl>
          <div>
            <dt>Subtotal</dt>
            <dd>{formatRupees(totals.subtotalPaise)}</dd>
          </div>
          <div>
            <dt>Delivery</dt>
            <dd>{totals.shippingPaise ? formatRupees(totals.shippingPaise) : "Free"}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{formatRupees(totals.totalPaise)}</dd>
          </div>
        </dl>
        <p className="notice">
          Placing orders opens with our next update: delivery address, coupons and payment come next. Your {buyNow ? "choice" : "cart"} is
          kept for you until then.
        </p>
      </section>
    </div>
  );
}

export const handle = { failure: "Failed to load checkout" };

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
