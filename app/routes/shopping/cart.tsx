import { useEffect } from "react";
import { data, Form, type ShouldRevalidateFunction, useActionData, useFetcher, useFetchers, useNavigation } from "react-router";
import { effectivePrice, formatRupees } from "../../../workers/services/catalog/pricing";
import { settings } from "../../../workers/services/content/settings";
import type { CartLine } from "../../../workers/services/shopping/cart";
import { myCart } from "../../../workers/services/shopping/cart";
import { cartMessages } from "../../../workers/services/shopping/cart.rules";
import { AccountEmpty } from "../../components/account-empty";
import { CheckoutSteps } from "../../components/checkout-steps";
import { LineOptions, LinePicture } from "../../components/line-parts";
import { Price } from "../../components/product/price";
import { ShopLink } from "../../components/shop-link";
import { useToast } from "../../components/toast/toast";
import { signedInRead } from "../../lib/auth.server";
import { cartAction, completePendingAdd, takeCartNotice } from "../../lib/cart.server";
import { useOneSubmission } from "../../lib/hooks/use-one-submission";
import type { CartAnswer } from "../../lib/product-choice";
import type { Route } from "./+types/cart";

/**
 * Your cart (protected, docs/product/shopping.md): a line per product, size and colour at today's price, a
 * stepper and Remove per line, the subtotal and "Proceed to checkout". Every control is a form that
 * posts to this route's action (app/lib/cart.server.ts), so the page works without JavaScript; with
 * it, each line answers through its own fetcher and shows the change before the server confirms it.
 */
export const meta: Route.MetaFunction = () => [{ title: `Your cart | ${settings.brand.name}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  // An add she asked for before signing in completes first, then the cart loads afresh with it.
  const completed = await completePendingAdd(request, context.services);
  if (completed) throw completed;
  const cart = await signedInRead(request, myCart(context.services));
  const taken = takeCartNotice(request);
  const notice = taken?.notice.message ? taken.notice : null;
  return data({ cart, notice }, taken ? { headers: { "Set-Cookie": taken.cookie } } : undefined);
}

export async function action({ request, context }: Route.ActionArgs) {
  return cartAction(request, context.services);
}

type ShownLine = CartLine & { removing: boolean };

/** The quantity and presence each line shows this instant: the server's, or the change on its way. */
function useShownLines(lines: CartLine[]): ShownLine[] {
  const fetchers = useFetchers();
  const pending = new Map<string, FormData>();
  for (const f of fetchers) {
    if (f.state !== "idle" && f.formData && f.formAction?.split("?")[0] === "/cart")
      pending.set(String(f.formData.get("lineId")), f.formData);
  }
  return lines.map((line) => {
    const form = pending.get(String(line.id));
    if (!form) return { ...line, removing: false };
    if (form.get("intent") === "remove") return { ...line, removing: true };
    const quantity = Number(form.get("quantity"));
    const valid = Number.isSafeInteger(quantity) && quantity >= 1 && quantity <= line.stock;
    return { ...line, quantity: valid ? quantity : line.quantity, removing: false };
  });
}

/**
 * One of the stepper's buttons: it posts the quantity it would set. At its limit it stays focusable
 * (aria-disabled) and says why instead of posting; without JavaScript it posts, and the action
 * refuses in the same words.
 */
function StepButton({ quantity, label, limit, sign }: { quantity: number; label: string; limit: string | null; sign: string }) {
  const toast = useToast();
  return (
    <button
      type="submit"
      name="quantity"
      value={quantity}
      className="stepper__button"
      aria-label={label}
      aria-disabled={limit !== null || undefined}
      onClick={(event) => {
        if (limit === null) return;
        event.preventDefault();
        toast.error(limit);
      }}
    >
      <span aria-hidden="true">{sign}</span>
    </button>
  );
}

function LineStepper({ line, shown }: { line: CartLine; shown: number }) {
  const fetcher = useFetcher<CartAnswer>({ key: `cart-line-${line.id}` });
  return (
    <fetcher.Form method="post" action="/cart" className="cart-line__stepper stepper" aria-label={`Quantity of ${line.name}`}>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="lineId" value={line.id} />
      <input type="hidden" name="was" value={line.quantity} />
      <StepButton quantity={shown - 1} label="Decrease quantity" sign="−" limit={shown <= 1 ? cartMessages.quantityBelowOne : null} />
      <output className="stepper__value" aria-live="polite">
        {shown}
      </output>
      <StepButton
        quantity={shown + 1}
        label="Increase quantity"
        sign="+"
        limit={shown >= line.stock ? cartMessages.onlyLeft(line.stock) : null}
      />
    </fetcher.Form>
  );
}

/**
 * Remove. Its line hides at once, so the focus moves to the cart's heading first (never lost to the
 * page's top) and the shopper hears that the piece was removed; a refusal follows as its own toast.
 */
function RemoveButton({ line }: { line: CartLine }) {
  const fetcher = useFetcher<CartAnswer>({ key: `cart-line-${line.id}` });
  const toast = useToast();
  // A double click removes the line once (the second would be refused: the line is gone).
  const submitOnce = useOneSubmission(fetcher.state !== "idle", fetcher.data);
  return (
    <fetcher.Form
      method="post"
      action="/cart"
      onSubmit={(event) => {
        submitOnce(event);
        if (event.defaultPrevented) return;
        document.getElementById(TITLE_ID)?.focus();
        toast.info(cartMessages.removed);
      }}
    >
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="lineId" value={line.id} />
      <input type="hidden" name="was" value={line.quantity} />
      <button type="submit" className="link-button cart-line__remove">
        Remove<span className="visually-hidden"> {line.name}</span>
      </button>
    </fetcher.Form>
  );
}

/**
 * One line. While its removal is on its way it is hidden, not unmounted, so a refusal ("Failed to
 * remove item: ...") still reaches the shopper and the line comes back. (The last line's removal
 * swaps the list for the empty state; its fetcher is keyed, so the row mounting again still finds
 * the answer.)
 */
function CartLineRow({ line, shown }: { line: CartLine; shown: ShownLine }) {
  const toast = useToast();
  const fetcher = useFetcher<CartAnswer>({ key: `cart-line-${line.id}` });
  const unit = effectivePrice(line);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer once, when it has arrived; toast never changes.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.kind === "invalid") toast.error(fetcher.data.message);
  }, [fetcher.data, fetcher.state]);
  return (
    <li className={line.problem ? "cart-line has-problem" : "cart-line"} hidden={shown.removing}>
      <ShopLink to={line.href} className="cart-line__image" tabIndex={-1} aria-hidden="true">
        <LinePicture image={line.image} />
      </ShopLink>
      <div className="cart-line__body">
        <h2 className="cart-line__name">
          <ShopLink to={line.href}>{line.name}</ShopLink>
        </h2>
        <LineOptions color={line.color} size={line.size} />
        <Price pricePaise={line.pricePaise} effectivePaise={unit} className="cart-line__price" />
        {line.problem && <p className="cart-line__problem">{line.problem}</p>}
      </div>
      <div className="cart-line__controls">
        <LineStepper line={line} shown={shown.quantity} />
        <p className="cart-line__total">
          <span className="visually-hidden">Line total </span>
          {formatRupees(unit * shown.quantity)}
        </p>
        <RemoveButton line={line} />
      </div>
    </li>
  );
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart, notice } = loaderData;
  const answer = useActionData<typeof action>();
  const checkingOut = useNavigation().formData?.get("intent") === "checkout";
  const toast = useToast();
  const all = useShownLines(cart.lines);
  const shown = all.filter((l) => !l.removing);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the notice of one page load, once; toast never changes.
  useEffect(() => {
    if (notice) (notice.ok ? toast.success : toast.error)(notice.message);
  }, [notice]);

  // "Proceed to checkout" refused (a size sold out since the page was drawn): said aloud, and the
  // page reloads its lines (shouldRevalidate) to show which.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer once; toast never changes.
  useEffect(() => {
    if (answer?.kind === "invalid") toast.error(answer.message);
  }, [answer]);

  if (shown.length === 0) {
    return (
      <div className="cart-page container">
        <CheckoutSteps current={1} />
        <AccountEmpty eyebrow="Your cart" title={cartMessages.empty}>
          Pieces you add to your cart wait here until you check out.
        </AccountEmpty>
      </div>
    );
  }

  // The money and the count are of the lines that can be bought; the others say why they cannot.
  const buyable = shown.filter((l) => !l.problem);
  const subtotal = buyable.reduce((sum, l) => sum + effectivePrice(l) * l.quantity, 0);
  const count = buyable.reduce((n, l) => n + l.quantity, 0);
  const ready = buyable.length === shown.length;
  // Shown without JavaScript (a post comes back with the page); with it, the same words are a toast.
  const message = answer ?? (notice && { kind: notice.ok ? "done" : "invalid", message: notice.message });

  return (
    <div className="cart-page container">
      <CheckoutSteps current={1} />
      <h1 className="cart-page__title" id={TITLE_ID} tabIndex={-1}>
        Your cart
      </h1>
      {message && (
        <p
          className={`no-js-only notice${message.kind === "invalid" ? " notice--error" : ""}`}
          role={message.kind === "invalid" ? "alert" : "status"}
        >
          {message.message}
        </p>
      )}
      <div className="cart-page__layout">
        <ul className="cart-lines" aria-label="Items in your cart">
          {cart.lines.map((line, i) => (
            <CartLineRow key={line.id} line={line} shown={all[i]!} />
          ))}
        </ul>
        <section className="cart-summary" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title">Order summary</h2>
          <dl>
            <div>
              <dt>
                Subtotal ({count} {count === 1 ? "item" : "items"})
              </dt>
              <dd>{formatRupees(subtotal)}</dd>
            </div>
          </dl>
          <p className="cart-summary__note">Delivery and any coupon are worked out at checkout.</p>
          {!ready && (
            <p className="cart-summary__problem" role="status">
              {cartMessages.fixBeforeCheckout}
            </p>
          )}
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="checkout"
              className="button button--primary cart-summary__checkout"
              aria-disabled={!ready || checkingOut || undefined}
              onClick={(event) => {
                if (!ready || checkingOut) event.preventDefault();
              }}
            >
              Proceed to checkout
            </button>
          </Form>
          <ShopLink to="/all-products" className="cart-summary__continue">
            Continue shopping
          </ShopLink>
        </section>
      </div>
    </div>
  );
}

export const handle = { failure: "Failed to load your cart" };

const TITLE_ID = "cart-title";

/**
 * After any cart answer, refusals too: a refused change or checkout means the stock or a price moved
 * since the page was drawn, so the lines are read again (React Router skips that after a 4xx).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.split("?")[0] === "/cart" || defaultShouldRevalidate;

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const cookie = loaderHeaders.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  return headers;
};
